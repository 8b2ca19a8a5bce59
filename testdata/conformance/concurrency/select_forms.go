package main

import "fmt"

func main() {
	// select with default when nothing is ready.
	ch := make(chan int)
	select {
	case v := <-ch:
		fmt.Println("got", v)
	default:
		fmt.Println("no value ready")
	}

	// Non-blocking send.
	bc := make(chan int, 1)
	for i := range 3 {
		select {
		case bc <- i:
			fmt.Println("sent", i)
		default:
			fmt.Println("buffer full, dropped", i)
		}
	}

	// Nil channels are never selected.
	var nilCh chan int
	bc2 := make(chan int, 1)
	bc2 <- 5
	select {
	case v := <-nilCh:
		fmt.Println("nil?", v)
	case v := <-bc2:
		fmt.Println("from bc2", v)
	}

	// Merge two channels; disable each by setting it to nil when closed.
	a := make(chan string)
	b := make(chan string)
	go func() {
		for _, s := range []string{"a1", "a2", "a3"} {
			a <- s
		}
		close(a)
	}()
	go func() {
		for _, s := range []string{"b1", "b2"} {
			b <- s
		}
		close(b)
	}()
	var fromA, fromB []string
	for a != nil || b != nil {
		select {
		case v, ok := <-a:
			if !ok {
				a = nil
				continue
			}
			fromA = append(fromA, v)
		case v, ok := <-b:
			if !ok {
				b = nil
				continue
			}
			fromB = append(fromB, v)
		}
	}
	fmt.Println(fromA, fromB)

	// Closed channel is always ready.
	done := make(chan struct{})
	close(done)
	select {
	case <-done:
		fmt.Println("done is closed")
	default:
		fmt.Println("not reached")
	}

	// Select loop with quit channel; output ordered by protocol.
	data := make(chan int)
	quit := make(chan bool)
	go func() {
		for i := range 3 {
			data <- i
		}
		quit <- true
	}()
	for running := true; running; {
		select {
		case v := <-data:
			fmt.Println("data", v)
		case <-quit:
			fmt.Println("quit")
			running = false
		}
	}

	// Empty select with a send ready in one case and the other blocked.
	out := make(chan int, 1)
	select {
	case out <- 1:
		fmt.Println("sent to out")
	case <-make(chan int):
		fmt.Println("never")
	}
	fmt.Println(<-out)
}

// Output:
// no value ready
// sent 0
// buffer full, dropped 1
// buffer full, dropped 2
// from bc2 5
// [a1 a2 a3] [b1 b2]
// done is closed
// data 0
// data 1
// data 2
// quit
// sent to out
// 1
