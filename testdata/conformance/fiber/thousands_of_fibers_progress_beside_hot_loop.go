// spindle-only: preemption and progress order are spindle's
// Rule: 10,000 fibers plus one hot loop: the hot fiber is preempted by the
// reduction budget, every other fiber makes progress before the hot loop
// ends, and the output is identical across runs (TestFiberDeterminism runs
// this 20 times).
package main

import (
	"fmt"
	"sync"
)

func main() {
	const n = 10000
	progressed := make([]bool, n)
	hotDone := false
	seenBeforeHot := 0
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the hot loop: never blocks
		defer wg.Done()
		x := 0
		for i := 0; i < 20_000_000; i++ {
			x += i & 7
		}
		for _, p := range progressed {
			if p {
				seenBeforeHot++
			}
		}
		hotDone = true
		fmt.Println("hot loop done, sum", x)
	}()
	order := make([]int, 0, n)
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			progressed[i] = true
			order = append(order, i)
		}()
	}
	wg.Wait()
	fmt.Println("fibers that progressed before the hot loop ended:", seenBeforeHot, "of", n, hotDone)
	h := 0
	for _, i := range order {
		h = h*31 + i
	}
	fmt.Println("order hash", h)
}

// Output:
// hot loop done, sum 70000000
// fibers that progressed before the hot loop ended: 10000 of 10000 true
// order hash -7127031384814550136
