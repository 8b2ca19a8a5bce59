package spindle

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"testing"
	"weak"

	"spindle/internal/compile"
	"spindle/internal/std"
	"spindle/internal/vm"
)

// Fiber frames are GC roots: an object referenced only from a parked
// fiber's registers survives collections, and is collected once the fiber
// drops it, even while its handle (and so its fiber record, which may
// hold its first registers) is kept; a popped frame keeps nothing alive.
// The guest calls two host functions: track makes a weak
// pointer to an object's storage, check collects and compares.
func TestFiberFramesAreGCRoots(t *testing.T) {
	src := `package main

import "fiber"

func track(p *[64]int)
func check(label string, wantAlive bool)

func start(ch chan int) *fiber.Fiber[int] {
	obj := new([64]int)
	obj[0] = 7
	track(obj)
	return fiber.Spawn(func() int {
		<-ch // parked, holding obj only in this fiber's registers
		return obj[0]
	})
}

func temp() {
	obj := new([64]int)
	track(obj)
}

func main() {
	ch := make(chan int)
	f := start(ch)
	fiber.Yield() // let it park
	check("while the fiber is parked", true)
	ch <- 1
	v, err := f.Join()
	println(v, err == nil)
	check("after the fiber ended", false)
	println(f.ID() > 0) // the handle (and the fiber record) are still live
	temp()
	check("after temp's frame was popped", false)
}
`
	checkLiveness(t, src, "7 true\ntrue\n", nil)
}

// A fiber started by a go statement is recycled when it ends (its record,
// stack and frames are reused by the next fiber its shard starts): the
// reused record must keep nothing the dead fiber referenced, and a fiber
// that is the parent of a joinable child is never reused (the child's
// Join would mistake a new fiber for its ancestor). The guest reports each
// fiber's record through where(), a host function.
func TestRecycledFibersKeepNothing(t *testing.T) {
	src := `package main

import "fiber"

func track(p *[64]int)
func check(label string, wantAlive bool)
func where() int

func hold(done chan int) {
	obj := new([64]int)
	obj[0] = 5
	track(obj)
	done <- where() + obj[0] - 5
}

func main() {
	done := make(chan int)
	go hold(done)
	first := <-done
	fiber.Yield() // let it end
	check("after the go fiber ended", false)
	go func() { done <- where() }()
	println("reused:", <-done == first)

	// A parent of a joinable child is not recycled.
	hs := make(chan *fiber.Fiber[int])
	go func() {
		child := fiber.Spawn(func() int {
			h := <-hs
			v, err := h.Join()
			println("join:", v, err == nil)
			done <- 0
			return 0
		})
		child.Detach()
		done <- where()
	}()
	parent := <-done
	fiber.Yield()
	h := fiber.Spawn(func() int { done <- where(); return 42 })
	println("parent reused:", <-done == parent)
	hs <- h
	<-done
}
`
	ids := map[*vm.Fiber]int64{}
	where := func(f *vm.Fiber, args, res []vm.Value) {
		if _, ok := ids[f]; !ok {
			ids[f] = int64(len(ids) + 1)
		}
		res[0] = vm.Int(ids[f])
	}
	checkLiveness(t, src, "reused: true\nparent reused: false\njoin: 42 true\n", map[string]vm.HostFunc{"main.where": where})
}

// A go statement's fiber starts when the run queue reaches it; until then
// the statement's values live in a small record (internal/vm/runq.go). A
// not-started goroutine counts for runtime.NumGoroutine, appears in a dump
// as runnable at the start of its function, keeps its arguments alive, and
// once it has run and ended keeps nothing alive.
func TestNotStartedGoroutines(t *testing.T) {
	src := `package main

import "runtime"

func track(p *[64]int)
func check(label string, wantAlive bool)
func dump()

func use(p *[64]int, done chan int) {
	done <- p[0]
}

func main() {
	done := make(chan int)
	obj := new([64]int)
	obj[0] = 9
	track(obj)
	go use(obj, done)
	obj = nil
	println(runtime.NumGoroutine())
	dump()
	check("before the go statement's fiber started", true)
	println(<-done)
	runtime.Gosched() // let it end
	check("after it ran and ended", false)
	println(runtime.NumGoroutine())
}
`
	var dump string
	checkLiveness(t, src, "2\n9\n1\n", map[string]vm.HostFunc{"main.dump": func(f *vm.Fiber, args, res []vm.Value) { dump = f.M.Dump() }})
	if want := "goroutine 2 [runnable]:\nmain.use()\n"; !strings.Contains(dump, want) {
		t.Errorf("dump lacks %q:\n%s", want, dump)
	}
}

