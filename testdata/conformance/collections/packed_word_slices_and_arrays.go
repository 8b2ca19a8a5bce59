// Slices and arrays of int, int64, uint, uint64, uintptr and float64 are
// stored packed, one word per element: element pointers (through
// generics, interfaces, atomics and scanning), append and copy, arrays in
// structs and map keys (float keys with -0 and NaN), clear, conversions to
// array pointers, sorting, and the std functions returning []int behave
// as in Go.
package main

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
)

type P struct {
	A [3]int
	F float64
}

type Num interface{ ~int | ~int64 | ~float64 }

func add[T Num](p *T, d T) { *p += d }

var sink []int

func main() {
	xs := make([]int, 3, 10)
	xs[0] = -5
	xs = append(xs, 7, 8)
	p := &xs[1]
	*p = -1
	add(p, 3)
	var e any = &xs[2]
	*e.(*int) = math.MinInt64
	fmt.Println(xs, len(xs), cap(xs), xs[2]-1)

	var a [4]float64
	a[0] = 1.5
	add(&a[2], -0.25)
	fmt.Println(a, a[0]+a[2])

	s := P{F: 2}
	s.A[1] = 9
	t := s
	t.A[1] = 10
	fmt.Println(s, t, s == t)
	m := map[[2]float64]int{{1, 2}: 3}
	m[[2]float64{1, 2}]++
	m[[2]float64{math.Copysign(0, -1), 1}] = 5
	m[[2]float64{0, 1}]++
	m[[2]float64{math.NaN(), 0}] = 1
	m[[2]float64{math.NaN(), 0}] = 1
	fmt.Println(len(m), m[[2]float64{1, 2}], m[[2]float64{0, 1}])

	u := []uint64{1 << 63, 5}
	fmt.Println(u, u[0]>>62, []uintptr{1, 2})

	g := make([]int64, 0, 5)
	g = append(g, 1, 2, 3, 4, 5, 6)
	sink = append(sink, 1)
	fmt.Println(g, cap(g), cap(sink))

	c := make([]int, 2)
	fmt.Println(copy(c, xs), c)
	clear(c)
	fmt.Println(c, (*[2]int)(xs)[1], [2]int(xs[3:]))

	counts := make([]int64, 4)
	atomic.AddInt64(&counts[2], 5)
	atomic.StoreInt64(&counts[1], -2)
	fmt.Println(counts, atomic.LoadInt64(&counts[2]), atomic.CompareAndSwapInt64(&counts[2], 5, 6), counts[2])

	var nums [3]int
	var fl [1]float64
	n, err := fmt.Sscan("4 -5 6 2.5", &nums[0], &nums[1], &nums[2], &fl[0])
	fmt.Println(n, err, nums, fl)

	r := []int{5, -2, 9, 0}
	sort.Ints(r)
	f := []float64{2.5, math.Inf(-1), -0.5}
	sort.Float64s(f)
	w := []uint64{9, 1, 5}
	slices.Sort(w)
	fmt.Println(r, f, w, slices.Index(r, 9), slices.Max(f))

	re := regexp.MustCompile(`b+`)
	fmt.Println(re.FindStringIndex("aabbbcb"), re.FindAllStringIndex("aabbbcb", -1))
	fmt.Println(strings.Fields(" a bb  ccc "), len(strings.Fields(" a bb  ccc ")))

	fmt.Printf("%v %d %x %#v %v\n", xs[:2], xs[:2], []int{255, 16}, []float64{1, 0.5}, [2]uintptr{})
}

// Output:
// [-5 2 -9223372036854775808 7 8] 5 10 9223372036854775807
// [1.5 0 -0.25 0] 1.25
// {[0 9 0] 2} {[0 10 0] 2} false
// 4 4 6
// [9223372036854775808 5] 2 [1 2]
// [1 2 3 4 5 6] 10 1
// 2 [-5 2]
// [0 0] 2 [7 8]
// [0 -2 6 0] 5 true 6
// 4 <nil> [4 -5 6] [2.5]
// [-2 0 5 9] [-Inf -0.5 2.5] [1 5 9] 3 2.5
// [2 5] [[2 5] [6 7]]
// [a bb ccc] 3
// [-5 2] [-5 2] [ff 10] []float64{1, 0.5} [0 0]
