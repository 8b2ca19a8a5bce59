// spindle-only: scheduling order is spindle's
// reductions: 1
// Rule: at a reduction budget of 1, three fibers interleave in an exact
// round-robin order: every call and loop back-edge ends a slice.
package main

import "fmt"

var trace []string

func worker(name string, n int, done chan bool) {
	for i := 0; i < n; i++ {
		trace = append(trace, fmt.Sprint(name, i))
	}
	done <- true
}

func main() {
	done := make(chan bool, 3)
	go worker("a", 3, done)
	go worker("b", 3, done)
	go worker("c", 3, done)
	for i := 0; i < 3; i++ {
		<-done
	}
	fmt.Println(trace)
}

// Output:
// [a0 b0 c0 a1 b1 c1 a2 b2 c2]
