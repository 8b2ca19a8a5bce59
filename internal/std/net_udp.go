package std

import (
	"errors"
	"net"

	"golang.org/x/sys/unix"

	"spindle/internal/vm"
)

// Datagram primitives (UDP), parking like sysRead and sysWrite while the
// socket is not ready. Like them they move the bytes between the socket
// and the guest's own storage (vm.Value.Bytes): no copy.

var udpFuncs = hostTable{
	"net.hostInterfaces":     netInterfaces,
	"net.hostInterfaceAddrs": netInterfaceAddrs,
	"net.sysRecvFrom":        netSysRecvFrom,
	"net.sysSendTo":          netSysSendTo,
}

// sysRecvFrom(id int, b []byte) (n int, ip []byte, port int, zone, path string, ok bool, errno int):
// one datagram into b (truncated to len(b), as recvfrom does) and its
// sender.
func netSysRecvFrom(f *vm.Fiber, args, res []vm.Value) {
	fail := func(e int) {
		res[0] = vm.Int(0)
		setAddr(res, 1, nil)
		res[6] = vm.Int(int64(e))
	}
	b := args[1].Bytes()
	s, e, _ := ioStart(f, args, false, byNone)
	if e != 0 {
		fail(e)
		return
	}
	buf := b[:min(len(b), maxIO)]
	for {
		n, from, err := unix.Recvfrom(s.fd, buf, 0)
		switch {
		case err == unix.EINTR:
			continue
		case err == unix.EAGAIN:
			if e := s.wait(f, false); e != 0 {
				fail(e)
			}
			return
		case err != nil:
			fail(errnoOf(err))
			return
		}
		res[0] = vm.Int(int64(n))
		setAddr(res, 1, from)
		res[6] = vm.Int(0)
		return
	}
}

// sysSendTo(id int, b []byte, ip []byte, port int, zone string) (n, errno int):
// one datagram to the address.
func netSysSendTo(f *vm.Fiber, args, res []vm.Value) {
	buf := args[1].Bytes() // a datagram goes out whole
	ip, port, zone := args[2].Bytes(), int(args[3].Int()), args[4].String()
	s, e, _ := ioStart(f, args, true, byNone)
	if e != 0 {
		res[0], res[1] = vm.Int(0), vm.Int(int64(e))
		return
	}
	if !capsOf(f.M).netAllowed(false, ip, port) {
		res[0], res[1] = vm.Int(0), vm.Int(int64(unix.EACCES))
		return
	}
	to := sockaddr(int(s.family), ip, port, zone, "")
	for {
		err := unix.Sendto(s.fd, buf, 0, to)
		switch {
		case err == unix.EINTR:
			continue
		case err == unix.EAGAIN:
			if e := s.wait(f, true); e != 0 {
				res[0], res[1] = vm.Int(0), vm.Int(int64(e))
			}
			return
		case err != nil:
			res[0], res[1] = vm.Int(0), vm.Int(int64(errnoOf(err)))
			return
		}
		res[0], res[1] = vm.Int(int64(len(buf))), vm.Int(0)
		return
	}
}

// netInterfaces lists the host's network interfaces (net.Interfaces).
func netInterfaces(f *vm.Fiber, args, res []vm.Value) {
	ift, err := net.Interfaces()
	if !capsOf(f.M).networked() {
		err = errNetlinkDenied // the host's interfaces are the network's
	}
	if err != nil {
		res[0], res[1], res[2], res[3], res[4] = vm.Value{}, vm.Value{}, vm.Value{}, vm.Value{}, vm.Value{}
		res[5] = vm.Str(err.Error())
		return
	}
	index, mtu, flags := make([]uint64, len(ift)), make([]uint64, len(ift)), make([]uint64, len(ift))
	names := make([]string, len(ift))
	hw := make([]vm.Value, len(ift))
	for i, ifi := range ift {
		index[i], mtu[i], flags[i] = uint64(ifi.Index), uint64(ifi.MTU), uint64(ifi.Flags)
		names[i] = ifi.Name
		hw[i] = OwnBytes(append([]byte(nil), ifi.HardwareAddr...))
	}
	res[0], res[1], res[2], res[3], res[4] = OwnWords(index), OwnWords(mtu), Strings(names), vm.Value{R: hw}, OwnWords(flags)
	res[5] = vm.Str("")
}

// errNetlinkDenied is what Go's net.Interfaces reports when the kernel
// denies its netlink socket (after "route ip+net: "): a run with no
// network grant sees no interface.
var errNetlinkDenied = errors.New("netlinkrib: permission denied")

// netInterfaceAddrs lists the unicast addresses of interface index, or
// of every interface with all; an index no interface has has none.
func netInterfaceAddrs(f *vm.Fiber, args, res []vm.Value) {
	index, all := int(args[0].Int()), args[1].Bool()
	var addrs []net.Addr
	var err error
	switch {
	case !capsOf(f.M).networked():
		err = errNetlinkDenied
	case all:
		addrs, err = net.InterfaceAddrs()
	default:
		if ifi, ierr := net.InterfaceByIndex(index); ierr == nil {
			addrs, err = ifi.Addrs()
		}
	}
	if err != nil {
		res[0], res[1], res[2] = vm.Value{}, vm.Value{}, vm.Str(err.Error())
		return
	}
	var ips, masks []vm.Value
	for _, a := range addrs {
		if n, ok := a.(*net.IPNet); ok {
			ips = append(ips, OwnBytes(append([]byte(nil), n.IP...)))
			masks = append(masks, OwnBytes(append([]byte(nil), n.Mask...)))
		}
	}
	res[0], res[1], res[2] = vm.Value{R: ips}, vm.Value{R: masks}, vm.Str("")
}
