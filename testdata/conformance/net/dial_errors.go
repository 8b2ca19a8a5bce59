// Rule: dial and listen failures carry Go's texts: connection refused,
// a bad address, an unknown network or port; address helpers split and
// join host and port like Go's.
package main

import (
	"errors"
	"fmt"
	"net"
	"os"
)

func main() {
	// Nothing listens on port 1 of the loopback interface.
	_, err := net.Dial("tcp", "127.0.0.1:1")
	fmt.Println(err)
	var oe *net.OpError
	if errors.As(err, &oe) {
		fmt.Println("op:", oe.Op, "net:", oe.Net, "addr:", oe.Addr, "source nil:", oe.Source == nil)
		var se *os.SyscallError
		fmt.Println("syscall error:", errors.As(err, &se) && se.Syscall == "connect")
		fmt.Println("timeout:", oe.Timeout())
	}
	_, err = net.DialTimeout("tcp", "127.0.0.1:1", 0)
	fmt.Println(err)
	_, err = net.Dial("tcp6", "[::1]:1")
	fmt.Println(err)

	for _, a := range []string{"127.0.0.1", "127.0.0.1:99999", "127.0.0.1:-1", "127.0.0.1:nosuchport", "[::1", "a:b:c"} {
		_, err := net.Dial("tcp", a)
		fmt.Println(err)
	}
	_, err = net.Dial("tcp4", "[::1]:80")
	fmt.Println(err)
	_, err = net.Dial("udpx", "127.0.0.1:80")
	fmt.Println(err)
	_, err = net.Listen("tcp", "127.0.0.1:abc")
	fmt.Println(err)
	_, err = net.Listen("ip", "x")
	fmt.Println(err)

	// The same port twice.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = net.Listen("tcp", ln.Addr().String())
	fmt.Println("second listen fails:", err != nil)
	var se *os.SyscallError
	if errors.As(err, &se) {
		fmt.Println(se.Syscall+":", se.Err)
	}
	ln.Close()
	fmt.Println("closing twice:", ln.Close() != nil)

	for _, hp := range []string{"localhost:80", "[::1]:443", "host%eth0:1", "[fe80::1%eth0]:22", ":0", "nocolon", "[::1]", "a:b:c", "[a]b:1", "x]:1"} {
		h, p, err := net.SplitHostPort(hp)
		fmt.Printf("%q -> %q %q %v\n", hp, h, p, err)
	}
	fmt.Println(net.JoinHostPort("::1", "80"), net.JoinHostPort("example.com", "443"), net.JoinHostPort("", "0"))

	for _, s := range []string{"127.0.0.1", "::1", "2001:db8::68", "::ffff:10.1.2.3", "fe80::1:2:3", "1.2.3", "x"} {
		ip := net.ParseIP(s)
		fmt.Println(s, "->", ip, len(ip), ip.To4() != nil, ip.IsLoopback())
	}
	fmt.Println(net.IPv4(10, 0, 0, 1), net.IPv4(10, 0, 0, 1).Equal(net.ParseIP("10.0.0.1")), net.IPv6loopback, net.IP(nil))
	fmt.Println(net.ParseIP("192.168.1.9").IsPrivate(), net.ParseIP("8.8.8.8").IsPrivate(), net.IPv4zero.IsUnspecified())
	fmt.Println(net.ParseIP("10.1.2.3").Mask(net.CIDRMask(8, 32)), net.CIDRMask(20, 32), net.IPv4(1, 2, 3, 4).DefaultMask())
	a := &net.TCPAddr{IP: net.ParseIP("::1"), Port: 8080}
	fmt.Println(a, a.Network(), &net.TCPAddr{Port: 9}, &net.UnixAddr{Name: "/tmp/s", Net: "unix"})
	ta, err := net.ResolveTCPAddr("tcp", "127.0.0.1:80")
	fmt.Println(ta, err)
	ta, err = net.ResolveTCPAddr("tcp6", "[::1]:http")
	fmt.Println(ta, err)
	ua, err := net.ResolveUnixAddr("unix", "/run/x.sock")
	fmt.Println(ua, ua.Network(), err)
	p, err := net.LookupPort("tcp", "https")
	fmt.Println(p, err)
}

// Output:
// dial tcp 127.0.0.1:1: connect: connection refused
// op: dial net: tcp addr: 127.0.0.1:1 source nil: true
// syscall error: true
// timeout: false
// dial tcp 127.0.0.1:1: connect: connection refused
// dial tcp6 [::1]:1: connect: connection refused
// dial tcp: address 127.0.0.1: missing port in address
// dial tcp: address 99999: invalid port
// dial tcp: address -1: invalid port
// dial tcp: lookup tcp/nosuchport: unknown port
// dial tcp: address [::1: missing ']' in address
// dial tcp: address a:b:c: too many colons in address
// dial tcp4: address ::1: no suitable address found
// dial udpx: unknown network udpx
// listen tcp: lookup tcp/abc: unknown port
// listen ip: unknown network ip
// second listen fails: true
// bind: address already in use
// closing twice: true
// "localhost:80" -> "localhost" "80" <nil>
// "[::1]:443" -> "::1" "443" <nil>
// "host%eth0:1" -> "host%eth0" "1" <nil>
// "[fe80::1%eth0]:22" -> "fe80::1%eth0" "22" <nil>
// ":0" -> "" "0" <nil>
// "nocolon" -> "" "" address nocolon: missing port in address
// "[::1]" -> "" "" address [::1]: missing port in address
// "a:b:c" -> "" "" address a:b:c: too many colons in address
// "[a]b:1" -> "" "" address [a]b:1: missing port in address
// "x]:1" -> "" "" address x]:1: unexpected ']' in address
// [::1]:80 example.com:443 :0
// 127.0.0.1 -> 127.0.0.1 16 true true
// ::1 -> ::1 16 false true
// 2001:db8::68 -> 2001:db8::68 16 false false
// ::ffff:10.1.2.3 -> 10.1.2.3 16 true false
// fe80::1:2:3 -> fe80::1:2:3 16 false false
// 1.2.3 -> <nil> 0 false false
// x -> <nil> 0 false false
// 10.0.0.1 true ::1 <nil>
// true false true
// 10.0.0.0 fffff000 ff000000
// [::1]:8080 tcp :9 /tmp/s
// 127.0.0.1:80 <nil>
// [::1]:80 <nil>
// /run/x.sock unix <nil>
// 443 <nil>
