//go:build linux

package poll

import (
	"errors"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// backends are the pollers every test runs against. The uring variants
// beyond the first force code paths this kernel would not otherwise take:
// separate SQ/CQ mmaps, and rings so small that submissions queue in the
// backlog and completions overflow the CQ (ending multishot polls, which
// must then be re-armed).
var backends = []struct {
	name string
	new  func() (Poller, error)
}{
	{"epoll", func() (Poller, error) {
		p, err := newEpoll()
		if err != nil {
			return nil, err
		}
		return p, nil
	}},
	{"uring", newURing},
	{"uring-split-mmap", func() (Poller, error) {
		p, err := newURingWith(uringOpts{noSingleMmap: true})
		if err != nil {
			return nil, err
		}
		return p, nil
	}},
	{"uring-tiny", func() (Poller, error) {
		p, err := newURingWith(uringOpts{sqEntries: 4, cqEntries: 8})
		if err != nil {
			return nil, err
		}
		return p, nil
	}},
}

// open makes a backend's poller, skipping io_uring variants where the
// kernel (or a sandbox) refuses io_uring.
func open(tb testing.TB, name string, mk func() (Poller, error)) Poller {
	tb.Helper()
	p, err := mk()
	if err != nil {
		if strings.HasPrefix(name, "uring") {
			tb.Skipf("io_uring unavailable here: %v", err)
		}
		tb.Fatal(err)
	}
	return p
}

// each runs fn against a fresh poller of every backend.
func each(t *testing.T, fn func(t *testing.T, p Poller)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			p := open(t, b.name, b.new)
			defer p.Close()
			fn(t, p)
		})
	}
}

// waitFor runs Wait until cond holds, failing after 10s.
func waitFor(t *testing.T, p Poller, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		if _, err := p.Wait(100 * time.Millisecond); err != nil {
			t.Fatalf("Wait: %v", err)
		}
	}
}

