package main

import (
	"fmt"
	"sort"
)

type Point struct{ X, Y int }

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func main() {
	m := map[string]int{"one": 1, "two": 2}
	m["three"] = 3
	v, ok := m["two"]
	fmt.Println(v, ok)
	v, ok = m["four"]
	fmt.Println(v, ok)
	fmt.Println(m["missing"], len(m))
	delete(m, "one")
	delete(m, "not-there")
	fmt.Println(len(m), sortedKeys(m))

	// fmt prints maps sorted by key.
	fmt.Println(m)
	fmt.Println(map[int]bool{3: true, 1: false, 2: true})

	// Increment in place.
	counts := map[string]int{}
	for _, w := range []string{"a", "b", "a", "c", "a", "b"} {
		counts[w]++
	}
	fmt.Println(counts)

	// Map of structs: must reassign to update.
	pts := map[string]Point{"a": {1, 2}}
	p := pts["a"]
	p.X = 10
	pts["a"] = p
	fmt.Println(pts)

	// Map of pointers can be updated through the pointer.
	pp := map[string]*Point{"b": {3, 4}}
	pp["b"].Y = 40
	fmt.Println(*pp["b"])

	// Struct keys.
	grid := map[Point]string{{0, 0}: "origin"}
	grid[Point{1, 1}] = "diag"
	fmt.Println(grid[Point{0, 0}], grid[Point{1, 1}], len(grid))

	// Interface keys with mixed dynamic types.
	ik := map[any]string{1: "int", "1": "string", 1.0: "float", true: "bool", Point{1, 2}: "point"}
	fmt.Println(ik[1], ik["1"], ik[1.0], ik[true], ik[Point{1, 2}], len(ik))
	var i8 int8 = 1
	_, found := ik[i8]
	fmt.Println("int8(1) found:", found)

	// Nil map reads are fine.
	var nm map[string]int
	fmt.Println(nm["x"], len(nm), nm == nil)
	for range nm {
		fmt.Println("unreachable")
	}

	// Maps are references.
	alias := m
	alias["zzz"] = 26
	fmt.Println(m["zzz"])

	// Deleting during range is safe.
	big := map[int]int{}
	for i := 0; i < 20; i++ {
		big[i] = i * i
	}
	for k := range big {
		if k%2 == 1 {
			delete(big, k)
		}
	}
	fmt.Println(len(big), big)

	clear(big)
	fmt.Println(len(big), big)

	// Nested maps.
	nested := map[string]map[string]int{}
	for _, pair := range [][2]string{{"x", "a"}, {"x", "b"}, {"y", "a"}} {
		if nested[pair[0]] == nil {
			nested[pair[0]] = map[string]int{}
		}
		nested[pair[0]][pair[1]]++
	}
	fmt.Println(nested)
}

// Output:
// 2 true
// 0 false
// 0 3
// 2 [three two]
// map[three:3 two:2]
// map[1:false 2:true 3:true]
// map[a:3 b:2 c:1]
// map[a:{10 2}]
// {3 40}
// origin diag 2
// int string float bool point 5
// int8(1) found: false
// 0 0 true
// 26
// 10 map[0:0 2:4 4:16 6:36 8:64 10:100 12:144 14:196 16:256 18:324]
// 0 map[]
// map[x:map[a:1 b:1] y:map[a:1]]
