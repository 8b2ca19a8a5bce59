// Command pingpong exchanges N messages (default 1_000_000) between two
// goroutines over a pair of unbuffered channels: main sends on ping, the
// echo goroutine replies on pong, so N/2 round trips are made (N is
// rounded down to even). It prints the number of messages and a checksum.
//
// It measures the cost of one unbuffered channel hand-off including the
// switch to the other goroutine.
package main

import (
	"fmt"
	"os"
	"strconv"
)

func main() {
	n := 1_000_000
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v < 0 {
			fmt.Fprintln(os.Stderr, "usage: pingpong [N]")
			os.Exit(2)
		}
		n = v
	}
	rounds := n / 2
	ping := make(chan int)
	pong := make(chan int)
	done := make(chan struct{})
	go func() {
		for v := range ping {
			pong <- v + 1
		}
		close(done)
	}()
	sum := 0
	for i := 0; i < rounds; i++ {
		ping <- i
		sum += <-pong
	}
	close(ping)
	<-done
	fmt.Println(2*rounds, sum)
}
