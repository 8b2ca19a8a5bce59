package main

import (
	"fmt"
	"sort"
)

type byLen []string

func (b byLen) Len() int           { return len(b) }
func (b byLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b byLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

type Employee struct {
	Name   string
	Salary int
}

func main() {
	ints := []int{5, -2, 9, 0, 3}
	sort.Ints(ints)
	fmt.Println(ints, sort.IntsAreSorted(ints))
	strs := []string{"banana", "Apple", "cherry", "apple"}
	sort.Strings(strs)
	fmt.Println(strs)
	fl := []float64{2.5, -1, 3.25}
	sort.Float64s(fl)
	fmt.Println(fl)

	words := []string{"ccc", "a", "bb", "dddd", "ee", "f"}
	sort.Stable(byLen(words))
	fmt.Println(words)
	sort.Sort(sort.Reverse(byLen(words)))
	fmt.Println(len(words[0]), len(words[len(words)-1]))

	sort.Sort(sort.Reverse(sort.IntSlice(ints)))
	fmt.Println(ints)

	emps := []Employee{{"Ann", 5000}, {"Ben", 3000}, {"Cid", 5000}, {"Dee", 4000}}
	sort.SliceStable(emps, func(i, j int) bool { return emps[i].Salary > emps[j].Salary })
	fmt.Println(emps)
	sort.Slice(emps, func(i, j int) bool { return emps[i].Name > emps[j].Name })
	fmt.Println(emps)

	sorted := []int{1, 3, 5, 7, 9}
	fmt.Println(sort.SearchInts(sorted, 5), sort.SearchInts(sorted, 6), sort.SearchInts(sorted, 100))
	idx := sort.Search(len(sorted), func(i int) bool { return sorted[i] >= 4 })
	fmt.Println(idx)
	i, found := sort.Find(len(sorted), func(i int) int { return 7 - sorted[i] })
	fmt.Println(i, found)
	fmt.Println(sort.SearchStrings([]string{"a", "c", "e"}, "d"))
	fmt.Println(sort.SliceIsSorted(emps, func(i, j int) bool { return emps[i].Name > emps[j].Name }))
}

// Output:
// [-2 0 3 5 9] true
// [Apple apple banana cherry]
// [-1 2.5 3.25]
// [a f bb ee ccc dddd]
// 4 1
// [9 5 3 0 -2]
// [{Ann 5000} {Cid 5000} {Dee 4000} {Ben 3000}]
// [{Dee 4000} {Cid 5000} {Ben 3000} {Ann 5000}]
// 2 3 5
// 2
// 3 true
// 2
// true
