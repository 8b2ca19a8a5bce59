// Command thirdparty uses modules from the module proxy: a B-tree, a
// rune-width library (with its own dependency) and a generic ordered map.
package main

import (
	"fmt"
	"strings"

	"github.com/google/btree"
	"github.com/mattn/go-runewidth"
	tbtree "github.com/tidwall/btree"
)

func main() {
	t := btree.NewOrderedG[int](4)
	for _, x := range []int{50, 10, 40, 20, 30, 60} {
		t.ReplaceOrInsert(x)
	}
	var got []int
	t.Ascend(func(x int) bool { got = append(got, x); return true })
	min, _ := t.Min()
	fmt.Println(got, t.Len(), min)

	for _, s := range []string{"spindle", "世界", "🧵 fiber", "ｱｲｳ"} {
		fmt.Printf("%q width %d, padded %q\n", s, runewidth.StringWidth(s), runewidth.FillRight(s, 10))
	}
	fmt.Println(runewidth.Truncate("こんにちは世界", 7, "…"))

	var m tbtree.Map[string, int]
	for i, w := range strings.Fields("go erlang rust go zig erlang go") {
		v, _ := m.Get(w)
		m.Set(w, v+i)
	}
	var keys []string
	m.Scan(func(k string, v int) bool { keys = append(keys, fmt.Sprint(k, "=", v)); return true })
	fmt.Println(m.Len(), strings.Join(keys, " "))
}
