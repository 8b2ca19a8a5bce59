package main

import (
	"fmt"
	"strings"
)

type Celsius float64
type Label string

type Ordered interface {
	~int | ~int64 | ~float64 | ~string
}

func Max[T Ordered](xs ...T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		if x > m {
			m = x
		}
	}
	return m
}

type Stringer interface{ String() string }

type StringableInt interface {
	~int
	String() string
}

type Code int

func (c Code) String() string { return fmt.Sprintf("C%03d", int(c)) }

func Describe[T StringableInt](xs []T) string {
	parts := []string{}
	total := 0
	for _, x := range xs {
		parts = append(parts, x.String())
		total += int(x)
	}
	return strings.Join(parts, ",") + fmt.Sprintf(" total=%d", total)
}

func JoinAll[T Stringer](xs []T) string {
	var b strings.Builder
	for i, x := range xs {
		if i > 0 {
			b.WriteByte('|')
		}
		b.WriteString(x.String())
	}
	return b.String()
}

// Constraint with a core type allowing range and indexing.
func First[S ~[]E, E any](s S) (E, bool) {
	if len(s) == 0 {
		var z E
		return z, false
	}
	return s[0], true
}

func Clone[S ~[]E, E any](s S) S {
	return append(S(nil), s...)
}

type Names []string

func (n Names) Joined() string { return strings.Join(n, "+") }

// Type parameter used in a conversion.
func Convert[From, To ~int | ~float64](xs []From) []To {
	out := make([]To, len(xs))
	for i, x := range xs {
		out[i] = To(x)
	}
	return out
}

func IsZero[T comparable](v T) bool {
	var z T
	return v == z
}

func main() {
	fmt.Println(Max(3, 9, 2), Max(Celsius(-5), Celsius(-2)), Max[Label]("b", "a", "c"))
	fmt.Printf("%T\n", Max(Celsius(1)))
	fmt.Println(Describe([]Code{1, 42, 7}))
	fmt.Println(JoinAll([]Code{5, 6}))

	v, ok := First(Names{"x", "y"})
	fmt.Println(v, ok)
	_, ok = First([]int{})
	fmt.Println(ok)

	orig := Names{"a", "b"}
	c := Clone(orig)
	c[0] = "z"
	fmt.Println(orig, c.Joined())
	fmt.Printf("%T\n", c)

	fmt.Println(Convert[float64, int]([]float64{1.9, -2.9, 3}))
	fmt.Println(Convert[int, Celsius]([]int{1, 2}))

	fmt.Println(IsZero(0), IsZero(""), IsZero("x"), IsZero(struct{ A int }{}), IsZero[any](nil))
}

// Output:
// 9 -2 c
// main.Celsius
// C001,C042,C007 total=50
// C005|C006
// x true
// false
// [a b] z+b
// main.Names
// [1 -2 3]
// [1 2]
// true true false true true
