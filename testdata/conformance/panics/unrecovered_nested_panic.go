// exit: 2
// stderr: panic: first
// stderr: panic: second

package main

import "fmt"

func main() {
	defer func() {
		fmt.Println("deferred func panics again")
		panic("second")
	}()
	panic("first")
}

// Output:
// deferred func panics again
