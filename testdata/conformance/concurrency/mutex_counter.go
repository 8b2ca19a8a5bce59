package main

import (
	"fmt"
	"sync"
)

type SafeCounter struct {
	mu sync.Mutex
	m  map[string]int
}

func (c *SafeCounter) Inc(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.m[key]++
}

func (c *SafeCounter) Get(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[key]
}

func main() {
	c := SafeCounter{m: map[string]int{}}
	var wg sync.WaitGroup
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				c.Inc("total")
			}
			if i%2 == 0 {
				c.Inc("even")
			}
		}()
	}
	wg.Wait()
	fmt.Println(c.Get("total"), c.Get("even"))

	// Plain counter with mutex.
	var mu sync.Mutex
	count := 0
	var wg2 sync.WaitGroup
	for range 200 {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			mu.Lock()
			count++
			mu.Unlock()
		}()
	}
	wg2.Wait()
	fmt.Println(count)

	// TryLock.
	var m sync.Mutex
	fmt.Println(m.TryLock())
	fmt.Println(m.TryLock())
	m.Unlock()
	fmt.Println(m.TryLock())
	m.Unlock()

	// RWMutex: multiple readers.
	var rw sync.RWMutex
	shared := map[int]int{}
	var wg3 sync.WaitGroup
	for i := range 10 {
		wg3.Add(1)
		go func() {
			defer wg3.Done()
			rw.Lock()
			shared[i] = i * i
			rw.Unlock()
		}()
	}
	wg3.Wait()
	sums := make([]int, 5)
	var wg4 sync.WaitGroup
	for r := range 5 {
		wg4.Add(1)
		go func() {
			defer wg4.Done()
			rw.RLock()
			defer rw.RUnlock()
			for _, v := range shared {
				sums[r] += v
			}
		}()
	}
	wg4.Wait()
	fmt.Println(sums)
	fmt.Println(rw.TryRLock(), rw.TryRLock(), rw.TryLock())
	rw.RUnlock()
	rw.RUnlock()
	fmt.Println(rw.TryLock())
}

// Output:
// 5000 50
// 200
// true
// false
// true
// [285 285 285 285 285]
// true true false
// true
