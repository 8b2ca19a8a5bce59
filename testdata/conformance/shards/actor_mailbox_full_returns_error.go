// spindle-only
// shards: 1 2 4

// Send never parks: with a mailbox of 2 and the actor busy in its handler
// (waiting on a Shared channel), two more messages fit and the next Send
// and Call return ErrMailboxFull at once. Once the handler is released the
// queued messages are handled in order and the mailbox takes messages
// again.
package main

import (
	"errors"
	"fiber"
	"fmt"
)

type gated struct {
	Started *fiber.Shared[int]
	Gate    *fiber.Shared[int]
	Seen    []int
}

func work(s *gated, m int) []int {
	if m > 0 {
		s.Started.Send(m)
		s.Gate.Receive() // parks until the gate is closed
		s.Seen = append(s.Seen, m)
	}
	return s.Seen
}

func main() {
	st := gated{Started: fiber.NewShared[int](), Gate: fiber.NewShared[int]()}
	a := fiber.NewActorMailbox(fiber.ShardCount()-1, 2, st, work)

	fmt.Println("send 1:", a.Send(1))
	m, _ := st.Started.Receive() // the actor is now blocked handling 1
	fmt.Println("handling", m)
	fmt.Println("send 2:", a.Send(2))
	fmt.Println("send 3:", a.Send(3))
	err := a.Send(4)
	fmt.Println("send 4:", err, errors.Is(err, fiber.ErrMailboxFull))
	_, err = a.Call(0)
	fmt.Println("call:", err)
	fmt.Println("send 5:", a.Send(5))

	st.Gate.Close() // release the handler
	for i := 0; i < 2; i++ {
		m, _ := st.Started.Receive()
		fmt.Println("started", m)
	}
	// 3 has left the mailbox: there is room for the Call.
	seen, err := a.Call(0)
	fmt.Println("after release:", seen, err)
	fmt.Println("send 6:", a.Send(6))
	seen, err = a.Call(0)
	fmt.Println("then:", seen, err)
}

// Output:
// send 1: <nil>
// handling 1
// send 2: <nil>
// send 3: <nil>
// send 4: fiber: mailbox full true
// call: fiber: mailbox full
// send 5: fiber: mailbox full
// started 2
// started 3
// after release: [1 2 3] <nil>
// send 6: <nil>
// then: [1 2 3 6] <nil>
