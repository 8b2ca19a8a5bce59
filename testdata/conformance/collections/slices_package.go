package main

import (
	"fmt"
	"slices"
	"strings"
)

func compareInts(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

type Person struct {
	Name string
	Age  int
}

func main() {
	s := []int{5, 2, 8, 1, 9, 3}
	fmt.Println(slices.Contains(s, 8), slices.Index(s, 9), slices.Index(s, 7))
	fmt.Println(slices.Max(s), slices.Min(s))
	sorted := slices.Clone(s)
	slices.Sort(sorted)
	fmt.Println(s, sorted, slices.IsSorted(sorted))
	i, found := slices.BinarySearch(sorted, 5)
	fmt.Println(i, found)
	i, found = slices.BinarySearch(sorted, 4)
	fmt.Println(i, found)

	r := slices.Clone(sorted)
	slices.Reverse(r)
	fmt.Println(r)
	fmt.Println(slices.Equal(s, sorted), slices.Equal([]int{}, nil))
	fmt.Println(slices.Compare([]int{1, 2}, []int{1, 3}), slices.Compare([]int{1, 2, 3}, []int{1, 2}))

	ins := slices.Insert([]int{1, 2, 5}, 2, 3, 4)
	fmt.Println(ins)
	del := slices.Delete(slices.Clone(ins), 1, 3)
	fmt.Println(del)
	fmt.Println(slices.Compact([]int{1, 1, 2, 2, 2, 3, 1}))
	fmt.Println(slices.IndexFunc(s, func(v int) bool { return v > 7 }))
	fmt.Println(slices.ContainsFunc(s, func(v int) bool { return v < 0 }))
	fmt.Println(slices.DeleteFunc(slices.Clone(s), func(v int) bool { return v%2 == 0 }))
	fmt.Println(slices.Repeat([]string{"a", "b"}, 2))
	fmt.Println(slices.Concat([]int{1}, []int{2, 3}, nil, []int{4}))

	people := []Person{{"Alice", 30}, {"Bob", 25}, {"Carol", 30}, {"Dave", 25}}
	slices.SortStableFunc(people, func(a, b Person) int { return compareInts(a.Age, b.Age) })
	fmt.Println(people)
	slices.SortFunc(people, func(a, b Person) int {
		if c := compareInts(b.Age, a.Age); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	fmt.Println(people)
	idx, ok := slices.BinarySearchFunc([]Person{{"A", 1}, {"B", 5}, {"C", 9}}, 5, func(p Person, t int) int { return compareInts(p.Age, t) })
	fmt.Println(idx, ok)
	oldest := slices.MaxFunc(people, func(a, b Person) int { return compareInts(a.Age, b.Age) })
	fmt.Println(oldest)

	// Iterator helpers.
	for i, v := range slices.Backward([]string{"x", "y", "z"}) {
		fmt.Print(i, v, ";")
	}
	fmt.Println()
	fmt.Println(slices.Collect(slices.Values([]int{7, 8})))
	fmt.Println(slices.Sorted(slices.Values([]string{"pear", "apple", "fig"})))
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Print(c)
	}
	fmt.Println()
	g := slices.Grow([]int{1}, 10)
	fmt.Println(len(g), cap(g) >= 11)
	fmt.Println(len(slices.Clip(g)))
}

// Output:
// true 4 -1
// 9 1
// [5 2 8 1 9 3] [1 2 3 5 8 9] true
// 3 true
// 3 false
// [9 8 5 3 2 1]
// false true
// -1 1
// [1 2 3 4 5]
// [1 4 5]
// [1 2 3 1]
// 2
// false
// [5 1 9 3]
// [a b a b]
// [1 2 3 4]
// [{Bob 25} {Dave 25} {Alice 30} {Carol 30}]
// [{Alice 30} {Carol 30} {Bob 25} {Dave 25}]
// 1 true
// {Alice 30}
// 2z;1y;0x;
// [7 8]
// [apple fig pear]
// [1 2][3 4][5]
// 1 true
// 1
