// Package shapes declares an interface and an implementation.
package shapes

import "fmt"

// Shape has an area.
type Shape interface{ Area() float64 }

// Rect is a rectangle.
type Rect struct{ W, H float64 }

// Area is W*H.
func (r Rect) Area() float64 { return r.W * r.H }

func (r Rect) String() string { return fmt.Sprintf("%gx%g", r.W, r.H) }
