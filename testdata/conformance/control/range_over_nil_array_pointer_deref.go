// Rule: a range expression with at most one iteration variable whose
// length is constant is not evaluated, so ranging over *p for a nil
// array pointer p does not panic; with a value variable, or with a
// function call in the expression, it is evaluated and panics; `_ = *p`
// always dereferences ($GOROOT/test/fixedbugs/issue72844.go, issue73476.go).
package main

import "fmt"

var nilp *[3]int

func get() *[3]int { return nil }

func try(name string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println(name, "panics:", r)
		}
	}()
	f()
	fmt.Println(name, "runs")
}

func main() {
	try("for range *p", func() {
		for range *nilp {
		}
	})
	try("for i := range (*p)", func() {
		n := 0
		for i := range *nilp {
			n += i
		}
		fmt.Println("sum of indexes", n)
	})
	try("for i, v := range *p", func() {
		for i, v := range *nilp {
			_, _ = i, v
		}
	})
	try("for range *get()", func() {
		for range *get() {
		}
	})
	try("_ = *p", func() {
		_ = *nilp
	})
	try("len(*p)", func() {
		fmt.Println("len", len(*nilp))
	})
}

// Output:
// for range *p runs
// sum of indexes 3
// for i := range (*p) runs
// for i, v := range *p panics: runtime error: invalid memory address or nil pointer dereference
// for range *get() panics: runtime error: invalid memory address or nil pointer dereference
// _ = *p panics: runtime error: invalid memory address or nil pointer dereference
// len 3
// len(*p) runs
