package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
)

func Squares(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		defer fmt.Println("squares cleanup")
		for i := 1; i <= n; i++ {
			if !yield(i * i) {
				return
			}
		}
	}
}

func Zip[A, B any](a iter.Seq[A], b iter.Seq[B]) iter.Seq2[A, B] {
	return func(yield func(A, B) bool) {
		nextB, stopB := iter.Pull(b)
		defer stopB()
		for va := range a {
			vb, ok := nextB()
			if !ok || !yield(va, vb) {
				return
			}
		}
	}
}

func main() {
	next, stop := iter.Pull(Squares(5))
	for i := 0; i < 3; i++ {
		v, ok := next()
		fmt.Println(v, ok)
	}
	stop()
	v, ok := next()
	fmt.Println("after stop:", v, ok)

	next2, stop2 := iter.Pull(Squares(2))
	for {
		v, ok := next2()
		if !ok {
			break
		}
		fmt.Println("pulled", v)
	}
	stop2()

	for a, b := range Zip(slices.Values([]string{"a", "b", "c"}), Squares(10)) {
		fmt.Println(a, b)
	}

	n2, s2 := iter.Pull2(maps.All(map[string]int{"only": 1}))
	k, val, ok := n2()
	fmt.Println(k, val, ok)
	_, _, ok = n2()
	fmt.Println(ok)
	s2()
}

// Output:
// 1 true
// 4 true
// 9 true
// squares cleanup
// after stop: 0 false
// pulled 1
// pulled 4
// squares cleanup
// a 1
// b 4
// c 9
// squares cleanup
// only 1 true
// false
