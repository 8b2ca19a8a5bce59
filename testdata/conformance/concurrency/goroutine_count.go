package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	fmt.Println("at start:", runtime.NumGoroutine())

	block := make(chan struct{})
	var started sync.WaitGroup
	for range 5 {
		started.Add(1)
		go func() {
			started.Done()
			<-block
		}()
	}
	started.Wait()
	fmt.Println("with 5 blocked:", runtime.NumGoroutine())

	// Unblock them all and wait for each to report it has finished.
	exited := make(chan int)
	for i := range 3 {
		go func() {
			exited <- i * i
		}()
	}
	close(block)
	sum := 0
	for range 3 {
		sum += <-exited
	}
	fmt.Println("sum from helpers:", sum)
	fmt.Println("unblocked, done")

	// Goroutines capture per-iteration variables.
	out := make([]string, 3)
	var wg sync.WaitGroup
	for i, name := range []string{"x", "y", "z"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out[i] = fmt.Sprintf("%d=%s", i, name)
		}()
	}
	wg.Wait()
	fmt.Println(out)

	// Arguments of a go statement are evaluated when the go statement runs.
	type acc struct{ total int }
	a := &acc{}
	var mu sync.Mutex
	add := func(n int) {
		defer wg.Done()
		mu.Lock()
		a.total += n
		mu.Unlock()
	}
	v := 10
	wg.Add(2)
	go add(v)
	v = 20
	go add(v)
	wg.Wait()
	fmt.Println("total:", a.total)
}

// Output:
// at start: 1
// with 5 blocked: 6
// sum from helpers: 5
// unblocked, done
// [0=x 1=y 2=z]
// total: 30
