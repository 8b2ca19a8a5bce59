package a

import "fmt"

func init() { fmt.Println("a init") }

var A = 1
