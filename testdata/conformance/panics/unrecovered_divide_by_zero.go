// exit: 2
// stderr: panic: runtime error: integer divide by zero
// stderr: goroutine 1 [running]:

package main

import "fmt"

func div(a, b int) int {
	return a / b
}

func main() {
	fmt.Println("before")
	defer fmt.Println("deferred print still runs")
	fmt.Println(div(1, 0))
	fmt.Println("after")
}

// Output:
// before
// deferred print still runs
