package main

import (
	"errors"
	"fmt"
	"strconv"
)

var x = "package"

func lookup(k string) (int, error) {
	if k == "" {
		return 0, errors.New("empty key")
	}
	return len(k), nil
}

func main() {
	fmt.Println(x)
	x := "main"
	fmt.Println(x)
	{
		x := "block"
		fmt.Println(x)
		x = "block2"
		_ = x
	}
	fmt.Println(x)

	// If with init statement; variables scoped to if/else chain.
	if n, err := strconv.Atoi("42"); err != nil {
		fmt.Println("error", err)
	} else if n > 40 {
		fmt.Println("big", n)
	} else {
		fmt.Println("small", n)
	}

	if v, err := lookup(""); err != nil {
		fmt.Println("err:", err, v)
	}

	// Shadowing err inside an inner scope doesn't change the outer.
	var err error
	if true {
		_, err := lookup("")
		_ = err
	}
	fmt.Println("outer err:", err)

	// := with at least one new variable reuses existing ones.
	a, b := 1, 2
	b, c := 20, 30
	fmt.Println(a, b, c)

	// Shadowed loop variable.
	for i := 0; i < 2; i++ {
		i := i * 10
		fmt.Print(i, ";")
	}
	fmt.Println()

	// Shadowing a builtin / type name locally.
	len := func(s string) int { return 99 }
	fmt.Println(len("abc"))
	{
		true := false
		fmt.Println(true)
	}
	type int = string
	var s int = "int is a string here"
	fmt.Println(s)

	// Function-local type and constant shadowing.
	const x2 = 1
	{
		const x2 = "two"
		fmt.Println(x2)
	}
	fmt.Println(x2)

	// Conditionals with side effects and short-circuit.
	calls := 0
	check := func(r bool) bool { calls++; return r }
	if check(false) && check(true) {
		fmt.Println("no")
	}
	if check(true) || check(true) {
		fmt.Println("short-circuit or")
	}
	fmt.Println("calls:", calls)
}

// Output:
// package
// main
// block
// main
// big 42
// err: empty key 0
// outer err: <nil>
// 1 20 30
// 0;10;
// 99
// false
// int is a string here
// two
// 1
// short-circuit or
// calls: 2
