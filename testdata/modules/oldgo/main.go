// Command oldgo runs a module whose go.mod says go 1.21: loop variables
// follow that version's semantics, as with go run.
package main

import (
	"fmt"

	"example.com/oldgo/lib"
)

func main() {
	var got []int
	for _, f := range lib.Funcs() {
		got = append(got, f())
	}
	fmt.Println(got)
}
