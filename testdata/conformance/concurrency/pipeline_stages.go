package main

import (
	"fmt"
	"sync"
)

func generate(nums ...int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for _, n := range nums {
			out <- n
		}
	}()
	return out
}

func square(in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for n := range in {
			out <- n * n
		}
	}()
	return out
}

func filterOdd(in <-chan int) <-chan int {
	out := make(chan int)
	go func() {
		defer close(out)
		for n := range in {
			if n%2 == 1 {
				out <- n
			}
		}
	}()
	return out
}

func merge(cs ...<-chan int) <-chan int {
	var wg sync.WaitGroup
	out := make(chan int)
	for _, c := range cs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range c {
				out <- v
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}

func main() {
	// Linear pipeline preserves order.
	for v := range filterOdd(square(generate(1, 2, 3, 4, 5, 6, 7))) {
		fmt.Print(v, ";")
	}
	fmt.Println()

	// Fan-out / fan-in: order is not deterministic, so aggregate.
	src := generate(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
	w1, w2, w3 := square(src), square(src), square(src)
	sum, count := 0, 0
	for v := range merge(w1, w2, w3) {
		sum += v
		count++
	}
	fmt.Println("sum of squares:", sum, "count:", count)

	// Cancellation with a done channel.
	done := make(chan struct{})
	naturals := func() <-chan int {
		out := make(chan int)
		go func() {
			defer close(out)
			for i := 0; ; i++ {
				select {
				case out <- i:
				case <-done:
					return
				}
			}
		}()
		return out
	}()
	for v := range naturals {
		if v == 5 {
			close(done)
			break
		}
		fmt.Print(v, ";")
	}
	fmt.Println()
	// Drain remaining (at most one value may be in flight).
	for range naturals {
	}
	fmt.Println("pipeline stopped")
}

// Output:
// 1;9;25;49;
// sum of squares: 385 count: 10
// 0;1;2;3;4;
// pipeline stopped
