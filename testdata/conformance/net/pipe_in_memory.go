// Rule: net.Pipe is a synchronous in-memory Conn: a write is consumed by
// as many reads as it takes, Close gives the peer io.EOF and later calls
// io.ErrClosedPipe, and deadlines fail reads and writes with
// os.ErrDeadlineExceeded.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"time"
)

func main() {
	a, b := net.Pipe()
	fmt.Println(a.LocalAddr(), a.RemoteAddr().Network())
	go func() {
		fmt.Fprintln(a, "hello through a pipe")
		a.Write([]byte("0123456789"))
		a.Close()
	}()
	r := bufio.NewReader(b)
	line, err := r.ReadString('\n')
	fmt.Printf("%q %v\n", line, err)
	buf := make([]byte, 4)
	for {
		n, err := r.Read(buf)
		fmt.Printf("%q %v\n", buf[:n], err)
		if err != nil {
			break
		}
	}
	_, err = b.Write([]byte("x"))
	fmt.Println(err)
	_, err = a.Read(buf)
	fmt.Println(err)

	c, d := net.Pipe()
	c.SetReadDeadline(time.Now().Add(10 * time.Millisecond))
	_, err = c.Read(buf)
	fmt.Println(err, errors.Is(err, os.ErrDeadlineExceeded), os.IsTimeout(err))
	c.SetReadDeadline(time.Time{})
	d.SetWriteDeadline(time.Now().Add(-time.Second))
	_, err = d.Write([]byte("y"))
	fmt.Println(err)
	d.SetWriteDeadline(time.Time{})
	go d.Write([]byte("late"))
	n, err := io.ReadFull(c, buf)
	fmt.Println(n, err, string(buf))
	d.Close()
	fmt.Println(c.SetDeadline(time.Now()), d.Close())
}

// Output:
// pipe pipe
// "hello through a pipe\n" <nil>
// "0123" <nil>
// "4567" <nil>
// "89" <nil>
// "" EOF
// io: read/write on closed pipe
// io: read/write on closed pipe
// read pipe: i/o timeout true true
// write pipe: i/o timeout
// 4 <nil> late
// io: read/write on closed pipe <nil>
