package spindle_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"
	"golang.org/x/sys/unix"

	"spindle"
	"spindle/internal/poll"
)

// The socket conformance programs pass on every event-loop backend:
// epoll with a system call per read and write, epoll with them batched on
// an io_uring (the default, which TestConformance runs) and io_uring.
func TestNetOnBothBackends(t *testing.T) {
	files, _ := filepath.Glob("testdata/conformance/net/*.go")
	if len(files) == 0 {
		t.Fatal("no net programs")
	}
	for _, backend := range []string{"epoll", "uring"} {
		t.Run(backend, func(t *testing.T) {
			for _, path := range files {
				c := parseCase(t, path)
				stdout, stderr, code := runGuestOpts(t, path, spindle.RunOptions{Args: c.args, NoStarveWarning: true, EventLoop: backend})
				t.Run(filepath.Base(path), func(t *testing.T) { checkCase(t, c, stdout, stderr, code) })
			}
		})
	}
}

// Concurrent connections' reads and writes share submissions: on both
// pollers that batch, the shard's thread makes at most one read or write
// system call per four round trips (testdata/batch/...); with
// the epoll event loop the same program makes four or more per round trip.
func TestBatchedSocketIO(t *testing.T) {
	path := "testdata/batch/concurrent_echoes_share_system_calls.go"
	if _, err := os.Stat("/proc/thread-self/io"); err != nil {
		t.Skipf("no per-thread I/O accounting to count system calls with: %v", err)
	}
	for _, backend := range []string{"batch", "uring", "epoll"} {
		t.Run(backend, func(t *testing.T) {
			p, err := poll.New(backend)
			if err != nil {
				t.Fatal(err)
			}
			batching := p.Recv(0, make([]byte, 1), nopOp{})
			p.Close()
			if backend != "epoll" && !batching {
				t.Skipf("io_uring refused here: %s polls without batching", backend)
			}
			// It reads its shard thread's /proc/self/task/TID/io, which
			// only a run that owns its process sees (RunOptions.Exec).
			stdout, stderr, code := runGuestOpts(t, path, spindle.RunOptions{NoStarveWarning: true, EventLoop: backend, Exec: true})
			if code != 0 {
				t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
			}
			want := fmt.Sprintf("at most one in four round trips: %v", batching)
			if !strings.Contains(stdout, want) {
				t.Errorf("want %q, got:\n%s", want, stdout)
			}
			t.Logf("%s: %s", backend, strings.TrimSpace(stdout))
		})
	}
}

// nopOp is a poll.Op that ignores its result.
type nopOp struct{}

func (nopOp) Done(int) {}

// 10,000 connections opened and closed leave no file descriptor, host
// goroutine or timer behind.
func TestTenThousandConnectionsLeakNothing(t *testing.T) {
	defer goleak.VerifyNone(t)
	src := `package main

import (
	"fmt"
	"net"
	"os"
	"time"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	fmt.Println(ln.Addr())
	done := make(chan bool)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				done <- true
				return
			}
			go func() {
				c.SetReadDeadline(time.Now().Add(10 * time.Second))
				buf := make([]byte, 8)
				n, _ := c.Read(buf)
				c.Write(buf[:n])
				c.Close()
			}()
		}
	}()
	n := 0
	for i := 0; i < 10000; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		c.Write([]byte("ping"))
		buf := make([]byte, 8)
		k, _ := c.Read(buf)
		if string(buf[:k]) == "ping" {
			n++
		}
		c.Close()
	}
	ln.Close()
	<-done
	fmt.Println("echoed", n)
}
`
	dir := t.TempDir()
	path := filepath.Join(dir, "conns.go")
	os.WriteFile(path, []byte(src), 0o644)
	prog, err := spindle.Compile(spindle.CompileOptions{}, path)
	if err != nil {
		t.Fatal(err)
	}
	// One run first, for whatever the host runtime keeps for good.
	if code, _ := prog.Run(context.Background(), spindle.RunOptions{NoStarveWarning: true, Grants: spindle.GrantAll}); code != 0 {
		t.Fatalf("warm-up run exited %d", code)
	}
	before := openFDs(t)
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	code, _ := prog.Run(ctx, spindle.RunOptions{Stdout: &out, NoStarveWarning: true, Grants: spindle.GrantAll})
	if code != 0 || !strings.HasSuffix(out.String(), "echoed 10000\n") {
		t.Fatalf("exit %d, output %q", code, out.String())
	}
	if after := openFDs(t); after != before {
		t.Errorf("%d file descriptors open after the run, %d before", after, before)
	}
	// The listener's port is closed: nobody accepts any more.
	addr := strings.TrimSpace(strings.SplitN(out.String(), "\n", 2)[0])
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Errorf("listener %s still accepts after the run", addr)
	}
}

// A TCP read stops short at an urgent (out-of-band) mark with data still
// queued behind it, whose readiness report came before the read: a short
// read must not make the next read park without trying (spindle parks at
// once after a short read otherwise, until the poller reports more). The
// guest reads "hi", then waits on a second connection while the host
// sends "abc", an urgent "X" and "def" on the first, then a signal on the
// second; the guest must then read "abcdef" (the urgent byte is not in the
// stream). Both backends.
func TestShortReadAtUrgentMark(t *testing.T) {
	src := `package main

import (
	"fmt"
	"net"
	"time"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	fmt.Println(ln.Addr())
	data, err := ln.Accept()
	if err != nil {
		panic(err)
	}
	signal, err := ln.Accept()
	if err != nil {
		panic(err)
	}
	buf := make([]byte, 100)
	got := ""
	n, _ := data.Read(buf)
	got += string(buf[:n])
	data.Write([]byte("go"))
	signal.Read(buf) // the host has sent everything on data
	data.SetReadDeadline(time.Now().Add(20 * time.Second))
	for len(got) < 8 {
		n, err := data.Read(buf)
		if err != nil {
			fmt.Println("read error:", err, "after", got)
			return
		}
		got += string(buf[:n])
	}
	fmt.Println("got", got)
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "urgent.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	for _, backend := range []string{"epoll", "uring"} {
		t.Run(backend, func(t *testing.T) {
			pr, pw := io.Pipe()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			r := prog.Start(ctx, spindle.RunOptions{Stdout: pw, NoStarveWarning: true, EventLoop: backend, Grants: spindle.GrantAll})
			go func() {
				r.Wait()
				pw.Close() // the reads below end with the run
			}()
			out := bufio.NewReader(pr)
			addr, err := out.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			addr = strings.TrimSpace(addr)
			data, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer data.Close()
			signal, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer signal.Close()
			data.Write([]byte("hi"))
			if _, err := io.ReadFull(data, make([]byte, 2)); err != nil {
				t.Fatal(err)
			}
			data.Write([]byte("abc"))
			raw, err := data.(*net.TCPConn).SyscallConn()
			if err != nil {
				t.Fatal(err)
			}
			var serr error
			if err := raw.Control(func(fd uintptr) { serr = unix.Sendto(int(fd), []byte("X"), unix.MSG_OOB, nil) }); err != nil || serr != nil {
				t.Fatal(err, serr)
			}
			data.Write([]byte("def"))
			signal.Write([]byte("!"))
			line, err := out.ReadString('\n')
			if err != nil {
				t.Fatal(err)
			}
			if want := "got hiabcdef\n"; line != want {
				t.Errorf("guest printed %q, want %q", line, want)
			}
			go io.Copy(io.Discard, pr)
			if code, err := r.Wait(); code != 0 || err != nil {
				t.Errorf("exit %d, %v", code, err)
			}
		})
	}
}
