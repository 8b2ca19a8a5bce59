package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	keys := slices.Sorted(maps.Keys(m))
	fmt.Println(keys)
	vals := slices.Sorted(maps.Values(m))
	fmt.Println(vals)

	c := maps.Clone(m)
	c["d"] = 4
	fmt.Println(len(m), len(c), maps.Equal(m, c))
	delete(c, "d")
	fmt.Println(maps.Equal(m, c))

	maps.DeleteFunc(c, func(k string, v int) bool { return v%2 == 1 })
	fmt.Println(c)

	dst := map[string]int{"a": 100, "z": 26}
	maps.Copy(dst, m)
	fmt.Println(dst)

	eq := maps.EqualFunc(map[int]string{1: "x"}, map[int]string{1: "X"}, func(a, b string) bool {
		return a == b || a[0]-b[0] == 'x'-'X'
	})
	fmt.Println(eq)

	col := maps.Collect(slices.All([]string{"zero", "one", "two"}))
	fmt.Println(col)

	ins := map[string]int{}
	maps.Insert(ins, maps.All(map[string]int{"k": 1, "j": 2}))
	fmt.Println(ins)

	total := 0
	for k, v := range maps.All(m) {
		total += v * len(k)
	}
	fmt.Println(total)

	var nilMap map[string]int
	fmt.Println(maps.Clone(nilMap) == nil, len(slices.Collect(maps.Keys(nilMap))))
}

// Output:
// [a b c]
// [1 2 3]
// 3 4 false
// true
// map[b:2]
// map[a:1 b:2 c:3 z:26]
// true
// map[0:zero 1:one 2:two]
// map[j:2 k:1]
// 6
// true 0