func pipe(t testing.TB) (r, w int) {
	t.Helper()
	var fds [2]int
	if err := unix.Pipe2(fds[:], unix.O_NONBLOCK|unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	return fds[0], fds[1]
}

func write(t testing.TB, fd int, s string) {
	t.Helper()
	if _, err := unix.Write(fd, []byte(s)); err != nil {
		t.Fatal(err)
	}
}

func TestPipeReadable(t *testing.T) {
	each(t, func(t *testing.T, p Poller) {
		r, w := pipe(t)
		defer unix.Close(r)
		defer unix.Close(w)
		var got Event
		if err := p.Register(r, func(e Event) { got |= e }); err != nil {
			t.Fatal(err)
		}
		// Arm (uring submits on Wait); an empty pipe is not readable.
		if n, err := p.Wait(0); err != nil || n != 0 || got != 0 {
			t.Fatalf("idle Wait(0) = %d, %v; events %v", n, err, got)
		}
		write(t, w, "x")
		deadline := time.Now().Add(10 * time.Second)
		for got == 0 {
			n, err := p.Wait(100 * time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			if got != 0 && n != 1 {
				t.Errorf("Wait delivered the event but returned %d", n)
			}
			if time.Now().After(deadline) {
				t.Fatal("no event")
			}
		}
		if got != Readable {
			t.Errorf("events %v, want Readable only", got)
		}
		if err := p.Unregister(r); err != nil {
			t.Fatal(err)
		}
	})
}

// Readiness is edge-triggered: an fd left readable is not reported again
// until something new happens (and the poller does not spin on it).
func TestEdgeTriggered(t *testing.T) {
	each(t, func(t *testing.T, p Poller) {
		r, w := pipe(t)
		defer unix.Close(r)
		defer unix.Close(w)
		calls := 0
		if err := p.Register(r, func(Event) { calls++ }); err != nil {
			t.Fatal(err)
		}
		write(t, w, "x")
		waitFor(t, p, "Readable", func() bool { return calls > 0 })
		before := calls
		start := time.Now()
		n, err := p.Wait(30 * time.Millisecond)
		if err != nil || n != 0 || calls != before {
			t.Fatalf("Wait on an unchanged fd = %d, %v (calls %d -> %d)", n, err, before, calls)
		}
		if d := time.Since(start); d < 25*time.Millisecond {
			t.Fatalf("Wait returned after %v with nothing new", d)
		}
		write(t, w, "y")
		waitFor(t, p, "second Readable", func() bool { return calls > before })
		p.Unregister(r)
	})
}

func TestWaitZeroIdle(t *testing.T) {
	each(t, func(t *testing.T, p Poller) {
		for i := 0; i < 3; i++ {
			start := time.Now()
			n, err := p.Wait(0)
			if err != nil || n != 0 {
				t.Fatalf("Wait(0) = %d, %v", n, err)
			}
			if d := time.Since(start); d > 100*time.Millisecond {
				t.Fatalf("Wait(0) took %v", d)
			}
		}
	})
}

func TestWaitTimeout(t *testing.T) {
	each(t, func(t *testing.T, p Poller) {
		r, w := pipe(t) // something registered but idle
		defer unix.Close(r)
		defer unix.Close(w)
		if err := p.Register(r, func(Event) { t.Error("callback on an idle pipe") }); err != nil {
			t.Fatal(err)
		}
		const timeout = 50 * time.Millisecond
		start := time.Now()
		n, err := p.Wait(timeout)
		d := time.Since(start)
		if err != nil || n != 0 {
			t.Fatalf("Wait = %d, %v", n, err)
		}
		if d < timeout-2*time.Millisecond || d > 2*time.Second {
			t.Fatalf("Wait(%v) returned after %v", timeout, d)
		}
		p.Unregister(r)
	})
}

func TestWake(t *testing.T) {
	each(t, func(t *testing.T, p Poller) {
		// A Wake before Wait makes the next Wait return.
		p.Wake()
		if n, err := p.Wait(-1); err != nil || n != 0 {
			t.Fatalf("Wait after Wake = %d, %v", n, err)
		}
		// Wake from another goroutine unblocks Wait(-1), many times over
		// (some of the Wakes land while Wait is blocked, some before).
		for i := 0; i < 200; i++ {
			done := make(chan error, 1)
			go func() {
				_, err := p.Wait(-1)
				done <- err
			}()
			go p.Wake()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("round %d: Wait(-1) not woken", i)
			}
		}
	})
}

func TestTCP(t *testing.T) {
	each(t, func(t *testing.T, p Poller) {
		ln, err := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer unix.Close(ln)
		if err := unix.Bind(ln, &unix.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
			t.Fatal(err)
		}
		if err := unix.Listen(ln, 1); err != nil {
			t.Fatal(err)
		}
		sa, err := unix.Getsockname(ln)
		if err != nil {
			t.Fatal(err)
		}
		c, err := unix.Socket(unix.AF_INET, unix.SOCK_STREAM|unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer unix.Close(c)
		if err := unix.Connect(c, sa); err != nil && err != unix.EINPROGRESS {
			t.Fatal(err)
		}
		var got Event
		if err := p.Register(c, func(e Event) { got |= e }); err != nil {
			t.Fatal(err)
		}
		waitFor(t, p, "Writable (connected)", func() bool { return got&Writable != 0 })
		if soerr, err := unix.GetsockoptInt(c, unix.SOL_SOCKET, unix.SO_ERROR); err != nil || soerr != 0 {
			t.Fatalf("SO_ERROR %d, %v", soerr, err)
		}
		s, _, err := unix.Accept4(ln, unix.SOCK_CLOEXEC)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 16)
		if _, err := unix.Read(c, buf); err != unix.EAGAIN {
			t.Fatalf("read before data: %v, want EAGAIN", err)
		}
		write(t, s, "hello")
		waitFor(t, p, "Readable", func() bool { return got&Readable != 0 })
		if n, err := unix.Read(c, buf); err != nil || string(buf[:n]) != "hello" {
			t.Fatalf("read = %q, %v", buf[:n], err)
		}
		if got&HangUp != 0 {
			t.Fatalf("HangUp before the peer closed (events %v)", got)
		}
		unix.Close(s)
		waitFor(t, p, "HangUp", func() bool { return got&HangUp != 0 })
		if n, err := unix.Read(c, buf); err != nil || n != 0 {
			t.Fatalf("read after peer close = %d, %v; want EOF", n, err)
		}
		if err := p.Unregister(c); err != nil {
			t.Fatal(err)
		}
	})
}

func TestUnregister(t *testing.T) {
	each(t, func(t *testing.T, p Poller) {
		r, w := pipe(t)
		defer unix.Close(w)
		if err := p.Register(r, func(Event) { t.Error("callback after Unregister") }); err != nil {
			t.Fatal(err)
		}
		p.Wait(0)
		if err := p.Unregister(r); err != nil {
			t.Fatal(err)
		}
		write(t, w, "x")
		if n, err := p.Wait(30 * time.Millisecond); err != nil || n != 0 {
			t.Fatalf("Wait = %d, %v", n, err)
		}
		if err := p.Unregister(r); err == nil {
			t.Error("second Unregister succeeded")
		}
		unix.Close(r)

		// The fd number comes back for a new pipe: only the new
		// registration's callback may run.
		r2, w2 := pipe(t)
		defer unix.Close(r2)
		defer unix.Close(w2)
		fired := false
		if err := p.Register(r2, func(Event) { fired = true }); err != nil {
			t.Fatal(err)
		}
		write(t, w2, "x")
		waitFor(t, p, "the new registration's event", func() bool { return fired })
		p.Unregister(r2)
	})
}

// A callback may unregister an fd whose event is already in the same batch.
func TestUnregisterFromCallback(t *testing.T) {
	each(t, func(t *testing.T, p Poller) {
		var rs, ws [2]int
		for i := range rs {
			rs[i], ws[i] = pipe(t)
			defer unix.Close(ws[i])
		}
		open := [2]bool{true, true}
		calls := 0
		for i := range rs {
			other := 1 - i
			if err := p.Register(rs[i], func(Event) {
				calls++
				if open[other] {
					if err := p.Unregister(rs[other]); err != nil {
						t.Error(err)
					}
					unix.Close(rs[other])
					open[other] = false
				}
			}); err != nil {
				t.Fatal(err)
			}
		}
		write(t, ws[0], "x")
		write(t, ws[1], "x")
		waitFor(t, p, "an event", func() bool { return calls > 0 })
		p.Wait(30 * time.Millisecond)
		if calls != 1 {
			t.Fatalf("%d callbacks, want 1", calls)
		}
		for i := range rs {
			if open[i] {
				p.Unregister(rs[i])
				unix.Close(rs[i])
			}
		}
	})
}

func TestManyFDs(t *testing.T) {
	const n = 1000
	each(t, func(t *testing.T, p Poller) {
		rs, ws := make([]int, n), make([]int, n)
		seen := map[int]int{}
		for i := range rs {
			rs[i], ws[i] = pipe(t)
			fd := rs[i]
			if err := p.Register(fd, func(e Event) {
				if e&Readable != 0 {
					seen[fd]++
				}
			}); err != nil {
				t.Fatal(err)
			}
		}
		defer func() {
			for i := range rs {
				p.Unregister(rs[i])
				unix.Close(rs[i])
				unix.Close(ws[i])
			}
		}()
		p.Wait(0)
		for _, w := range ws {
			write(t, w, "x")
		}
		waitFor(t, p, "every pipe's event", func() bool { return len(seen) == n })
		for _, r := range rs {
			if seen[r] == 0 {
				t.Fatalf("fd %d: no event", r)
			}
		}
	})
}

func countFDs(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	return len(ents)
}

func TestCloseReleasesFDs(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			countFDs(t)
			before := countFDs(t)
			p := open(t, b.name, b.new)
			r, w := pipe(t)
			if err := p.Register(r, func(Event) {}); err != nil {
				t.Fatal(err)
			}
			p.Wake()
			write(t, w, "x")
			p.Wait(0)
			p.Wait(10 * time.Millisecond)
			if err := p.Unregister(r); err != nil {
				t.Fatal(err)
			}
			unix.Close(r)
			unix.Close(w)
			if err := p.Close(); err != nil {
				t.Fatal(err)
			}
			p.Wake() // after Close: must be harmless
			if after := countFDs(t); after != before {
				t.Fatalf("%d fds open before, %d after Close", before, after)
			}
		})
	}
}

