// spindle-only
// shards: 1 2 4

// Stress: 100,000 messages cross shards from producers on every shard to
// consumers on every shard through a bounded Shared channel, while main
// cancels consumers at random and starts replacements. Every message is
// delivered exactly once: none lost, none duplicated.
package main

import (
	"errors"
	"fiber"
	"fmt"
	"math/rand"
)

const producers, perProducer = 8, 12500

type msg struct{ From, Seq int }

type prodArgs struct {
	ID  int
	Out *fiber.Shared[msg]
}

func produce(a prodArgs) int {
	for i := 0; i < perProducer; i++ {
		if err := a.Out.Send(msg{a.ID, i}); err != nil {
			panic(err)
		}
		if i%97 == 0 {
			fiber.Yield()
		}
	}
	return perProducer
}

type consArgs struct {
	In, Out *fiber.Shared[msg]
	Ticks   *fiber.Shared[int]
}

// consume forwards messages until its input is closed (or it is
// cancelled), telling main about its progress every 500 messages.
func consume(a consArgs) int {
	n := 0
	for {
		m, err := a.In.Receive()
		if err != nil {
			if !errors.Is(err, fiber.ErrClosed) && !errors.Is(err, fiber.ErrCancelled) {
				panic(err)
			}
			return n
		}
		a.Out.Send(m)
		n++
		if n%500 == 0 {
			a.Ticks.Send(1)
		}
	}
}

func main() {
	rng := rand.New(rand.NewSource(7))
	in := fiber.NewSharedBounded[msg](64)
	out := fiber.NewShared[msg]()
	ticks := fiber.NewShared[int]()
	var prods []*fiber.Fiber[int]
	for p := 0; p < producers; p++ {
		prods = append(prods, fiber.SpawnOn(fiber.AnyShard, produce, prodArgs{p, in}))
	}
	args := consArgs{in, out, ticks}
	var cons []*fiber.Fiber[int]
	for c := 0; c < 6; c++ {
		cons = append(cons, fiber.SpawnOn(fiber.AnyShard, consume, args))
	}
	cancels := 0
	for t := 0; t < 150; t++ {
		ticks.Receive()
		if rng.Intn(3) == 0 {
			i := rng.Intn(len(cons))
			cons[i].Cancel()
			cancels++
			cons[i] = fiber.SpawnOn(fiber.AnyShard, consume, args)
		}
	}
	sent := 0
	for _, p := range prods {
		n, err := p.Join()
		if err != nil {
			panic(err)
		}
		sent += n
	}
	in.Close()
	for _, c := range cons {
		c.Join()
	}
	seen := make(map[msg]int)
	for out.Len() > 0 {
		m, _ := out.TryReceive()
		seen[m]++
	}
	dups := 0
	for _, k := range seen {
		if k != 1 {
			dups++
		}
	}
	fmt.Println("sent", sent, "delivered", len(seen), "duplicated", dups, "cancelled some", cancels > 10)
}

// Output:
// sent 100000 delivered 100000 duplicated 0 cancelled some true
