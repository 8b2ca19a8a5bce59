package pass_test

import (
	"fmt"

	"example.com/gotest/pass"
)

func ExampleWords() {
	fmt.Println(pass.Words(" spindle runs  go "))
	// Output: [spindle runs go]
}

func ExampleCounter() {
	var c pass.Counter
	for range 3 {
		fmt.Println(c.Inc())
	}
	// Unordered output:
	// 3
	// 1
	// 2
}

func Example_noOutput() {
	fmt.Println("compiled, not run")
}
