// spindle-only
// shards: 1 2 4

// A fiber waiting in Call is cancellable: Call returns ErrCancelled, on
// the caller's shard or another, also when the caller was cancelled before
// it called. The actor is unaffected: it handles the message, its reply to
// the cancelled caller is dropped, and later Calls are answered.
package main

import (
	"fiber"
	"fmt"
)

type gated struct {
	Started, Gate *fiber.Shared[int]
	Handled       int
}

func work(s *gated, m int) int {
	if m == 1 {
		s.Started.Send(m)
		s.Gate.Receive()
	}
	s.Handled++
	return s.Handled
}

type caller struct {
	A   *fiber.Actor[int, int]
	Out *fiber.Shared[string]
}

func call(c caller) int {
	n, err := c.A.Call(2)
	c.Out.Send(fmt.Sprint(n, " ", err))
	return n
}

func main() {
	st := gated{Started: fiber.NewShared[int](), Gate: fiber.NewShared[int]()}
	a := fiber.NewActor(fiber.ShardCount()-1, st, work)
	a.Send(1)
	st.Started.Receive() // the actor is blocked handling 1

	out := fiber.NewShared[string]()
	for _, k := range []int{0, fiber.ShardCount() - 1} {
		f := fiber.SpawnOn(k, call, caller{A: a, Out: out})
		// Wait until the caller has queued its Call: the actor cannot
		// answer it yet, so the caller is (or will be) parked in Call.
		for i := 0; i < 3; i++ {
			fiber.SpawnOn(k, func(x int) int { return x }, 0).Join()
		}
		f.Cancel()
		n, err := f.Join()
		s, _ := out.Receive()
		fmt.Println("caller got:", s, "join:", n, err)
	}

	// Cancelled before it ran: Call returns ErrCancelled at its park.
	f := fiber.Spawn(func() int { return call(caller{A: a, Out: out}) })
	f.Cancel()
	_, err := f.Join()
	s, _ := out.Receive()
	fmt.Println("cancelled before calling:", s, "join:", err)

	st.Gate.Close()
	n, err := a.Call(3)
	fmt.Println("actor still answers:", n, err)
}

// Output:
// caller got: 0 fiber: cancelled join: 0 fiber: cancelled
// caller got: 0 fiber: cancelled join: 0 fiber: cancelled
// cancelled before calling: 0 fiber: cancelled join: fiber: cancelled
// actor still answers: 5 <nil>
