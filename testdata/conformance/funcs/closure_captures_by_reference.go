// Rule: a function literal shares the variables it captures with the
// enclosing function: writes after the literal is made, writes inside it,
// pointers to the variable, nested literals and named results are all
// seen by both sides; per-iteration loop variables are distinct per
// iteration. (spindle holds a captured variable written once before the
// literal by value; this program pins the cases where it must not.)
package main

import "fmt"

func later() int {
	var x int
	f := func() int { return x }
	x = 5
	return f()
}

func afterwards() int {
	x := 1
	f := func() int { return x }
	x = 2
	return f()
}

func inside() int {
	x := 1
	func() { x += 10 }()
	return x
}

func pointer() int {
	x := 1
	p := &x
	f := func() int { return x }
	*p = 7
	return f()
}

func nested() int {
	x := 3
	f := func() func() int {
		return func() int { return x * 2 }
	}
	g := f()
	x = 4
	return g()
}

func conditional(c bool) string {
	s := "default"
	if c {
		s = "set"
	}
	return func() string { return s }()
}

func named() (r int) {
	defer func() { r *= 2 }()
	r = 21
	return r
}

func main() {
	fmt.Println(later(), afterwards(), inside(), pointer(), nested(), conditional(true), conditional(false), named())

	var fs []func() int
	for i := range 3 {
		fs = append(fs, func() int { return i * 10 })
	}
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i })
	}
	var got []int
	for _, f := range fs {
		got = append(got, f())
	}
	fmt.Println(got)

	base := "shared"
	var gs []func() string
	for i := 0; i < 2; i++ {
		gs = append(gs, func() string { return base })
	}
	fmt.Println(gs[0](), gs[1]())

	ch := make(chan int)
	done := make(chan bool)
	go func() {
		for v := range ch {
			fmt.Println("got", v)
		}
		done <- true
	}()
	for i := range 2 {
		ch <- i
	}
	close(ch)
	<-done

	counter := 0
	inc := func() { counter++ }
	inc()
	inc()
	fmt.Println(counter)
}

// Output:
// 5 2 11 7 8 set default 42
// [0 10 20 0 1 2]
// shared shared
// got 0
// got 1
// 2
