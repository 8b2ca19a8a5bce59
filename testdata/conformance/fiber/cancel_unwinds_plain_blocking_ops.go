// spindle-only: package fiber is spindle's
// Rule: a fiber parked in a plain Go operation (<-ch, Lock, Sleep) unwinds
// through its defers when cancelled.
package main

import (
	"fmt"
	"sync"
	"time"

	"fiber"
)

func main() {
	var mu sync.Mutex
	mu.Lock()
	block := make(chan int)
	f1 := fiber.Spawn(func() int {
		defer fmt.Println("defer in chan receiver")
		<-block
		fmt.Println("not reached 1")
		return 1
	})
	f2 := fiber.Spawn(func() int {
		defer fmt.Println("defer in mutex waiter")
		mu.Lock()
		fmt.Println("not reached 2")
		return 2
	})
	f3 := fiber.Spawn(func() int {
		defer fmt.Println("defer in sleeper")
		time.Sleep(time.Hour)
		fmt.Println("not reached 3")
		return 3
	})
	fiber.Yield()
	for _, c := range []func(){f1.Cancel, f2.Cancel, f3.Cancel} {
		c()
	}
	_, e1 := f1.Join()
	_, e2 := f2.Join()
	_, e3 := f3.Join()
	fmt.Println(e1, e2, e3)
	mu.Unlock() // the cancelled waiter left the mutex's queue
	mu.Lock()
	fmt.Println("mutex still works")
}

// Output:
// defer in chan receiver
// defer in mutex waiter
// defer in sleeper
// fiber: cancelled fiber: cancelled fiber: cancelled
// mutex still works
