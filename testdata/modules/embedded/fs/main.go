package main

import (
	"embed"
	"fmt"
)

//go:embed *.go
var f embed.FS

func main() { fmt.Println(f) }
