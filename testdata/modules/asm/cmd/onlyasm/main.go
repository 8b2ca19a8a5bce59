// Command onlyasm uses a package that has only assembly.
package main

import (
	"fmt"

	"example.com/asm/onlyasm"
)

func main() { fmt.Println(onlyasm.Add(2, 3)) }
