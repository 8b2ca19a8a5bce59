// Command hello prints "hello, world". The harness uses it to measure
// start-up cost, which it subtracts from the other workloads.
package main

import "fmt"

func main() {
	fmt.Println("hello, world")
}