// An ended fiber.Spawn child is referenced only by its handle: once the
// handle is dropped its result is collected, even while many other fibers
// live (the machine's lists of fibers must not keep ended children).
func TestJoinedChildResultCollected(t *testing.T) {
	src := `package main

import "fiber"

func track(p *[64]int)
func check(label string, wantAlive bool)

func spawnAndJoin() {
	h := fiber.Spawn(func() *[64]int {
		obj := new([64]int)
		obj[0] = 3
		track(obj)
		return obj
	})
	v, err := h.Join()
	println(v[0], err == nil)
	check("while the result is held", true)
}

func main() {
	gate := make(chan int)
	for i := 0; i < 200; i++ {
		go func() { <-gate }() // live fibers beside the child
	}
	spawnAndJoin() // its frame, the only holder of handle and result, is popped
	check("after the handle and result were dropped", false)
	close(gate)
}
`
	checkLiveness(t, src, "3 true\n", nil)
}

// An ended fiber whose handle is kept holds nothing it received: its
// channel wait entry is cleared when it ends (found in review: the last
// value a fiber.Channel receive delivered stayed reachable).
func TestEndedFiberKeepsNoReceivedValue(t *testing.T) {
	src := `package main

import "fiber"

func track(p *[64]int)
func check(label string, wantAlive bool)

func send(ch *fiber.Channel[*[64]int]) {
	obj := new([64]int)
	obj[0] = 7
	track(obj)
	ch.Send(obj)
}

func main() {
	ch := fiber.NewChannel[*[64]int]()
	h := fiber.Spawn(func() int {
		v, _ := ch.Receive() // parks, then is woken with the value
		return v[0]
	})
	fiber.Yield() // the child parks in Receive
	send(ch)
	n, err := h.Join()
	println(n, err == nil)
	check("after the receiver ended, its handle kept", false)
	println(h.ID() > 0)
}
`
	checkLiveness(t, src, "7 true\ntrue\n", nil)
}

// runWithHost compiles and runs the guest program src with the std's host
// functions plus extra and every grant, and returns its exit code and
// stderr.
func runWithHost(t *testing.T, src string, extra map[string]vm.HostFunc) (int, string) {
	t.Helper()
	return runWithHostOpts(t, src, extra, RunOptions{Grants: GrantAll})
}

