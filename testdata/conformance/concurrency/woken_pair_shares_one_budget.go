// spindle-only: the run-next slot and budgets are spindle's scheduling
// Rule: a fiber woken by the running fiber runs next, in the rest of the
// waker's reduction budget. Two fibers handing values back and forth
// share one budget, so a third runnable fiber still gets turns while they
// exchange; a fresh budget per hand-off would let the pair run alone.
package main

import (
	"fmt"
	"runtime"
	"sync/atomic"
)

func main() {
	var turns atomic.Int64
	var stop atomic.Bool
	watcherDone := make(chan bool)
	go func() {
		for !stop.Load() {
			turns.Add(1)
			runtime.Gosched()
		}
		watcherDone <- true
	}()
	ping, pong := make(chan int), make(chan int)
	go func() {
		for v := range ping {
			pong <- v + 1
		}
	}()
	runtime.Gosched() // both have started
	before := turns.Load()
	sum := 0
	for i := 0; i < 200_000; i++ {
		ping <- i
		sum += <-pong
	}
	during := turns.Load() - before
	stop.Store(true)
	close(ping)
	<-watcherDone
	fmt.Println(sum, during >= 20)
}

// Output:
// 20000100000 true
