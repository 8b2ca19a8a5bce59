// Rule: closing a connection or listener from another goroutine unblocks
// a Read or Accept parked on it with ErrClosed ("use of closed network
// connection"); operations after Close fail the same way; a peer's close
// is io.EOF for reads and an error for writes.
package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"time"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	laddr := ln.Addr().String()

	// Accept unblocked by Close.
	acceptErr := make(chan error)
	first := make(chan bool)
	go func() {
		c, err := ln.Accept()
		if err == nil {
			c.Close()
		}
		first <- err == nil
		_, err = ln.Accept()
		acceptErr <- err
	}()
	c, err := net.Dial("tcp", laddr)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("first accept:", <-first)
	time.Sleep(10 * time.Millisecond) // let the second Accept block
	ln.Close()
	err = <-acceptErr
	fmt.Println(strings.Replace(err.Error(), laddr, "A", 1))
	fmt.Println("is ErrClosed:", errors.Is(err, net.ErrClosed))

	// The server side closed the accepted connection: EOF here.
	n, err := c.Read(make([]byte, 8))
	fmt.Println("read from closed peer:", n, err)
	c.Close()

	// Read unblocked by Close of the same connection.
	ln2, _ := net.Listen("tcp", "127.0.0.1:0")
	defer ln2.Close()
	srvc := make(chan net.Conn)
	go func() {
		c, _ := ln2.Accept()
		srvc <- c
	}()
	c2, _ := net.Dial("tcp", ln2.Addr().String())
	peer := <-srvc
	readErr := make(chan error)
	go func() {
		_, err := c2.Read(make([]byte, 8))
		readErr <- err
	}()
	time.Sleep(10 * time.Millisecond)
	c2.Close()
	err = <-readErr
	repl := strings.NewReplacer(c2.LocalAddr().String(), "L", c2.RemoteAddr().String(), "R")
	fmt.Println(repl.Replace(err.Error()))
	fmt.Println("is ErrClosed:", errors.Is(err, net.ErrClosed), "timeout:", err.(net.Error).Timeout())
	_, err = c2.Write([]byte("x"))
	fmt.Println(repl.Replace(err.Error()))
	fmt.Println(repl.Replace(c2.Close().Error()))
	fmt.Println(repl.Replace(c2.SetDeadline(time.Now()).Error()))

	// The peer sees EOF, then its writes fail once the reset arrives.
	n, err = peer.Read(make([]byte, 8))
	fmt.Println("peer read:", n, err == io.EOF)
	var werr error
	for i := 0; i < 100 && werr == nil; i++ {
		_, werr = peer.Write([]byte("data"))
		time.Sleep(time.Millisecond)
	}
	fmt.Println("peer write fails:", werr != nil)
	peer.Close()
}

// Output:
// first accept: true
// accept tcp A: use of closed network connection
// is ErrClosed: true
// read from closed peer: 0 EOF
// read tcp L->R: use of closed network connection
// is ErrClosed: true timeout: false
// write tcp L->R: use of closed network connection
// close tcp L->R: use of closed network connection
// set tcp L: use of closed network connection
// peer read: 0 true
// peer write fails: true
