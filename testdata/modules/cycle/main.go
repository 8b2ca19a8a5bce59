package main

import "example.com/cycle/a"

func main() { a.F() }
