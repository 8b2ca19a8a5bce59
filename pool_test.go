package spindle

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"

	"spindle/internal/vm"
)

// A blocking host function runs on the syscall pool: only its fiber parks,
// the others keep running (here: until they release it).
func TestBlockingHostFunctionParksOnlyItsFiber(t *testing.T) {
	release := make(chan struct{})
	prog, err := CompileSource(CompileOptions{Host: []HostFunc{
		{Name: "main.slow", Blocking: true, Fn: func() string { <-release; return "slow done" }},
		{Name: "main.release", Fn: func() { close(release) }},
	}}, File{Name: "b.go", Src: []byte(`package main

func slow() string
func release()

func main() {
	done := make(chan string)
	go func() { done <- slow() }()
	n := 0
	for i := 0; i < 1000; i++ {
		n += i // other fibers run while slow blocks on the host
	}
	println("ticks", n)
	release()
	println(<-done)
}
`)})
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	// If the host call blocked the shard's thread, main could never call
	// release: the run would only end by this timeout.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	code, _ := prog.Run(ctx, RunOptions{Stderr: &errb})
	if code != 0 || errb.String() != "ticks 499500\nslow done\n" {
		t.Fatalf("exit %d, %q", code, errb.String())
	}
}

// A host function's Go type must match the guest declaration.
func TestHostFunctionSignatureChecked(t *testing.T) {
	_, err := CompileSource(CompileOptions{Host: []HostFunc{
		{Name: "main.f", Fn: func(int) int { return 0 }},
	}}, File{Name: "s.go", Src: []byte("package main\n\nfunc f(s string) int\n\nfunc main() { println(f(\"x\")) }\n")})
	if err == nil || !strings.Contains(err.Error(), "s.go:3:6: host function type func(int) int does not match the guest declaration func(s string) int") {
		t.Fatalf("got %v", err)
	}
}

// Syscall pool workers never run guest code: a pool job that tries is a
// spindle bug, reported as such, and the host survives.
func TestPoolWorkersNeverRunGuestCode(t *testing.T) {
	host := map[string]vm.HostFunc{}
	host["main.sneak"] = func(f *vm.Fiber, args, res []vm.Value) {
		if f.Resuming() {
			res[0] = vm.Bool(f.HostState().(bool))
			return
		}
		cb := args[0].R.(*vm.Closure)
		f.M.Offload(f, "sneak", func() (caught any) {
			defer func() { caught = recover() != nil }()
			f.M.CallGuest(f, cb.Fn, cb.Free) // must refuse: wrong thread
			return false
		})
	}
	code, stderr := runWithHost(t, `package main

func sneak(f func()) bool

func main() { println(sneak(func() { println("guest code ran on a worker") })) }
`, host)
	if code != 0 || stderr != "true\n" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}

// One run whose blocking calls hold the syscall pool (200 goroutines in a
// blocking host function, 64 of them running) does not stall another
// run's file I/O: each run has its own PoolSlots slots.
func TestBlockedPoolOfOneRunDoesNotStallAnother(t *testing.T) {
	release := make(chan struct{})
	entered := make(chan struct{}, 200)
	blocker, err := CompileSource(CompileOptions{Host: []HostFunc{
		{Name: "main.hold", Blocking: true, Fn: func() { entered <- struct{}{}; <-release }},
	}}, File{Name: "blocker.go", Src: []byte(`package main

func hold()

func main() {
	done := make(chan bool)
	for i := 0; i < 200; i++ {
		go func() {
			hold()
			done <- true
		}()
	}
	for i := 0; i < 200; i++ {
		<-done
	}
}
`)})
	if err != nil {
		t.Fatal(err)
	}
	brun := blocker.Start(context.Background(), RunOptions{Shards: 1})
	defer func() {
		close(release)
		if code, err := brun.Wait(); code != 0 || err != nil {
			t.Errorf("blocker: exit %d, %v", code, err)
		}
	}()
	for i := 0; i < vm.PoolSlots; i++ {
		<-entered // the blocker's calls hold every slot it has
	}
	file := filepath.Join(t.TempDir(), "data.txt")
	os.WriteFile(file, []byte("still served"), 0o600)
	reader, err := CompileSource(CompileOptions{}, File{Name: "reader.go", Src: []byte(`package main

import (
	"fmt"
	"os"
)

func main() {
	b, err := os.ReadFile(os.Args[1])
	fmt.Println(string(b), err)
}
`)})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	// With one process-wide pool, ReadFile would wait behind the
	// blocker's 136 queued calls until this timeout.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	code, err := reader.Run(ctx, RunOptions{Args: []string{"reader", file}, Stdout: &out, Shards: 1, Grants: GrantAll})
	if err != nil || code != 0 || out.String() != "still served <nil>\n" {
		t.Fatalf("reader: exit %d, %v, output %q", code, err, out.String())
	}
}

// A run cancelled while its goroutines are blocked opening a FIFO that
// nobody opens (more of them than the run has pool slots) leaves no host
// goroutine behind: the queued calls give up, and the blocked opens are
// released when the run ends.
func TestCancelledRunReleasesBlockedFIFOOpens(t *testing.T) {
	leaks := goleak.IgnoreCurrent()
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("mkfifo:", err)
	}
	fds := func() int {
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd")
		}
		return len(ents)
	}
	before := fds()
	prog, err := CompileSource(CompileOptions{}, File{Name: "fifo.go", Src: []byte(`package main

import "os"

func main() {
	for i := 0; i < 100; i++ {
		go os.Open(os.Args[1])
	}
	// Its Close waits for a pool slot behind the blocked opens: the
	// run's end closes the file.
	r, w, _ := os.Pipe()
	go r.Close()
	go w.Close()
	os.Open(os.Args[1])
}
`)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := prog.Start(ctx, RunOptions{Args: []string{"fifo", fifo}, Shards: 1, Grants: GrantAll})
	for deadline := time.Now().Add(time.Minute); strings.Count(r.Dump(), "[syscall]") < 101; {
		if time.Now().After(deadline) {
			t.Fatalf("the opens did not all start:\n%s", r.Dump())
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	if code, err := r.Wait(); code != 1 || err == nil {
		t.Errorf("cancelled run: exit %d, %v", code, err)
	}
	goleak.VerifyNone(t, leaks) // the released opens' goroutines end
	if after := fds(); after > before {
		t.Errorf("%d descriptors open before the run, %d after", before, after)
	}
}
