package main

import "fmt"

func main() {
	base := make([]int, 3, 10)
	a := append(base, 1)
	b := append(base, 2)
	fmt.Println(a, b, a[3] == b[3])

	// When capacity is exhausted, append copies.
	full := []int{1, 2, 3}
	c := append(full[:3:3], 4)
	c[0] = 100
	fmt.Println(full, c)

	// Subslices share backing arrays.
	s := []int{0, 1, 2, 3, 4, 5}
	t := s[2:4]
	t[0] = 20
	fmt.Println(s, t, len(t), cap(t))
	t = append(t, 40)
	fmt.Println(s, t)

	// Three-index slices limit capacity.
	u := s[1:3:4]
	fmt.Println(u, len(u), cap(u))
	u = append(u, 30)
	fmt.Println(s)
	u = append(u, 31)
	u[0] = -1
	fmt.Println(s, u)

	// copy returns min(len(dst), len(src)) and handles overlap.
	d := make([]int, 2)
	n := copy(d, s)
	fmt.Println(n, d)
	o := []int{1, 2, 3, 4, 5}
	copy(o[1:], o)
	fmt.Println(o)
	o = []int{1, 2, 3, 4, 5}
	copy(o, o[2:])
	fmt.Println(o)

	// nil vs empty.
	var ns []int
	es := []int{}
	fmt.Println(ns == nil, es == nil, len(ns), len(es))
	fmt.Printf("%v %v %#v %#v\n", ns, es, ns, es)
	ns = append(ns, 1)
	fmt.Println(ns)

	// Append variadic and append self.
	x := []int{1, 2}
	x = append(x, x...)
	x = append(x, []int{7, 8}...)
	fmt.Println(x)
	x = append(x[:1], x[3:]...)
	fmt.Println(x)

	// Slices of slices.
	grid := make([][]string, 3)
	for i := range grid {
		grid[i] = make([]string, i+1)
		for j := range grid[i] {
			grid[i][j] = fmt.Sprintf("%d%d", i, j)
		}
	}
	fmt.Println(grid)
	row := grid[2]
	row[0] = "XX"
	fmt.Println(grid[2])

	// Slice of array pointer, clear, and full-slice len/cap.
	arr := [5]int{1, 2, 3, 4, 5}
	sl := arr[1:4]
	clear(sl)
	fmt.Println(arr, len(sl), cap(sl))

	// Converting slice to array and array pointer (Go 1.17/1.20).
	src := []int{9, 8, 7, 6}
	ar := [3]int(src)
	ap := (*[2]int)(src)
	ap[0] = 0
	fmt.Println(ar, *ap, src)
}

// Output:
// [0 0 0 2] [0 0 0 2] true
// [1 2 3] [100 2 3 4]
// [0 1 20 3 4 5] [20 3] 2 4
// [0 1 20 3 40 5] [20 3 40]
// [1 20] 2 3
// [0 1 20 30 40 5]
// [0 1 20 30 40 5] [-1 20 30 31]
// 2 [0 1]
// [1 1 2 3 4]
// [3 4 5 4 5]
// true false 0 0
// [] [] []int(nil) []int{}
// [1]
// [1 2 1 2 7 8]
// [1 2 7 8]
// [[00] [10 11] [20 21 22]]
// [XX 21 22]
// [1 0 0 0 5] 3 4
// [9 8 7] [0 8] [0 8 7 6]
