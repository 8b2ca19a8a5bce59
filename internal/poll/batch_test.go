//go:build linux

package poll

import (
	"errors"
	"net"
	"testing"

	"golang.org/x/sys/unix"
)

// recorder is an Op that records its results.
type recorder struct{ res []int }

func (r *recorder) Done(res int) { r.res = append(r.res, res) }

// batched runs fn on each poller that batches (skipped where io_uring is
// refused).
func batched(t *testing.T, fn func(t *testing.T, p Poller)) {
	for _, mk := range []struct {
		name string
		new  func() (Poller, error)
	}{
		{"batch", func() (Poller, error) { return New(ModeBatch) }},
		{"uring", newURing},
	} {
		t.Run(mk.name, func(t *testing.T) {
			p, err := mk.new()
			if err != nil {
				t.Skipf("no io_uring: %v", err)
			}
			defer p.Close()
			probe := new(recorder)
			if !p.Recv(0, make([]byte, 1), probe) {
				t.Skipf("%s: no batch here", p.Backend())
			}
			p.Drop(probe)
			fn(t, p)
		})
	}
}

// tcpPair returns the fds of both ends of a loopback TCP connection,
// non-blocking.
func tcpPair(t testing.TB) (a, b int) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	s, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	fd := func(c net.Conn) int {
		f, err := c.(*net.TCPConn).File() // a dup of c's fd
		if err != nil {
			t.Fatal(err)
		}
		c.Close()
		n, err := unix.Dup(int(f.Fd()))
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		unix.SetNonblock(n, true)
		t.Cleanup(func() { unix.Close(n) })
		return n
	}
	return fd(c), fd(s)
}

// Queued sends and receives run at the next Wait, all of them, with the
// results a read or write would give; Wait counts them as handled.
func TestBatchSendRecv(t *testing.T) {
	batched(t, func(t *testing.T, p Poller) {
		a, b := tcpPair(t)
		var send, recv, empty recorder
		if !p.Send(a, []byte("hello"), &send) {
			t.Fatal("Send refused")
		}
		if len(send.res) != 0 {
			t.Fatal("Send ran before Wait")
		}
		if q := p.Queued(); q != 1 {
			t.Fatalf("Queued = %d after one Send, want 1", q)
		}
		if n, err := p.Wait(0); err != nil || n != 1 {
			t.Fatalf("Wait = %d, %v; want 1 op handled", n, err)
		}
		if q := p.Queued(); q != 0 {
			t.Fatalf("Queued = %d after Wait, want 0", q)
		}
		if len(send.res) != 1 || send.res[0] != 5 {
			t.Fatalf("send results %v, want [5]", send.res)
		}
		buf := make([]byte, 64)
		buf2 := make([]byte, 64)
		p.Recv(b, buf, &recv)
		p.Recv(a, buf2, &empty)
		if n, err := p.Wait(-1); err != nil || n != 2 {
			t.Fatalf("Wait = %d, %v; want 2 ops handled", n, err)
		}
		if len(recv.res) != 1 || recv.res[0] != 5 || string(buf[:5]) != "hello" {
			t.Fatalf("recv results %v (%q), want [5] (hello)", recv.res, buf[:5])
		}
		// An empty socket answers at once, as a non-blocking read would.
		if len(empty.res) != 1 || empty.res[0] != -int(unix.EAGAIN) {
			t.Fatalf("empty recv results %v, want [-EAGAIN]", empty.res)
		}
	})
}

// A dropped op is never submitted and its Done never runs; Drop reports
// whether the op was queued (the caller keeps the buffer of one that was
// not: it may be in a flush that timed out).
func TestBatchDrop(t *testing.T) {
	batched(t, func(t *testing.T, p Poller) {
		a, b := tcpPair(t)
		var dropped, kept recorder
		p.Send(a, []byte("one"), &dropped)
		p.Send(a, []byte("two"), &kept)
		if !p.Drop(&dropped) || p.Drop(&dropped) {
			t.Fatal("Drop: want true for the queued op, then false")
		}
		p.Wait(0)
		if p.Drop(&kept) {
			t.Fatal("Drop of a completed op reported true")
		}
		if len(dropped.res) != 0 || len(kept.res) != 1 || kept.res[0] != 3 {
			t.Fatalf("dropped %v kept %v, want [] and [3]", dropped.res, kept.res)
		}
		buf := make([]byte, 16)
		n, err := unix.Read(b, buf)
		if err != nil || string(buf[:n]) != "two" {
			t.Fatalf("peer read %q, %v; want only two", buf[:n], err)
		}
	})
}

