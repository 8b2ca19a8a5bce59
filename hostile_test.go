package spindle_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"spindle"

	"go.uber.org/goleak"
)

// Hostile guest programs: each must end with Go's error text and exit
// status, never crash or hang the host, and leave nothing running. Those
// of limitPrograms end by a limit of RunOptions, with its error.
func TestHostilePrograms(t *testing.T) {
	type hostile struct {
		name   string
		src    string
		code   int
		stderr string
		opts   spindle.RunOptions
		err    error
	}
	tests := []hostile{
		{"unbounded_recursion", `package main
func f(n int) int { return f(n+1) + 1 }
func main() { println(f(0)) }`, 2, "fatal error: stack overflow", spindle.RunOptions{}, spindle.ErrStackLimit},
		{"huge_make", `package main
func main() { n := 1 << 39; s := make([]int, n); println(len(s)) }`, 2, "panic: runtime error: makeslice: len out of range", spindle.RunOptions{}, nil},
		{"set_max_stack_cannot_raise_the_hosts_cap", `package main
import "runtime/debug"
func f(n int) int { return f(n+1) + 1 }
func main() { debug.SetMaxStack(1 << 50); println(f(0)) }`, 2, "fatal error: stack overflow", spindle.RunOptions{}, spindle.ErrStackLimit},
		{"string_method_recursing_through_fmt", `package main
import "fmt"
type T struct{}
var global any
func (T) String() string { return fmt.Sprint(global) }
func main() {
	var v any = T{}
	for i := 0; i < 200; i++ { v = []any{v} }
	global = v
	fmt.Println(T{})
}`, 2, "fatal error: stack overflow", spindle.RunOptions{}, spindle.ErrStackLimit},
		{"huge_chan", `package main
func main() { n := 1 << 40; c := make(chan int, n); println(cap(c)) }`, 2, "makechan: size out of range", spindle.RunOptions{}, nil},
		{"nil_chain", `package main
type T struct{ x *T }
func main() { var t *T; println(t.x.x) }`, 2, "invalid memory address or nil pointer dereference", spindle.RunOptions{}, nil},
		{"nil_func", `package main
func main() { var f func(); f() }`, 2, "invalid memory address or nil pointer dereference", spindle.RunOptions{}, nil},
		{"nil_map_write", `package main
func main() { var m map[string]int; m["a"] = 1 }`, 2, "panic: assignment to entry in nil map", spindle.RunOptions{}, nil},
		{"nil_interface_call", `package main
type I interface{ M() }
func main() { var i I; i.M() }`, 2, "invalid memory address or nil pointer dereference", spindle.RunOptions{}, nil},
		{"deadlock", `package main
func main() { c := make(chan int); <-c }`, 2, "fatal error: all goroutines are asleep - deadlock!", spindle.RunOptions{}, nil},
		{"goroutine_panic", `package main
func main() {
	done := make(chan bool)
	go func() { var a []int; _ = a[3]; done <- true }()
	<-done
}`, 2, "panic: runtime error: index out of range [3] with length 0", spindle.RunOptions{}, nil},
		{"spinning_goroutine_does_not_starve_main", `package main
func main() {
	go func() { for {} }()
	for i := 0; i < 3; i++ { println("tick", i) }
}`, 0, "tick 2", spindle.RunOptions{}, nil},
		{"panic_from_deferred_builtin_while_unwinding", `package main
func main() {
	defer func() { println("recovered", recover().(string)) }()
	func() {
		defer panic("second")
		panic("first")
	}()
}`, 0, "recovered second", spindle.RunOptions{}, nil},
		{"deep_recursion_in_goroutine", `package main
func f(n int) int { if n == 0 { return 0 }; return f(n-1) + 1 }
func main() {
	c := make(chan int)
	go func() { c <- f(10000) }()
	println(<-c)
}`, 0, "10000", spindle.RunOptions{}, nil},
		// An embedded run is granted nothing (RunOptions.Grants):
		// neither the host's files, its environment and descriptors
		// through /proc, the network nor processes; and it may hold only
		// so many descriptors (RunOptions.MaxFiles).
		{"read_host_files", `package main
import "os"
func main() { b, err := os.ReadFile("/etc/passwd"); if err != nil { panic(err) }; os.Stdout.Write(b) }`, 2, "panic: open /etc/passwd: permission denied", spindle.RunOptions{}, nil},
		{"read_host_environ", `package main
import "os"
func main() { b, err := os.ReadFile("/proc/self/environ"); if err != nil { panic(err) }; os.Stdout.Write(b) }`, 2, "panic: open /proc/self/environ: permission denied", spindle.RunOptions{}, nil},
		{"write_host_stdout_fd", `package main
import "os"
func main() {
	f, err := os.OpenFile("/proc/self/fd/1", os.O_WRONLY, 0)
	if err != nil { panic(err) }
	f.WriteString("written to the host's stdout")
}`, 2, "panic: open /proc/self/fd/1: permission denied", spindle.RunOptions{}, nil},
		{"exhaust_descriptors", `package main
import "os"
func main() {
	for {
		if _, _, err := os.Pipe(); err != nil { panic(err) }
	}
}`, 2, "panic: pipe2: too many open files", spindle.RunOptions{}, nil},
		{"dial_out", `package main
import "net"
func main() { _, err := net.Dial("tcp", "192.0.2.1:80"); panic(err) }`, 2, "panic: dial tcp 192.0.2.1:80: connect: permission denied", spindle.RunOptions{}, nil},
		{"spawn_shell", `package main
import "os/exec"
func main() { panic(exec.Command("/bin/sh", "-c", "echo pwned").Run()) }`, 2, "panic: fork/exec /bin/sh: permission denied", spindle.RunOptions{}, nil},
	}
	for _, l := range limitPrograms {
		tests = append(tests, hostile{"limit_" + l.name, l.src, l.code, l.stderr, l.opts, l.err})
	}
	leaks := goleak.IgnoreCurrent()
	fdsBefore := openFDs(t)
	t.Run("all", func(t *testing.T) {
		for _, tc := range tests {
			t.Run(tc.name, func(t *testing.T) {
				t.Parallel()
				prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: tc.name + ".go", Src: []byte(tc.src)})
				if err != nil {
					t.Fatal(err)
				}
				var out, errb bytes.Buffer
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				o := tc.opts
				o.Stdout, o.Stderr = &out, &errb
				code, err := prog.Run(ctx, o)
				if !errors.Is(err, tc.err) {
					t.Fatalf("run ended with %v, want %v", err, tc.err)
				}
				if code != tc.code {
					t.Errorf("exit %d, want %d; stderr:\n%s", code, tc.code, errb.String())
				}
				if !strings.Contains(errb.String(), tc.stderr) {
					t.Errorf("stderr lacks %q:\n%s", tc.stderr, errb.String())
				}
				if strings.Contains(errb.String(), "BUG:") {
					t.Errorf("spindle bug:\n%s", errb.String())
				}
			})
		}
	})
	// Every run, whatever it tried, left nothing in the host.
	goleak.VerifyNone(t, leaks)
	if fds := openFDs(t); fds != fdsBefore {
		t.Errorf("%d descriptors open before the runs, %d after", fdsBefore, fds)
	}
}

