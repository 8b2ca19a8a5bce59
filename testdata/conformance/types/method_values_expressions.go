package main

import (
	"fmt"
	"strings"
)

type Point struct{ X, Y int }

func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }
func (p *Point) Scale(k int)      { p.X *= k; p.Y *= k }
func (p Point) String() string    { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type Op func(int, int) int

func (o Op) Apply(a, b int) int { return o(a, b) }

func main() {
	p := Point{1, 2}

	// Method value: receiver bound at evaluation time (copied for value receivers).
	add := p.Add
	p.X = 100
	fmt.Println(add(Point{10, 10}))

	// Pointer method value binds &p.
	scale := p.Scale
	scale(2)
	fmt.Println(p)

	// Method expressions.
	addExpr := Point.Add
	fmt.Println(addExpr(Point{1, 1}, Point{2, 2}))
	scaleExpr := (*Point).Scale
	q := Point{3, 4}
	scaleExpr(&q, 3)
	fmt.Println(q)
	strExpr := (*Point).String
	fmt.Println(strExpr(&q))
	fmt.Printf("%T\n", addExpr)
	fmt.Printf("%T\n", scaleExpr)

	// Methods on function types.
	var mul Op = func(a, b int) int { return a * b }
	fmt.Println(mul.Apply(6, 7))
	apply := Op.Apply
	fmt.Println(apply(func(a, b int) int { return a - b }, 10, 3))

	// Method values from interfaces.
	var s fmt.Stringer = Point{5, 6}
	f := s.String
	fmt.Println(f())
	g := fmt.Stringer.String
	fmt.Println(g(Point{7, 8}))

	// Method values in collections.
	funcs := []func() string{Point{1, 0}.String, Point{0, 1}.String}
	for _, fn := range funcs {
		fmt.Print(fn(), " ")
	}
	fmt.Println("end")

	// Standard library method values.
	up := strings.ToUpper
	r := strings.NewReplacer("a", "4")
	rep := r.Replace
	fmt.Println(up("go"), rep("banana"))
	var sb strings.Builder
	w := sb.WriteString
	w("abc")
	w("def")
	fmt.Println(sb.String())
}

// Output:
// (11,12)
// (200,4)
// (3,3)
// (9,12)
// (9,12)
// func(main.Point, main.Point) main.Point
// func(*main.Point, int)
// 42
// 7
// (5,6)
// (7,8)
// (1,0) (0,1) end
// GO b4n4n4
// abcdef
