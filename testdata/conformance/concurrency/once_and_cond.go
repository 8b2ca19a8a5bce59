package main

import (
	"fmt"
	"sync"
)

var (
	once   sync.Once
	config map[string]string
	loads  int
)

func loadConfig() {
	loads++
	config = map[string]string{"mode": "fast"}
}

func main() {
	var wg sync.WaitGroup
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once.Do(loadConfig)
		}()
	}
	wg.Wait()
	fmt.Println(loads, config["mode"])
	once.Do(func() { fmt.Println("never runs") })

	// OnceValue / OnceFunc.
	calls := 0
	get := sync.OnceValue(func() int {
		calls++
		return 42
	})
	fmt.Println(get(), get(), calls)
	pair := sync.OnceValues(func() (string, error) { return "v", nil })
	s, err := pair()
	fmt.Println(s, err)
	hello := sync.OnceFunc(func() { fmt.Println("hello once") })
	hello()
	hello()

	// Cond: wait until a queue has enough items.
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	queue := []int{}
	ready := false
	var wg2 sync.WaitGroup
	wg2.Add(1)
	go func() {
		defer wg2.Done()
		mu.Lock()
		for !ready {
			cond.Wait()
		}
		fmt.Println("consumer sees", queue)
		mu.Unlock()
	}()
	for i := range 3 {
		mu.Lock()
		queue = append(queue, i)
		if len(queue) == 3 {
			ready = true
		}
		mu.Unlock()
		cond.Signal()
	}
	wg2.Wait()

	// Broadcast wakes all waiters.
	start := false
	var wg3 sync.WaitGroup
	woke := 0
	for range 4 {
		wg3.Add(1)
		go func() {
			defer wg3.Done()
			mu.Lock()
			for !start {
				cond.Wait()
			}
			woke++
			mu.Unlock()
		}()
	}
	mu.Lock()
	start = true
	mu.Unlock()
	cond.Broadcast()
	wg3.Wait()
	fmt.Println("woke", woke)
}

// Output:
// 1 fast
// 42 42 1
// v <nil>
// hello once
// consumer sees [0 1 2]
// woke 4
