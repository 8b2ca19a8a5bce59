package main

import (
	"errors"
	"fmt"
)

type CodeErr struct{ Code int }

func (e CodeErr) Error() string { return fmt.Sprintf("code %d", e.Code) }

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return a / b, nil
}

func recoverValue(v any) (got any) {
	defer func() { got = recover() }()
	panic(v)
}

func inner() {
	defer fmt.Println("inner defer runs during panic")
	panic(CodeErr{7})
}

func middle() {
	defer func() {
		r := recover()
		fmt.Println("middle recovered:", r)
		panic(fmt.Sprintf("re-panic: %v", r))
	}()
	inner()
	fmt.Println("not reached")
}

func outer() (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = "outer got: " + r.(string)
		}
	}()
	middle()
	return "normal"
}

func recoverOnlyInDeferredCall() (res string) {
	helper := func() any { return recover() }
	defer func() {
		// recover called not directly by the deferred function returns nil.
		r := helper()
		res = fmt.Sprint("helper recover: ", r)
		recover()
	}()
	panic("x")
}

func noPanic() any {
	defer func() {}()
	return recover()
}

func main() {
	fmt.Println(safeDiv(10, 2))
	fmt.Println(safeDiv(1, 0))

	for _, v := range []any{"str", 42, 3.5, CodeErr{1}, []int{1, 2}, errors.New("e")} {
		r := recoverValue(v)
		fmt.Printf("%T %v\n", r, r)
	}
	r := recoverValue(CodeErr{9})
	var ce CodeErr
	if err, ok := r.(error); ok && errors.As(err, &ce) {
		fmt.Println("errors.As code:", ce.Code)
	}

	fmt.Println(outer())
	fmt.Println(recoverOnlyInDeferredCall())
	fmt.Println("recover without panic:", noPanic())

	// Code after a recovered panic in a called function continues normally.
	func() {
		defer func() { recover() }()
		var arr []int
		_ = arr[3]
	}()
	fmt.Println("continuing after recovered panic")
}

// Output:
// 5 <nil>
// 0 recovered: runtime error: integer divide by zero
// string str
// int 42
// float64 3.5
// main.CodeErr code 1
// []int [1 2]
// *errors.errorString e
// errors.As code: 9
// inner defer runs during panic
// middle recovered: code 7
// outer got: re-panic: code 7
// helper recover: <nil>
// recover without panic: <nil>
// continuing after recovered panic