// A compiled program runs concurrently in several machines without
// sharing state: each run sees its own globals.
func TestConcurrentRuns(t *testing.T) {
	src := `package main
import "os"
var counter int
func main() {
	for i := 0; i < 100000; i++ { counter++ }
	println(os.Args[1], counter)
}`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "c.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			var errb bytes.Buffer
			name := string(rune('a' + i))
			code, _ := prog.Run(context.Background(), spindle.RunOptions{Stderr: &errb, Args: []string{"c", name}})
			if code != 0 || errb.String() != name+" 100000\n" {
				t.Errorf("run %d: exit %d, output %q", i, code, errb.String())
			}
		}(i)
	}
	wg.Wait()
}

// Cancelling the context ends a run that would never finish.
func TestRunCancel(t *testing.T) {
	src := `package main
func main() { for { } }`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "spin.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() {
		code, _ := prog.Run(ctx, spindle.RunOptions{})
		done <- code
	}()
	cancel()
	if code := <-done; code == 0 {
		t.Errorf("cancelled run exited 0")
	}
}

// A callback that never returns (a String method's busy loop, called from
// fmt) answers Dump and is cancelled: its deferred calls and its caller's
// run, and Run returns. A Goexit inside one ends its goroutine, as in Go,
// and is no panic.
func TestCallbackSpinCancelled(t *testing.T) {
	src := `package main

import (
	"fmt"
	"os"
	"runtime"
)

type Spin struct{}

func (Spin) String() string {
	defer fmt.Println("callback unwound")
	for {
	}
}

type Exit struct{}

func (Exit) String() string { runtime.Goexit(); return "" }

func main() {
	done := make(chan bool)
	go func() {
		defer close(done)
		fmt.Println(Exit{})
		fmt.Println("not reached")
	}()
	<-done
	defer fmt.Println("main unwound")
	fmt.Fprintln(os.Stderr, "spinning")
	fmt.Println(Spin{})
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "spin.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out syncBuffer
	spinning := make(chan struct{})
	r := prog.Start(ctx, spindle.RunOptions{Stdout: &out, Stderr: writerFunc(func(p []byte) (int, error) {
		if string(p) == "spinning\n" {
			close(spinning)
		}
		return len(p), nil
	})})
	<-spinning
	if d := r.Dump(); !strings.Contains(d, "main.Spin.String") {
		t.Errorf("Dump during the callback:\n%s", d)
	}
	cancel()
	code, err := r.Wait()
	if code != 1 || err == nil {
		t.Errorf("cancelled run: exit %d, %v; want 1 and the context's error", code, err)
	}
	if got, want := out.String(), "callback unwound\nmain unwound\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

// A host writer that blocks (an io.Pipe nobody reads) holds the run's
// output back, but the run stays cancellable; output to
// a writer that is read arrives whole and in order across both streams.
func TestBlockedStdoutCancellable(t *testing.T) {
	src := `package main

import (
	"fmt"
	"os"
)

func main() {
	for i := 0; i < 10000 || len(os.Args) > 1; i++ {
		fmt.Println("line", i)
		if i%1000 == 0 {
			fmt.Fprintln(os.Stderr, "err", i)
		}
	}
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "out.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	defer pr.Close()
	ctx, cancel := context.WithCancel(context.Background())
	r := prog.Start(ctx, spindle.RunOptions{Stdout: pw, Stderr: pw, Args: []string{"out", "forever"}})
	if _, err := pr.Read(make([]byte, 1)); err != nil { // it writes; nobody reads on
		t.Fatal(err)
	}
	cancel()
	if code, err := r.Wait(); code != 1 || err == nil {
		t.Errorf("cancelled run blocked on its output: exit %d, %v", code, err)
	}

	var out bytes.Buffer
	if code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Stderr: &out}); code != 0 || err != nil {
		t.Fatalf("exit %d, %v", code, err)
	}
	var want strings.Builder
	for i := 0; i < 10000; i++ {
		fmt.Fprintln(&want, "line", i)
		if i%1000 == 0 {
			fmt.Fprintln(&want, "err", i)
		}
	}
	if out.String() != want.String() {
		t.Errorf("output differs from the program's order (%d bytes, want %d)", out.Len(), want.Len())
	}
}

