// exit: 2
// stderr: fatal error: all goroutines are asleep - deadlock!
// stderr: goroutine 1 [chan receive]:

package main

import "fmt"

func main() {
	ch := make(chan int)
	fmt.Println("waiting for a value that never comes")
	v := <-ch
	fmt.Println("unreachable", v)
}

// Output:
// waiting for a value that never comes
