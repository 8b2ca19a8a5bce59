// Command a uses a package of another module of its workspace.
package main

import (
	"fmt"

	"example.com/b/greet"
)

func main() { fmt.Println(greet.Hello("workspace")) }
