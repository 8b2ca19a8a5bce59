// exit: 2
// stderr: panic: assignment to entry in nil map
// stderr: goroutine 1 [running]:

package main

import "fmt"

type Registry struct {
	entries map[string]int
}

func main() {
	var r Registry
	fmt.Println("lookup on nil map:", r.entries["x"])
	r.entries["x"] = 1
	fmt.Println("unreachable")
}

// Output:
// lookup on nil map: 0
