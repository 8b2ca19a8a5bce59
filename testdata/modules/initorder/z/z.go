package z

import "fmt"

func init() { fmt.Println("z init") }

var Z = 1
