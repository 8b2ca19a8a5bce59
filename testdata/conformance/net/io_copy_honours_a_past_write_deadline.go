// Rule: io.Copy into a connection whose write deadline has passed copies
// nothing and fails with a timeout, however ready both sockets are.
// (What becomes of the source's data then differs: Go's splice has
// already moved it into a pipe and drops it; spindle leaves it unread.)
package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
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
	src, feed := pair(ln)
	dst, far := pair(ln)
	go io.Copy(io.Discard, far)
	feed.Write(make([]byte, 10000))
	feed.Close()
	first := make([]byte, 1)
	io.ReadFull(src, first) // the data has arrived
	dst.SetWriteDeadline(time.Now().Add(-time.Second))
	n, err := io.Copy(dst, src)
	fmt.Println(n, errors.Is(err, os.ErrDeadlineExceeded))
}

// Output:
// 0 true
