// Rule: a read that returns less than asked does not lose what comes next:
// data that arrives after a short read wakes the next Read, and the end of
// stream that follows the peer's last bytes is read as io.EOF, also when
// the peer's close was reported before the short read (spindle parks a
// reader at once after a short TCP read, until the poller reports more).
package main

import (
	"fmt"
	"io"
	"net"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ln.Close()
	step := make(chan bool)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		c.Write([]byte("first"))
		<-step // the client has read "first" (short)
		c.Write([]byte("second"))
		<-step
		c.Write([]byte("last"))
		c.Close()
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	buf := make([]byte, 1024)
	n, err := c.Read(buf)
	fmt.Printf("%q %v\n", buf[:n], err)
	step <- true
	n, err = c.Read(buf)
	fmt.Printf("%q %v\n", buf[:n], err)
	step <- true
	// "last" and the end of stream: the bytes may arrive with the FIN.
	rest, err := io.ReadAll(c)
	fmt.Printf("%q %v\n", rest, err)
	n, err = c.Read(buf)
	fmt.Println(n, err)

	// The same through io.Copy between two connections (the host-side
	// copy loop): each byte comes alone, after the previous one went
	// through, and the source's close ends the copy.
	ln2, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ln2.Close()
	ln3, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ln3.Close()
	ack := make(chan bool)
	go func() {
		a, err := ln2.Accept()
		if err != nil {
			return
		}
		for i := 0; i < 5; i++ {
			a.Write([]byte{'a' + byte(i)})
			<-ack
		}
		a.Close()
	}()
	got := make(chan string)
	go func() {
		s, err := ln3.Accept()
		if err != nil {
			return
		}
		b := make([]byte, 16)
		var all []byte
		for {
			n, err := s.Read(b)
			for i := 0; i < n; i++ {
				all = append(all, b[i])
				ack <- true
			}
			if err != nil {
				break
			}
		}
		got <- string(all)
	}()
	src, err := net.Dial("tcp", ln2.Addr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	defer src.Close()
	dst, err := net.Dial("tcp", ln3.Addr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	copied, err := io.Copy(dst, src)
	dst.Close()
	fmt.Println("copied", copied, err, <-got)
}

// Output:
// "first" <nil>
// "second" <nil>
// "last" <nil>
// 0 EOF
// copied 5 <nil> abcde
