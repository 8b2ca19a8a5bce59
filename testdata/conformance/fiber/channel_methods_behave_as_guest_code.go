// spindle-only: package fiber is spindle's
// Rule: Channel's and Shared's Send/Receive/TrySend/TryReceive (bound to
// the host, no wrapper) behave as the guest methods they replace: a nil
// or zero channel panics with Go's nil-dereference error (recoverable); a
// failed receive returns the element type's zero value, a struct here,
// which the caller owns; the methods work as method values and through
// interfaces; the errors are the package's own ErrClosed.
package main

import (
	"errors"
	"fmt"

	"fiber"
)

type point struct {
	X, Y int
	S    string
}

type sender interface{ Send(point) error }

func try(name string, f func()) {
	defer func() { fmt.Println(name+":", recover()) }()
	f()
}

func main() {
	var c *fiber.Channel[int]
	try("nil Send", func() { c.Send(1) })
	try("nil Receive", func() { c.Receive() })
	var z fiber.Channel[int]
	try("zero TrySend", func() { z.TrySend(1) })
	var s *fiber.Shared[int]
	try("nil Shared Receive", func() { s.Receive() })

	pc := fiber.NewBounded[point](2)
	var snd sender = pc
	fmt.Println(snd.Send(point{1, 2, "a"}))
	send := pc.Send
	fmt.Println(send(point{3, 4, "b"}), pc.TrySend(point{}), pc.Len())
	pc.Close()
	fmt.Println(pc.Receive())
	recv := pc.Receive
	fmt.Println(recv())
	v, err := pc.Receive()
	fmt.Println(v, err, errors.Is(err, fiber.ErrClosed))
	v.X, v.S = 5, "mine"
	fmt.Println(v)
	w, ok := pc.TryReceive()
	fmt.Println(w, ok, pc.Send(point{}) == fiber.ErrClosed)

	sc := fiber.NewSharedBounded[point](1)
	fmt.Println(sc.TrySend(point{7, 8, "c"}), sc.TrySend(point{}))
	buf := make([]point, 4)
	n, err := sc.ReceiveMany(buf)
	fmt.Println(n, err, buf[0])
	sc.Close()
	v, err = sc.Receive()
	fmt.Println(v, err == fiber.ErrClosed, sc.Send(point{}) == fiber.ErrClosed)
	n, err = sc.ReceiveMany(buf)
	fmt.Println(n, err)
	w, ok = sc.TryReceive()
	w.Y = 9
	fmt.Println(w, ok)
}

// Output:
// nil Send: runtime error: invalid memory address or nil pointer dereference
// nil Receive: runtime error: invalid memory address or nil pointer dereference
// zero TrySend: runtime error: invalid memory address or nil pointer dereference
// nil Shared Receive: runtime error: invalid memory address or nil pointer dereference
// <nil>
// <nil> false 2
// {1 2 a} <nil>
// {3 4 b} <nil>
// {0 0 } fiber: channel closed true
// {5 0 mine}
// {0 0 } false true
// true false
// 1 <nil> {7 8 c}
// {0 0 } true true
// 0 fiber: channel closed
// {0 9 } false
