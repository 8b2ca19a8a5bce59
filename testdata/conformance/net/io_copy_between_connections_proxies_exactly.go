// Rule: io.Copy from one TCP connection to another (TCPConn's ReadFrom and
// WriteTo, which spindle runs socket to socket in the host) moves every
// byte in order through a proxy, in both directions at once, with a slow
// reader behind it (so the proxy's writes park until the reader drains
// them); EOF ends the copy with a nil error; a read deadline on the source
// ends it with os.ErrDeadlineExceeded and the bytes copied so far.
package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"time"
)

const size = 4<<20 + 777

type pattern struct{ off, n int }

func (p *pattern) Read(b []byte) (int, error) {
	if p.off >= p.n {
		return 0, io.EOF
	}
	k := min(len(b), p.n-p.off)
	for i := 0; i < k; i++ {
		b[i] = byte((p.off + i) * 131 >> 5)
	}
	p.off += k
	return k, nil
}

func checksum(r io.Reader, chunk int) (int64, uint32) {
	buf := make([]byte, chunk)
	var n int64
	h := uint32(2166136261)
	for i := 0; ; i++ {
		k, err := r.Read(buf)
		for _, c := range buf[:k] {
			h = (h ^ uint32(c)) * 16777619
		}
		n += int64(k)
		if i%64 == 0 {
			time.Sleep(100 * time.Microsecond) // a slow reader: backpressure
		}
		if err != nil {
			return n, h
		}
	}
}

func listen() net.Listener {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	return ln
}

func main() {
	// The sink checksums what reaches it and sends its own stream back.
	sink := listen()
	defer sink.Close()
	sinkGot := make(chan string)
	go func() {
		c, err := sink.Accept()
		if err != nil {
			panic(err)
		}
		defer c.Close()
		go func() {
			io.Copy(c, &pattern{n: size / 3})
			c.(*net.TCPConn).CloseWrite()
		}()
		n, h := checksum(c, 1000)
		sinkGot <- fmt.Sprint(n, h)
	}()

	// The proxy joins each client to a fresh sink connection.
	proxy := listen()
	defer proxy.Close()
	proxied := make(chan string, 2)
	go func() {
		c, err := proxy.Accept()
		if err != nil {
			panic(err)
		}
		up, err := net.Dial("tcp", sink.Addr().String())
		if err != nil {
			panic(err)
		}
		go func() {
			n, err := io.Copy(up, c) // ReadFrom
			up.(*net.TCPConn).CloseWrite()
			proxied <- fmt.Sprint("to sink ", n, " ", err)
		}()
		n, err := io.Copy(c, up) // WriteTo
		c.(*net.TCPConn).CloseWrite()
		proxied <- fmt.Sprint("from sink ", n, " ", err)
	}()

	c, err := net.Dial("tcp", proxy.Addr().String())
	if err != nil {
		panic(err)
	}
	go func() {
		io.Copy(c, &pattern{n: size})
		c.(*net.TCPConn).CloseWrite()
	}()
	n, h := checksum(c, 4096)
	p1, p2 := <-proxied, <-proxied
	if p1 > p2 {
		p1, p2 = p2, p1
	}
	fmt.Println(p1)
	fmt.Println(p2)
	wn, wh := checksum(&pattern{n: size}, 4096)
	rn, rh := checksum(&pattern{n: size / 3}, 4096)
	fmt.Println("sink got everything:", <-sinkGot == fmt.Sprint(wn, wh))
	fmt.Println("client got everything:", n == rn && h == rh)
	c.Close()

	// A deadline on the source ends the copy.
	quiet := listen()
	defer quiet.Close()
	go func() {
		q, err := quiet.Accept()
		if err != nil {
			panic(err)
		}
		q.Write([]byte("hello"))
		// ... and then nothing: the copy below times out. Keep the
		// connection open until the test is done.
		buf := make([]byte, 1)
		q.Read(buf)
		q.Close()
	}()
	src, err := net.Dial("tcp", quiet.Addr().String())
	if err != nil {
		panic(err)
	}
	defer src.Close()
	out := listen()
	defer out.Close()
	go func() {
		o, err := out.Accept()
		if err == nil {
			io.Copy(io.Discard, o)
			o.Close()
		}
	}()
	dst, err := net.Dial("tcp", out.Addr().String())
	if err != nil {
		panic(err)
	}
	defer dst.Close()
	src.SetReadDeadline(time.Now().Add(50 * time.Millisecond))
	n2, err := io.Copy(dst, src)
	var op *net.OpError
	fmt.Println("timed out after", n2, "bytes:", errors.Is(err, os.ErrDeadlineExceeded), errors.As(err, &op))
}

// Output:
// from sink 1398360 <nil>
// to sink 4195081 <nil>
// sink got everything: true
// client got everything: true
// timed out after 5 bytes: true true
