// Rule: runtime.GC blocks only the goroutine that calls it, as in Go: a
// goroutine that collects in a loop does not hold the others up for a
// whole slice of collections ($GOROOT/test/fixedbugs/issue30977.go).
package main

import (
	"fmt"
	"runtime"
)

type T struct{ a, b, c, d, e string }

var X, Y T

func main() {
	go func() {
		for {
			runtime.GC()
		}
	}()
	for i := 0; i < 300; i++ {
		runtime.Gosched()
		X = T{"a", "b", "c", "d", fmt.Sprint(i)}
		Y = X
		if X != Y {
			panic("FAIL")
		}
	}
	fmt.Println("done", Y.e)
}

// Output:
// done 299