// Registration errors match between backends.
func TestRegisterErrors(t *testing.T) {
	each(t, func(t *testing.T, p Poller) {
		r, w := pipe(t)
		defer unix.Close(w)
		unix.Close(r)
		if err := p.Register(r, func(Event) {}); !errors.Is(err, unix.EBADF) {
			t.Errorf("closed fd: %v, want EBADF", err)
		}
		f, err := os.CreateTemp(t.TempDir(), "regular")
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := p.Register(int(f.Fd()), func(Event) {}); !errors.Is(err, unix.EPERM) {
			t.Errorf("regular file: %v, want EPERM", err)
		}
		if err := p.Register(w, func(Event) {}); err != nil {
			t.Fatal(err)
		}
		if err := p.Register(w, func(Event) {}); !errors.Is(err, unix.EEXIST) {
			t.Errorf("registered twice: %v, want EEXIST", err)
		}
		p.Unregister(w)
	})
}

func TestNew(t *testing.T) {
	_, uerr := newURing()
	uring := "uring"
	if uerr != nil {
		t.Logf("io_uring unavailable, New falls back to epoll: %v", uerr)
		uring = "epoll"
	}
	batch := "batch"
	if _, err := newBatch(); err != nil {
		t.Logf("no batch, New falls back to epoll: %v", err)
		batch = "epoll"
	}
	for mode, backend := range map[string]string{"": batch, ModeBatch: batch, ModeURing: uring, ModeEpoll: "epoll"} {
		p, err := New(mode)
		if err != nil {
			t.Fatalf("New(%q): %v", mode, err)
		}
		if p.Backend() != backend {
			t.Errorf("New(%q): backend %s, want %s", mode, p.Backend(), backend)
		}
		p.Close()
	}
	if _, err := New("kqueue"); err == nil {
		t.Error("New(\"kqueue\") accepted")
	}
}

