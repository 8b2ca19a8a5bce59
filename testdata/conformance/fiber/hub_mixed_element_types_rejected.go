// compile-error: in call to fiber.NewHub, type *fiber.Channel[string] of s does not match inferred type *fiber.Channel[int] for *fiber.Channel[T]
// Rule: Hub[T] rejects mixed element types at compile time:
// NewHub's type parameter makes a Hub over an int channel and a string
// channel ill-typed.
package main

import "fiber"

func main() {
	i := fiber.NewChannel[int]()
	s := fiber.NewChannel[string]()
	h := fiber.NewHub(i, s)
	_ = h
}

// Output:
