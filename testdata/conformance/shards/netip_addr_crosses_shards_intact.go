// spindle-only
// shards: 1 2

// A netip.Addr (Go's own net/netip over spindle's unique) keeps its
// identity when it is deep-copied to an actor on another shard: unique
// handles compare by value.
package main

import (
	"fiber"
	"fmt"
	"net/netip"
)

func main() {
	a := fiber.NewActor(fiber.ShardCount()-1, 0, func(s *int, m netip.Addr) string {
		return fmt.Sprint(m, m.Is4(), m == netip.MustParseAddr("10.0.0.1"))
	})
	r, err := a.Call(netip.MustParseAddr("10.0.0.1"))
	fmt.Println(r, err)
}

// Output:
// 10.0.0.1 true true <nil>
