package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

type Shape interface {
	Area() float64
	Perimeter() float64
}

type Named interface{ Name() string }

type NamedShape interface {
	Shape
	Named
}

type Rect struct{ W, H float64 }
type Circle struct{ R float64 }

func (r Rect) Area() float64         { return r.W * r.H }
func (r Rect) Perimeter() float64    { return 2 * (r.W + r.H) }
func (r Rect) Name() string          { return "rect" }
func (c *Circle) Area() float64      { return 3 * c.R * c.R }
func (c *Circle) Perimeter() float64 { return 6 * c.R }

func describe(s Shape) string {
	out := fmt.Sprintf("%T area=%.1f", s, s.Area())
	if n, ok := s.(Named); ok {
		out += " name=" + n.Name()
	}
	return out
}

func main() {
	shapes := []Shape{Rect{2, 3}, &Circle{1}}
	for _, s := range shapes {
		fmt.Println(describe(s))
	}
	var ns NamedShape = Rect{1, 1}
	var sh Shape = ns
	fmt.Println(sh.Perimeter(), ns.Name())

	// Comma-ok assertions to concrete types.
	var s Shape = Rect{4, 5}
	r, ok := s.(Rect)
	fmt.Println(r, ok)
	c, ok := s.(*Circle)
	fmt.Println(c, ok, c == nil)

	// Nil interface vs interface holding nil pointer.
	var empty Shape
	fmt.Println(empty == nil)
	var nilCircle *Circle
	empty = nilCircle
	fmt.Println(empty == nil, empty != nil)
	_, ok = empty.(*Circle)
	fmt.Println(ok)

	// Interface comparison compares dynamic type and value.
	var a, b any = 3, 3
	fmt.Println(a == b, a == any(int64(3)), any("x") == any("x"))
	var e1 error = errors.New("x")
	var e2 error = errors.New("x")
	fmt.Println(e1 == e2, e1 == e1)

	// Interface holding another interface's value.
	var rd io.Reader = strings.NewReader("data")
	_, isWriterTo := rd.(io.WriterTo)
	_, isWriter := rd.(io.Writer)
	fmt.Println(isWriterTo, isWriter)

	// Empty interface holding various types.
	vals := []any{1, "s", 2.5, nil, []int{1}, map[string]int{"a": 1}, Rect{}, struct{}{}}
	for _, v := range vals {
		fmt.Printf("%T=%v\n", v, v)
	}

	// Assigning a struct to an interface copies it.
	rr := Rect{1, 2}
	var si Shape = rr
	rr.W = 100
	fmt.Println(si.Area(), rr.Area())
}

// Output:
// main.Rect area=6.0 name=rect
// *main.Circle area=3.0
// 4 rect
// {4 5} true
// <nil> false true
// true
// false true
// true
// true false true
// false true
// true false
// int=1
// string=s
// float64=2.5
// <nil>=<nil>
// []int=[1]
// map[string]int=map[a:1]
// main.Rect={0 0}
// struct {}={}
// 2 200
