// Rule: a Read of a connected UDP socket returns one whole datagram when
// the buffer holds it, whatever the sizes of the datagrams before it.
package main

import (
	"fmt"
	"net"
	"strings"
)

func main() {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	c, err := net.Dial("udp", pc.LocalAddr().String())
	if err != nil {
		panic(err)
	}
	c.Write([]byte("hi"))
	buf := make([]byte, 65536)
	_, addr, err := pc.ReadFrom(buf)
	if err != nil {
		panic(err)
	}
	for i := 0; i < 3; i++ {
		pc.WriteTo([]byte("small"), addr)
		pc.WriteTo([]byte(strings.Repeat("x", 5000)), addr)
	}
	var got []string
	for i := 0; i < 6; i++ {
		n, err := c.Read(buf)
		got = append(got, fmt.Sprint(n, " ", err))
	}
	fmt.Println(strings.Join(got, "; "))
}

// Output:
// 5 <nil>; 5000 <nil>; 5 <nil>; 5000 <nil>; 5 <nil>; 5000 <nil>
