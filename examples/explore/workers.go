package bugs

import "sync"

// SumAll sums the squares of xs in one goroutine each, but each goroutine
// calls wg.Add itself: Wait can return before some have added.
func SumAll(xs []int) int {
	var (
		mu  sync.Mutex
		sum int
		wg  sync.WaitGroup
	)
	for _, x := range xs {
		go func() {
			wg.Add(1) // the bug: Add belongs before the go statement
			defer wg.Done()
			mu.Lock()
			sum += x * x
			mu.Unlock()
		}()
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	return sum
}
