package main

import (
	"fmt"
	"sort"
)

func main() {
	pt := struct {
		X, Y int
	}{1, 2}
	fmt.Println(pt, pt.X+pt.Y)
	fmt.Printf("%+v %T\n", pt, pt)

	cases := []struct {
		in   string
		want int
	}{
		{"a", 1},
		{"bb", 2},
		{"", 0},
	}
	for _, tc := range cases {
		fmt.Printf("%q -> %d ok=%t\n", tc.in, tc.want, len(tc.in) == tc.want)
	}

	// Nested anonymous structs.
	cfg := struct {
		Name   string
		Limits struct {
			Max, Min int
		}
		Tags []string
	}{Name: "srv"}
	cfg.Limits.Max = 10
	cfg.Tags = append(cfg.Tags, "t1")
	fmt.Printf("%+v\n", cfg)

	// Anonymous struct map values.
	scores := map[string]struct {
		Wins, Losses int
	}{
		"red":  {3, 1},
		"blue": {2, 2},
	}
	names := make([]string, 0, len(scores))
	for k := range scores {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, n := range names {
		s := scores[n]
		fmt.Println(n, s.Wins, s.Losses)
	}

	// Assignability between anonymous and named struct types.
	type Point struct{ X, Y int }
	var p Point = pt
	fmt.Println(p)

	// Struct with embedded field in anonymous struct.
	type Base struct{ ID int }
	v := struct {
		Base
		Label string
	}{Base{7}, "seven"}
	fmt.Println(v.ID, v.Label)

	// Empty struct usage as set value.
	set := map[string]struct{}{"a": {}, "b": {}}
	_, has := set["a"]
	fmt.Println(len(set), has)

	// Pointer to anonymous struct.
	ptr := &struct{ N int }{5}
	ptr.N++
	fmt.Println(ptr.N, *ptr)
}

// Output:
// {1 2} 3
// {X:1 Y:2} struct { X int; Y int }
// "a" -> 1 ok=true
// "bb" -> 2 ok=true
// "" -> 0 ok=true
// {Name:srv Limits:{Max:10 Min:0} Tags:[t1]}
// blue 2 2
// red 3 1
// {1 2}
// 7 seven
// 2 true
// 6 {6}
