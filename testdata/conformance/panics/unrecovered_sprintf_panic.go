// exit: 2
// stderr: panic: bad state: count=3 want=5
// stderr: goroutine 1 [running]:

package main

import "fmt"

func main() {
	count := 0
	for i := range 3 {
		count++
		fmt.Println("step", i)
	}
	if count != 5 {
		panic(fmt.Sprintf("bad state: count=%d want=%d", count, 5))
	}
}

// Output:
// step 0
// step 1
// step 2
