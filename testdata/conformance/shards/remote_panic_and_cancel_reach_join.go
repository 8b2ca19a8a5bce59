// spindle-only
// shards: 1 2 4

// A panic on another shard comes back to Join as a *PanicError with the
// copied value; cancelling a remote fiber parked in Shared.Receive makes
// it see ErrCancelled, its OnCancelled handler runs, and Join reports
// ErrCancelled. The other shards keep running.
package main

import (
	"errors"
	"fiber"
	"fmt"
)

type failure struct{ Code int }

func boom(code int) int {
	panic(failure{Code: code})
}

func waiter(in *fiber.Shared[int]) string {
	fiber.OnCancelled(func() {})
	_, err := in.Receive()
	return fmt.Sprint("receive returned ", err)
}

func main() {
	last := fiber.ShardCount() - 1
	_, err := fiber.SpawnOn(last, boom, 42).Join()
	var pe *fiber.PanicError
	fmt.Println(errors.Is(err, fiber.ErrPanicked), errors.As(err, &pe), pe.Value)

	in := fiber.NewShared[int]()
	w := fiber.SpawnOn(last, waiter, in)
	// Let the waiter park: a round trip to its shard after it started.
	v, _ := fiber.SpawnOn(last, func(x int) int { return x + 1 }, 1).Join()
	w.Cancel()
	w.Cancel()
	s, err := w.Join()
	fmt.Printf("%q %v %v\n", s, err, v)
}

// Output:
// true true {42}
// "" fiber: cancelled 2