// runWithHostOpts is runWithHost with run options (Stderr is replaced).
func runWithHostOpts(t *testing.T, src string, extra map[string]vm.HostFunc, o RunOptions) (int, string) {
	t.Helper()
	host := map[string]vm.HostFunc{}
	for k, v := range std.Host {
		host[k] = v
	}
	for k, v := range extra {
		host[k] = v
	}
	lp, err := guestStd().LoadMain([]string{"main.go"}, [][]byte{[]byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	p, err := compile.Compile(context.Background(), lp, compile.Options{Host: host})
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	o.Stderr = &errb
	code, _ := (&Program{p: p}).Run(context.Background(), o)
	return code, errb.String()
}

// checkLiveness runs src with liveness's host functions plus extra, and
// fails unless it exits 0 with stderr want and every liveness check held.
func checkLiveness(t *testing.T, src, want string, extra map[string]vm.HostFunc) {
	t.Helper()
	var l liveness
	host := l.host()
	for k, v := range extra {
		host[k] = v
	}
	code, stderr := runWithHost(t, src, host)
	if code != 0 || stderr != want {
		t.Fatalf("exit %d, stderr %q, want %q", code, stderr, want)
	}
	l.report(t)
}

// liveness gives a guest program two host functions: track(p) makes a
// weak pointer to the storage p points to, check(label, wantAlive)
// collects twice and records a failure if the storage's liveness is not
// wantAlive.
type liveness struct {
	wp       weak.Pointer[vm.Value]
	failures []string
}

func (l *liveness) host() map[string]vm.HostFunc {
	return map[string]vm.HostFunc{
		"main.track": func(f *vm.Fiber, args, res []vm.Value) {
			l.wp = weak.Make(args[0].Ptr())
		},
		"main.check": func(f *vm.Fiber, args, res []vm.Value) {
			label, want := args[0].String(), args[1].Bool()
			runtime.GC()
			runtime.GC()
			if alive := l.wp.Value() != nil; alive != want {
				l.failures = append(l.failures, label)
			}
		},
	}
}

func (l *liveness) report(t *testing.T) {
	for _, f := range l.failures {
		t.Errorf("wrong liveness %s", f)
	}
}

// A frame suspended in a call keeps only the registers it may still
// read: once a shrink pass visits a fiber parked through a collection
// cycle, a caller's reference registers that no path reads before
// writing are cleared (internal/vm/liveness.go), as Go's stack maps skip
// dead slots. serve's last request is collected while serve waits for
// the next one; keep, which serve reads after the wait, survives, and
// the sums printed after waking show every live register intact.
func TestDeadRegistersOfParkedCallersCleared(t *testing.T) {
	src := `package main

import "runtime"

func track(p *[64]int)
func check(label string, wantAlive bool)

func wait(ch chan int) int {
	deep(100) // grows the stack: the shrink passes visit this fiber
	return <-ch
}

func serve(ch, out chan int) {
	keep := new([64]int)
	keep[0] = 5
	for i := 0; i < 2; i++ {
		req := new([64]int)
		req[0] = i
		if i == 1 {
			track(req)
		}
		out <- req[0] + keep[0]
		keep[1] += wait(ch)
	}
	out <- keep[0] + keep[1]
}

func main() {
	ch, out := make(chan int), make(chan int)
	go serve(ch, out)
	println(<-out)
	ch <- 1
	println(<-out)
	for i := 0; i < 10; i++ {
		runtime.Gosched() // serve parks in wait
	}
	runtime.GC() // the first pass marks the parked fiber
	runtime.GC() // the second shrinks it
	check("of the last request while serve waits", false)
	ch <- 2
	println(<-out)
}
` + deepSrc
	checkLiveness(t, src, "5\n6\n8\n", nil)
}

// A field's address points into a struct's storage, not the cell its
// finalizer is attached to: the shrink pass keeps the register the
// address was derived from while the address is live, so the finalizer
// does not run while the program still uses the field (Go's: the field's
// address keeps the whole object), though the struct's own register is
// not read again.
func TestInteriorPointerKeepsItsBase(t *testing.T) {
	src := `package main

import "runtime"

type F struct {
	fd  int
	buf [8]int
}

var finalized bool

func wait(ch chan int) int {
	deep(100) // grows the stack: the shrink passes visit this fiber
	return <-ch
}

func user(ch chan int, done chan bool) {
	f := &F{fd: 3}
	runtime.SetFinalizer(f, func(*F) { finalized = true })
	p := &f.fd
	wait(ch)
	println(*p, finalized)
	done <- true
}

func main() {
	ch, done := make(chan int), make(chan bool)
	go user(ch, done)
	for i := 0; i < 10; i++ {
		runtime.Gosched()
	}
	for i := 0; i < 4; i++ {
		runtime.GC()
		for j := 0; j < 10; j++ {
			runtime.Gosched() // a finalizer's fiber may run
		}
	}
	ch <- 1
	<-done
}
` + deepSrc
	checkLiveness(t, src, "3 false\n", nil)
}
