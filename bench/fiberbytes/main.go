// Command fiberbytes measures the memory of a parked goroutine: it parks N
// goroutines on one channel, collects, and prints the live heap plus
// goroutine stacks (HeapAlloc + StackInuse). Run it with N and with 0; the
// difference divided by N is the cost of one parked goroutine (fiber).
package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
)

func main() {
	n := 100_000
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v < 0 {
			fmt.Fprintln(os.Stderr, "usage: fiberbytes [N]")
			os.Exit(2)
		}
		n = v
	}
	gate := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			<-gate
			wg.Done()
		}()
	}
	for i := 0; i < 3; i++ {
		runtime.Gosched() // every goroutine runs up to its receive and parks
	}
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Println(ms.HeapAlloc + ms.StackInuse)
	close(gate)
	wg.Wait()
}
