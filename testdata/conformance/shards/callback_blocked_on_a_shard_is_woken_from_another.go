// spindle-only
// shards: 1 2 4

// A String method running on another shard blocks on a fiber channel
// until main, on shard 0, sends; the shard runs its other fibers
// meanwhile, and the value crosses back as a copy.
package main

import (
	"fiber"
	"fmt"
)

type Waits struct{ in *fiber.Shared[string] }

func (w Waits) String() string {
	v, _ := w.in.Receive()
	return "received " + v
}

func show(in *fiber.Shared[string]) string {
	// Another fiber of this shard runs while the String method waits.
	other := fiber.Spawn(func() int { return fiber.Shard() })
	s := fmt.Sprint(Waits{in})
	shard, _ := other.Join()
	return fmt.Sprintf("%s; the other fiber ran on this shard: %v", s, shard == fiber.Shard())
}

func main() {
	in := fiber.NewShared[string]()
	f := fiber.SpawnOn(fiber.ShardCount()-1, show, in)
	in.Send("hello")
	s, _ := f.Join()
	fmt.Println(s)
}

// Output:
// received hello; the other fiber ran on this shard: true
