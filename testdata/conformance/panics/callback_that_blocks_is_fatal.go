// spindle-only: Go lets a String method block; spindle's callbacks may not
// exit: 2
// stderr: fatal error: spindle: a function called back from host code (a String method, a sort comparison) blocked; callbacks may not block
// Rule: a guest function the host calls back (here fmt calling a String
// method) may not block, even when other fibers are runnable: the run ends
// with a fatal error and a dump instead of running other fibers inside the
// host call (which ended in a spindle BUG, or, with a woken fiber taking
// the callback's unbounded budget, ran that fiber without preemption).
// runtime.Gosched inside a callback does nothing.
package main

import (
	"fmt"
	"runtime"
)

var ch = make(chan int)
var done = make(chan int)

type Yielder struct{}

func (Yielder) String() string {
	runtime.Gosched()
	return "yielded"
}

type Blocker struct{}

func (Blocker) String() string {
	ch <- 1 // wakes the waiting goroutine
	<-done  // blocks inside the callback
	return "never"
}

func main() {
	fmt.Println(Yielder{})
	go func() {
		<-ch
		done <- 1
	}()
	go fmt.Println("another runnable goroutine")
	runtime.Gosched() // the first goroutine waits on ch
	fmt.Println(Blocker{})
}

// Output:
// yielded
// another runnable goroutine
