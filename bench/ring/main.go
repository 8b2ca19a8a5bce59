// Command ring passes a token N hops (default 1_000_000) around a ring of
// 1000 goroutines connected by unbuffered channels. It prints the number
// of hops and the index of the goroutine where the token stopped.
//
// It measures the cost of one channel hand-off between goroutines when
// many goroutines exist (each hop wakes a different goroutine).
package main

import (
	"fmt"
	"os"
	"strconv"
	"sync"
)

const ringSize = 1000

func main() {
	n := 1_000_000
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v < 0 {
			fmt.Fprintln(os.Stderr, "usage: ring [N]")
			os.Exit(2)
		}
		n = v
	}
	chans := make([]chan int, ringSize)
	for i := range chans {
		chans[i] = make(chan int)
	}
	done := make(chan int)
	var wg sync.WaitGroup
	for i := 0; i < ringSize; i++ {
		wg.Add(1)
		go func(id int, in <-chan int, out chan<- int) {
			defer wg.Done()
			for t := range in {
				if t == 0 {
					done <- id
					continue
				}
				out <- t - 1
			}
		}(i, chans[i], chans[(i+1)%ringSize])
	}
	// The token carries the number of hops still to make; main's initial
	// send is not a hop.
	chans[0] <- n
	last := <-done
	for _, c := range chans {
		close(c)
	}
	wg.Wait()
	fmt.Println(n, last)
}
