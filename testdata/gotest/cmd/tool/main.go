// Command tool is a main package with tests.
package main

import "fmt"

func greet(name string) string { return "hello, " + name }

func main() { fmt.Println(greet("world")) }
