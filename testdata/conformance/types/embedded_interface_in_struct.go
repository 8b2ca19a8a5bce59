package main

import (
	"fmt"
	"sort"
	"strings"
)

type Store interface {
	Get(key string) (string, bool)
	Set(key, value string)
	Keys() []string
}

type mapStore struct{ m map[string]string }

func (s *mapStore) Get(k string) (string, bool) { v, ok := s.m[k]; return v, ok }
func (s *mapStore) Set(k, v string)             { s.m[k] = v }
func (s *mapStore) Keys() []string {
	ks := make([]string, 0, len(s.m))
	for k := range s.m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// upperStore embeds the interface and overrides one method; the rest are promoted.
type upperStore struct {
	Store
	writes int
}

func (u *upperStore) Set(k, v string) {
	u.writes++
	u.Store.Set(k, strings.ToUpper(v))
}

// A sort.Interface wrapper overriding Less via embedding.
type byLenDesc struct{ sort.StringSlice }

func (b byLenDesc) Less(i, j int) bool {
	return len(b.StringSlice[i]) > len(b.StringSlice[j])
}

type Greeter interface{ Greet() string }
type English struct{}

func (English) Greet() string { return "hello" }

type Loud struct{ Greeter }

func (l Loud) Greet() string { return strings.ToUpper(l.Greeter.Greet()) + "!" }

func main() {
	base := &mapStore{m: map[string]string{}}
	var s Store = &upperStore{Store: base}
	s.Set("b", "bee")
	s.Set("a", "ay")
	v, ok := s.Get("a")
	fmt.Println(v, ok, s.Keys())
	fmt.Println(base.m["b"], s.(*upperStore).writes)

	words := []string{"kiwi", "fig", "banana", "apple"}
	sort.Stable(byLenDesc{words})
	fmt.Println(words)

	var g Greeter = Loud{English{}}
	fmt.Println(g.Greet())
	fmt.Println(Loud{Loud{English{}}}.Greet())

	// A nil embedded interface panics only when its method is called.
	var empty upperStore
	fmt.Println(empty.writes, empty.Store == nil)
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		empty.Get("x")
	}()
}

// Output:
// AY true [a b]
// BEE 2
// [banana apple kiwi fig]
// HELLO!
// HELLO!!
// 0 true
// recovered: runtime error: invalid memory address or nil pointer dereference
