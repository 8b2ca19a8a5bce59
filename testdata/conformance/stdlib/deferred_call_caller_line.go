// Rule: a function deferred and run at a normal return sees its caller at
// the return statement, or at the closing brace when the body falls off
// its end (runtime.Caller(1) from the deferred function, as gc reports it).
package main

import (
	"fmt"
	"runtime"
)

var x = true

func callerLine() int {
	_, _, line, _ := runtime.Caller(2)
	return line
}

func early() {
	defer func() { fmt.Println("early: line", callerLine()) }()
	if x {
		return
	}
	fmt.Println("not reached")
}

func value() int {
	defer func() { fmt.Println("value: line", callerLine()) }()
	return 7
}

func falls() {
	defer func() { fmt.Println("falls: line", callerLine()) }()
	fmt.Println("falls body")
}

func main() {
	early()
	value()
	falls()
	func() {
		defer func() { fmt.Println("literal: line", callerLine()) }()
	}()
}

// Output:
// early: line 21
// value: line 28
// falls body
// falls: line 34
// literal: line 42
