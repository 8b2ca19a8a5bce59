// runtime.GOMAXPROCS(n) returns the previous setting; n > 0 sets it,
// n <= 0 only reports it.
package main

import (
	"fmt"
	"runtime"
)

func main() {
	old := runtime.GOMAXPROCS(0)
	fmt.Println(old >= 1, runtime.GOMAXPROCS(-1) == old)
	fmt.Println(runtime.GOMAXPROCS(3) == old)
	fmt.Println(runtime.GOMAXPROCS(0), runtime.GOMAXPROCS(2))
	fmt.Println(runtime.GOMAXPROCS(old), runtime.GOMAXPROCS(0) == old)
}

// Output:
// true true
// true
// 3 3
// 2 true
