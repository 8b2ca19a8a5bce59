package main

import "fmt"

func main() {
	// Unbuffered channel: synchronous handoff.
	ch := make(chan string)
	go func() {
		ch <- "ping"
	}()
	fmt.Println(<-ch)

	// Buffered channel: len and cap.
	bc := make(chan int, 3)
	bc <- 1
	bc <- 2
	fmt.Println(len(bc), cap(bc))
	fmt.Println(<-bc, len(bc))

	// Close and drain; comma-ok receive.
	bc <- 3
	close(bc)
	for i := 0; i < 4; i++ {
		v, ok := <-bc
		fmt.Println(v, ok)
	}

	// Range over channel ends at close.
	nums := make(chan int)
	go func() {
		for i := range 5 {
			nums <- i * i
		}
		close(nums)
	}()
	sum := 0
	for v := range nums {
		sum += v
	}
	fmt.Println("sum", sum)

	// Directional channel types.
	var sendOnly chan<- int
	var recvOnly <-chan int
	c := make(chan int, 1)
	sendOnly, recvOnly = c, c
	sendOnly <- 42
	fmt.Println(<-recvOnly)
	fmt.Printf("%T %T %T\n", c, sendOnly, recvOnly)

	// Channel of channels for request/response.
	requests := make(chan chan string)
	go func() {
		for reply := range requests {
			reply <- "pong"
		}
	}()
	for range 2 {
		reply := make(chan string)
		requests <- reply
		fmt.Println(<-reply)
	}
	close(requests)

	// Zero value of channel is nil.
	var nc chan int
	fmt.Println(nc == nil, len(nc), cap(nc))

	// Struct and func values through channels.
	type msg struct {
		id   int
		body string
	}
	mc := make(chan msg, 2)
	mc <- msg{1, "hello"}
	mc <- msg{2, "world"}
	close(mc)
	for m := range mc {
		fmt.Printf("%+v\n", m)
	}
	fc := make(chan func() int, 1)
	fc <- func() int { return 7 }
	fmt.Println((<-fc)())
}

// Output:
// ping
// 2 3
// 1 1
// 2 true
// 3 true
// 0 false
// 0 false
// sum 30
// 42
// chan int chan<- int <-chan int
// pong
// pong
// true 0 0
// {id:1 body:hello}
// {id:2 body:world}
// 7
