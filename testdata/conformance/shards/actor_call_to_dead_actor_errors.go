// spindle-only
// shards: 1 2 4

// A Call to a dead actor returns ErrActorDead: after Stop; in flight when
// its handler panics; queued behind the panicking message (from fibers on
// every shard); and any Call afterwards. The actor is not restarted.
package main

import (
	"errors"
	"fiber"
	"fmt"
)

type gate struct {
	Started *fiber.Shared[int]
	Gate    *fiber.Shared[int]
	Calls   int
}

func handle(s *gate, m string) int {
	s.Calls++
	switch m {
	case "boom":
		panic(errors.New("handler failed"))
	case "block then boom":
		s.Started.Send(1)
		s.Gate.Receive()
		panic("released")
	}
	return s.Calls
}

type caller struct {
	A      *fiber.Actor[string, int]
	Queued *fiber.Shared[int]
}

func call(c caller) string {
	c.Queued.Send(fiber.Shard())
	n, err := c.A.Call("ping")
	return fmt.Sprint(n, " ", err, " ", errors.Is(err, fiber.ErrActorDead))
}

func main() {
	// Stopped: Call returns ErrActorDead at once.
	st := gate{Started: fiber.NewShared[int](), Gate: fiber.NewShared[int]()}
	a := fiber.NewActor(fiber.AnyShard, st, handle)
	n, err := a.Call("ping")
	fmt.Println("alive:", n, err)
	a.Stop()
	n, err = a.Call("ping")
	fmt.Println("after stop:", n, err, err == fiber.ErrActorDead)

	// The handler panics during the Call: the caller gets ErrActorDead,
	// and so does every later Call.
	b := fiber.NewActor(fiber.ShardCount()-1, st, handle)
	n, err = b.Call("ping")
	fmt.Println("alive:", n, err)
	n, err = b.Call("boom")
	fmt.Println("in flight:", n, err)
	n, err = b.Call("ping")
	fmt.Println("later:", n, err)
	e, _ := b.Monitor().Receive()
	fmt.Println("exit:", e.Err)

	// Calls queued behind a message whose handler panics: each caller, on
	// any shard, gets ErrActorDead.
	c := fiber.NewActor(fiber.ShardCount()-1, st, handle)
	c.Send("block then boom")
	st.Started.Receive() // the actor is blocked in its handler
	queued := fiber.NewShared[int]()
	var fs []*fiber.Fiber[string]
	for i := 0; i < 4; i++ {
		fs = append(fs, fiber.SpawnOn(i, call, caller{A: c, Queued: queued}))
	}
	for i := 0; i < 4; i++ {
		queued.Receive()
	}
	st.Gate.Close()
	for i, f := range fs {
		s, err := f.Join()
		fmt.Println("queued caller", i, "got:", s, err)
	}
	n, err = c.Call("ping")
	fmt.Println("later:", n, err)
	e, _ = c.Monitor().Receive()
	fmt.Println("exit:", e.Err)
}

// Output:
// alive: 1 <nil>
// after stop: 0 fiber: actor is dead true
// alive: 1 <nil>
// in flight: 0 fiber: actor is dead
// later: 0 fiber: actor is dead
// exit: fiber: panicked: handler failed
// queued caller 0 got: 0 fiber: actor is dead true <nil>
// queued caller 1 got: 0 fiber: actor is dead true <nil>
// queued caller 2 got: 0 fiber: actor is dead true <nil>
// queued caller 3 got: 0 fiber: actor is dead true <nil>
// later: 0 fiber: actor is dead
// exit: fiber: panicked: released
