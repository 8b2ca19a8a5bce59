// Rule: a read past its deadline fails with os.ErrDeadlineExceeded inside
// a *net.OpError whose Timeout() is true ("read tcp L->R: i/o timeout");
// the connection stays usable, a later deadline can be extended or
// cleared, and a deadline set while a read is blocked applies to it.
package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"time"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ln.Close()
	accepted := make(chan net.Conn)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	srv := <-accepted
	defer srv.Close()

	// Nothing arrives before the deadline.
	c.SetReadDeadline(time.Now().Add(30 * time.Millisecond))
	buf := make([]byte, 16)
	n, err := c.Read(buf)
	text := strings.NewReplacer(c.LocalAddr().String(), "L", c.RemoteAddr().String(), "R").Replace(err.Error())
	fmt.Println(n, text)
	fmt.Println("errors.Is ErrDeadlineExceeded:", errors.Is(err, os.ErrDeadlineExceeded))
	var ne net.Error
	fmt.Println("net.Error timeout:", errors.As(err, &ne) && ne.Timeout())
	fmt.Println("os.IsTimeout:", os.IsTimeout(err))
	var oe *net.OpError
	fmt.Println("OpError:", errors.As(err, &oe), oe.Op, oe.Net, oe.Err == os.ErrDeadlineExceeded)

	// A deadline in the past fails at once, even with data waiting.
	srv.Write([]byte("data"))
	c.SetReadDeadline(time.Now().Add(-time.Second))
	_, err = c.Read(buf)
	fmt.Println("past deadline:", errors.Is(err, os.ErrDeadlineExceeded))

	// Clearing the deadline: the data is still there.
	c.SetReadDeadline(time.Time{})
	n, err = io.ReadFull(c, buf[:4])
	fmt.Printf("after clearing: %q %v\n", buf[:n], err)

	// A deadline set by another goroutine while the read is blocked.
	c.SetReadDeadline(time.Time{})
	go func() {
		time.Sleep(20 * time.Millisecond)
		c.SetReadDeadline(time.Now())
	}()
	_, err = c.Read(buf)
	fmt.Println("blocked read timed out:", errors.Is(err, os.ErrDeadlineExceeded))

	// A long deadline does not stop a read that gets its data.
	c.SetDeadline(time.Now().Add(time.Hour))
	go func() {
		time.Sleep(10 * time.Millisecond)
		srv.Write([]byte("late"))
	}()
	n, err = c.Read(buf)
	fmt.Printf("read before deadline: %q %v\n", buf[:n], err)

	// Write deadlines: an expired one fails the write.
	c.SetWriteDeadline(time.Now().Add(-time.Millisecond))
	_, err = c.Write([]byte("x"))
	fmt.Println("write:", strings.NewReplacer(c.LocalAddr().String(), "L", c.RemoteAddr().String(), "R").Replace(err.Error()))
	c.SetWriteDeadline(time.Time{})
	_, err = c.Write([]byte("ok"))
	fmt.Println("write after clearing:", err)

	// Accept deadline on the listener.
	ln2, _ := net.Listen("tcp", "127.0.0.1:0")
	ln2.(*net.TCPListener).SetDeadline(time.Now().Add(10 * time.Millisecond))
	_, err = ln2.Accept()
	fmt.Println("accept:", strings.Replace(err.Error(), ln2.Addr().String(), "A", 1), os.IsTimeout(err))
	ln2.Close()
}

// Output:
// 0 read tcp L->R: i/o timeout
// errors.Is ErrDeadlineExceeded: true
// net.Error timeout: true
// os.IsTimeout: true
// OpError: true read tcp true
// past deadline: true
// after clearing: "data" <nil>
// blocked read timed out: true
// read before deadline: "late" <nil>
// write: write tcp L->R: i/o timeout
// write after clearing: <nil>
// accept: accept tcp A: i/o timeout true
