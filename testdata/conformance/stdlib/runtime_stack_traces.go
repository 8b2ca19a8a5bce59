// spindle-only: gc adds +0x offsets and "created by" lines
// Rule: runtime.Stack writes the calling goroutine's trace ("goroutine N
// [running]:", then function and file:line per frame, innermost first),
// truncated to the buffer, and with all, every goroutine of the shard
// with its state.
package main

import (
	"fmt"
	"runtime"
	"strings"
)

func inner() string {
	buf := make([]byte, 1000)
	n := runtime.Stack(buf, false)
	return string(buf[:n])
}

func outer() string { return inner() }

func main() {
	tr := outer()
	lines := strings.Split(tr, "\n")
	fmt.Println(lines[0])
	fmt.Println(lines[1], strings.HasSuffix(lines[2], "runtime_stack_traces.go:16"))
	fmt.Println(lines[3], strings.HasSuffix(lines[4], "runtime_stack_traces.go:20"))
	fmt.Println(lines[5], strings.HasSuffix(lines[6], "runtime_stack_traces.go:23"))

	small := make([]byte, 10)
	fmt.Printf("%d %q\n", runtime.Stack(small, false), small)

	block := make(chan bool)
	go func() { <-block }()
	runtime.Gosched()
	buf := make([]byte, 4000)
	all := string(buf[:runtime.Stack(buf, true)])
	fmt.Println(strings.Count(all, "goroutine "), strings.Contains(all, "goroutine 1 [running]:"), strings.Contains(all, "goroutine 2 [chan receive]:\nmain.main.func1()"))
	close(block)
}

// Output:
// goroutine 1 [running]:
// main.inner() true
// main.outer() true
// main.main() true
// 10 "goroutine "
// 2 true true
