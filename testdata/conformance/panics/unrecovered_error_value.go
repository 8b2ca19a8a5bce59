// exit: 2
// stderr: panic: disk full [recovered, repanicked]
// stderr: goroutine 1 [running]:

package main

import (
	"errors"
	"fmt"
)

var ErrDiskFull = errors.New("disk full")

func main() {
	defer func() {
		r := recover()
		fmt.Println("recovered:", r, "- panicking again")
		panic(r)
	}()
	panic(ErrDiskFull)
}

// Output:
// recovered: disk full - panicking again
