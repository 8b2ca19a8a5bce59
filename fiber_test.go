package spindle_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"spindle"
)

// Rule: thousands of fibers plus one hot loop give identical
// output across runs; one shard is deterministic.
func TestFiberDeterminism(t *testing.T) {
	path := "testdata/conformance/fiber/thousands_of_fibers_progress_beside_hot_loop.go"
	prog, err := spindle.Compile(spindle.CompileOptions{}, path)
	if err != nil {
		t.Fatal(err)
	}
	var first string
	for i := 0; i < 20; i++ {
		var out bytes.Buffer
		code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, NoStarveWarning: true})
		if err != nil || code != 0 {
			t.Fatalf("run %d: exit %d, %v", i, code, err)
		}
		if i == 0 {
			first = out.String()
		} else if out.String() != first {
			t.Fatalf("run %d differs:\n%s\nfirst:\n%s", i, out.String(), first)
		}
	}
}

// Same seed, same output (map order and select choices come from the
// seed); another seed gives another map order.
func TestSeedDeterminism(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	m := map[int]int{}
	for i := 0; i < 50; i++ {
		m[i] = i
	}
	for k := range m {
		fmt.Print(k, " ")
	}
	a, b := make(chan int, 100), make(chan int, 100)
	for i := 0; i < 100; i++ {
		a <- i
		b <- i
	}
	for i := 0; i < 20; i++ {
		select {
		case <-a:
			fmt.Print("a")
		case <-b:
			fmt.Print("b")
		}
	}
	fmt.Println()
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "seed.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	run := func(seed uint64) string {
		var out bytes.Buffer
		if code, _ := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Seed: seed}); code != 0 {
			t.Fatalf("exit %d", code)
		}
		return out.String()
	}
	a1, a2, b := run(1), run(1), run(2)
	if a1 != a2 {
		t.Errorf("same seed, different output:\n%s\n%s", a1, a2)
	}
	if a1 == b {
		t.Errorf("seeds 1 and 2 gave the same map order and select choices:\n%s", a1)
	}
	if !strings.Contains(a1, "a") || !strings.Contains(a1, "b") {
		t.Errorf("select never chose one of two ready cases: %s", a1)
	}
}

// The held-shard warning. A String method fmt calls is preempted like any
// goroutine (its host frames wait aside, handoff.go): one that spins until
// another goroutine has run finishes, with no warning. Only a callback that
// may not hand off (a String method run while a panic is printed) holds
// the shard; one that runs for more than a second while another goroutine
// waits gets one warning naming it. The option switches it off.
func TestHeldShardWarning(t *testing.T) {
	src := `package main

import (
	"fmt"
	"os"
	"sync/atomic"
	"time"
)

func spin(d time.Duration) int {
	n := 0
	for until := time.Now().Add(d); time.Now().Before(until); {
		n++
	}
	return n
}

var other atomic.Bool

type Waits struct{}

// Returns only once another goroutine has run.
func (Waits) String() string {
	for !other.Load() {
	}
	return "waited"
}

type Slow struct{}

func (Slow) String() string {
	spin(1500 * time.Millisecond)
	return "slow"
}

func main() {
	spin(1500 * time.Millisecond) // alone and preempted: no warning
	go other.Store(true)
	fmt.Println(Waits{})
	if len(os.Args) > 1 {
		go func() {}() // runnable while the panic's String holds the shard
		panic(Slow{})
	}
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "held.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	for _, held := range []bool{false, true} {
		for _, off := range []bool{false, true} {
			var out, errb bytes.Buffer
			o := spindle.RunOptions{Stdout: &out, Stderr: &errb, NoStarveWarning: off}
			wantCode := 0
			if held {
				o.Args = []string{"held", "panic"}
				wantCode = 2
			}
			code, _ := prog.Run(context.Background(), o)
			if code != wantCode || out.String() != "waited\n" {
				t.Fatalf("exit %d, stdout %q: %s", code, out.String(), errb.String())
			}
			if held && !strings.Contains(errb.String(), "panic: slow") {
				t.Errorf("panic text:\n%s", errb.String())
			}
			n := strings.Count(errb.String(), "has held its shard for")
			if (off || !held) && n != 0 || held && !off && n != 1 {
				t.Errorf("held=%v NoStarveWarning=%v: %d warnings:\n%s", held, off, n, errb.String())
			}
			if held && !off && !strings.Contains(errb.String(), "main.spin at held.go:") {
				t.Errorf("warning does not name the function and line:\n%s", errb.String())
			}
		}
	}
}

// Deadlock prints every fiber with its wait reason and guest stack.
func TestDeadlockDump(t *testing.T) {
	src := `package main

import "sync"

func waiter(c chan int) { <-c }

func main() {
	var mu sync.Mutex
	mu.Lock()
	go waiter(make(chan int))
	go func() { mu.Lock() }()
	select {}
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "dl.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	code, _ := prog.Run(ctx, spindle.RunOptions{Stderr: &errb})
	if code != 2 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"fatal error: all goroutines are asleep - deadlock!",
		"goroutine 1 [select (no cases)]:\nmain.main()\n\tdl.go:12",
		"goroutine 2 [chan receive]:\nmain.waiter()\n\tdl.go:5",
		"goroutine 3 [sync.Mutex.Lock]:",
	} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("dump lacks %q:\n%s", want, errb.String())
		}
	}
}

