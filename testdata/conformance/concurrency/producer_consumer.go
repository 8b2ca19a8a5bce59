package main

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
)

type Item struct {
	Producer int
	Seq      int
}

func main() {
	buf := make(chan Item, 4)
	var prodWG sync.WaitGroup
	for p := range 3 {
		prodWG.Add(1)
		go func() {
			defer prodWG.Done()
			for s := range 5 {
				buf <- Item{p, s}
				runtime.Gosched()
			}
		}()
	}
	go func() {
		prodWG.Wait()
		close(buf)
	}()

	// Two consumers tally items; per-producer sequence order must be preserved
	// when a single consumer reads, so we record with a mutex and check.
	var mu sync.Mutex
	lastSeq := map[int]int{0: -1, 1: -1, 2: -1}
	counts := map[int]int{}
	inOrder := true
	var consWG sync.WaitGroup
	consWG.Add(1)
	go func() {
		defer consWG.Done()
		for it := range buf {
			mu.Lock()
			if it.Seq != lastSeq[it.Producer]+1 {
				inOrder = false
			}
			lastSeq[it.Producer] = it.Seq
			counts[it.Producer]++
			mu.Unlock()
		}
	}()
	consWG.Wait()
	fmt.Println("per-producer counts:", counts)
	fmt.Println("per-producer FIFO order:", inOrder)

	// Ping-pong between two goroutines gives a deterministic interleaving.
	ping := make(chan int)
	pong := make(chan int)
	var log []string
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; i < 3; i++ {
			ping <- i
			v := <-pong
			log = append(log, fmt.Sprintf("A got %d", v))
		}
		close(ping)
	}()
	go func() {
		defer wg.Done()
		for v := range ping {
			log = append(log, fmt.Sprintf("B got %d", v))
			pong <- v * 100
		}
	}()
	wg.Wait()
	fmt.Println(strings.Join(log, "; "))

	// Gosched-based cooperative yielding does not change results.
	var counter int
	var mu2 sync.Mutex
	var wg2 sync.WaitGroup
	for range 5 {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			for range 10 {
				mu2.Lock()
				counter++
				mu2.Unlock()
				runtime.Gosched()
			}
		}()
	}
	wg2.Wait()
	fmt.Println("counter:", counter)
}

// Output:
// per-producer counts: map[0:5 1:5 2:5]
// per-producer FIFO order: true
// B got 0; A got 0; B got 1; A got 100; B got 2; A got 200
// counter: 50
