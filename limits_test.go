package spindle_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"spindle"
)

// limitPrograms are guest programs that each pass one limit of
// RunOptions. Each must end with the limit's exit status, stderr and
// typed error; TestHostilePrograms runs them too.
var limitPrograms = []struct {
	name   string
	src    string
	opts   spindle.RunOptions
	code   int
	stderr string // stderr's beginning
	err    error
}{
	{"goroutine_bomb", `package main
func main() {
	for { go func() { select {} }() }
}`, spindle.RunOptions{MaxFibers: 1000}, 2, "fatal error: spindle: goroutine limit (1000) exceeded\n\ngoroutine 1 [running]:\nmain.main()", spindle.ErrFiberLimit},
	{"spawn_bomb", `package main
import "fiber"
func main() {
	for { fiber.Spawn(func() int { select {} }) }
}`, spindle.RunOptions{MaxFibers: 10}, 2, "fatal error: spindle: goroutine limit (10) exceeded\n\ngoroutine 1 [running]:", spindle.ErrFiberLimit},
	{"afterfunc_bomb", `package main
import "time"
func main() {
	for { time.AfterFunc(0, func() { select {} }) }
}`, spindle.RunOptions{MaxFibers: 100}, 2, "fatal error: spindle: goroutine limit (100) exceeded\n\n", spindle.ErrFiberLimit},
	{"goroutine_bomb_under_the_memory_limit", `package main
func main() {
	for { go func() { select {} }() }
}`, spindle.RunOptions{MemoryLimit: 64 << 20}, 2, "fatal error: runtime: out of memory\n\n", spindle.ErrMemoryLimit},
	{"small_object_bomb", `package main
type node struct { next *node; a, b, c, d int }
func main() {
	var l *node
	for { l = &node{next: l} } // no allocation is large: the collections find it
}`, spindle.RunOptions{MemoryLimit: 64 << 20}, 2, "fatal error: runtime: out of memory\n\ngoroutine 1 [", spindle.ErrMemoryLimit},
	{"small_object_bomb_in_string_method", `package main
import "fmt"
type node struct { next *node; a, b, c, d int }
type T struct{}
func (T) String() string {
	var l *node
	for { l = &node{next: l} }
}
func main() { fmt.Println(T{}) }`, spindle.RunOptions{MemoryLimit: 64 << 20}, 2, "fatal error: runtime: out of memory\n\ngoroutine 1 [running]:\nmain.T.String()", spindle.ErrMemoryLimit},
	{"spin", `package main
func main() { for {} }`, spindle.RunOptions{CPULimit: 100 * time.Millisecond}, 2, "fatal error: spindle: CPU limit (100ms) exceeded\n\ngoroutine 1 [", spindle.ErrCPULimit},
	{"spin_in_string_method", `package main
import "fmt"
type T struct{}
func (T) String() string { for {} }
func main() { fmt.Println(T{}) }`, spindle.RunOptions{CPULimit: 100 * time.Millisecond}, 2, "fatal error: spindle: CPU limit (100ms) exceeded\n\ngoroutine 1 [running]:\nmain.T.String()", spindle.ErrCPULimit},
	{"spin_in_string_methods_handed_off", `package main
import "fmt"
type T struct{}
func (T) String() string { for {} }
func main() {
	go fmt.Println(T{})
	fmt.Println(T{}) // each preempted in turn, the shard moving between threads
}`, spindle.RunOptions{CPULimit: 300 * time.Millisecond}, 2, "fatal error: spindle: CPU limit (300ms) exceeded\n\n", spindle.ErrCPULimit},
	{"spin_in_string_methods_handed_off_out_of_fuel", `package main
import "fmt"
type T struct{}
func (T) String() string { for {} }
func main() {
	go fmt.Println(T{})
	fmt.Println(T{})
}`, spindle.RunOptions{Fuel: 10_000_000}, 2, "fatal error: spindle: fuel limit (10000000 reductions) exceeded\n\n", spindle.ErrCPULimit},
	{"spin_out_of_fuel", `package main
func main() { for {} }`, spindle.RunOptions{Fuel: 1_000_000}, 2, "fatal error: spindle: fuel limit (1000000 reductions) exceeded\n\ngoroutine 1 [running]:", spindle.ErrCPULimit},
	{"spin_in_sort_callbacks_out_of_fuel", `package main
import "sort"
func main() {
	s := make([]int, 1<<20)
	for { sort.Slice(s, func(i, j int) bool { return s[i] < s[j] }) }
}`, spindle.RunOptions{Fuel: 5_000_000}, 2, "fatal error: spindle: fuel limit (5000000 reductions) exceeded\n\n", spindle.ErrCPULimit},
	{"sleep_forever", `package main
import "time"
func main() {
	defer println("unwound")
	time.Sleep(time.Hour)
}`, spindle.RunOptions{Timeout: 50 * time.Millisecond}, 1, "unwound\n", spindle.ErrTimeout},
	{"output_bomb", `package main
import "fmt"
func main() { for { fmt.Println("0123456789abcdef") } }`, spindle.RunOptions{MaxOutput: 1 << 20}, 2, "fatal error: spindle: output limit (1 MiB) exceeded\n", spindle.ErrOutputLimit},
	{"stderr_bomb", `package main
func main() { for { println("0123456789abcdef") } }`, spindle.RunOptions{MaxOutput: 100}, 2, "0123456789abcdef\n", spindle.ErrOutputLimit},
	{"unbounded_recursion", `package main
func f(n int) int { return f(n+1) + 1 }
func main() { println(f(0)) }`, spindle.RunOptions{MaxStack: 1 << 20}, 2, "runtime: goroutine stack exceeds 1048576-byte limit\nfatal error: stack overflow", spindle.ErrStackLimit},
}

