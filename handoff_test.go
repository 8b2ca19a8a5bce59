package spindle_test

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"go.uber.org/goleak"

	"spindle"
)

// Callbacks from host code that block park only their goroutine
// (internal/vm/handoff.go); these are the ends a run can meet while some
// are blocked: cancellation, os.Exit elsewhere, a deadlock, a panic after
// the callback resumed, and many blocked at once.

func compileSrc(t *testing.T, src string) *spindle.Program {
	t.Helper()
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// Cancelled while goroutines wait inside String methods (one on a
// channel, one on a mutex): each unwinds out through fmt, its deferred
// calls run, and nothing of the run is left in the host.
func TestCallbackBlockedCancelled(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	prog := compileSrc(t, `package main

import (
	"fmt"
	"os"
	"sync"
	"time"
)

var mu sync.Mutex
var never = make(chan int)

type Recv struct{}

func (Recv) String() string {
	defer fmt.Println("Recv unwound")
	<-never
	return ""
}

type Lock struct{}

func (Lock) String() string {
	defer fmt.Println("Lock unwound")
	mu.Lock()
	return ""
}

func main() {
	mu.Lock()
	go time.Sleep(time.Hour) // no deadlock: the run waits to be cancelled
	go fmt.Println(Lock{})
	go fmt.Println(Recv{})
	defer fmt.Println("main unwound")
	fmt.Fprintln(os.Stderr, "blocked")
	fmt.Println(Recv{})
}
`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncBuffer
	blocked := make(chan struct{})
	r := prog.Start(ctx, spindle.RunOptions{Stdout: &out, Shards: 1, Stderr: writerFunc(func(p []byte) (int, error) {
		if string(p) == "blocked\n" {
			close(blocked)
		}
		return len(p), nil
	})})
	<-blocked
	d := r.Dump()
	for _, want := range []string{"main.Recv.String", "main.Lock.String", "[chan receive]", "[sync.Mutex.Lock]"} {
		if !strings.Contains(d, want) {
			t.Errorf("Dump lacks %q:\n%s", want, d)
		}
	}
	cancel()
	if code, err := r.Wait(); code != 1 || err == nil {
		t.Errorf("cancelled run: exit %d, %v; want 1 and the context's error", code, err)
	}
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(got) != 4 || strings.Count(out.String(), "Recv unwound") != 2 || !strings.Contains(out.String(), "Lock unwound") || !strings.Contains(out.String(), "main unwound") {
		t.Errorf("output %q: want each callback and main unwound", out.String())
	}
}

// os.Exit while goroutines wait inside callbacks ends the run with its
// status; the goroutines holding their host frames end too.
func TestCallbackBlockedExit(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	prog := compileSrc(t, `package main

import (
	"fmt"
	"os"
)

type Wait struct{ ch chan int }

func (w Wait) String() string { <-w.ch; return "" }

func main() {
	entered := make(chan bool)
	for i := 0; i < 3; i++ {
		go func() {
			ch := make(chan int)
			go func() { entered <- true }()
			fmt.Println(Wait{ch})
		}()
	}
	for i := 0; i < 3; i++ {
		<-entered
	}
	fmt.Println("exiting")
	os.Exit(3)
}
`)
	for _, shards := range []int{1, 2} {
		var out syncBuffer
		code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Shards: shards})
		if code != 3 || err != nil || out.String() != "exiting\n" {
			t.Errorf("shards %d: exit %d, %v, output %q; want 3, nil, \"exiting\\n\"", shards, code, err, out.String())
		}
	}
}

// A callback blocked with nothing left to wake it is Go's deadlock, and
// the dump shows it inside the String method.
func TestCallbackBlockedDeadlock(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	prog := compileSrc(t, `package main

import "fmt"

type Stuck struct{}

func (Stuck) String() string { select {} }

func main() { fmt.Println(Stuck{}) }
`)
	var out, errOut syncBuffer
	code, _ := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Stderr: &errOut})
	e := errOut.String()
	if code != 2 || !strings.Contains(e, "fatal error: all goroutines are asleep - deadlock!") || !strings.Contains(e, "goroutine 1 [select (no cases)]:\nmain.Stuck.String") {
		t.Errorf("exit %d, stderr:\n%s", code, e)
	}
}

// Many goroutines blocked in callbacks at once cost host goroutines, not
// threads; all of them print once released, as many as were blocked.
func TestManyCallbacksBlocked(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	const n = 2000
	prog := compileSrc(t, `package main

import (
	"bufio"
	"fmt"
	"os"
	"sync"
)

var gate = make(chan struct{})
var entered sync.WaitGroup

type G struct{ i int }

func (g G) String() string {
	entered.Done()
	<-gate
	return fmt.Sprint("g", g.i)
}

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	seen := map[string]bool{}
	for i := 0; i < `+strconv.Itoa(n)+`; i++ {
		entered.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := fmt.Sprint(G{i})
			mu.Lock()
			seen[s] = true
			mu.Unlock()
		}()
	}
	entered.Wait()
	fmt.Println("blocked")
	bufio.NewReader(os.Stdin).ReadString('\n')
	close(gate)
	wg.Wait()
	fmt.Println(len(seen))
}
`)
	threads := func() int {
		b, err := os.ReadFile("/proc/self/status")
		if err != nil {
			t.Skip(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(l, "Threads:"); ok {
				k, _ := strconv.Atoi(strings.TrimSpace(v))
				return k
			}
		}
		t.Skip("no thread count")
		return 0
	}
	before := threads()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	r := prog.Start(context.Background(), spindle.RunOptions{Stdin: inR, Stdout: outW, Shards: 1})
	lines := bufio.NewScanner(outR)
	if !lines.Scan() || lines.Text() != "blocked" {
		t.Fatalf("first line %q, want blocked", lines.Text())
	}
	if during := threads(); during > before+64 {
		t.Errorf("%d threads while %d callbacks are blocked, %d before", during, n, before)
	}
	go inW.Write([]byte("go\n"))
	if !lines.Scan() || lines.Text() != strconv.Itoa(n) {
		t.Errorf("second line %q, want %d", lines.Text(), n)
	}
	go io.Copy(io.Discard, outR)
	if code, err := r.Wait(); code != 0 || err != nil {
		t.Errorf("exit %d, %v", code, err)
	}
	outW.Close()
	inW.Close()
}

// runtime.Gosched in a callback lets the others run, as it does outside
// one: each loop below waits for one other goroutine and calls Gosched
// once; a callback alone on its shard goes on at once. fiber.ThreadID
// stays the shard's across the hand-off.
func TestCallbackGosched(t *testing.T) {
	prog := compileSrc(t, `package main

import (
	"fiber"
	"fmt"
	"runtime"
	"sync/atomic"
)

var flag atomic.Bool

func wait() int {
	n := 0
	for !flag.Load() {
		runtime.Gosched()
		n++
	}
	return n
}

type W struct{}

func (W) String() string {
	tid := fiber.ThreadID()
	n := wait()
	return fmt.Sprint(n, " ", fiber.ThreadID() == tid)
}

type Alone struct{}

func (Alone) String() string {
	runtime.Gosched()
	return "went on"
}

func main() {
	go flag.Store(true)
	fmt.Println("callback:", W{})
	flag.Store(false)
	go flag.Store(true)
	fmt.Println("plain:", wait())
	fmt.Println(Alone{})
}
`)
	var out syncBuffer
	code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Shards: 1})
	if want := "callback: 1 true\nplain: 1\nwent on\n"; code != 0 || err != nil || out.String() != want {
		t.Errorf("exit %d, %v, output %q; want %q", code, err, out.String(), want)
	}
}

// A cancelled run whose goroutines unwind through deferred calls whose
// callbacks spend their budgets (handing the shard off while the run
// shuts down) ends, and leaves no host goroutine behind.
func TestCancelUnwindsThroughBusyCallbacks(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	prog := compileSrc(t, `package main

import (
	"fmt"
	"os"
	"runtime"
	"sync/atomic"
)

type S struct{ i int }

func (s S) String() string {
	x := 0
	for j := 0; j < 200000; j++ {
		x += j
	}
	return fmt.Sprint(s.i, x)
}

var started atomic.Int32

func main() {
	for i := 0; i < 4; i++ {
		go func() {
			defer fmt.Sprint(S{i})
			started.Add(1)
			for {
			}
		}()
	}
	for started.Load() < 4 {
		runtime.Gosched()
	}
	fmt.Fprintln(os.Stderr, "spinning")
	for {
	}
}
`)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	spinning := make(chan struct{})
	var once sync.Once
	r := prog.Start(ctx, spindle.RunOptions{Stdout: io.Discard, Shards: 1, Stderr: writerFunc(func(p []byte) (int, error) {
		if string(p) == "spinning\n" {
			once.Do(func() { close(spinning) })
		}
		return len(p), nil
	})})
	<-spinning
	cancel()
	if code, err := r.Wait(); code != 1 || !errors.Is(err, context.Canceled) {
		t.Errorf("exit %d, %v; want 1, context.Canceled", code, err)
	}
}

// The host stacks of goroutines blocked deep in callbacks count towards
// the memory limit: 200 blocked 1,500 String methods deep hold about 800
// MiB of host stack, past a 256 MiB limit.
func TestHeldCallbackStacksCountAsMemory(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	prog := compileSrc(t, `package main

import "fmt"

var gate = make(chan int)

type R struct{ n int }

func (r R) String() string {
	if r.n == 0 {
		<-gate
		return ""
	}
	return fmt.Sprint(R{r.n - 1})
}

func main() {
	for i := 0; i < 200; i++ {
		go fmt.Sprint(R{1500})
	}
	select {}
}
`)
	var errOut syncBuffer
	code, err := prog.Run(context.Background(), spindle.RunOptions{Shards: 1, MemoryLimit: 256 << 20, Stdout: io.Discard, Stderr: &errOut})
	if code != 2 || !errors.Is(err, spindle.ErrMemoryLimit) || !strings.HasPrefix(errOut.String(), "fatal error: runtime: out of memory\n") {
		t.Errorf("exit %d, %v, stderr:\n%.1000s", code, err, errOut.String())
	}
}
