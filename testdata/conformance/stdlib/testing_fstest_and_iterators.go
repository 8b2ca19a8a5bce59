// testing/fstest (Go's own, over reflect and io/fs) checks a MapFS; io/fs
// walks it; range-over-func sequences, iter.Pull and maps/slices
// iterators.
package main

import (
	"fmt"
	"io/fs"
	"iter"
	"maps"
	"slices"
	"testing/fstest"
)

func pairs(n int) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i, i*i) {
				return
			}
		}
	}
}

func main() {
	m := fstest.MapFS{
		"a.txt":     {Data: []byte("hello")},
		"dir/b.txt": {Data: []byte("world")},
	}
	fmt.Println(fstest.TestFS(m, "a.txt", "dir/b.txt"))
	b, err := fs.ReadFile(m, "dir/b.txt")
	fmt.Println(string(b), err)
	fs.WalkDir(m, ".", func(p string, d fs.DirEntry, err error) error {
		fmt.Println(p, d.IsDir())
		return nil
	})
	for i, sq := range pairs(4) {
		fmt.Print(i, ":", sq, " ")
	}
	fmt.Println(slices.Sorted(maps.Keys(map[string]int{"b": 1, "a": 2})))
	next, stop := iter.Pull(slices.Values([]int{7, 8}))
	defer stop()
	v, ok := next()
	fmt.Println(v, ok)
}

// Output:
// <nil>
// world <nil>
// . true
// a.txt false
// dir true
// dir/b.txt false
// 0:0 1:1 2:4 3:9 [a b]
// 7 true
