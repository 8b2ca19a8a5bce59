// spindle-only
// shards: 1 2 4

// Monitor delivers exactly one ActorExit when the actor ends, to monitors
// taken before the end (on any shard) and after it (at once), and then
// closes the channel. Stop gives a nil Err; a handler panic gives a
// *PanicError carrying the (copied) panic value; ID is the actor's fiber.
package main

import (
	"errors"
	"fiber"
	"fmt"
)

type failure struct {
	Code   int
	Detail []string
}

func handle(s *int, m int) int {
	if m < 0 {
		panic(failure{Code: -m, Detail: []string{"negative", fmt.Sprint(*s)}})
	}
	*s += m
	return *s
}

type watch struct {
	Exit  *fiber.Shared[fiber.ActorExit]
	Ready *fiber.Shared[int]
	ID    int64
}

// watchFrom takes a monitor on its own shard, says so, and waits.
func watchFrom(a *fiber.Actor[int, int]) string {
	m := a.Monitor()
	e, err := m.Receive()
	var pe *fiber.PanicError
	isPanic := errors.As(e.Err, &pe)
	_, again := m.Receive()
	return fmt.Sprint(e.ID == a.ID(), " ", err, " ", isPanic, " ", errors.Is(e.Err, fiber.ErrPanicked), " ", again)
}

func describe(e fiber.ActorExit, a *fiber.Actor[int, int]) string {
	var pe *fiber.PanicError
	if !errors.As(e.Err, &pe) {
		return fmt.Sprint("id ok: ", e.ID == a.ID(), ", err: ", e.Err)
	}
	f := pe.Value.(failure)
	return fmt.Sprintf("id ok: %v, panic value: %+v, has stack: %v", e.ID == a.ID(), f, pe.Stack != "")
}

func main() {
	// Stopped: Err is nil.
	a := fiber.NewActor(fiber.AnyShard, 0, handle)
	before := a.Monitor()
	a.Send(5)
	a.Stop()
	e, err := before.Receive()
	fmt.Println("stopped:", describe(e, a), err)
	_, err = before.Receive()
	fmt.Println("then:", err)
	e, err = a.Monitor().Receive()
	fmt.Println("monitor after the end:", describe(e, a), err)

	// Panicked: the value comes back whole, on every monitor, whichever
	// shard took it.
	b := fiber.NewActor(fiber.ShardCount()-1, 0, handle)
	m1, m2 := b.Monitor(), b.Monitor()
	var fs []*fiber.Fiber[string]
	for i := 0; i < 4; i++ {
		fs = append(fs, fiber.SpawnOn(i, watchFrom, b))
	}
	// A round trip to each watcher's shard, so that (most likely) the
	// watchers take their monitors before the actor dies; one taken after
	// gets the exit at once, so the output does not depend on it.
	for i := 0; i < 4; i++ {
		fiber.SpawnOn(i, func(x int) int { return x }, 0).Join()
	}
	b.Send(7)
	n, err := b.Call(-3)
	fmt.Println("call that panicked:", n, err)
	e, _ = m1.Receive()
	fmt.Println("panicked:", describe(e, b))
	e, _ = m2.Receive()
	fmt.Println("second monitor:", describe(e, b))
	e, _ = b.Monitor().Receive()
	fmt.Println("monitor after death:", describe(e, b))
	for i, f := range fs {
		s, err := f.Join()
		fmt.Println("watcher", i, s, err)
	}

	// Monitors from another shard, of an actor that is stopped later.
	c := fiber.NewActor(0, 0, handle)
	w := fiber.SpawnOn(fiber.ShardCount()-1, watchFrom, c)
	c.Call(1)
	c.Stop()
	s, err := w.Join()
	fmt.Println("remote watcher of a stopped actor:", s, err)
}

// Output:
// stopped: id ok: true, err: <nil> <nil>
// then: fiber: channel closed
// monitor after the end: id ok: true, err: <nil> <nil>
// call that panicked: 0 fiber: actor is dead
// panicked: id ok: true, panic value: {Code:3 Detail:[negative 7]}, has stack: true
// second monitor: id ok: true, panic value: {Code:3 Detail:[negative 7]}, has stack: true
// monitor after death: id ok: true, panic value: {Code:3 Detail:[negative 7]}, has stack: true
// watcher 0 true <nil> true true fiber: channel closed <nil>
// watcher 1 true <nil> true true fiber: channel closed <nil>
// watcher 2 true <nil> true true fiber: channel closed <nil>
// watcher 3 true <nil> true true fiber: channel closed <nil>
// remote watcher of a stopped actor: true <nil> false false fiber: channel closed <nil>
