package main

import (
	"container/list"
	"fmt"
)

func dump(l *list.List) {
	fmt.Print("[")
	for e := l.Front(); e != nil; e = e.Next() {
		if e != l.Front() {
			fmt.Print(" ")
		}
		fmt.Print(e.Value)
	}
	fmt.Println("] len", l.Len())
}

func main() {
	l := list.New()
	e4 := l.PushBack(4)
	e1 := l.PushFront(1)
	l.InsertBefore(3, e4)
	l.InsertAfter(2, e1)
	dump(l)

	l.MoveToFront(e4)
	dump(l)
	l.MoveToBack(e4)
	l.MoveBefore(e1, e4)
	dump(l)
	l.MoveAfter(e4, l.Front())
	dump(l)

	fmt.Println("removed:", l.Remove(e4))
	dump(l)

	// Backward iteration.
	for e := l.Back(); e != nil; e = e.Prev() {
		fmt.Print(e.Value, ";")
	}
	fmt.Println()

	other := list.New()
	other.PushBack("x")
	other.PushBack("y")
	l.PushBackList(other)
	l.PushFrontList(other)
	dump(l)

	// Remove while iterating: save next first.
	for e := l.Front(); e != nil; {
		next := e.Next()
		if _, ok := e.Value.(string); ok {
			l.Remove(e)
		}
		e = next
	}
	dump(l)

	// Zero value list is usable.
	var z list.List
	z.PushBack("zero-value")
	fmt.Println(z.Len(), z.Front().Value)

	l.Init()
	dump(l)
	fmt.Println(l.Front() == nil)
}

// Output:
// [1 2 3 4] len 4
// [4 1 2 3] len 4
// [2 3 1 4] len 4
// [2 4 3 1] len 4
// removed: 4
// [2 3 1] len 3
// 1;3;2;
// [x y 2 3 1 x y] len 7
// [2 3 1] len 3
// 1 zero-value
// [] len 0
// true
