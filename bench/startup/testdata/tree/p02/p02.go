// Package p02 is one of the 20 packages of the start-up benchmark's
// tree: each imports the one before it.
package p02

import (
	"errors"
	"example.com/tree/p01"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Shape is implemented by the package's types.
type Shape interface {
	Area() float64
	Name() string
}

// Rect is a rectangle.
type Rect struct {
	W, H float64
	Tag  string `json:"tag,omitempty"`
}

func (r Rect) Area() float64 { return r.W * r.H }
func (r Rect) Name() string  { return "rect" + strconv.Itoa(int(r.W)) }

// Circle is a circle.
type Circle struct{ R float64 }

func (c *Circle) Area() float64 { return 3 * c.R * c.R }
func (c *Circle) Name() string  { return fmt.Sprintf("circle%v", c.R) }

// Stack is a generic stack.
type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

// Map applies f to each element of xs.
func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

// ErrEmpty is returned for empty input.
var ErrEmpty = errors.New("p02: empty")

var registry = map[string]int{}

func init() {
	registry["p02"] = 2
	for _, k := range p01.Names() {
		registry["p02."+k] = len(k)
	}
}

// Names returns the registry's keys, sorted.
func Names() []string {
	var ks []string
	for k := range registry {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// Sum adds xs, checking for an empty slice.
func Sum(xs []int) int {
	if len(xs) == 0 {
		return 0
	}
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

// Describe renders shapes.
func Describe(shapes []Shape) (string, error) {
	if len(shapes) == 0 {
		return "", ErrEmpty
	}
	parts := Map(shapes, func(s Shape) string { return s.Name() + "=" + strconv.FormatFloat(s.Area(), 'f', 1, 64) })
	return strings.Join(parts, ","), nil
}

// Work exercises the package: it returns a number that depends on every
// package below it.
func Work(n int) int {
	var st Stack[int]
	for i := 0; i < n; i++ {
		st.Push(i * 2)
	}
	xs := []int{}
	for {
		v, ok := st.Pop()
		if !ok {
			break
		}
		xs = append(xs, v)
	}
	s, _ := Describe([]Shape{Rect{W: float64(n), H: 2}, &Circle{R: 1}})
	return p01.Sum(xs[:len(xs)/2]) + Sum(xs) + len(s) + len(Names())
}
