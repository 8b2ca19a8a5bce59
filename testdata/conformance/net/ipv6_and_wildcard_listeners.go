// Rule: IPv6 loopback listeners and dials work; a wildcard "tcp" listener
// is dual-stack ("[::]:port") and accepts IPv4 clients, whose addresses
// print in IPv4 form; "tcp4" wildcards print as 0.0.0.0.
package main

import (
	"bufio"
	"fmt"
	"net"
	"strings"
)

func echoOnce(ln net.Listener) {
	c, err := ln.Accept()
	if err != nil {
		return
	}
	defer c.Close()
	line, _ := bufio.NewReader(c).ReadString('\n')
	fmt.Fprint(c, "echo: "+line)
}

func roundTrip(network, addr string) {
	c, err := net.Dial(network, addr)
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	defer c.Close()
	fmt.Fprintln(c, "hi from", network)
	line, _ := bufio.NewReader(c).ReadString('\n')
	fmt.Print(line)
	host, _, _ := net.SplitHostPort(c.LocalAddr().String())
	fmt.Println("client address:", host, "remote ip:", c.RemoteAddr().(*net.TCPAddr).IP)
}

func main() {
	ln6, err := net.Listen("tcp6", "[::1]:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("tcp6 listener:", strings.HasPrefix(ln6.Addr().String(), "[::1]:"))
	go echoOnce(ln6)
	roundTrip("tcp", ln6.Addr().String())
	ln6.Close()

	any, err := net.Listen("tcp", ":0")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, port, _ := net.SplitHostPort(any.Addr().String())
	fmt.Println("wildcard listener:", strings.HasPrefix(any.Addr().String(), "[::]:"), any.Addr().(*net.TCPAddr).IP)
	go echoOnce(any)
	roundTrip("tcp4", "127.0.0.1:"+port)
	go echoOnce(any)
	roundTrip("tcp6", "[::1]:"+port)
	go echoOnce(any)
	roundTrip("tcp", "localhost:"+port)
	any.Close()

	ln4, err := net.Listen("tcp4", ":0")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("tcp4 wildcard:", strings.HasPrefix(ln4.Addr().String(), "0.0.0.0:"))
	ln4.Close()
}

// Output:
// tcp6 listener: true
// echo: hi from tcp
// client address: ::1 remote ip: ::1
// wildcard listener: true ::
// echo: hi from tcp4
// client address: 127.0.0.1 remote ip: 127.0.0.1
// echo: hi from tcp6
// client address: ::1 remote ip: ::1
// echo: hi from tcp
// client address: 127.0.0.1 remote ip: 127.0.0.1
// tcp4 wildcard: true
