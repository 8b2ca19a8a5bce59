// Rule: `defer recover()` in F stops a panic when F's return runs it and
// F is itself a deferred call made by that panic; run by a later panic's
// unwinding it is called from the panic, not from F, and does nothing.
package main

import "fmt"

func mustNotRecover(label string) {
	if v := recover(); v != nil {
		fmt.Println(label, "spurious recover", v)
	}
}

func mustRecover(label string, want int) {
	v := recover()
	fmt.Println(label, "recovered", v, v == want)
}

func recoveredByDeferredRecover() {
	defer mustNotRecover("A")
	defer func() {
		defer recover()
	}()
	panic(5)
}

func sequential() {
	defer mustNotRecover("B")
	defer func() {
		defer recover() // runs at return, after mustRecover stopped panic 3
		defer mustRecover("B", 3)
		panic(3)
	}()
	panic(2)
}

func unwoundByLaterPanic() {
	defer mustRecover("C", 2)
	defer func() {
		defer mustRecover("C", 3)
		defer recover() // run by panic 3's unwinding: a no-op
		panic(3)
	}()
	panic(2)
}

func notDeferredByPanic() {
	defer recover() // F is not a deferred call: nothing to stop
	fmt.Println("D returns normally")
}

func main() {
	recoveredByDeferredRecover()
	sequential()
	unwoundByLaterPanic()
	notDeferredByPanic()
	fmt.Println("done")
}

// Output:
// B recovered 3 true
// C recovered 3 true
// C recovered 2 true
// D returns normally
// done
