// Rule: make([]T, n, m) with a constant m and a bad run-time n panics with
// gc's makeslice texts, not a slicing error (go/ssa lowers it to a new
// [m]T sliced to n; $GOROOT/test/fixedbugs/issue37975.go).
package main

import "fmt"

func try(f func()) {
	defer func() { fmt.Println(recover()) }()
	f()
}

func main() {
	n := 2
	try(func() { _ = make([]int, n, 1) })
	n = -1
	try(func() { _ = make([]int, n, 3) })
	n = 3
	try(func() { fmt.Println(len(make([]int, n, 3)), cap(make([]int, n, 5))) })
	m := 1
	try(func() { _ = make([]int, n, m) })
}

// Output:
// runtime error: makeslice: cap out of range
// runtime error: makeslice: len out of range
// 3 5
// <nil>
// runtime error: makeslice: cap out of range