// A full batch refuses more (the caller then makes the call itself); a
// Done that queues another op queues it for the next Wait; errors come
// back negated.
func TestBatchFullAndErrors(t *testing.T) {
	batched(t, func(t *testing.T, p Poller) {
		a, _ := tcpPair(t)
		p.Wait(0)
		ops := make([]recorder, batchMax)
		for i := range ops {
			if !p.Send(a, []byte("x"), &ops[i]) {
				t.Fatalf("op %d refused", i)
			}
		}
		if p.Send(a, []byte("x"), new(recorder)) {
			t.Fatal("op past batchMax accepted")
		}
		p.Wait(0)
		for i := range ops {
			if len(ops[i].res) != 1 || ops[i].res[0] != 1 {
				t.Fatalf("op %d results %v, want [1]", i, ops[i].res)
			}
		}
		r, w := pipe(t)
		unix.Close(w)
		unix.Close(r)
		var bad recorder
		chain := &chainOp{p: p, fd: r, next: &bad}
		p.Send(a, []byte("y"), chain)
		if n, _ := p.Wait(0); n != 1 || len(bad.res) != 0 {
			t.Fatalf("first Wait handled %d, chained op ran early: %v", n, bad.res)
		}
		p.Wait(0)
		if len(bad.res) != 1 || !errors.Is(unix.Errno(-bad.res[0]), unix.EBADF) {
			t.Fatalf("op on a closed fd: %v, want [-EBADF]", bad.res)
		}
	})
}

// chainOp queues next (a receive on fd) when it completes.
type chainOp struct {
	p    Poller
	fd   int
	next Op
}

func (c *chainOp) Done(int) { c.p.Recv(c.fd, make([]byte, 8), c.next) }

// benchPairs makes n loopback TCP connections: client fds (blocking) and
// server fds (non-blocking).
func benchPairs(b *testing.B, n int) (cli, srv []int) {
	for i := 0; i < n; i++ {
		c, s := tcpPair(b)
		unix.SetNonblock(c, false)
		cli, srv = append(cli, c), append(srv, s)
	}
	return cli, srv
}

// An echo server's work per message, 64 connections at a time: each client
// sends 64 bytes, the server reads and writes them back, each client reads
// its echo. Syscalls: the server makes a read and a write system call per
// message; Batched: it queues them and one Wait submits each kind for all
// 64 connections. The difference is the system call entries saved (ns/op
// is per message; the clients' own calls are in both).
func BenchmarkEchoServerSyscalls(b *testing.B) {
	cli, srv := benchPairs(b, 64)
	msg, buf := make([]byte, 64), make([]byte, netChunkForBench)
	b.ResetTimer()
	for i := 0; i < b.N; i += len(cli) {
		for _, c := range cli {
			unix.Write(c, msg)
		}
		for _, s := range srv {
			n, _ := unix.Read(s, buf)
			unix.Write(s, buf[:max(n, 0)])
		}
		for _, c := range cli {
			unix.Read(c, buf)
		}
	}
}

func BenchmarkEchoServerBatched(b *testing.B) {
	p, err := New(ModeBatch)
	if err != nil {
		b.Fatal(err)
	}
	defer p.Close()
	if p.Backend() != "batch" {
		b.Skipf("no batch here (%s)", p.Backend())
	}
	cli, srv := benchPairs(b, 64)
	msg, cbuf := make([]byte, 64), make([]byte, netChunkForBench)
	bufs := make([][]byte, len(srv))
	ops := make([]recorder, len(srv))
	for i := range bufs {
		bufs[i] = make([]byte, 4096)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i += len(cli) {
		for _, c := range cli {
			unix.Write(c, msg)
		}
		for j, s := range srv {
			ops[j].res = ops[j].res[:0]
			p.Recv(s, bufs[j], &ops[j])
		}
		p.Wait(0)
		for j, s := range srv {
			n := max(ops[j].res[0], 0)
			ops[j].res = ops[j].res[:0]
			p.Send(s, bufs[j][:n], &ops[j])
		}
		p.Wait(0)
		for _, c := range cli {
			unix.Read(c, cbuf)
		}
	}
}

const netChunkForBench = 64 << 10

// The cost of entering the kernel at all on this machine (what batching
// saves per read or write): a system call that does nothing.
func BenchmarkNullSyscall(b *testing.B) {
	for i := 0; i < b.N; i++ {
		unix.Getppid()
	}
}
