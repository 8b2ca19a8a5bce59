package spindle_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"spindle"
)

func openFDs(t *testing.T) int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd")
	}
	return len(ents)
}

// Shutdown releases everything: a run ended by context cancellation,
// os.Exit, a fatal panic or a deadlock leaves no host goroutine, file
// descriptor or timer behind; a parked fiber unwound by cancellation runs
// its deferred calls.
func TestShutdownReleasesEverything(t *testing.T) {
	defer goleak.VerifyNone(t)
	tmp := t.TempDir()
	src := `package main

import (
	"fmt"
	"os"
	"sync"
	"time"
)

func main() {
	f, err := os.Create(os.Args[1] + "/held.txt")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	var mu sync.Mutex
	mu.Lock()
	block := make(chan int)
	var wg, started sync.WaitGroup
	for i := 0; i < 100; i++ {
		wg.Add(1)
		started.Add(3)
		go func() {
			defer fmt.Println("unwound receiver")
			started.Done()
			<-block
		}()
		go func() {
			defer fmt.Println("unwound sleeper")
			started.Done()
			time.Sleep(time.Hour)
		}()
		go func() {
			defer fmt.Println("unwound locker")
			started.Done()
			mu.Lock()
		}()
		go func() { for {} }()
	}
	switch os.Args[2] {
	case "exit":
		time.Sleep(10 * time.Millisecond)
		os.Exit(3)
	case "panic":
		time.Sleep(10 * time.Millisecond)
		panic("fatal")
	case "deadlock-ish":
		started.Wait()
		fmt.Fprintln(os.Stderr, "ready") // the test cancels the run now
		wg.Wait()                        // never done
	}
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "shut.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	// A first run lets the host runtime open what it keeps for good (the
	// netpoller's descriptors).
	if _, err := prog.Run(context.Background(), spindle.RunOptions{Args: []string{"shut", tmp, "exit"}, NoStarveWarning: true, Grants: spindle.GrantAll}); err != nil {
		t.Fatal(err)
	}
	before := openFDs(t)
	for _, mode := range []string{"exit", "panic", "deadlock-ish"} {
		var out, errb bytes.Buffer
		ctx, cancel := context.WithCancel(context.Background())
		stderr := writerFunc(func(p []byte) (int, error) {
			errb.Write(p) // written by one goroutine of the run's
			if mode == "deadlock-ish" && bytes.Contains(p, []byte("ready")) {
				cancel() // every goroutine has started
			}
			return len(p), nil
		})
		code, _ := prog.Run(ctx, spindle.RunOptions{Stdout: &out, Stderr: stderr, Args: []string{"shut", tmp, mode}, NoStarveWarning: true, Grants: spindle.GrantAll})
		cancel()
		switch mode {
		case "exit":
			if code != 3 {
				t.Errorf("exit: code %d", code)
			}
		case "panic":
			if code != 2 || !strings.Contains(errb.String(), "panic: fatal") {
				t.Errorf("panic: code %d, stderr %q", code, errb.String())
			}
		case "deadlock-ish":
			if code != 1 {
				t.Errorf("cancel: code %d, stderr %s", code, errb.String())
			}
			for _, w := range []string{"unwound receiver", "unwound sleeper", "unwound locker"} {
				if n := strings.Count(out.String(), w); n != 100 {
					t.Errorf("cancel: %q printed %d times, want 100", w, n)
				}
			}
		}
		if after := openFDs(t); after != before {
			t.Errorf("%s: %d file descriptors open after the run, %d before", mode, after, before)
		}
	}
}

// A fiber unwound out of an interrupted park (a socket read, a file read
// on the syscall pool, a Cond.Wait) runs deferred calls that take and
// release locks: each Lock really locks (the interrupted call's resume
// state does not leak into them), and Cond.Wait holds its lock again for
// its caller's deferred Unlock. The run ends cancelled (status 1), not
// with "unlock of unlocked mutex".
func TestCancelledParksRunDeferredLocks(t *testing.T) {
	src := `package main

import (
	"fmt"
	"net"
	"os"
	"sync"
)

var mu sync.Mutex

func relock() {
	mu.Lock()
	mu.Unlock()
}

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		panic(err)
	}
	s, _ := ln.Accept()
	r, _, _ := os.Pipe()
	var cmu sync.Mutex
	cond := sync.NewCond(&cmu)
	var ready sync.WaitGroup
	for i := 0; i < 20; i++ {
		ready.Add(3)
		go func() {
			defer relock()
			ready.Done()
			c.Read(make([]byte, 1))
		}()
		go func() {
			defer relock()
			ready.Done()
			r.Read(make([]byte, 1))
		}()
		go func() {
			cmu.Lock()
			defer cmu.Unlock()
			defer relock()
			ready.Done()
			cond.Wait()
		}()
	}
	ready.Wait()
	_ = s
	fmt.Println("parked")
	select {}
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		var out, errb bytes.Buffer
		parked := make(chan struct{})
		w := &notifyWriter{w: &out, want: "parked", ch: parked}
		ctx, cancel := context.WithCancel(context.Background())
		run := prog.Start(ctx, spindle.RunOptions{Stdout: w, Stderr: &errb, Shards: 1, Grants: spindle.GrantAll})
		select {
		case <-parked:
		case <-time.After(30 * time.Second):
			t.Fatalf("program did not park; stderr:\n%s", errb.String())
		}
		cancel()
		code, _ := run.Wait()
		if code != 1 || strings.Contains(errb.String(), "fatal error") {
			t.Fatalf("cancelled run: exit %d, want 1; stderr:\n%s", code, errb.String())
		}
	}
}

// notifyWriter closes ch once what was written contains want.
type notifyWriter struct {
	mu   sync.Mutex
	w    *bytes.Buffer
	want string
	ch   chan struct{}
	done bool
}

func (n *notifyWriter) Write(p []byte) (int, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.w.Write(p)
	if !n.done && strings.Contains(n.w.String(), n.want) {
		n.done = true
		close(n.ch)
	}
	return len(p), nil
}
