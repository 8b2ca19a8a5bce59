// Rule: io.Copy from a socket delivers data that arrives while its read
// is under way. (On spindle the proxy's read and the client's write share
// one batched submission, read first: the read finds the socket empty and
// the data arrives right after; the copy must not then park as if the
// socket were still empty, since the readiness report came before it
// parked.)
package main

import (
	"fmt"
	"io"
	"net"
	"runtime"
	"time"
)

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

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	c1, s1 := pair(ln)
	c2, s2 := pair(ln)
	// s1 watched by the event loop (a read that waits) and not known
	// empty (a read that fills its buffer).
	go func() {
		time.Sleep(20 * time.Millisecond)
		c1.Write([]byte("a"))
	}()
	one := make([]byte, 1)
	if _, err := s1.Read(one); err != nil {
		panic(err)
	}
	go io.Copy(c2, s1)        // proxy s1 -> c2
	runtime.Gosched()         // the proxy starts its read of s1...
	c1.Write([]byte("hello")) // ...then this write
	s2.SetReadDeadline(time.Now().Add(5 * time.Second))
	got := make([]byte, 5)
	n, err := io.ReadFull(s2, got)
	fmt.Printf("%q %v\n", got[:n], err)
}

// Output:
// "hello" <nil>
