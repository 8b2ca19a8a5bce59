package main

import (
	"fmt"
	"strings"
)

type Meters float64
type Feet float64
type Name string
type IDs []int
type Table map[string]int
type Pair struct{ A, B int }
type OtherPair struct{ A, B int }
type Handler func(string) string

func (m Meters) ToFeet() Feet { return Feet(m * 3.28084) }
func (n Name) Upper() Name    { return Name(strings.ToUpper(string(n))) }
func (ids IDs) Last() int     { return ids[len(ids)-1] }

type Status int

const (
	Active Status = iota + 1
	Inactive
)

func (s Status) String() string {
	switch s {
	case Active:
		return "Active"
	case Inactive:
		return "Inactive"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

func main() {
	m := Meters(10)
	f := m.ToFeet()
	fmt.Printf("%.2f %T\n", f, f)
	fmt.Printf("%v %T\n", Meters(f)/2, Meters(f))

	n := Name("gopher")
	fmt.Println(n.Upper(), len(n), n[0])
	s := string(n.Upper())
	fmt.Println(strings.Repeat(s, 2))

	ids := IDs{1, 2, 3}
	fmt.Println(ids.Last(), len(ids))
	plain := []int(ids)
	plain[0] = 99
	fmt.Println(ids)
	ids = append(ids, 4)
	fmt.Printf("%T %v\n", ids, ids)

	t := Table{"a": 1}
	t["b"] = 2
	fmt.Println(t, len(t))

	// Struct conversion between identical underlying types.
	p := Pair{1, 2}
	op := OtherPair(p)
	fmt.Printf("%v %T\n", op, op)
	anon := struct{ A, B int }{3, 4}
	p = anon
	fmt.Println(p)

	h := Handler(strings.TrimSpace)
	fmt.Printf("%q\n", h("  x  "))

	fmt.Println(Active, Inactive, Status(7))
	fmt.Printf("%v %d %s %q\n", Active, Active, Inactive, Active)
	statuses := []Status{Inactive, Active}
	fmt.Println(statuses)

	// Type aliases are identical types.
	type Alias = Pair
	var al Alias = Pair{5, 6}
	fmt.Printf("%T %v\n", al, al)

	// Named type comparisons.
	fmt.Println(Meters(1) < Meters(2), Name("a") == "a")

	// Untyped constants assign to named types.
	var st Status = 2
	fmt.Println(st)
}

// Output:
// 32.81 main.Feet
// 16.4042 main.Meters
// GOPHER 6 103
// GOPHERGOPHER
// 3 3
// [99 2 3]
// main.IDs [99 2 3 4]
// map[a:1 b:2] 2
// {1 2} main.OtherPair
// {3 4}
// "x"
// Active Inactive Status(7)
// Active 1 Inactive "Active"
// [Inactive Active]
// main.Pair {5 6}
// true true
// Inactive
