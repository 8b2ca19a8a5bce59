// spindle-only: under gc the close may come before the copy reads anything
// Rule: when io.Copy between two sockets ends because its destination was
// closed, the fiber's next Read of the source reads the socket (here:
// nothing more comes, so its deadline passes). (On spindle the copy's read
// of the source is batched; the close comes while it waits for
// submission, and its 5-byte result must not be handed to the later
// 2-byte Read.)
package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
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
	c2, _ := pair(ln)
	c1.Write([]byte("hello"))
	// Should the copy have written before the close (another valid
	// schedule), it ends at this deadline instead.
	s1.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	done := make(chan string)
	go func() {
		_, err := io.Copy(c2, s1) // proxy s1 -> c2
		s1.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
		b := make([]byte, 2)
		n, rerr := s1.Read(b)
		done <- fmt.Sprintf("copy failed: %v; Read = %d, timed out: %v", err != nil, n, errors.Is(rerr, os.ErrDeadlineExceeded))
	}()
	runtime.Gosched() // the proxy starts reading s1
	c2.Close()        // the copy's destination, before that read is submitted
	fmt.Println(<-done)
}

// Output:
// copy failed: true; Read = 0, timed out: true
