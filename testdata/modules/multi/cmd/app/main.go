// Command app uses the module's own packages: an internal package,
// package-level state initialised across packages in import order, types
// and generic functions from another package, and build-constrained files.
package main

import (
	"fmt"
	"os"

	"example.com/multi/internal/greet"
	"example.com/multi/shapes"
	"example.com/multi/util"
)

var started = util.Trace("main var")

func init() { util.Trace("main init") }

func main() {
	fmt.Println(greet.Hello(os.Args[1:]...))
	fmt.Println(util.Platform(), util.Sum([]int{1, 2, 3}), util.Sum([]float64{0.5, 0.25}))
	var s shapes.Shape = shapes.Rect{W: 2, H: 3}
	fmt.Printf("%v %T %.1f\n", s, s, s.Area())
	st := util.NewStack[string]()
	st.Push("a")
	st.Push("b")
	v, _ := st.Pop()
	fmt.Println(v, st.Len(), started)
	fmt.Printf("%T %T\n", st, util.NewStack[shapes.Rect]())
	area := shapes.Rect.Area
	fmt.Println(area(shapes.Rect{W: 4, H: 5}), util.Log())
}
