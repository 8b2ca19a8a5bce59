// Rule: bytes a Write or io.Copy moved before another goroutine closed the
// connection are counted: what the writer reports equals what the far end
// received, whichever comes first, the close or the write. (On spindle the
// closer's read and the writer's write can complete in one batch, the
// closer running first: the write's count must survive the close.)
package main

import (
	"fmt"
	"io"
	"net"
)

func listen() net.Listener {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	return ln
}

// pair returns both ends of a new TCP connection.
func pair(ln net.Listener) (net.Conn, net.Conn) {
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		panic(err)
	}
	s, err := ln.Accept()
	if err != nil {
		panic(err)
	}
	return c, s
}

// race has a goroutine close out once a byte arrives on trigger (already
// sent), while another moves data into out with move; it reports whether
// the count move returned is what the far end of out received.
func race(ln net.Listener, move func(out net.Conn) int64) bool {
	out, far := pair(ln)
	trigger, tsrv := pair(ln)
	tsrv.Write([]byte{1})
	closed := make(chan bool)
	go func() {
		b := make([]byte, 1)
		trigger.Read(b)
		out.Close()
		closed <- true
	}()
	moved := make(chan int64)
	go func() { moved <- move(out) }()
	got, _ := io.Copy(io.Discard, far)
	n := <-moved
	<-closed
	far.Close()
	trigger.Close()
	tsrv.Close()
	return n == got
}

func main() {
	ln := listen()
	data := make([]byte, 3000)
	writes, copies := 0, 0
	for i := 0; i < 20; i++ {
		if race(ln, func(out net.Conn) int64 {
			n, _ := out.Write(data)
			return int64(n)
		}) {
			writes++
		}
		src, ssrv := pair(ln)
		ssrv.Write(data)
		ssrv.Close()
		if race(ln, func(out net.Conn) int64 {
			n, _ := io.Copy(out, src)
			return n
		}) {
			copies++
		}
		src.Close()
	}
	fmt.Println("writes counted right:", writes, "of 20")
	fmt.Println("copies counted right:", copies, "of 20")
}

// Output:
// writes counted right: 20 of 20
// copies counted right: 20 of 20