// TestLimits runs limitPrograms: each ends with its limit's exit status,
// stderr and error, and leaves nothing running.
func TestLimits(t *testing.T) {
	defer goleak.VerifyNone(t)
	for _, tc := range limitPrograms {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte(tc.src)})
			if err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			o := tc.opts
			o.Stdout, o.Stderr, o.Shards = &out, &errb, 1
			code, err := prog.Run(context.Background(), o)
			if code != tc.code || !errors.Is(err, tc.err) || !strings.HasPrefix(errb.String(), tc.stderr) {
				t.Errorf("exit %d, %v; want %d, %v and stderr beginning %q; stderr:\n%.2000s", code, err, tc.code, tc.err, tc.stderr, errb.String())
			}
			if tc.err == spindle.ErrTimeout && !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("%v does not match context.DeadlineExceeded", err)
			}
		})
	}
}

// Past the output limit nothing more is written: the output is cut at
// the limit, across both streams, and the notice follows on stderr. A
// cut in the last flush, after main returned, still fails the run.
func TestOutputLimitCuts(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		limit     int64
		stdout    string
		notice    string
	}{
		{"bomb", `package main
import ("fmt"; "os")
func main() {
	fmt.Fprintln(os.Stderr, "0123456789")
	for { fmt.Print("abcdefghij") }
}`, 25, "abcdefghijabcd", "25 bytes"},
		{"last_flush", `package main
import "fmt"
func main() { fmt.Print("abcdefghijklmnopqrstuvwxyz") }`, 10, "abcdefghij", "10 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte(tc.src)})
			if err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Stderr: &errb, MaxOutput: tc.limit})
			notice := "fatal error: spindle: output limit (" + tc.notice + ") exceeded\n"
			if code != 2 || !errors.Is(err, spindle.ErrOutputLimit) || out.String() != tc.stdout || !strings.HasSuffix(errb.String(), notice) {
				t.Errorf("exit %d, %v, stdout %q, stderr %q; want 2, %v, %q and the notice", code, err, out.String(), errb.String(), spindle.ErrOutputLimit, tc.stdout)
			}
		})
	}
}

