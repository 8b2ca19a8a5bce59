package main

import (
	"fmt"
	"sort"
	"strings"
)

type BinOp func(a, b int) int

func compose(f, g func(int) int) func(int) int {
	return func(x int) int { return g(f(x)) }
}

func apply(xs []int, f func(int) int) []int {
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}

func makeMultiplier(k int) func(int) int {
	return func(x int) int { return x * k }
}

func main() {
	ops := map[string]BinOp{
		"add": func(a, b int) int { return a + b },
		"sub": func(a, b int) int { return a - b },
		"mul": func(a, b int) int { return a * b },
	}
	names := make([]string, 0)
	for k := range ops {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Println(n, ops[n](7, 3))
	}

	double := makeMultiplier(2)
	triple := makeMultiplier(3)
	fmt.Println(apply([]int{1, 2, 3}, double), apply([]int{1, 2, 3}, triple))
	inc := func(x int) int { return x + 1 }
	fmt.Println(compose(double, inc)(5), compose(inc, double)(5))

	// Nil function values.
	var f func()
	fmt.Println(f == nil)
	f = func() { fmt.Println("now set") }
	if f != nil {
		f()
	}

	// Function types as struct fields.
	type Button struct {
		Label   string
		OnClick func() string
	}
	btns := []Button{{"ok", func() string { return "clicked ok" }}, {"cancel", nil}}
	for _, b := range btns {
		if b.OnClick != nil {
			fmt.Println(b.Label, b.OnClick())
		} else {
			fmt.Println(b.Label, "no handler")
		}
	}

	// Higher-order with standard library funcs.
	fields := strings.FieldsFunc("a,b;c", func(r rune) bool { return r == ',' || r == ';' })
	fmt.Println(fields)
	transform := strings.ToUpper
	fmt.Println(transform("shout"))

	// Returning multiple closures sharing state.
	get, set := func() (func() int, func(int)) {
		v := 0
		return func() int { return v }, func(n int) { v = n }
	}()
	set(42)
	fmt.Println(get())

	// Function printing with %T.
	fmt.Printf("%T\n", makeMultiplier)
	fmt.Printf("%T\n", ops["add"])
	fmt.Printf("%T\n", compose)
}

// Output:
// add 10
// mul 21
// sub 4
// [2 4 6] [3 6 9]
// 11 12
// true
// now set
// ok clicked ok
// cancel no handler
// [a b c]
// SHOUT
// 42
// func(int) func(int) int
// main.BinOp
// func(func(int) int, func(int) int) func(int) int
