package main

import (
	"errors"
	"fmt"
	"strings"
)

func sum(nums ...int) int {
	t := 0
	for _, n := range nums {
		t += n
	}
	return t
}

func joinWith(sep string, parts ...string) string {
	return fmt.Sprintf("%d:%s", len(parts), strings.Join(parts, sep))
}

func describe(args ...any) string {
	return fmt.Sprint(len(args), args == nil, args)
}

func divmod(a, b int) (q, r int) {
	q = a / b
	r = a % b
	return
}

func parse(s string) (n int, err error) {
	if s == "" {
		err = errors.New("empty input")
		return
	}
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n, nil
}

func swap(a, b string) (string, string) { return b, a }

func minMax(xs ...int) (lo, hi int) {
	lo, hi = xs[0], xs[0]
	for _, x := range xs[1:] {
		lo = min(lo, x)
		hi = max(hi, x)
	}
	return
}

func modify(xs ...int) { xs[0] = 999 }

func main() {
	fmt.Println(sum(), sum(1), sum(1, 2, 3))
	nums := []int{4, 5, 6}
	fmt.Println(sum(nums...))
	fmt.Println(joinWith("-"), joinWith("-", "a"), joinWith("/", "x", "y", "z"))
	fmt.Println(describe())
	fmt.Println(describe(nil))
	fmt.Println(describe(1, "a", nil))
	var nilSlice []any
	fmt.Println(describe(nilSlice...))

	// Passing a slice with ... shares the backing array.
	modify(nums...)
	fmt.Println(nums)
	modify(1, 2)

	q, r := divmod(17, 5)
	fmt.Println(q, r)
	n, err := parse("123")
	fmt.Println(n, err)
	n, err = parse("")
	fmt.Println(n, err)
	a, b := swap("first", "second")
	fmt.Println(a, b)
	fmt.Println(minMax(3, 9, -2, 7))

	// Multiple results passed directly as arguments.
	fmt.Println(divmod(100, 7))
	fmt.Println(sum(divmod(100, 7)))

	// Blank identifier for unused results.
	_, r2 := divmod(9, 4)
	fmt.Println(r2)

	// Built-in variadic-like: append and min/max.
	fmt.Println(min(3, 1, 2), max(2.5, 1), min("b", "a", "c"))
}

// Output:
// 0 1 6
// 15
// 0: 1:a 3:x/y/z
// 0 true []
// 1 false [<nil>]
// 3 false [1 a <nil>]
// 0 true []
// [999 5 6]
// 3 2
// 123 <nil>
// 0 empty input
// second first
// -2 9
// 14 2
// 16
// 1
// 1 2.5 a