// A run out of fuel on one shard ends at the same point every time.
func TestFuelDeterministic(t *testing.T) {
	src := `package main
import "fmt"
func main() {
	c := make(chan int)
	go func() { for i := 0; ; i++ { c <- i } }()
	for {
		if i := <-c; i%1000 == 0 {
			fmt.Println(i)
		}
	}
}`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var first string
	for i := 0; i < 3; i++ {
		var out bytes.Buffer
		code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Shards: 1, Fuel: 300_000})
		if code != 2 || !errors.Is(err, spindle.ErrCPULimit) || out.Len() == 0 {
			t.Fatalf("exit %d, %v, output %q", code, err, out.String())
		}
		if i == 0 {
			first = out.String()
		} else if out.String() != first {
			t.Fatalf("run %d printed %q, run 0 %q", i, out.String(), first)
		}
	}
}

// Limits a run stays within change nothing.
func TestLimitsUnderThem(t *testing.T) {
	src := `package main
import ("fmt"; "sync"; "time")
func main() {
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); time.Sleep(time.Millisecond) }()
	}
	wg.Wait()
	n := 0
	for i := 0; i < 100000; i++ { n += i }
	fmt.Println(n)
}`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Stderr: &errb,
		MaxFibers: 51, Fuel: 10_000_000, CPULimit: time.Hour, Timeout: time.Hour, MaxOutput: 12})
	if code != 0 || err != nil || out.String() != "4999950000\n" || errb.Len() != 0 {
		t.Errorf("exit %d, %v, stdout %q, stderr %q", code, err, out.String(), errb.String())
	}
}

// Cancellation is reported as before: ctx's error, not a limit's. (The
// program sleeps: a bare select{} is a deadlock, which could end the run
// before the cancel reaches it.)
func TestCancelIsNotALimit(t *testing.T) {
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte(`package main
import "time"
func main() { time.Sleep(time.Hour) }`)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := prog.Start(ctx, spindle.RunOptions{Timeout: time.Hour})
	cancel()
	if code, err := r.Wait(); code != 1 || err != context.Canceled {
		t.Errorf("exit %d, %v; want 1, context.Canceled", code, err)
	}
}

// The limits are the run's, every shard's together.
func TestLimitsAcrossShards(t *testing.T) {
	defer goleak.VerifyNone(t)
	for _, tc := range []struct {
		name, body string // body: what every shard runs
		opts       spindle.RunOptions
		stderr     string
		err        error
	}{
		{"fuel", "for {}", spindle.RunOptions{Fuel: 10_000_000}, "fatal error: spindle: fuel limit (10000000 reductions) exceeded\n", spindle.ErrCPULimit},
		{"cpu", "for {}", spindle.RunOptions{CPULimit: 200 * time.Millisecond}, "fatal error: spindle: CPU limit (200ms) exceeded\n", spindle.ErrCPULimit},
		{"goroutines", "for { go func() { select {} }() }", spindle.RunOptions{MaxFibers: 5000}, "fatal error: spindle: goroutine limit (5000) exceeded\n", spindle.ErrFiberLimit},
		{"output", `for { fmt.Println("0123456789") }`, spindle.RunOptions{MaxOutput: 1 << 20}, "", spindle.ErrOutputLimit},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := `package main
import ("fiber"; "fmt")
var _ = fmt.Println
func main() {
	for _, f := range fiber.OnEachShard(func(int) { ` + tc.body + ` }) {
		f.Join()
	}
}`
			prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte(src)})
			if err != nil {
				t.Fatal(err)
			}
			var out, errb syncBuffer
			o := tc.opts
			o.Stdout, o.Stderr, o.Shards = &out, &errb, 2
			code, err := prog.Run(context.Background(), o)
			if code != 2 || !errors.Is(err, tc.err) || !strings.HasPrefix(errb.String(), tc.stderr) {
				t.Errorf("exit %d, %v; want 2, %v and stderr beginning %q; stderr:\n%.2000s", code, err, tc.err, tc.stderr, errb.String())
			}
			if o.MaxOutput > 0 && int64(len(out.String())) != o.MaxOutput {
				t.Errorf("%d bytes of output, want the limit's %d", len(out.String()), o.MaxOutput)
			}
		})
	}
}
