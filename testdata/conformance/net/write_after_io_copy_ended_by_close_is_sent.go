// spindle-only: under gc the close may come before the copy reads anything
// Rule: when io.Copy between two sockets ends because its source was
// closed, the fiber's next Write on the destination sends its own bytes
// and reports their count. (On spindle the copy's write to the destination
// is batched; the close comes while it waits for submission, and its
// result must not be taken by the later Write.)
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
	c3, _ := pair(ln)
	c1.Write([]byte("hello"))
	done := make(chan string)
	go func() {
		_, err := io.Copy(c2, s1) // proxy s1 -> c2
		n, werr := c2.Write([]byte("bye"))
		done <- fmt.Sprintf("copy failed: %v; Write(bye) = %d, %v", err != nil, n, werr)
	}()
	runtime.Gosched()     // the proxy starts reading s1
	c3.Write([]byte("x")) // resumes after the proxy started its write to c2
	s1.Close()            // while that write waits
	fmt.Println(<-done)
	s2.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
	var all []byte
	buf := make([]byte, 64)
	for {
		n, err := s2.Read(buf)
		all = append(all, buf[:n]...)
		if err != nil {
			break
		}
	}
	fmt.Printf("peer got %q\n", all)
}

// Output:
// copy failed: true; Write(bye) = 3, <nil>
// peer got "hellobye"
