// Command fallback uses a package whose pure-Go fallback spindle selects (purego).
package main

import (
	"fmt"

	"example.com/asm/fast"
)

func main() { fmt.Println(fast.Add(2, 3)) }
