package main

import "fmt"

func replaced() (res any) {
	defer func() {
		res = recover()
	}()
	defer func() {
		panic("second panic from defer")
	}()
	panic("first panic")
}

func deferredRunAfterRecover() {
	defer fmt.Println("3: outermost defer still runs")
	defer func() {
		r := recover()
		fmt.Println("2: recovered", r)
	}()
	defer fmt.Println("1: defers run in LIFO order during panic")
	panic("boom")
}

func nested() {
	defer func() {
		fmt.Println("outer recover:", recover())
	}()
	func() {
		defer func() {
			fmt.Println("inner recover:", recover())
			panic("from inner handler")
		}()
		panic("original")
	}()
}

func recoverTwice() {
	defer func() {
		fmt.Println("second recover:", recover())
	}()
	defer func() {
		fmt.Println("first recover:", recover())
	}()
	panic("once")
}

func panicInDeferWithoutPanic() (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = fmt.Sprint("caught ", r)
		}
	}()
	defer func() {
		var m map[int]int
		m[0] = 1
	}()
	return "unreached value"
}

func main() {
	fmt.Println(replaced())
	deferredRunAfterRecover()
	nested()
	recoverTwice()
	fmt.Println(panicInDeferWithoutPanic())
}

// Output:
// second panic from defer
// 1: defers run in LIFO order during panic
// 2: recovered boom
// 3: outermost defer still runs
// inner recover: original
// outer recover: from inner handler
// first recover: once
// second recover: <nil>
// caught assignment to entry in nil map
