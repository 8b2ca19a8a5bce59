package m

import (
	"fmt"

	"example.com/initorder/z"
)

func init() { fmt.Println("m init", z.Z) }

var M = 1
