// spindle-only: go build fails too, with the same message
// compile-error: missing_function_body_is_a_compile_error.go:7:6: missing function body
// Rule: a body-less function of the program (gc: assembly) is gc's
// "missing function body" compile error, not a spindle BUG.
package main

func asm() int

func main() { println(asm()) }
