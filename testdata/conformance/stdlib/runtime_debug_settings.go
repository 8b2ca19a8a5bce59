// Rule: runtime/debug's Stack, SetGCPercent, SetMaxStack, FreeOSMemory,
// SetPanicOnFault, SetMaxThreads and ReadBuildInfo behave as in Go (the
// default stack cap differs: spindle's is 8 MiB, gc's 1 GB).
package main

import (
	"fmt"
	"runtime/debug"
	"strings"
)

func deep(n int) int {
	if n == 0 {
		return 0
	}
	return deep(n-1) + 1
}

func main() {
	old := debug.SetGCPercent(50)
	fmt.Println(old, debug.SetGCPercent(old))
	st := string(debug.Stack())
	fmt.Println(strings.HasPrefix(st, "goroutine 1 [running]:"), strings.Contains(st, "main.main()"))
	debug.FreeOSMemory()
	prev := debug.SetMaxStack(1 << 20)
	fmt.Println(prev > 1<<20, debug.SetMaxStack(prev))
	fmt.Println(deep(1000))
	fmt.Println(debug.SetPanicOnFault(true), debug.SetPanicOnFault(false), debug.SetMaxThreads(100) > 0, debug.SetMaxThreads(10000))
	_, _ = debug.ReadBuildInfo()
}

// Output:
// 100 50
// true true
// true 1048576
// 1000
// false true true 100
