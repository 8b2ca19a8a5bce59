// Rule: UDP works as in Go on IPv4 and IPv6 loopback: ListenPacket,
// ListenUDP, Dial("udp") and DialUDP; ReadFrom/WriteTo with the sender's
// address; connected Read/Write; a read deadline times out; WriteTo on a
// connected socket and Close while a ReadFrom waits give Go's errors; a
// datagram longer than the buffer is truncated.
package main

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"time"
)

func echo(pc net.PacketConn, done chan<- error) {
	buf := make([]byte, 1500)
	for {
		n, from, err := pc.ReadFrom(buf)
		if err != nil {
			done <- err
			return
		}
		pc.WriteTo([]byte(strings.ToUpper(string(buf[:n]))), from)
	}
}

func run(network, host string) {
	srv, err := net.ListenPacket(network, net.JoinHostPort(host, "0"))
	if err != nil {
		fmt.Println("listen:", err)
		return
	}
	done := make(chan error, 1)
	go echo(srv, done)
	laddr := srv.LocalAddr().(*net.UDPAddr)
	fmt.Println(network, laddr.Network(), laddr.IP.String() == host, laddr.Port > 0)

	c, err := net.Dial(network, srv.LocalAddr().String())
	if err != nil {
		fmt.Println("dial:", err)
		return
	}
	for _, m := range []string{"ping", "hello, udp"} {
		c.Write([]byte(m))
		buf := make([]byte, 64)
		n, err := c.Read(buf)
		fmt.Printf("%q %v\n", buf[:n], err)
	}
	fmt.Println(c.RemoteAddr().String() == srv.LocalAddr().String())

	c.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	_, err = c.Read(make([]byte, 8))
	var ne net.Error
	fmt.Println(errors.As(err, &ne) && ne.Timeout())

	_, err = c.(*net.UDPConn).WriteTo([]byte("x"), srv.LocalAddr())
	fmt.Println(errors.Is(err, net.ErrWriteToConnected))
	c.Close()

	u, err := net.ListenUDP(network, &net.UDPAddr{IP: net.ParseIP(host)})
	if err != nil {
		fmt.Println("listenudp:", err)
		return
	}
	n, err := u.WriteToUDP([]byte(strings.Repeat("z", 40)), laddr)
	small := make([]byte, 10)
	m, from, err2 := u.ReadFromUDP(small)
	fmt.Println(n, err, string(small[:m]), err2, from.Port == laddr.Port)
	u.Close()

	srv.Close()
	err = <-done
	fmt.Println(errors.Is(err, net.ErrClosed))
}

func main() {
	run("udp4", "127.0.0.1")
	run("udp6", "::1")
	a, err := net.ResolveUDPAddr("udp", "127.0.0.1:5353")
	fmt.Println(a, a.Network(), err)
	_, err = net.ResolveUDPAddr("tcp", "127.0.0.1:1")
	fmt.Println(err)
	_, err = net.DialUDP("udp", nil, nil)
	fmt.Println(err)
}

// Output:
// udp4 udp true true
// "PING" <nil>
// "HELLO, UDP" <nil>
// true
// true
// true
// 40 <nil> ZZZZZZZZZZ <nil> true
// true
// udp6 udp true true
// "PING" <nil>
// "HELLO, UDP" <nil>
// true
// true
// true
// 40 <nil> ZZZZZZZZZZ <nil> true
// true
// 127.0.0.1:5353 udp <nil>
// unknown network tcp
// dial udp: missing address
