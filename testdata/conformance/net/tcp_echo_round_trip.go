// Rule: a TCP echo server on the loopback interface, one goroutine per
// connection; clients write lines and read them back through bufio, read
// exactly with io.ReadFull, and see io.EOF after the server closes.
package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
)

func serve(ln net.Listener, wg *sync.WaitGroup) {
	defer wg.Done()
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		wg.Add(1)
		go func(c net.Conn) {
			defer wg.Done()
			defer c.Close()
			n, err := io.Copy(c, c)
			if err != nil {
				fmt.Println("copy:", err)
			}
			_ = n
		}(c)
	}
}

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	addr := ln.Addr().(*net.TCPAddr)
	fmt.Println("network:", ln.Addr().Network(), "ip:", addr.IP, "port set:", addr.Port > 0)
	var wg sync.WaitGroup
	wg.Add(1)
	go serve(ln, &wg)

	// Line-oriented round trips.
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	fmt.Println("remote is listener:", c.RemoteAddr().String() == ln.Addr().String())
	fmt.Println("local ip:", c.LocalAddr().(*net.TCPAddr).IP)
	r := bufio.NewReader(c)
	for _, msg := range []string{"hello", "spindle", "over tcp"} {
		if _, err := fmt.Fprintf(c, "%s\n", msg); err != nil {
			fmt.Println("write:", err)
		}
		line, err := r.ReadString('\n')
		fmt.Printf("echo %q %v\n", line, err)
	}

	// Exact reads of a binary block.
	block := make([]byte, 10000)
	for i := range block {
		block[i] = byte(i * 7)
	}
	go c.Write(block)
	got := make([]byte, len(block))
	n, err := io.ReadFull(r, got)
	fmt.Println("readfull:", n, err, string(got) == string(block))

	// Half close: the server's copy ends, it closes, the client reads EOF.
	if err := c.(*net.TCPConn).CloseWrite(); err != nil {
		fmt.Println("closewrite:", err)
	}
	rest, err := io.ReadAll(r)
	fmt.Println("after CloseWrite:", len(rest), err)
	n2, err := c.Read(make([]byte, 4))
	fmt.Println("read at EOF:", n2, err == io.EOF)
	c.Close()

	// Several clients in turn, each with its own server goroutine.
	for i := 0; i < 3; i++ {
		c, err := net.Dial("tcp4", ln.Addr().String())
		if err != nil {
			fmt.Println("dial:", err)
			continue
		}
		msg := strings.Repeat(fmt.Sprint(i), i+1)
		fmt.Fprintln(c, msg)
		line, _ := bufio.NewReader(c).ReadString('\n')
		fmt.Print("client ", i, ": ", line)
		c.Close()
	}

	ln.Close()
	wg.Wait()
	fmt.Println("server done")
}

// Output:
// network: tcp ip: 127.0.0.1 port set: true
// remote is listener: true
// local ip: 127.0.0.1
// echo "hello\n" <nil>
// echo "spindle\n" <nil>
// echo "over tcp\n" <nil>
// readfull: 10000 <nil> true
// after CloseWrite: 0 <nil>
// read at EOF: 0 true
// client 0: 0
// client 1: 11
// client 2: 222
// server done
