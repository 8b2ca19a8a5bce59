// spindle-only
// shards: 1 2

// A value crossing shards is deep-copied: two pointers to one node stay one
// node in the copy, cycles survive, slices sharing an array still share it,
// and nothing the receiver changes is seen by the sender.
package main

import (
	"fiber"
	"fmt"
)

type node struct {
	Val  int
	Next *node
}

type msg struct {
	A, B  *node
	Ring  *node
	S1    []int
	S2    []int
	M     map[string]*node
	Any   any
	Label string
}

func inspect(m msg) string {
	sameAB := m.A == m.B
	m.A.Val = 99
	ringOK := m.Ring.Next.Next == m.Ring
	m.S1[0] = 7
	sliceShared := m.S2[0] == 7
	mapAlias := m.M["x"] == m.A
	return fmt.Sprint(sameAB, " ", m.B.Val, " ", ringOK, " ", sliceShared, " ", mapAlias, " ", m.Any, " ", m.Label)
}

func main() {
	n := &node{Val: 1}
	r := &node{Val: 10}
	r.Next = &node{Val: 11, Next: r}
	arr := []int{1, 2, 3}
	m := msg{A: n, B: n, Ring: r, S1: arr, S2: arr[:2], M: map[string]*node{"x": n}, Any: []string{"a", "b"}, Label: "hi"}
	out, err := fiber.SpawnOn(fiber.ShardCount()-1, inspect, m).Join()
	fmt.Println(out, err)
	fmt.Println("sender unchanged:", n.Val, arr[0])
}

// Output:
// true 99 true true true [a b] hi <nil>
// sender unchanged: 1 1
