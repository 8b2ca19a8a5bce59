package main

import "fmt"

type Key struct {
	Name string
	ID   int
}

type WithArray struct {
	Tags [2]string
	N    float64
}

type Holder struct {
	V any
}

func Index[T comparable](xs []T, x T) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

func Uniq[T comparable](xs []T) []T {
	seen := map[T]bool{}
	var out []T
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func main() {
	a := Key{"a", 1}
	b := Key{"a", 1}
	c := Key{"b", 1}
	fmt.Println(a == b, a == c, a != c)

	w1 := WithArray{[2]string{"x", "y"}, 1.5}
	w2 := w1
	fmt.Println(w1 == w2)
	w2.Tags[1] = "z"
	fmt.Println(w1 == w2)

	h1 := Holder{V: 1}
	h2 := Holder{V: 1}
	h3 := Holder{V: "1"}
	fmt.Println(h1 == h2, h1 == h3)

	// Pointers compare by identity.
	p1, p2 := &Key{"a", 1}, &Key{"a", 1}
	fmt.Println(p1 == p2, *p1 == *p2, p1 == p1)

	// Channels compare by identity.
	ch := make(chan int)
	ch2 := ch
	fmt.Println(ch == ch2, ch == make(chan int))

	// Anonymous struct equality with named struct of same shape.
	anon := struct {
		Name string
		ID   int
	}{"a", 1}
	fmt.Println(anon == a)

	fmt.Println(Index([]Key{c, a}, b))
	fmt.Println(Index([]string{"x", "y"}, "y"), Index([]float64{1.5}, 2))
	fmt.Println(Uniq([]Key{a, b, c, a}))
	fmt.Println(Uniq([]any{1, "1", 1, 2.0, "1"}))

	// Interface values as comparable (any satisfies comparable since Go 1.20).
	fmt.Println(Index([]any{1, "two", 3.0}, any("two")))

	// Arrays of structs.
	arr1 := [2]Key{a, c}
	arr2 := [2]Key{b, c}
	fmt.Println(arr1 == arr2)

	// Empty structs are all equal.
	fmt.Println(struct{}{} == struct{}{})
}

// Output:
// true false true
// true
// false
// true false
// false true true
// true false
// true
// 1
// 1 -1
// [{a 1} {b 1}]
// [1 1 2]
// 1
// true
// true
