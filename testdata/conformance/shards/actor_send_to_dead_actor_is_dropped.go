// spindle-only
// shards: 1 2 4

// Erlang's rule: a message sent to a dead actor is dropped, and Send
// reports no error. Stop lets the actor handle what is already queued and
// then end; Stop is idempotent; a Send after Stop, after the end, or to an
// actor whose handler panicked returns nil and is never handled, also when
// sent from another shard.
package main

import (
	"fiber"
	"fmt"
)

type logger struct {
	Log *fiber.Shared[string]
}

func record(s *logger, m string) int {
	if m == "boom" {
		panic("boom")
	}
	s.Log.Send(m)
	return 0
}

func drain(log *fiber.Shared[string]) []string {
	var got []string
	for {
		m, ok := log.TryReceive()
		if !ok {
			return got
		}
		got = append(got, m)
	}
}

type target struct {
	A *fiber.Actor[string, int]
}

// sendFrom sends to the actor from another shard.
func sendFrom(t target) string {
	return fmt.Sprint(t.A.Send("from afar"))
}

func main() {
	log := fiber.NewShared[string]()
	last := fiber.ShardCount() - 1
	a := fiber.NewActor(last, logger{Log: log}, record)
	exit := a.Monitor()
	for _, m := range []string{"a", "b", "c"} {
		if err := a.Send(m); err != nil {
			panic(err)
		}
	}
	a.Stop()
	a.Stop()
	fmt.Println("send after stop:", a.Send("d"))
	e, err := exit.Receive()
	fmt.Println("ended:", e.ID == a.ID(), e.Err, err)
	fmt.Println("send after end:", a.Send("e"))
	s, _ := fiber.SpawnOn(0, sendFrom, target{A: a}).Join()
	fmt.Println("send from shard 0:", s)
	a.Stop()
	fmt.Println("handled:", drain(log))

	// A handler that panics kills the actor: what was queued behind the
	// panic and what is sent later is dropped.
	b := fiber.NewActor(fiber.AnyShard, logger{Log: log}, record)
	exit = b.Monitor()
	for _, m := range []string{"x", "boom", "y"} {
		fmt.Println("send", m+":", b.Send(m))
	}
	e, _ = exit.Receive()
	fmt.Println("died:", e.Err)
	fmt.Println("send to the dead:", b.Send("z"))
	s, _ = fiber.SpawnOn(last, sendFrom, target{A: b}).Join()
	fmt.Println("send from the last shard:", s)
	fmt.Println("handled:", drain(log))
}

// Output:
// send after stop: <nil>
// ended: true <nil> <nil>
// send after end: <nil>
// send from shard 0: <nil>
// handled: [a b c]
// send x: <nil>
// send boom: <nil>
// send y: <nil>
// died: fiber: panicked: boom
// send to the dead: <nil>
// send from the last shard: <nil>
// handled: [x]
