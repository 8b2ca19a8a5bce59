package main

import (
	"fmt"
	"strconv"
	"strings"
)

type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~float32 | ~float64
}

type MyInt int

func Sum[T Number](xs []T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func Keys[K comparable, V any](m map[K]V) int { return len(m) }

type Stringish interface{ ~string }

func Concat[S Stringish](xs ...S) S {
	var b strings.Builder
	for _, x := range xs {
		b.WriteString(string(x))
	}
	return S(b.String())
}

type Path string

func Zero[T any]() T {
	var z T
	return z
}

func MaxOf[T int | float64 | string](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func Ptr[T any](v T) *T { return &v }

func main() {
	fmt.Println(Sum([]int{1, 2, 3}), Sum([]float64{1.5, 2.25}), Sum([]MyInt{4, 5}))
	fmt.Printf("%T\n", Sum([]MyInt{1}))
	fmt.Println(Sum[int8]([]int8{100, 27}), Sum([]int8{100, 28}))

	strs := Map([]int{1, 2, 3}, strconv.Itoa)
	fmt.Printf("%q\n", strs)
	lens := Map([]string{"a", "bbb", "cc"}, func(s string) int { return len(s) })
	fmt.Println(lens)

	evens := Filter([]int{1, 2, 3, 4, 5, 6}, func(n int) bool { return n%2 == 0 })
	fmt.Println(evens)
	joined := Reduce([]string{"x", "y", "z"}, "", func(acc string, s string) string { return acc + s })
	fmt.Println(joined)
	prod := Reduce([]int{1, 2, 3, 4}, 1, func(a, b int) int { return a * b })
	fmt.Println(prod)

	fmt.Println(Keys(map[string]bool{"a": true, "b": false}))
	p := Concat(Path("/usr"), Path("/local"))
	fmt.Printf("%v %T\n", p, p)
	fmt.Println(Concat("a", "b", "c"))

	fmt.Printf("%q %v %v %v\n", Zero[string](), Zero[int](), Zero[*int]() == nil, Zero[[]int]() == nil)
	fmt.Println(MaxOf(3, 7), MaxOf(2.5, -1), MaxOf("apple", "banana"))
	ip := Ptr(42)
	*ip++
	fmt.Println(*ip, *Ptr("s"))

	// Explicit instantiation to a function value.
	sumInts := Sum[int]
	fmt.Printf("%T %d\n", sumInts, sumInts([]int{10, 20}))
	toUpper := Map[string, string]
	fmt.Println(toUpper([]string{"a", "b"}, strings.ToUpper))
}

// Output:
// 6 3.75 9
// main.MyInt
// 127 -128
// ["1" "2" "3"]
// [1 3 2]
// [2 4 6]
// xyz
// 24
// 2
// /usr/local main.Path
// abc
// "" 0 true true
// 7 2.5 banana
// 43 s
// func([]int) int 30
// [A B]
