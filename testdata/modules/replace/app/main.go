// Command app uses a module replaced by a local directory.
package main

import (
	"fmt"

	"example.com/lib/tree"
)

func main() {
	t := tree.New[int]()
	for _, x := range []int{5, 3, 8, 1, 4} {
		t.Insert(x)
	}
	fmt.Println(t.Sorted(), t.Len(), tree.Version)
}
