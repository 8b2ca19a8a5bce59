// compile-error: fiber.SpawnOn: the function sent to another shard captures c
// Rule: a method value binds its receiver, so sending c.Scale to another
// shard captures c; the method expression Scaler.Scale is fine.
package main

import (
	"fiber"
	"fmt"
)

type Scaler struct{ k int }

func (s Scaler) Scale(x int) int { return s.k * x }

func main() {
	c := Scaler{k: 3}
	f := fiber.SpawnOn(1, c.Scale, 14)
	r, _ := f.Join()
	fmt.Println(r)
}

// Output:
