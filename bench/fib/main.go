// Command fib computes fib(N) by naive recursion (default N=30).
//
// It measures function-call cost: fib(n) makes calls(n) = 2*fib(n+1)-1
// calls in total, so the harness can compute a per-call cost.
package main

import (
	"fmt"
	"os"
	"strconv"
)

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func main() {
	n := 30
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v < 0 {
			fmt.Fprintln(os.Stderr, "usage: fib [N]")
			os.Exit(2)
		}
		n = v
	}
	fmt.Println(fib(n))
}
