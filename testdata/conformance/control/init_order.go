package main

import "fmt"

var trace []string

func record(name string, v int) int {
	trace = append(trace, name)
	return v
}

// Package-level variables are initialized in dependency order,
// not declaration order.
var (
	a = record("a", b+c)
	b = record("b", f())
	c = record("c", 3)
	d = record("d", 4)
)

func f() int {
	return record("f-uses-d", d) * 10
}

var total = sumAll()

func sumAll() int {
	return a + b + c + d
}

var x, y = record("x", 1), record("y", 2)

func init() {
	trace = append(trace, "init#1")
	fmt.Println("first init sees a =", a)
}

func init() {
	trace = append(trace, "init#2")
	table["late"] = len(table)
}

var table = map[string]int{"early": record("table", 0)}

func main() {
	trace = append(trace, "main")
	for i, t := range trace {
		fmt.Println(i, t)
	}
	fmt.Println(a, b, c, d, total, x, y)
	fmt.Println(table["early"], table["late"])
}

// Output:
// first init sees a = 43
// 0 c
// 1 d
// 2 f-uses-d
// 3 b
// 4 a
// 5 x
// 6 y
// 7 table
// 8 init#1
// 9 init#2
// 10 main
// 43 40 3 4 90 1 2
// 0 1
