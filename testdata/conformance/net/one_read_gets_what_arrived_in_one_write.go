// Rule: one Read with a large enough buffer returns what one small write
// of the peer sent and is there to read (on loopback it arrives whole), as
// a server reading a request per Read expects, even after small reads.
// (Spindle sizes a socket's queued reads by its recent reads, and reads
// on when such a read fills its buffer.)
package main

import (
	"fmt"
	"net"
	"strings"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	done := make(chan bool)
	go func() {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			panic(err)
		}
		c.Write([]byte("hi"))
		ack := make([]byte, 2)
		c.Read(ack)
		c.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\nUser-Agent: " + strings.Repeat("a", 400) + "\r\n\r\n"))
		<-done
		c.Close()
	}()
	c, err := ln.Accept()
	if err != nil {
		panic(err)
	}
	buf := make([]byte, 4096)
	n1, err := c.Read(buf)
	if err != nil {
		panic(err)
	}
	c.Write([]byte("ok"))
	n2, err := c.Read(buf)
	fmt.Println("greeting:", n1, "then one Read:", n2, err)
	close(done)
}

// Output:
// greeting: 2 then one Read: 441 <nil>
