package main

import (
	"fmt"
	"sync"
)

func square(n int) int { return n * n }

func main() {
	const n = 10
	results := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = square(i)
		}()
	}
	wg.Wait()
	fmt.Println(results)

	// WaitGroup.Go (Go 1.25).
	var wg2 sync.WaitGroup
	words := []string{"alpha", "beta", "gamma"}
	lens := make([]int, len(words))
	for i, w := range words {
		wg2.Go(func() { lens[i] = len(w) })
	}
	wg2.Wait()
	fmt.Println(lens)

	// Nested goroutines with a shared WaitGroup.
	var wg3 sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for i := 1; i <= 4; i++ {
		wg3.Add(1)
		go func() {
			defer wg3.Done()
			for j := 1; j <= i; j++ {
				wg3.Add(1)
				go func() {
					defer wg3.Done()
					mu.Lock()
					total += j
					mu.Unlock()
				}()
			}
		}()
	}
	wg3.Wait()
	fmt.Println("total:", total)
}

// Output:
// [0 1 4 9 16 25 36 49 64 81]
// [5 4 5]
// total: 20
