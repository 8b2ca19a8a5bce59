package main

import "fmt"

type Grid [2][3]int

func modify(a [3]int) [3]int {
	a[0] = 100
	return a
}

func modifyPtr(a *[3]int) {
	a[0] = 100
}

func main() {
	a := [3]int{1, 2, 3}
	b := a
	b[1] = 20
	fmt.Println(a, b)

	c := modify(a)
	fmt.Println(a, c)
	modifyPtr(&a)
	fmt.Println(a)

	// Comparison of arrays.
	fmt.Println([3]int{1, 2, 3} == [3]int{1, 2, 3}, a == c, a != b)

	// Indexed literal and ... length.
	d := [...]string{2: "two", 0: "zero", 4: "four"}
	fmt.Println(len(d))
	fmt.Printf("%q\n", d)

	// Multi-dimensional arrays.
	var g Grid
	g[1][2] = 5
	h := g
	h[0][0] = 9
	fmt.Println(g, h, g == h)

	// Arrays of structs copy deeply (but not through pointers).
	type P struct{ X, Y int }
	ps := [2]P{{1, 2}, {3, 4}}
	qs := ps
	qs[0].X = 99
	fmt.Println(ps, qs)

	// Range over array iterates over a copy.
	arr := [3]int{1, 2, 3}
	for i, v := range arr {
		arr[2] = 100
		if i == 2 {
			fmt.Println("range value:", v)
		}
	}
	fmt.Println("after:", arr)

	// Range over pointer to array sees updates.
	arr = [3]int{1, 2, 3}
	for i, v := range &arr {
		arr[2] = 100
		if i == 2 {
			fmt.Println("range ptr value:", v)
		}
	}

	// Arrays as map keys.
	seen := map[[2]int]string{{0, 0}: "origin", {1, 2}: "p"}
	fmt.Println(seen[[2]int{1, 2}], seen[[2]int{0, 0}], len(seen))

	// Slicing an array aliases it.
	s := arr[:]
	s[0] = -1
	fmt.Println(arr, len(s))

	// Zero values.
	var z [4]bool
	var zs [2]string
	fmt.Println(z, len(zs), zs[0] == "")
	fmt.Printf("%v %d\n", [0]int{}, len([0]int{}))

	// Array pointer auto-deref indexing and len.
	pa := &arr
	pa[1] = 42
	fmt.Println(len(pa), arr[1])
}

// Output:
// [1 2 3] [1 20 3]
// [1 2 3] [100 2 3]
// [100 2 3]
// true true true
// 5
// ["zero" "" "two" "" "four"]
// [[0 0 0] [0 0 5]] [[9 0 0] [0 0 5]] false
// [{1 2} {3 4}] [{99 2} {3 4}]
// range value: 3
// after: [1 2 100]
// range ptr value: 100
// p origin 2
// [-1 2 100] 3
// [false false false false] 2 true
// [] 0
// 3 42