func benchBackends(b *testing.B, fn func(b *testing.B, p Poller)) {
	for _, be := range backends[:2] {
		b.Run(be.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			p := open(b, be.name, be.new)
			defer p.Close()
			fn(b, p)
		})
	}
}

// BenchmarkWaitWake: one Wake and the Wait it ends.
func BenchmarkWaitWake(b *testing.B) {
	benchBackends(b, func(b *testing.B, p Poller) {
		for b.Loop() {
			p.Wake()
			if _, err := p.Wait(-1); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkWaitIdle: Wait(0) with nothing ready, as a machine polls between
// slices.
func BenchmarkWaitIdle(b *testing.B) {
	benchBackends(b, func(b *testing.B, p Poller) {
		for b.Loop() {
			if _, err := p.Wait(0); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkPipeEvent: a byte written to a registered pipe, the Wait that
// reports it, and the read.
func BenchmarkPipeEvent(b *testing.B) {
	benchBackends(b, func(b *testing.B, p Poller) {
		r, w := pipe(b)
		defer unix.Close(r)
		defer unix.Close(w)
		ready := false
		if err := p.Register(r, func(Event) { ready = true }); err != nil {
			b.Fatal(err)
		}
		buf := make([]byte, 1)
		for b.Loop() {
			write(b, w, "x")
			for ready = false; !ready; {
				if _, err := p.Wait(-1); err != nil {
					b.Fatal(err)
				}
			}
			unix.Read(r, buf)
		}
		p.Unregister(r)
	})
}
