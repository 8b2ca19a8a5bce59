// Rule: time.Sleep parks only the sleeping goroutine: main's own short
// sleeps tick on while another goroutine sleeps much longer, and sleeping
// goroutines wake in deadline order.
package main

import (
	"fmt"
	"sync/atomic"
	"time"
)

func main() {
	var woke atomic.Bool
	done := make(chan bool)
	// Before the go statement: a goroutine started at once on another
	// thread (gc under load) would otherwise begin its sleep before start.
	start := time.Now()
	go func() {
		time.Sleep(time.Second)
		woke.Store(true)
		done <- true
	}()
	for i := 0; i < 5; i++ {
		time.Sleep(2 * time.Millisecond)
		fmt.Println("tick", i, "sleeper awake:", woke.Load())
	}
	fmt.Println("ticks took less than the sleep:", time.Since(start) < time.Second)
	<-done
	fmt.Println("sleeper awake:", woke.Load(), "after", time.Since(start) >= time.Second)

	order := make(chan int, 3)
	for _, d := range []int{90, 10, 50} {
		go func(d int) {
			time.Sleep(time.Duration(d) * time.Millisecond)
			order <- d
		}(d)
	}
	fmt.Println(<-order, <-order, <-order)
}

// Output:
// tick 0 sleeper awake: false
// tick 1 sleeper awake: false
// tick 2 sleeper awake: false
// tick 3 sleeper awake: false
// tick 4 sleeper awake: false
// ticks took less than the sleep: true
// sleeper awake: true after true
// 10 50 90
