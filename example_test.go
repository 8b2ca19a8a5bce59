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
	src := []byte(`package main

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
`)
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: src})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, args := range [][]string{{"ab", "c"}, {"hello", "world"}} {
		code, _ := prog.Run(context.Background(), spindle.RunOptions{
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

// A host lends the guest its own Go functions: the guest declares them
// without a body; a blocking one runs on the syscall pool while only the
// calling fiber waits.
func ExampleHostFunc() {
	src := []byte(`package main

import "fmt"

// Provided by the host.
func lookup(key string) (string, error)
func double(n int) int

func main() {
	done := make(chan string)
	go func() {
		v, err := lookup("answer") // blocks on the host; main keeps running
		done <- fmt.Sprint(v, " ", err)
	}()
	fmt.Println(double(21))
	fmt.Println(<-done)
	_, err := lookup("nothing")
	fmt.Println(err)
}
`)
	prog, err := spindle.CompileSource(spindle.CompileOptions{Host: []spindle.HostFunc{
		{Name: "main.double", Fn: func(n int) int { return 2 * n }},
		{Name: "main.lookup", Blocking: true, Fn: func(key string) (string, error) {
			if key == "answer" {
				return "forty-two", nil
			}
			return "", fmt.Errorf("no key %q", key)
		}},
	}}, spindle.File{Name: "main.go", Src: src})
	if err != nil {
		fmt.Println(err)
		return
	}
	prog.Run(context.Background(), spindle.RunOptions{Stdout: os.Stdout})
	// Output:
	// 42
	// forty-two <nil>
	// no key "nothing"
}

// A run reaches only what its RunOptions grant: nothing of the host by
// default, here one directory, read-only. Denied calls fail as Go reports
// a permission error.
func ExampleGrants() {
	dir, err := os.MkdirTemp("", "grants")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("granted"), 0o644)
	src := []byte(`package main

import (
	"fmt"
	"net"
	"os"
)

func main() {
	b, err := os.ReadFile("notes.txt") // the run starts in its Root
	fmt.Println(string(b), err)
	_, err = os.ReadFile("/etc/passwd")
	fmt.Println(err)
	fmt.Println(os.WriteFile("notes.txt", nil, 0o644))
	_, err = net.Dial("tcp", "192.0.2.1:80")
	fmt.Println(err)
}
`)
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: src})
	if err != nil {
		fmt.Println(err)
		return
	}
	prog.Run(context.Background(), spindle.RunOptions{
		Stdout: os.Stdout,
		Grants: spindle.Grants{Root: dir, ReadOnly: true},
	})
	// Output:
	// granted <nil>
	// open /etc/passwd: permission denied
	// open notes.txt: permission denied
	// dial tcp 192.0.2.1:80: connect: permission denied
}
