// exit: 2
// stderr: panic: main.Code(3) [recovered]
// stderr: panic: main.Reason("limit exceeded")

package main

import "fmt"

type Code int
type Reason string

func main() {
	defer func() {
		r := recover()
		fmt.Printf("recovered %T %v\n", r, r)
		panic(Reason("limit exceeded"))
	}()
	panic(Code(3))
}

// Output:
// recovered main.Code 3
