// Rule: a captured variable held by value (written once, before the literal) reads
// the value stored in it, wherever that value was computed: in the loop body of a
// per-iteration variable, in an earlier block, from a previous iteration; a captured
// channel used in a loop by both goroutines. (spindle computes the stored value
// straight into the variable's register and reads it there, without moves.)
package main

import "fmt"

func compute(n int) int { return n * 3 }

func main() {
	// A per-iteration variable computed in the loop body.
	var fs []func() int
	for i := 0; i < 3; i++ {
		v := i * 2
		fs = append(fs, func() int { return v })
	}
	var got []int
	for _, f := range fs {
		got = append(got, f())
	}
	fmt.Println(got)

	// A value computed before a branch, captured after it.
	x := compute(5)
	if len(fs) > 2 {
		fmt.Println("branch")
	}
	done := make(chan int)
	go func() { done <- x + 1 }()
	fmt.Println(<-done, x)

	// A captured channel used in a loop by both sides.
	ping, pong := make(chan int), make(chan int)
	go func() {
		for v := range ping {
			pong <- v * v
		}
		close(pong)
	}()
	sum := 0
	for i := 0; i < 5; i++ {
		ping <- i
		sum += <-pong
	}
	close(ping)
	_, ok := <-pong
	fmt.Println(sum, ok)

	// Closures made in a loop over a value from the previous iteration.
	prev := 0
	var gs []func() int
	for i := 1; i <= 3; i++ {
		p := prev
		gs = append(gs, func() int { return p*10 + i })
		prev = i
	}
	got = got[:0]
	for _, g := range gs {
		got = append(got, g())
	}
	fmt.Println(got)
}

// Output:
// [0 2 4]
// branch
// 16 15
// 30 false
// [1 12 23]
