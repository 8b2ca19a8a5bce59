// Command vendored uses a dependency from its vendor directory.
package main

import (
	"fmt"

	"example.com/dep/strutil"
)

func main() { fmt.Println(strutil.Reverse("spindle, 世界")) }
