package main

import (
	"container/ring"
	"fmt"
)

func show(r *ring.Ring) {
	r.Do(func(v any) {
		fmt.Print(v, ";")
	})
	fmt.Println(" len", r.Len())
}

func main() {
	r := ring.New(5)
	for i := 0; i < r.Len(); i++ {
		r.Value = i * 10
		r = r.Next()
	}
	show(r)
	show(r.Move(2))
	show(r.Prev())
	show(r.Move(-6))

	// Unlink removes n elements after r.
	removed := r.Unlink(2)
	show(removed)
	show(r)

	// Link joins two rings.
	s := ring.New(2)
	s.Value = "a"
	s.Next().Value = "b"
	r.Link(s)
	show(r)

	// Sum with Do.
	sum := 0
	n := ring.New(4)
	for i := 1; i <= 4; i++ {
		n.Value = i
		n = n.Next()
	}
	n.Do(func(v any) { sum += v.(int) })
	fmt.Println("sum:", sum)

	// Single-element ring.
	one := ring.New(1)
	one.Value = "solo"
	fmt.Println(one.Next() == one, one.Prev() == one, one.Len())

	var zero ring.Ring
	fmt.Println(zero.Len(), zero.Next() == &zero)
}

// Output:
// 0;10;20;30;40; len 5
// 20;30;40;0;10; len 5
// 40;0;10;20;30; len 5
// 40;0;10;20;30; len 5
// 10;20; len 2
// 0;30;40; len 3
// 0;a;b;30;40; len 5
// sum: 10
// true true 1
// 1 true
