package spindle_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"spindle"
)

// A host compiles a guest program once and runs it as often as it likes,
// here twice with different arguments.
func Example() {
	dir, _ := os.MkdirTemp("", "spindle-example")
	defer os.RemoveAll(dir)
	src := filepath.Join(dir, "main.go")
	os.WriteFile(src, []byte(`package main

import "os"

func main() {
	total := 0
	for _, a := range os.Args[1:] {
		total += len(a)
	}
	println("letters:", total)
	if total > 5 {
		os.Exit(3)
	}
}
`), 0o644)

	prog, err := spindle.Compile(src)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, args := range [][]string{{"ab", "c"}, {"hello", "world"}} {
		code, _ := prog.Run(context.Background(), spindle.Options{
			Stderr: os.Stdout, // println writes to stderr
			Args:   append([]string{"main"}, args...),
		})
		fmt.Println("exit status", code)
	}
	// Output:
	// letters: 3
	// exit status 0
	// letters: 10
	// exit status 3
}
