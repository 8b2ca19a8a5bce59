package main

import (
	"errors"
	"fmt"
)

func order() {
	for i := 0; i < 3; i++ {
		defer fmt.Println("deferred", i)
	}
	fmt.Println("body done")
}

func argsEvaluatedEarly() {
	x := 1
	defer fmt.Println("deferred x =", x)
	x = 2
	fmt.Println("x now", x)
}

func closureSeesLatest() {
	x := 1
	defer func() { fmt.Println("closure x =", x) }()
	x = 2
}

func double(n int) (result int) {
	defer func() { result *= 2 }()
	return n + 1
}

func wrapErr() (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("wrapped: %w", err)
		}
	}()
	return errors.New("base")
}

func counterTrace() (n int) {
	defer func() { n++ }()
	defer func() { n *= 10 }()
	n = 1
	return n + 1
}

type Resource struct{ name string }

func (r *Resource) Close() { fmt.Println("close", r.name) }

func useResources() {
	a := &Resource{"a"}
	defer a.Close()
	b := &Resource{"b"}
	defer b.Close()
	a = &Resource{"a2"} // method value already bound to the old a
	fmt.Println("using", a.name, b.name)
}

func deferInLoopFunc() {
	for i := range 3 {
		func() {
			defer fmt.Println("inner defer", i)
			fmt.Println("iteration", i)
		}()
	}
}

func deferMethodOnValue() {
	type T struct{ v int }
	t := T{1}
	defer fmt.Println("value at defer:", t)
	t.v = 2
}

func main() {
	order()
	argsEvaluatedEarly()
	closureSeesLatest()
	fmt.Println(double(4))
	fmt.Println(wrapErr())
	fmt.Println(counterTrace())
	useResources()
	deferInLoopFunc()
	deferMethodOnValue()
	func() {
		defer fmt.Println("deferred recover-free call runs after return value is computed")
	}()
}

// Output:
// body done
// deferred 2
// deferred 1
// deferred 0
// x now 2
// deferred x = 1
// closure x = 2
// 10
// wrapped: base
// 21
// using a2 b
// close b
// close a
// iteration 0
// inner defer 0
// iteration 1
// inner defer 1
// iteration 2
// inner defer 2
// value at defer: {1}
// deferred recover-free call runs after return value is computed
