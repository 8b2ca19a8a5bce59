// Rule: a guest function called back from host code (a String or Error
// method fmt calls, a sort comparison, a Read method fmt.Fscan calls, a
// function reflect.Value.Call calls) blocks only its goroutine, as in
// Go: it may lock a contended mutex, receive from a channel, read a
// pipe, or spin while other goroutines run.
package main

import (
	"errors"
	"fmt"
	"io"
	"reflect"
	"sort"
	"sync"
	"sync/atomic"
)

var mu sync.Mutex
var entered = make(chan bool)

type Locked struct{ n int }

func (l Locked) String() string {
	entered <- true
	mu.Lock() // contended: main holds it
	defer mu.Unlock()
	return fmt.Sprintf("Locked(%d)", l.n)
}

type Fed struct{ ch chan string }

func (f Fed) String() string { return "fed " + <-f.ch }

type Outer struct{ in Fed }

func (o Outer) String() string { return fmt.Sprint("outer(", o.in, ")") }

type slowErr struct{ ch chan string }

func (e slowErr) Error() string { return "error: " + <-e.ch }

type Panicky struct{ ch chan string }

func (p Panicky) String() string { panic(<-p.ch) }

var flag atomic.Bool

type Spinner struct{}

func (Spinner) String() string {
	for !flag.Load() {
	}
	return "spun until the flag was set"
}

func main() {
	// A String method waits for a mutex.
	mu.Lock()
	done := make(chan bool)
	go func() {
		fmt.Println("printed", Locked{1})
		done <- true
	}()
	<-entered
	fmt.Println("unlocking")
	mu.Unlock()
	<-done

	// A String method receives; nested inside another String method.
	ch := make(chan string)
	go func() { ch <- "value" }()
	fmt.Println(Outer{Fed{ch}})

	// An Error method receives.
	go func() { ch <- "late"; ch <- "later" }()
	var err error = slowErr{ch}
	wrapped := fmt.Errorf("wrapped: %w", err)
	fmt.Println(errors.Unwrap(wrapped) == err, wrapped, err)

	// A String method panics after it was woken: fmt reports it.
	go func() { ch <- "boom" }()
	fmt.Println(Panicky{ch})

	// fmt.Fscan reads a pipe whose writer writes piecemeal.
	r, w := io.Pipe()
	go func() {
		for _, s := range []string{"12 ", "3", "4 fi", "ve\n"} {
			w.Write([]byte(s))
		}
		w.Close()
	}()
	var a, b int
	var c string
	n, err := fmt.Fscan(r, &a, &b, &c)
	fmt.Println(n, err, a, b, c)

	// A sort comparison hands each comparison to a logging goroutine.
	cmp := make(chan [2]int)
	logged := make(chan int)
	go func() {
		k := 0
		for range cmp {
			k++
		}
		logged <- k
	}()
	xs := []int{5, 2, 4, 1, 3}
	sort.Slice(xs, func(i, j int) bool {
		cmp <- [2]int{xs[i], xs[j]}
		return xs[i] < xs[j]
	})
	close(cmp)
	fmt.Println(xs, <-logged > 0)

	// reflect.Value.Call of a function that receives.
	fn := reflect.ValueOf(func(c chan int) int { return 2 * <-c })
	ic := make(chan int)
	go func() { ic <- 21 }()
	fmt.Println(fn.Call([]reflect.Value{reflect.ValueOf(ic)})[0].Int())

	// A String method spins until another goroutine sets a flag.
	go flag.Store(true)
	fmt.Println(Spinner{})
}

// Output:
// unlocking
// printed Locked(1)
// outer(fed value)
// true wrapped: error: late error: later
// %!v(PANIC=String method: boom)
// 3 <nil> 12 34 five
// [1 2 3 4 5] true
// 42
// spun until the flag was set
