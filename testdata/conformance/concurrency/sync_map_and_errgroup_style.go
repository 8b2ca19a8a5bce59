package main

import (
	"errors"
	"fmt"
	"sort"
	"sync"
)

func main() {
	var m sync.Map
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m.Store(i%5, fmt.Sprint("v", i%5))
		}()
	}
	wg.Wait()

	var keys []int
	m.Range(func(k, v any) bool {
		keys = append(keys, k.(int))
		return true
	})
	sort.Ints(keys)
	fmt.Println(keys)

	v, ok := m.Load(3)
	fmt.Println(v, ok)
	v, ok = m.Load(99)
	fmt.Println(v, ok)
	actual, loaded := m.LoadOrStore(3, "other")
	fmt.Println(actual, loaded)
	actual, loaded = m.LoadOrStore(7, "seven")
	fmt.Println(actual, loaded)
	prev, loaded := m.LoadAndDelete(7)
	fmt.Println(prev, loaded)
	m.Delete(0)
	_, ok = m.Load(0)
	fmt.Println(ok)
	old, swapped := m.Swap(1, "one")
	fmt.Println(old, swapped)
	fmt.Println(m.CompareAndSwap(1, "one", "uno"), m.CompareAndDelete(2, "nope"))

	// First error wins collection pattern.
	var once sync.Once
	var firstErr error
	var wg2 sync.WaitGroup
	errCount := 0
	var mu sync.Mutex
	for i := range 6 {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			if i%2 == 1 {
				mu.Lock()
				errCount++
				mu.Unlock()
				once.Do(func() { firstErr = errors.New("task failed") })
			}
		}()
	}
	wg2.Wait()
	fmt.Println(firstErr, errCount)
}

// Output:
// [0 1 2 3 4]
// v3 true
// <nil> false
// v3 true
// seven false
// seven true
// false
// v1 true
// true false
// task failed 3