// A run that allocates past its MemoryLimit ends with Go's out-of-memory
// error, and the host goes on: one allocation larger than the limit, and
// many that add up past it (kept, so a collection cannot save them).
func TestMemoryLimit(t *testing.T) {
	for _, tc := range []struct{ name, src string }{
		{"one_large", `package main
func main() { b := make([]byte, 100<<20); println(len(b)) }`},
		{"many_kept", `package main
func main() {
	var keep [][]int64
	for i := 0; ; i++ { keep = append(keep, make([]int64, 1<<17)) }
}`},
		{"slice_of_arrays", `package main
import "os"
func main() { n := 8192 + len(os.Args); s := make([][1 << 16]int32, n); println(len(s)) }`},
		{"string_doubling", `package main
func main() { s := "x"; for { s += s } }`},
		{"array_values", `package main
type big [1 << 16]string
func main() {
	var keep []*big
	for { keep = append(keep, new(big)) }
}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "oom.go", Src: []byte(tc.src)})
			if err != nil {
				t.Fatal(err)
			}
			var stderr bytes.Buffer
			code, err := prog.Run(context.Background(), spindle.RunOptions{Stderr: &stderr, MemoryLimit: 64 << 20})
			if code != 2 || !errors.Is(err, spindle.ErrMemoryLimit) || err.Error() != "spindle: the run exceeded its memory limit (64 MiB)" || !strings.HasPrefix(stderr.String(), "fatal error: runtime: out of memory\n") {
				t.Errorf("exit %d, %v, stderr:\n%s", code, err, stderr.String())
			}
		})
	}
	// Under the limit, nothing changes.
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "ok.go", Src: []byte(`package main
func main() {
	for i := 0; i < 100; i++ { b := make([]byte, 1<<20); b[0] = 1 }
	println("done")
}`)})
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if code, err := prog.Run(context.Background(), spindle.RunOptions{Stderr: &stderr, MemoryLimit: 64 << 20}); code != 0 || err != nil || stderr.String() != "done\n" {
		t.Errorf("100 MiB of garbage under a 64 MiB limit: exit %d, %v, %q", code, err, stderr.String())
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Compile errors are reported as file:line:col: message, all of them.
func TestCompileErrors(t *testing.T) {
	src := `package main

import "fmt"

func main() {
	var x int = "s"
	y := undefined
}
`
	_, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "bad.go", Src: []byte(src)})
	if err == nil {
		t.Fatal("compiled")
	}
	msg := err.Error()
	for _, want := range []string{
		`bad.go:3:8: "fmt" imported and not used`,
		`bad.go:6:14: cannot use "s" (untyped string constant) as int value in variable declaration`,
		`bad.go:7:2: declared and not used: y`,
		`bad.go:7:7: undefined: undefined`,
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("missing %q in:\n%s", want, msg)
		}
	}
	_, err = spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "imp.go", Src: []byte("package main\nimport \"plugin\"\nfunc main() { _ = plugin.Open }\n")})
	if err == nil || !strings.Contains(err.Error(), "imp.go:2:8: package plugin is not provided by spindle's guest standard library") {
		t.Errorf("missing-package error: %v", err)
	}
}

// A package-level variable too large for spindle is a run-time error, not
// a host crash.
func TestHugeGlobal(t *testing.T) {
	src := "package main\n\nvar big [1 << 31]byte\n\nfunc main() { big[7] = 1; println(big[7]) }\n"
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "g.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	code, _ := prog.Run(context.Background(), spindle.RunOptions{Stderr: &errb})
	if code != 2 || !strings.Contains(errb.String(), "exceeds spindle's allocation limit") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}

// syscall.Exec would replace the embedding process and end every run in
// it: outside the spindle command (RunOptions.Exec) it fails with ENOSYS.
func TestSyscallExecRefusedWhenEmbedded(t *testing.T) {
	src := `package main

import (
	"fmt"
	"syscall"
)

func main() {
	fmt.Println(syscall.Exec("/bin/true", []string{"true"}, nil))
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out})
	if err != nil || code != 0 || out.String() != "function not implemented\n" {
		t.Fatalf("exit %d, %v, output %q", code, err, out.String())
	}
}

// An embedded guest cannot signal its host or other processes: kill of
// the host's pid is the run's own signal (delivered where the program
// asked for it, else the run ends as a Go program killed by it would),
// of another process or a group EPERM, of its own child allowed.
func TestKillConfinedWhenEmbedded(t *testing.T) {
	src := `package main

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
)

func main() {
	self, _ := os.FindProcess(os.Getpid())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGUSR1)
	fmt.Println("usr1:", self.Signal(syscall.SIGUSR1), <-ch)
	fmt.Println("parent:", syscall.Kill(os.Getppid(), syscall.SIGKILL))
	fmt.Println("group:", syscall.Kill(0, syscall.SIGKILL))
	fmt.Println("all:", syscall.Kill(-1, syscall.SIGKILL))
	fmt.Println("ignored:", self.Signal(syscall.SIGCHLD))
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("child:", cmd.Process.Kill(), cmd.Wait())
	fmt.Println("kill:", self.Signal(syscall.SIGKILL))
	fmt.Println("not reached")
}
`
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var out, stderr bytes.Buffer
	code, err := prog.Run(context.Background(), spindle.RunOptions{Stdout: &out, Stderr: &stderr, Env: []string{"PATH=/usr/bin:/bin"}, Grants: spindle.Grants{Root: "/", Exec: true}})
	want := `usr1: <nil> user defined signal 1
parent: operation not permitted
group: operation not permitted
all: operation not permitted
ignored: <nil>
child: <nil> signal: killed
`
	if err != nil || code != 128+9 || out.String() != want {
		t.Fatalf("exit %d, %v, output:\n%s\nwant exit 137 and:\n%s\nstderr: %s", code, err, out.String(), want, stderr.String())
	}
}
