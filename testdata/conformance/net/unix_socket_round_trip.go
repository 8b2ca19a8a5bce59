// Rule: a Unix domain socket listener in a temporary directory: a round
// trip through it, unnamed client addresses print as "@", Close removes
// the socket file, and dialing a missing socket reports the path.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
)

func main() {
	dir, err := os.MkdirTemp("", "spindle-unix")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := dir + "/echo.sock"
	ln, err := net.Listen("unix", path)
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	fmt.Println("listener:", ln.Addr().Network(), ln.Addr().String() == path)
	fi, err := os.Stat(path)
	fmt.Println("socket file:", err == nil && fi.Mode()&os.ModeSocket != 0)

	served := make(chan string)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			served <- "accept: " + err.Error()
			return
		}
		defer c.Close()
		info := fmt.Sprintf("server sees local %v, remote %q", c.LocalAddr().String() == path, c.RemoteAddr().String())
		r := bufio.NewReader(c)
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				break
			}
			io.WriteString(c, strings.ToUpper(line))
		}
		served <- info
	}()

	c, err := net.Dial("unix", path)
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	fmt.Printf("client local %q, remote is path %v\n", c.LocalAddr().String(), c.RemoteAddr().String() == path)
	r := bufio.NewReader(c)
	for _, s := range []string{"ping\n", "unix sockets\n"} {
		io.WriteString(c, s)
		line, err := r.ReadString('\n')
		fmt.Printf("%q %v\n", line, err)
	}
	c.(*net.UnixConn).CloseWrite()
	fmt.Println(<-served)
	_, err = r.ReadByte()
	fmt.Println("then:", err)
	c.Close()

	ln.Close()
	_, err = os.Stat(path)
	fmt.Println("file removed on Close:", errors.Is(err, os.ErrNotExist))

	_, err = net.Dial("unix", dir+"/missing.sock")
	fmt.Println(strings.Replace(err.Error(), dir, "DIR", 1))
	fmt.Println(errors.Is(err, os.ErrNotExist))
	var oe *net.OpError
	fmt.Println(errors.As(err, &oe), oe.Op, oe.Net, oe.Addr.Network())
}

// Output:
// listener: unix true
// socket file: true
// client local "@", remote is path true
// "PING\n" <nil>
// "UNIX SOCKETS\n" <nil>
// server sees local true, remote "@"
// then: EOF
// file removed on Close: true
// dial unix DIR/missing.sock: connect: no such file or directory
// true
// true dial unix unix
