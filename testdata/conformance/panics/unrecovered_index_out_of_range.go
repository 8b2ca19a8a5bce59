// exit: 2
// stderr: panic: runtime error: index out of range [3] with length 3
// stderr: goroutine 1 [running]:

package main

import "fmt"

func main() {
	xs := []string{"a", "b", "c"}
	for i := 0; i <= len(xs); i++ {
		fmt.Println(xs[i])
	}
}

// Output:
// a
// b
// c
