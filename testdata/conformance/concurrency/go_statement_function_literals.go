// Rule: `go func(args) {...}(vals)` starts the literal with its arguments
// evaluated at the go statement and its free variables shared with the
// enclosing function (writes on either side are seen by the other), for
// literals used only by the go statement (spindle passes their variables
// directly, allocating no closure) and for function values kept and
// started several times.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	total := 0
	var mu sync.Mutex
	results := make([]int, 5)
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func(k, sq int) {
			defer wg.Done()
			results[k] = sq + i // i is per-iteration (Go 1.22)
			mu.Lock()
			total += k
			mu.Unlock()
		}(i, i*i)
	}
	wg.Wait()
	fmt.Println(results, total)

	// The literal writes a captured variable the parent reads afterwards.
	msg := "before"
	done := make(chan bool)
	go func() {
		msg = "written by the fiber"
		done <- true
	}()
	<-done
	fmt.Println(msg)

	// A function value used twice: a real closure.
	count := 0
	f := func(n int) {
		mu.Lock()
		count += n
		mu.Unlock()
		done <- true
	}
	go f(10)
	go f(32)
	<-done
	<-done
	fmt.Println(count)

	// Arguments are evaluated at the go statement, free variables are not.
	x := 1
	start := make(chan bool)
	ch := make(chan [2]int)
	go func(snapshot int) {
		<-start
		ch <- [2]int{snapshot, x}
	}(x)
	x = 2
	start <- true
	fmt.Println(<-ch)
}

// Output:
// [0 2 6 12 20] 10
// written by the fiber
// 42
// [1 2]
