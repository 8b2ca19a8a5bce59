// spindle-only: package fiber is spindle's
// Rule: Hub fairness: with a hot channel always ready and a cold one sent
// to once, the cold value is received within (registered channels) turns.
package main

import (
	"fmt"

	"fiber"
)

func main() {
	hot := fiber.NewChannel[string]()
	cold := fiber.NewChannel[string]()
	for i := 0; i < 100; i++ {
		hot.Send("hot")
	}
	h := fiber.NewHub(hot, cold)
	// Drain a few from hot first.
	for i := 0; i < 3; i++ {
		h.Receive()
	}
	cold.Send("cold")
	for turn := 1; turn <= 2; turn++ {
		i, v, err := h.Receive()
		fmt.Println(turn, i, v, err)
		if v == "cold" {
			break
		}
	}
	// A parked hub receiver wakes on any registered channel.
	third := fiber.NewChannel[string]()
	idx := h.Register(third)
	h2 := fiber.NewHub(third)
	go func() { third.Send("late") }()
	i, v, err := h2.Receive()
	fmt.Println(idx, i, v, err)
}

// Output:
// 1 1 cold <nil>
// 2 0 late <nil>