// An embedding host gets the fiber dump of a running program.
func TestRunningDump(t *testing.T) {
	src := `package main

import "time"

func sleeper() { time.Sleep(time.Hour) }

func main() {
	go sleeper()
	c := make(chan int)
	<-c
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "d.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := prog.Start(ctx, spindle.RunOptions{})
	var dump string
	for i := 0; i < 100 && !strings.Contains(dump, "sleep"); i++ {
		time.Sleep(5 * time.Millisecond)
		dump = r.Dump()
	}
	cancel()
	if code, _ := r.Wait(); code != 1 {
		t.Errorf("cancelled run exited %d", code)
	}
	for _, want := range []string{"goroutine 1 [chan receive]:\nmain.main()\n\td.go:10", "goroutine 2 [sleep]:\n", "main.sleeper()\n\td.go:5"} {
		if !strings.Contains(dump, want) {
			t.Errorf("dump lacks %q:\n%s", want, dump)
		}
	}
	if r.Dump() != "" {
		t.Errorf("dump after the end")
	}
}

// Output reaches the host while the program still computes: a busy shard
// flushes its buffered stdout periodically, as Go's unbuffered stdout
// shows it at once.
func TestOutputWhileBusy(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	fmt.Println("ready")
	n := 0
	for {
		n++ // until the run is cancelled
	}
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "busy.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	r := prog.Start(ctx, spindle.RunOptions{Stdout: pw, Shards: 1})
	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(pr).ReadString('\n')
		got <- line
	}()
	select {
	case line := <-got:
		if line != "ready\n" {
			t.Errorf("read %q", line)
		}
	case <-time.After(20 * time.Second):
		t.Error("no output while the program computes")
	}
	cancel()
	if code, _ := r.Wait(); code != 1 {
		t.Errorf("cancelled run exited %d", code)
	}
	pw.Close()
}

// Output written inside a long callback from host code (a String method
// fmt calls) reaches the host while the callback still runs: the
// callback's budget ends flush it too. The callback spins until the host
// has read the line.
func TestOutputDuringCallback(t *testing.T) {
	var released atomic.Bool
	src := `package main

import "fmt"

func released() bool

type T struct{}

func (T) String() string {
	fmt.Println("in callback")
	for !released() {
	}
	return "t"
}

func main() {
	fmt.Println(T{})
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{Host: []spindle.HostFunc{
		{Name: "main.released", Fn: func() bool { return released.Load() }},
	}}, spindle.File{Name: "cb.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	r := prog.Start(context.Background(), spindle.RunOptions{Stdout: pw, Shards: 1})
	lines := make(chan string, 2)
	go func() {
		br := bufio.NewReader(pr)
		for {
			line, err := br.ReadString('\n')
			if err != nil {
				close(lines)
				return
			}
			lines <- line
		}
	}()
	select {
	case line := <-lines:
		if line != "in callback\n" {
			t.Errorf("read %q", line)
		}
	case <-time.After(20 * time.Second):
		t.Error("no output while the callback runs")
	}
	released.Store(true)
	if code, _ := r.Wait(); code != 0 {
		t.Errorf("exit %d", code)
	}
	pw.Close()
	if line := <-lines; line != "t\n" {
		t.Errorf("then read %q", line)
	}
}
