package main

import "fmt"

func counter() (func() int, func()) {
	n := 0
	return func() int { n++; return n }, func() { n = 100 }
}

func main() {
	// Go 1.22: each iteration has its own variable.
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i * 10 })
	}
	for _, f := range fs {
		fmt.Print(f(), ";")
	}
	fmt.Println()

	var gs []func() string
	for _, s := range []string{"a", "b", "c"} {
		gs = append(gs, func() string { return s })
	}
	for _, g := range gs {
		fmt.Print(g())
	}
	fmt.Println()

	// Modifying the loop variable inside the body affects only that iteration
	// (the next iteration starts from the copied value).
	var ptrs []*int
	for i := 0; i < 3; i++ {
		ptrs = append(ptrs, &i)
	}
	for _, p := range ptrs {
		fmt.Print(*p, ";")
	}
	fmt.Println()
	for i := 0; i < 5; i++ {
		inc := func() { i++ }
		inc()
		fmt.Print(i, ";")
	}
	fmt.Println()

	// Shared captured variable.
	next, reset := counter()
	fmt.Println(next(), next(), next())
	reset()
	fmt.Println(next())

	// Independent counters.
	a, _ := counter()
	b, _ := counter()
	a()
	a()
	fmt.Println(a(), b())

	// Closure over a variable declared outside the loop is shared.
	total := 0
	var adders []func()
	for i := 1; i <= 3; i++ {
		adders = append(adders, func() { total += i })
	}
	for _, add := range adders {
		add()
	}
	fmt.Println("total:", total)

	// Immediately invoked closures.
	x := func(n int) int { return n * n }(7)
	fmt.Println(x)

	// Recursive closure.
	var fib func(int) int
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	}
	fmt.Println(fib(15))

	// Goroutine-free deferred closure capturing loop var.
	func() {
		for i := range 3 {
			defer func() { fmt.Print("d", i, ";") }()
		}
	}()
	fmt.Println()
}

// Output:
// 0;10;20;
// abc
// 0;1;2;
// 1;3;5;
// 1 2 3
// 101
// 3 1
// total: 6
// 49
// 610
// d2;d1;d0;
