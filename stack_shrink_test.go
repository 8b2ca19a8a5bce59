package spindle

import (
	"fmt"
	"runtime"
	"testing"

	"spindle/internal/vm"
)

// deepSrc is a guest function that grows its fiber's stack: each of its
// frames holds an array.
const deepSrc = `
func deep(n int) int {
	var pad [16]int
	pad[n%16] = n
	if n == 0 {
		return 0
	}
	return deep(n-1) + pad[n%16] - n + 1
}
`

// A fiber parked across collections has its stack shrunk to fit its
// frames (internal/vm/shrink.go), whatever it is parked in: a direct
// channel receive (whose waker writes into the stack), a receive with ok,
// a select, a host call (a socket read, which re-executes on resume with
// its argument window) and a sleep. Each worker grows its stack deep,
// returns, parks holding locals and a deferred call, and on waking checks
// them. A fiber parked on the small stack allocated with its record keeps
// it (a separate smaller one would not free it). The host functions: note
// records the calling fiber, stacks sums
// the noted fibers' stack sizes, gc runs the shrink passes two
// collections would (the first marks the parked fibers, the second
// shrinks them).
func TestIdleFiberStacksShrink(t *testing.T) {
	src := `package main

import (
	"net"
	"runtime"
	"time"
)

func note()
func stacks() int
func gc()
func noteSmall()
func smallStack() int


type result struct {
	kind string
	v    int
}

func worker(kind string, ch chan int, conn net.Conn, out chan result) {
	a, b := 40, "two"
	local := [3]int{1, 2, 3}
	defer func() {
		out <- result{kind, a + len(b) + local[2]} // 40+3+3, +6 received: the locals survived
	}()
	if deep(200) != 200 {
		panic("deep")
	}
	note()
	switch kind {
	case "recv":
		a += <-ch
	case "recvok":
		v, ok := <-ch
		if !ok {
			panic("closed")
		}
		a += v
	case "select":
		select {
		case v := <-ch:
			a += v
		case <-time.After(time.Hour):
		}
	case "read":
		buf := make([]byte, 4)
		n, err := conn.Read(buf)
		if err != nil || string(buf[:n]) != "ping" {
			panic("read")
		}
	case "sleep":
		time.Sleep(300 * time.Millisecond)
	}
	a -= len(kind) - len(kind) // keep kind live
}

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	client, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		panic(err)
	}
	server, err := ln.Accept()
	if err != nil {
		panic(err)
	}
	gate := make(chan int)
	go func() {
		noteSmall()
		<-gate // parked on its first stack, allocated with its record
	}()
	kinds := []string{"recv", "recvok", "select", "read", "sleep"}
	chans := map[string]chan int{}
	out := make(chan result, len(kinds))
	for _, k := range kinds {
		chans[k] = make(chan int)
		go worker(k, chans[k], server, out)
	}
	for i := 0; i < 10; i++ {
		runtime.Gosched() // every worker reaches its park
	}
	before, small := stacks(), smallStack()
	gc()
	after := stacks()
	println("shrunk:", after*4 <= before, before > 0)
	println("small stack kept:", smallStack() == small)
	close(gate)
	chans["recv"] <- 6
	chans["recvok"] <- 6
	chans["select"] <- 6
	client.Write([]byte("ping"))
	got := map[string]int{}
	for range kinds {
		r := <-out
		got[r.kind] = r.v
	}
	for _, k := range kinds {
		println(k, got[k])
	}
}
`
	var noted []*vm.Fiber
	var small *vm.Fiber
	host := map[string]vm.HostFunc{
		"main.noteSmall":  func(f *vm.Fiber, args, res []vm.Value) { small = f },
		"main.smallStack": func(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(int64(small.StackSize())) },
		"main.note":       func(f *vm.Fiber, args, res []vm.Value) { noted = append(noted, f) },
		"main.stacks": func(f *vm.Fiber, args, res []vm.Value) {
			n := 0
			for _, w := range noted {
				if w.State() != vm.Parked {
					panic(fmt.Sprintf("fiber %d is %v, not parked", w.ID, w.State()))
				}
				n += w.StackSize()
			}
			res[0] = vm.Int(int64(n))
		},
		"main.gc": func(f *vm.Fiber, args, res []vm.Value) {
			f.M.AfterGC()
			f.M.AfterGC()
		},
	}
	want := "shrunk: true true\nsmall stack kept: true\nrecv 52\nrecvok 52\nselect 52\nread 46\nsleep 46\n"
	if code, stderr := runWithHost(t, src+deepSrc, host); code != 0 || stderr != want {
		t.Fatalf("exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
	}
}

// Without any guest runtime.GC, the host's collections reach a shard
// that sleeps in its poller (gcReach): its passes run and a fiber parked
// through a whole cycle is shrunk. The guest's main waits in a blocking
// host call (on the syscall pool) that collects until the shard has run
// two passes since, so the shard has nothing to run and sleeps
// meanwhile.
func TestCollectionsReachASleepingShard(t *testing.T) {
	src := `package main

func note()
func stack() int
func collect()


func main() {
	ch, done := make(chan int), make(chan int)
	go func() {
		deep(200)
		note()
		done <- <-ch + 1
	}()
	for stack() == 0 {
		ch2 := make(chan int, 1)
		ch2 <- 1
		<-ch2 // lets the worker run up to its park
	}
	before := stack()
	collect()
	println("shrunk:", stack()*4 <= before)
	ch <- 7
	println("got", <-done)
}
`
	var worker *vm.Fiber
	var m *vm.Machine
	host := map[string]vm.HostFunc{
		"main.note": func(f *vm.Fiber, args, res []vm.Value) { worker, m = f, f.M },
		"main.stack": func(f *vm.Fiber, args, res []vm.Value) {
			n := 0
			if worker != nil && worker.State() == vm.Parked {
				n = worker.StackSize()
			}
			res[0] = vm.Int(int64(n))
		},
		"main.collect": func(f *vm.Fiber, args, res []vm.Value) {
			if f.Resuming() {
				return
			}
			want := m.ShrinkPasses() + 2
			f.M.Offload(f, "collect", func() any {
				// Collect until the shard ran two passes (the first marks
				// the parked worker, the second shrinks it); bounded, so a
				// shard that is never reached fails the test instead of
				// hanging it.
				for i := 0; i < 2000 && m.ShrinkPasses() < want; i++ {
					runtime.GC()
					runtime.Gosched()
				}
				return nil
			})
		},
	}
	want := "shrunk: true\ngot 8\n"
	if code, stderr := runWithHost(t, src+deepSrc, host); code != 0 || stderr != want {
		t.Fatalf("exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
	}
}
