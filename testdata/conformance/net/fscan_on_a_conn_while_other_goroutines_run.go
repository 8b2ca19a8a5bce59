// Rule: fmt.Fscan reads a connection through its Read method; with the
// data already there it scans it, whatever other goroutines are doing.
// (On spindle fmt calls Read back from host code, where a fiber may not
// park: a batched read, which parks until the shard submits it, must not
// be used there.)
package main

import (
	"fmt"
	"net"
	"sync/atomic"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go func() {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			panic(err)
		}
		c.Write([]byte("!42 43\n")) // one write: the rest arrives with the '!'
	}()
	c, err := ln.Accept()
	if err != nil {
		panic(err)
	}
	one := make([]byte, 1)
	if _, err := c.Read(one); err != nil { // waits for the data
		panic(err)
	}
	var stop atomic.Bool
	spun := make(chan bool)
	go func() { // another goroutine, runnable throughout
		for !stop.Load() {
		}
		spun <- true
	}()
	var a, b int
	n, err := fmt.Fscan(c, &a, &b)
	stop.Store(true)
	<-spun
	fmt.Println(string(one), n, err, a, b)
}

// Output:
// ! 2 <nil> 42 43
