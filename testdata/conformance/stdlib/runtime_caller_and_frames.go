// Rule: runtime.Caller, Callers, CallersFrames and FuncForPC report the
// calling functions, files and lines as gc does (function names as Go
// prints them, a pc usable with FuncForPC and FileLine).
package main

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
)

type T struct{}

func (T) where() string {
	pc, file, line, ok := runtime.Caller(0)
	return fmt.Sprint(runtime.FuncForPC(pc).Name(), " ", filepath.Base(file), ":", line, " ", ok)
}

func stack() []string {
	pcs := make([]uintptr, 10)
	n := runtime.Callers(1, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	var out []string
	for {
		f, more := frames.Next()
		if strings.HasPrefix(f.Function, "main.") {
			out = append(out, fmt.Sprintf("%s:%d", f.Function, f.Line))
		}
		if !more {
			break
		}
	}
	return out
}

func helper() []string { return stack() }

func main() {
	fmt.Println(T{}.where())
	_, file, line, ok := runtime.Caller(0)
	fmt.Println(filepath.Base(file), line, ok)
	_, _, _, ok = runtime.Caller(50)
	fmt.Println(ok)
	fmt.Println(helper())
	func() {
		pc, _, _, _ := runtime.Caller(1)
		f := runtime.FuncForPC(pc)
		file, line := f.FileLine(pc)
		fmt.Println(f.Name(), filepath.Base(file), line)
	}()
	fmt.Println(runtime.FuncForPC(0) == nil)
}

// Output:
// main.T.where runtime_caller_and_frames.go:16 true
// runtime_caller_and_frames.go 41 true
// false
// [main.stack:22 main.helper:37 main.main:45]
// main.main runtime_caller_and_frames.go 51
// true
