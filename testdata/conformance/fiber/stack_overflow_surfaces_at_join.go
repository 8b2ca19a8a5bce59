// spindle-only: package fiber is spindle's
// Rule: unbounded recursion in a spawned fiber yields ErrStackOverflow at
// Join with the limit, and the program goes on.
package main

import (
	"errors"
	"fmt"

	"fiber"
)

func down(n int) int { return down(n+1) + 1 }

func main() {
	f := fiber.Spawn(func() int { return down(0) })
	_, err := f.Join()
	fmt.Println(errors.Is(err, fiber.ErrStackOverflow))
	var so *fiber.StackOverflowError
	if errors.As(err, &so) {
		fmt.Println("limit", so.Limit, "requested more:", so.Requested > so.Limit)
	}
	g := fiber.Spawn(func() int { return 5 })
	fmt.Println(g.Join())
	fmt.Println("program goes on")
}

// Output:
// true
// limit 8388608 requested more: true
// 5 <nil>
// program goes on
