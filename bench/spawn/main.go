// Command spawn starts N goroutines (default 100_000), each doing a
// trivial amount of work, and joins them with a sync.WaitGroup. It prints
// N and a checksum.
//
// It measures the cost of creating, scheduling and finishing one
// goroutine.
package main

import (
	"fmt"
	"os"
	"strconv"
	"sync"
)

func main() {
	n := 100_000
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v < 0 {
			fmt.Fprintln(os.Stderr, "usage: spawn [N]")
			os.Exit(2)
		}
		n = v
	}
	results := make([]int, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			results[i] = i * 3
			wg.Done()
		}(i)
	}
	wg.Wait()
	sum := 0
	for _, r := range results {
		sum += r
	}
	fmt.Println(n, sum)
}
