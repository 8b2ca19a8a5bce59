// Command skynet runs the skynet benchmark: a 10-way tree of goroutines
// with N leaves (default 1_000_000; N must be a power of 10). Each leaf
// sends its id up over an unbuffered channel and each inner goroutine
// sends the sum of its children, so the result is N*(N-1)/2
// (499999500000 for 1M). It prints the sum.
//
// The tree holds (10*N-1)/9 goroutines in total (1_111_111 for 1M); the
// harness reports the cost per goroutine.
package main

import (
	"fmt"
	"os"
	"strconv"
)

func skynet(c chan<- int, num, size, div int) {
	if size == 1 {
		c <- num
		return
	}
	rc := make(chan int)
	for i := 0; i < div; i++ {
		go skynet(rc, num+i*(size/div), size/div, div)
	}
	sum := 0
	for i := 0; i < div; i++ {
		sum += <-rc
	}
	c <- sum
}

func main() {
	n := 1_000_000
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v < 1 {
			fmt.Fprintln(os.Stderr, "usage: skynet [N]")
			os.Exit(2)
		}
		n = v
	}
	for m := n; m > 1; m /= 10 {
		if m%10 != 0 {
			fmt.Fprintln(os.Stderr, "skynet: N must be a power of 10")
			os.Exit(2)
		}
	}
	c := make(chan int)
	go skynet(c, 0, n, 10)
	fmt.Println(<-c)
}
