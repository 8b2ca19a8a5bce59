// exit: 2
// stderr: fatal error: all goroutines are asleep - deadlock!

package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
	}()
	fmt.Println("one Done missing")
	wg.Wait()
	fmt.Println("unreachable")
}

// Output:
// one Done missing
