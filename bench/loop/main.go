// Command loop runs a tight integer loop of N iterations (default 100_000_000).
//
// It measures the cost of one loop iteration with a little integer
// arithmetic: compare, increment, shift, xor, add.
package main

import (
	"fmt"
	"os"
	"strconv"
)

func main() {
	n := 100_000_000
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v < 0 {
			fmt.Fprintln(os.Stderr, "usage: loop [N]")
			os.Exit(2)
		}
		n = v
	}
	sum := 0
	for i := 0; i < n; i++ {
		sum += i ^ (i >> 3)
	}
	fmt.Println(sum)
}
