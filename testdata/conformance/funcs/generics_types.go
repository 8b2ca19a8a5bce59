package main

import (
	"errors"
	"fmt"
	"sort"
)

type Stack[T any] struct {
	items []T
}

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s *Stack[T]) Pop() (T, error) {
	var zero T
	if len(s.items) == 0 {
		return zero, errors.New("empty stack")
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, nil
}
func (s Stack[T]) Len() int { return len(s.items) }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

type OrderedMap[K interface{ ~int | ~string }, V any] struct {
	m map[K]V
}

func NewOrderedMap[K interface{ ~int | ~string }, V any]() *OrderedMap[K, V] {
	return &OrderedMap[K, V]{m: make(map[K]V)}
}

func (o *OrderedMap[K, V]) Set(k K, v V) { o.m[k] = v }
func (o *OrderedMap[K, V]) Pairs() []Pair[K, V] {
	keys := make([]K, 0, len(o.m))
	for k := range o.m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	out := make([]Pair[K, V], 0, len(keys))
	for _, k := range keys {
		out = append(out, Pair[K, V]{k, o.m[k]})
	}
	return out
}

type List[T any] struct {
	head *node[T]
	size int
}

type node[T any] struct {
	val  T
	next *node[T]
}

func (l *List[T]) Prepend(v T) {
	l.head = &node[T]{v, l.head}
	l.size++
}

func (l *List[T]) Each(f func(T)) {
	for n := l.head; n != nil; n = n.next {
		f(n.val)
	}
}

type Number interface{ ~int | ~float64 }

type Vec[T Number] []T

func (v Vec[T]) Dot(w Vec[T]) T {
	var s T
	for i := range v {
		s += v[i] * w[i]
	}
	return s
}

type Tree[T interface{ ~int | ~string }] struct {
	Left, Right *Tree[T]
	Val         T
}

func (t *Tree[T]) Insert(v T) *Tree[T] {
	if t == nil {
		return &Tree[T]{Val: v}
	}
	if v < t.Val {
		t.Left = t.Left.Insert(v)
	} else {
		t.Right = t.Right.Insert(v)
	}
	return t
}

func (t *Tree[T]) Walk(f func(T)) {
	if t == nil {
		return
	}
	t.Left.Walk(f)
	f(t.Val)
	t.Right.Walk(f)
}

func main() {
	var s Stack[string]
	s.Push("a")
	s.Push("b")
	fmt.Println(s.Len())
	v, err := s.Pop()
	fmt.Println(v, err)
	v, err = s.Pop()
	fmt.Println(v, err)
	v, err = s.Pop()
	fmt.Printf("%q %v\n", v, err)

	is := &Stack[int]{}
	for i := range 5 {
		is.Push(i * i)
	}
	fmt.Println(is.items, is.Len())
	fmt.Printf("%T %T\n", s, is)

	om := NewOrderedMap[string, int]()
	om.Set("zeta", 26)
	om.Set("alpha", 1)
	om.Set("mu", 12)
	fmt.Println(om.Pairs())
	p := Pair[int, []string]{1, []string{"x"}}
	fmt.Println(p)
	fmt.Printf("%+v\n", struct{ P Pair[string, bool] }{Pair[string, bool]{"ok", true}})

	var l List[float64]
	l.Prepend(1.5)
	l.Prepend(2.5)
	l.Each(func(f float64) { fmt.Print(f, ";") })
	fmt.Println(l.size)

	fmt.Println(Vec[int]{1, 2, 3}.Dot(Vec[int]{4, 5, 6}), Vec[float64]{0.5}.Dot(Vec[float64]{4}))

	var t *Tree[string]
	for _, w := range []string{"m", "c", "x", "a", "e"} {
		t = t.Insert(w)
	}
	t.Walk(func(s string) { fmt.Print(s) })
	fmt.Println()
}

// Output:
// 2
// b <nil>
// a <nil>
// "" empty stack
// [0 1 4 9 16] 5
// main.Stack[string] *main.Stack[int]
// [alpha=1 mu=12 zeta=26]
// 1=[x]
// {P:ok=true}
// 2.5;1.5;2
// 32 2
// acemx
