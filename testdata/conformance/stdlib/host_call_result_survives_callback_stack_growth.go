// Rule: a host function's result reaches its caller even when a guest
// callback it makes (here fmt calling a String method, which needs a
// deeper stack) grows the goroutine's register stack in the middle of the
// call; found by review: fmt.Sprint in a fresh goroutine returned "".
package main

import (
	"fmt"
	"strings"
)

type T struct{ a, b int }

func (t T) String() string {
	x := [40]int{}
	s := 0
	for i := range x {
		x[i] = i
		s += x[i]
	}
	return fmt.Sprint("T", t.a, t.b, s)
}

type deep int

// String recurses, growing the stack several times inside one callback.
func (d deep) String() string {
	if d == 0 {
		return "."
	}
	return "(" + (d - 1).String() + ")"
}

func main() {
	ch := make(chan string)
	go func() { ch <- fmt.Sprint(T{1, 2}, "x") }()
	fmt.Println(<-ch)
	go func() { ch <- fmt.Sprintf("%v %v", T{3, 4}, T{5, 6}) }()
	fmt.Println(<-ch)
	go func() {
		var pad [300]int
		pad[3] = 1
		s := fmt.Sprint(T{1, 2}, "x")
		ch <- s + fmt.Sprint(pad[3])
	}()
	fmt.Println(<-ch)
	go func() { ch <- strings.ToUpper(fmt.Sprint(deep(200))[:5]) + fmt.Sprint(len(fmt.Sprint(deep(200)))) }()
	fmt.Println(<-ch)
}

// Output:
// T1 2 780x
// T3 4 780 T5 6 780
// T1 2 780x1
// (((((401
