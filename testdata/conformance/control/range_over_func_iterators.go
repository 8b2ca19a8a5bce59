package main

import (
	"fmt"
	"iter"
)

func Count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				fmt.Println("  (iterator stopped early at", i, ")")
				return
			}
		}
		fmt.Println("  (iterator finished)")
	}
}

func Enumerate[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

func Fib() iter.Seq[int] {
	return func(yield func(int) bool) {
		a, b := 0, 1
		for {
			if !yield(a) {
				return
			}
			a, b = b, a+b
		}
	}
}

func Filter[T any](seq iter.Seq[T], keep func(T) bool) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func firstOver(limit int) int {
	for v := range Fib() {
		if v > limit {
			return v // return from inside range-over-func
		}
	}
	return -1
}

func withDefer() {
	for i := range Count(3) {
		defer fmt.Println("deferred from body", i)
	}
	fmt.Println("loop done, defers pending")
}

func main() {
	for i := range Count(3) {
		fmt.Println("got", i)
	}
	for i := range Count(10) {
		if i == 2 {
			break
		}
		fmt.Println("got", i)
	}
	for i := range Count(4) {
		if i%2 == 0 {
			continue
		}
		fmt.Println("odd", i)
	}
	for i, s := range Enumerate([]string{"a", "b", "c"}) {
		fmt.Print(i, s, ";")
	}
	fmt.Println()

	var fibs []int
	for v := range Fib() {
		if v > 100 {
			break
		}
		fibs = append(fibs, v)
	}
	fmt.Println(fibs)
	fmt.Println(firstOver(1000))

	for v := range Filter(Fib(), func(n int) bool { return n%2 == 0 }) {
		if v > 1000 {
			break
		}
		fmt.Print(v, ";")
	}
	fmt.Println()

	// Labeled continue across nested iterator loops.
outer:
	for i := range Count(3) {
		for j := range Count(3) {
			if j > i {
				continue outer
			}
			fmt.Println("pair", i, j)
		}
	}

	withDefer()

	// Pull-free manual use of a Seq.
	Count(2)(func(v int) bool {
		fmt.Println("manual yield", v)
		return true
	})
}

// Output:
// got 0
// got 1
// got 2
//   (iterator finished)
// got 0
// got 1
//   (iterator stopped early at 2 )
// odd 1
// odd 3
//   (iterator finished)
// 0a;1b;2c;
// [0 1 1 2 3 5 8 13 21 34 55 89]
// 1597
// 0;2;8;34;144;610;
// pair 0 0
//   (iterator stopped early at 1 )
// pair 1 0
// pair 1 1
//   (iterator stopped early at 2 )
// pair 2 0
// pair 2 1
// pair 2 2
//   (iterator finished)
//   (iterator finished)
//   (iterator finished)
// loop done, defers pending
// deferred from body 2
// deferred from body 1
// deferred from body 0
// manual yield 0
// manual yield 1
//   (iterator finished)
