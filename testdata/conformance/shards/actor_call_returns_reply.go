// spindle-only
// shards: 1 2 4

// Call is request/reply: the caller parks until the handler returns, and
// gets the handler's result, copied to its shard. A key-value actor placed
// on the last shard answers calls from main and from fibers on every
// shard; a reply holding a slice is the caller's own copy. An index past
// the shard count is taken modulo it.
package main

import (
	"fiber"
	"fmt"
	"strings"
)

type req struct {
	Op, Key string
	Val     int
}

type resp struct {
	Val  int
	OK   bool
	Keys []string
}

type store struct {
	M     map[string]int
	Order []string
}

func serve(s *store, r req) resp {
	switch r.Op {
	case "put":
		old, ok := s.M[r.Key]
		if !ok {
			s.Order = append(s.Order, r.Key)
		}
		s.M[r.Key] = r.Val
		return resp{Val: old, OK: ok}
	case "get":
		v, ok := s.M[r.Key]
		return resp{Val: v, OK: ok}
	case "add":
		s.M[r.Key] += r.Val
		return resp{Val: s.M[r.Key], OK: true}
	case "keys":
		return resp{Keys: s.Order, OK: true}
	}
	return resp{}
}

type client struct {
	Shard int
	A     *fiber.Actor[req, resp]
}

// remote runs on another shard: 100 increments of one key by Call, each
// reply checked, then a read of its own key.
func remote(c client) string {
	key := fmt.Sprint("k", c.Shard)
	if _, err := c.A.Call(req{Op: "put", Key: key, Val: c.Shard * 10}); err != nil {
		return err.Error()
	}
	for i := 1; i <= 100; i++ {
		r, err := c.A.Call(req{Op: "add", Key: "total", Val: 1})
		if err != nil || !r.OK || r.Val < i {
			return fmt.Sprint("bad reply ", r, err)
		}
	}
	r, err := c.A.Call(req{Op: "get", Key: key})
	return fmt.Sprint(key, "=", r.Val, " ", r.OK, " ", err, " on shard ", fiber.Shard() == c.Shard%fiber.ShardCount())
}

func main() {
	last := fiber.ShardCount() - 1
	a := fiber.NewActor(last, store{M: map[string]int{}}, serve)
	fmt.Println("on the last shard:", a.Shard() == last)

	r, err := a.Call(req{Op: "put", Key: "x", Val: 1})
	fmt.Println(r.Val, r.OK, err)
	r, err = a.Call(req{Op: "put", Key: "x", Val: 2})
	fmt.Println(r.Val, r.OK, err)
	r, err = a.Call(req{Op: "get", Key: "x"})
	fmt.Println(r.Val, r.OK, err)
	r, err = a.Call(req{Op: "get", Key: "nope"})
	fmt.Println(r.Val, r.OK, err)

	// The reply is a copy: changing it does not change the actor's state.
	a.Call(req{Op: "put", Key: "y", Val: 3})
	r, _ = a.Call(req{Op: "keys"})
	r.Keys[0] = "CHANGED"
	r2, _ := a.Call(req{Op: "keys"})
	fmt.Println(strings.Join(r2.Keys, ","))

	var fs []*fiber.Fiber[string]
	for i := 0; i < 4; i++ {
		fs = append(fs, fiber.SpawnOn(i, remote, client{Shard: i, A: a}))
	}
	for _, f := range fs {
		s, err := f.Join()
		fmt.Println(s, err)
	}
	r, err = a.Call(req{Op: "get", Key: "total"})
	fmt.Println("total", r.Val, err)

	// A handler given as a function literal; an index modulo ShardCount.
	b := fiber.NewActorMailbox(fiber.ShardCount()+1, 4, 0, func(n *int, m string) string {
		*n++
		return fmt.Sprint(*n, ":", strings.ToUpper(m))
	})
	fmt.Println("shard modulo:", b.Shard() == 1%fiber.ShardCount())
	for _, m := range []string{"a", "b", "c"} {
		s, err := b.Call(m)
		fmt.Println(s, err)
	}
}

// Output:
// on the last shard: true
// 0 false <nil>
// 1 true <nil>
// 2 true <nil>
// 0 false <nil>
// x,y
// k0=0 true <nil> on shard true <nil>
// k1=10 true <nil> on shard true <nil>
// k2=20 true <nil> on shard true <nil>
// k3=30 true <nil> on shard true <nil>
// total 400 <nil>
// shard modulo: true
// 1:A <nil>
// 2:B <nil>
// 3:C <nil>
