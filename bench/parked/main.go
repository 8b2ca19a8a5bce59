// Command parked starts N goroutines (default 100_000) that each block
// receiving from one shared channel, waits until all of them have
// started, then closes the channel and waits for all to finish. It
// prints N.
//
// The harness measures the peak RSS of this program for N and for N=1;
// the difference divided by N is the memory cost of one parked goroutine.
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
			fmt.Fprintln(os.Stderr, "usage: parked [N]")
			os.Exit(2)
		}
		n = v
	}
	gate := make(chan struct{})
	var started, finished sync.WaitGroup
	woke := make([]bool, n)
	for i := 0; i < n; i++ {
		started.Add(1)
		finished.Add(1)
		go func(i int) {
			started.Done()
			<-gate
			woke[i] = true
			finished.Done()
		}(i)
	}
	started.Wait()
	// All N goroutines are now parked on (or about to park on) gate.
	close(gate)
	finished.Wait()
	count := 0
	for _, w := range woke {
		if w {
			count++
		}
	}
	fmt.Println(count)
}
