// spindle-only
// shards: 1 2 4

// An actor handles its messages one at a time: 1000 Sends from fibers on
// every shard reach a counter actor, whose handler yields in the middle of
// each update and never finds another update in progress; each sender's
// messages arrive in the order sent; a Call queued after them all returns
// 1000. The handler runs on the actor's shard.
package main

import (
	"fiber"
	"fmt"
)

type msg struct {
	Get       bool
	From, Seq int
}

type report struct {
	Count, Overlaps int
	InOrder         bool
	Shard           int
	PerSender       map[int]int
}

type counter struct {
	Count, Overlaps int
	Busy            bool
	Last            map[int]int
	Unordered       int
}

func handle(s *counter, m msg) report {
	if m.Get {
		per := map[int]int{}
		for k, v := range s.Last {
			per[k] = v + 1
		}
		return report{Count: s.Count, Overlaps: s.Overlaps, InOrder: s.Unordered == 0, Shard: fiber.Shard(), PerSender: per}
	}
	if s.Busy {
		s.Overlaps++
	}
	s.Busy = true
	fiber.Yield()
	last, seen := s.Last[m.From]
	if !seen {
		last = -1
	}
	if m.Seq != last+1 {
		s.Unordered++
	}
	s.Last[m.From] = m.Seq
	s.Count++
	s.Busy = false
	return report{}
}

type job struct {
	From int
	A    *fiber.Actor[msg, report]
}

func sender(j job) int {
	for i := 0; i < 250; i++ {
		for {
			err := j.A.Send(msg{From: j.From, Seq: i})
			if err == nil {
				break
			}
			if err != fiber.ErrMailboxFull {
				panic(err)
			}
			fiber.Yield()
		}
	}
	return 250
}

func main() {
	a := fiber.NewActor(fiber.AnyShard, counter{Last: map[int]int{}}, handle)
	var fs []*fiber.Fiber[int]
	for i := 0; i < 4; i++ {
		fs = append(fs, fiber.SpawnOn(i, sender, job{From: i, A: a}))
	}
	sent := 0
	for _, f := range fs {
		n, err := f.Join()
		if err != nil {
			panic(err)
		}
		sent += n
	}
	r, err := a.Call(msg{Get: true})
	fmt.Println("sent", sent, "handled", r.Count, err)
	fmt.Println("overlapping updates:", r.Overlaps, "in order per sender:", r.InOrder)
	fmt.Println("per sender:", r.PerSender[0], r.PerSender[1], r.PerSender[2], r.PerSender[3])
	fmt.Println("ran on its shard:", r.Shard == a.Shard())

	// A fresh actor per shard: each runs where it was placed.
	ok := true
	for k := 0; k < fiber.ShardCount(); k++ {
		b := fiber.NewActor(k, counter{Last: map[int]int{}}, handle)
		r, err := b.Call(msg{Get: true})
		ok = ok && err == nil && b.Shard() == k && r.Shard == k
		b.Stop()
	}
	fmt.Println("placed on the shard asked for:", ok)
}

// Output:
// sent 1000 handled 1000 <nil>
// overlapping updates: 0 in order per sender: true
// per sender: 250 250 250 250
// ran on its shard: true
// placed on the shard asked for: true
