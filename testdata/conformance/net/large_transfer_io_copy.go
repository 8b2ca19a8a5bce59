// Rule: io.Copy moves a few megabytes through a TCP connection in both
// directions at once (writes larger than the socket buffers park until
// the reader drains them); checksums match on both sides.
package main

import (
	"fmt"
	"io"
	"net"
)

const size = 3<<20 + 12345

type pattern struct{ off, n int }

func (p *pattern) Read(b []byte) (int, error) {
	if p.off >= p.n {
		return 0, io.EOF
	}
	k := len(b)
	if k > p.n-p.off {
		k = p.n - p.off
	}
	for i := 0; i < k; i++ {
		b[i] = byte((p.off + i) * 31 >> 3)
	}
	p.off += k
	return k, nil
}

type sum struct {
	n int64
	h uint32
}

func (s *sum) Write(b []byte) (int, error) {
	for _, c := range b {
		s.h = s.h*16777619 ^ uint32(c)
	}
	s.n += int64(len(b))
	return len(b), nil
}

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ln.Close()
	serverGot := make(chan sum)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		// Send our own stream while receiving the client's.
		go func() {
			io.Copy(c, &pattern{n: size / 2})
			c.(*net.TCPConn).CloseWrite()
		}()
		var s sum
		io.Copy(&s, c)
		serverGot <- s
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	sent := make(chan string)
	go func() {
		n, err := io.Copy(c, &pattern{n: size})
		c.(*net.TCPConn).CloseWrite()
		sent <- fmt.Sprint("client sent ", n, " ", err)
	}()
	var mine sum
	n, err := io.Copy(&mine, c)
	fmt.Println(<-sent)
	fmt.Println("client received", n, err)
	s := <-serverGot
	fmt.Println("server received", s.n)

	var want, want2 sum
	io.Copy(&want, &pattern{n: size})
	io.Copy(&want2, &pattern{n: size / 2})
	fmt.Println("checksums match:", s.h == want.h, mine.h == want2.h)
}

// Output:
// client sent 3158073 <nil>
// client received 1579036 <nil>
// server received 3158073
// checksums match: true true
