// spindle-only
// shards: 1 2 4

// A Shared channel carries values between shards: producers on every shard
// send, one consumer receives every value exactly once; a bounded Shared
// channel parks its senders while full; Close lets the receiver drain and
// then reports ErrClosed.
package main

import (
	"fiber"
	"fmt"
)

type item struct {
	From, Seq int
	Tags      []string
}

type task struct {
	ID  int
	Out *fiber.Shared[item]
}

func produce(t task) int {
	for i := 0; i < 1000; i++ {
		if err := t.Out.Send(item{From: t.ID, Seq: i, Tags: []string{"t"}}); err != nil {
			panic(err)
		}
	}
	return 1000
}

func main() {
	ch := fiber.NewSharedBounded[item](16)
	var ps []*fiber.Fiber[int]
	for i := 0; i < 4; i++ {
		ps = append(ps, fiber.SpawnOn(i, produce, task{ID: i, Out: ch}))
	}
	got := map[[2]int]int{}
	inOrder := true
	last := map[int]int{0: -1, 1: -1, 2: -1, 3: -1}
	for len(got) < 4000 {
		it, err := ch.Receive()
		if err != nil {
			panic(err)
		}
		got[[2]int{it.From, it.Seq}]++
		if it.Seq != last[it.From]+1 || it.Tags[0] != "t" {
			inOrder = false
		}
		last[it.From] = it.Seq
	}
	sent := 0
	for _, p := range ps {
		k, err := p.Join()
		if err != nil {
			panic(err)
		}
		sent += k
	}
	fmt.Println("sent", sent, "received", len(got), "FIFO per sender", inOrder, "left", ch.Len())
	ch.Send(item{Seq: -5})
	ch.Close()
	it, err := ch.Receive()
	fmt.Println("drained:", it.Seq, err)
	_, err = ch.Receive()
	fmt.Println("after close:", err, ch.Send(item{}))
}

// Output:
// sent 4000 received 4000 FIFO per sender true left 0
// drained: -5 <nil>
// after close: fiber: channel closed fiber: channel closed
