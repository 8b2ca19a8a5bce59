package std

import (
	"golang.org/x/sys/unix"

	"spindle/internal/vm"
)

// Datagram primitives (UDP), parking like sysRead and sysWrite while the
// socket is not ready. Like them they move the bytes between the socket
// and the guest's own storage (vm.Value.Bytes): no copy.

var udpFuncs = hostTable{
	"net.sysRecvFrom": netSysRecvFrom,
	"net.sysSendTo":   netSysSendTo,
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
