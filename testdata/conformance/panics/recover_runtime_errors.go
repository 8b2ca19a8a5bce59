package main

import (
	"errors"
	"fmt"
	"runtime"
)

type T struct{ X int }

func try(name string, f func()) {
	defer func() {
		r := recover()
		_, isRT := r.(runtime.Error)
		var rerr runtime.Error
		asRT := false
		if e, ok := r.(error); ok {
			asRT = errors.As(e, &rerr)
		}
		fmt.Printf("%s: %v | runtime.Error=%t errors.As=%t\n", name, r, isRT, asRT)
	}()
	f()
}

func main() {
	idx := 5
	s := []int{1, 2, 3}
	try("index", func() { _ = s[idx] })
	try("index negative", func() {
		i := -1
		_ = s[i+0]
	})
	arr := [4]int{}
	try("array index", func() { arr[idx%8] = 1 })
	str := "abc"
	try("string index", func() { _ = str[idx] })

	var p *T
	try("nil pointer", func() { _ = p.X })
	var m map[string]int
	try("nil map write", func() { m["a"] = 1 })
	zero := 0
	try("divide by zero", func() { _ = 10 / zero })
	try("modulo by zero", func() { _ = 10 % zero })

	var i any = "string"
	try("type assertion", func() { _ = i.(int) })
	var e any
	try("nil assertion", func() { _ = e.(string) })
	try("interface assertion", func() { _ = i.(fmt.Stringer) })

	lo, hi := 2, 1
	try("slice bounds", func() { _ = s[lo:hi] })
	try("slice cap", func() { _ = s[:hi+9] })
	try("slice3", func() { _ = s[0 : 2 : hi+9] })
	try("string slice", func() { _ = str[hi+5:] })
	try("slice to array", func() { _ = [4]int(s) })

	ch := make(chan int)
	close(ch)
	try("close closed", func() { close(ch) })
	try("send closed", func() { ch <- 1 })
	var nilch chan int
	try("close nil", func() { close(nilch) })

	try("negative make", func() {
		n := -1
		_ = make([]int, n)
	})
	try("custom panic", func() { panic("plain string") })
	try("error panic", func() { panic(errors.New("an error value")) })
	try("panic nil", func() { panic(nil) })
}

// Output:
// index: runtime error: index out of range [5] with length 3 | runtime.Error=true errors.As=true
// index negative: runtime error: index out of range [-1] | runtime.Error=true errors.As=true
// array index: runtime error: index out of range [5] with length 4 | runtime.Error=true errors.As=true
// string index: runtime error: index out of range [5] with length 3 | runtime.Error=true errors.As=true
// nil pointer: runtime error: invalid memory address or nil pointer dereference | runtime.Error=true errors.As=true
// nil map write: assignment to entry in nil map | runtime.Error=true errors.As=true
// divide by zero: runtime error: integer divide by zero | runtime.Error=true errors.As=true
// modulo by zero: runtime error: integer divide by zero | runtime.Error=true errors.As=true
// type assertion: interface conversion: interface {} is string, not int | runtime.Error=true errors.As=true
// nil assertion: interface conversion: interface {} is nil, not string | runtime.Error=true errors.As=true
// interface assertion: interface conversion: string is not fmt.Stringer: missing method String | runtime.Error=true errors.As=true
// slice bounds: runtime error: slice bounds out of range [2:1] | runtime.Error=true errors.As=true
// slice cap: runtime error: slice bounds out of range [:10] with capacity 3 | runtime.Error=true errors.As=true
// slice3: runtime error: slice bounds out of range [::10] with capacity 3 | runtime.Error=true errors.As=true
// string slice: runtime error: slice bounds out of range [6:3] | runtime.Error=true errors.As=true
// slice to array: runtime error: cannot convert slice with length 3 to array or pointer to array with length 4 | runtime.Error=true errors.As=true
// close closed: close of closed channel | runtime.Error=true errors.As=true
// send closed: send on closed channel | runtime.Error=true errors.As=true
// close nil: close of nil channel | runtime.Error=true errors.As=true
// negative make: runtime error: makeslice: len out of range | runtime.Error=true errors.As=true
// custom panic: plain string | runtime.Error=false errors.As=false
// error panic: an error value | runtime.Error=false errors.As=false
// panic nil: panic called with nil argument | runtime.Error=true errors.As=true
