package net

import (
	"context"
	"os"
	"time"
)

// UDP: datagram sockets on the shard's event loop, like TCP's. Missing:
// ReadMsgUDP/WriteMsgUDP (control messages), multicast (ListenMulticastUDP),
// netip.AddrPort forms.

const sockDGRAM = 2

func sysRecvFrom(id int, b []byte) (n int, ip []byte, port int, zone, path string, ok bool, errno int)
func sysSendTo(id int, b []byte, ip []byte, port int, zone string) (n, errno int)

// UDPAddr represents the address of a UDP end point.
type UDPAddr struct {
	IP   IP
	Port int
	Zone string // IPv6 scoped addressing zone
}

// Network returns the address's network name, "udp".
func (a *UDPAddr) Network() string { return "udp" }

func (a *UDPAddr) String() string {
	if a == nil {
		return "<nil>"
	}
	return hostPort(a.IP, a.Port, a.Zone)
}

// opAddr returns a as an Addr, nil (not a typed nil) when a is nil.
func (a *UDPAddr) opAddr() Addr {
	if a == nil {
		return nil
	}
	return a
}

// tcpNet maps a UDP network name to the TCP one resolveTCP filters by.
func tcpNet(network string) string { return "tcp" + network[len("udp"):] }

// ResolveUDPAddr returns an address of UDP end point: "host:port" on
// network "udp", "udp4" or "udp6".
func ResolveUDPAddr(network, address string) (*UDPAddr, error) {
	switch network {
	case "udp", "udp4", "udp6":
	case "":
		network = "udp"
	default:
		return nil, UnknownNetworkError(network)
	}
	a, err := ResolveTCPAddr(tcpNet(network), address)
	if err != nil {
		return nil, err
	}
	return &UDPAddr{IP: a.IP, Port: a.Port, Zone: a.Zone}, nil
}

// PacketConn is a generic packet-oriented network connection.
type PacketConn interface {
	ReadFrom(p []byte) (n int, addr Addr, err error)
	WriteTo(p []byte, addr Addr) (n int, err error)
	Close() error
	LocalAddr() Addr
	SetDeadline(t time.Time) error
	SetReadDeadline(t time.Time) error
	SetWriteDeadline(t time.Time) error
}

// UDPConn is the implementation of the Conn and PacketConn interfaces for
// UDP network connections.
type UDPConn struct {
	conn
}

// udpFD opens a datagram socket bound to laddr (a wildcard address on
// "udp" is dual-stack) and, if raddr is set, connected to it.
func udpFD(op, network string, laddr, raddr *UDPAddr) (*netFD, error) {
	var la, ra IP
	if laddr != nil {
		la = laddr.IP
	}
	if raddr != nil {
		ra = raddr.IP
	}
	ip := la
	if raddr != nil {
		ip = ra
	}
	wild := raddr == nil && (len(la) == 0 || la.IsUnspecified())
	family, v6only := sockFamily(network, ip, wild)
	fail := func(err error) (*netFD, error) {
		var src, dst Addr
		if op == "dial" {
			src, dst = laddr.opAddr(), raddr.opAddr()
		} else {
			dst = laddr.opAddr()
		}
		return nil, &OpError{Op: op, Net: network, Source: src, Addr: dst, Err: err}
	}
	id, e := sysSocket(family, sockDGRAM, v6only)
	if e != 0 && wild && network == "udp" && e == eAFNOSUPPORT {
		family = afINET
		id, e = sysSocket(family, sockDGRAM, -1)
	}
	if e != 0 {
		return fail(os.NewSyscallError("socket", errno(e)))
	}
	fd := &netFD{id: id, family: family, sotype: sockDGRAM, net: network}
	if laddr != nil || raddr == nil {
		ip, port, zone, _ := sockArgs(laddr)
		if sc, e := sysBind(id, ip, port, zone, "", false); e != 0 {
			fd.close()
			return fail(os.NewSyscallError(sc, errno(e)))
		}
	}
	if raddr != nil {
		if e := sysConnect(id, raddr.IP, raddr.Port, raddr.Zone, ""); e != 0 {
			fd.close()
			return fail(hostErr(e, "connect"))
		}
	}
	fd.setAddrs()
	return fd, nil
}

// ListenUDP acts like ListenPacket for UDP networks. A nil laddr or an
// unspecified IP listens on all local addresses; Port 0 picks a port.
func ListenUDP(network string, laddr *UDPAddr) (*UDPConn, error) {
	switch network {
	case "udp", "udp4", "udp6":
	default:
		return nil, &OpError{Op: "listen", Net: network, Source: nil, Addr: laddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	fd, err := udpFD("listen", network, laddr, nil)
	if err != nil {
		return nil, err
	}
	return &UDPConn{conn{fd}}, nil
}

// DialUDP acts like Dial for UDP networks.
func DialUDP(network string, laddr, raddr *UDPAddr) (*UDPConn, error) {
	switch network {
	case "udp", "udp4", "udp6":
	default:
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Addr: raddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	if raddr == nil {
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Addr: nil, Err: errMissingAddress}
	}
	fd, err := udpFD("dial", network, laddr, raddr)
	if err != nil {
		return nil, err
	}
	return &UDPConn{conn{fd}}, nil
}

// dialUDP is Dialer.DialContext for UDP networks.
func dialUDP(ctx context.Context, d *Dialer, network, address string) (Conn, error) {
	ra, err := ResolveUDPAddr(network, address)
	if err != nil {
		return nil, &OpError{Op: "dial", Net: network, Source: nil, Addr: nil, Err: err}
	}
	var la *UDPAddr
	if d.LocalAddr != nil {
		var ok bool
		if la, ok = d.LocalAddr.(*UDPAddr); !ok {
			return nil, &OpError{Op: "dial", Net: network, Source: d.LocalAddr, Addr: ra, Err: &AddrError{Err: "mismatched local address type", Addr: d.LocalAddr.String()}}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, &OpError{Op: "dial", Net: network, Source: d.LocalAddr, Addr: ra, Err: mapErr(err)}
	}
	return DialUDP(network, la, ra)
}

// ListenPacket announces on the local network address: network "udp",
// "udp4" or "udp6".
func ListenPacket(network, address string) (PacketConn, error) {
	switch network {
	case "udp", "udp4", "udp6":
	default:
		return nil, &OpError{Op: "listen", Net: network, Source: nil, Addr: nil, Err: UnknownNetworkError(network)}
	}
	la, err := ResolveUDPAddr(network, address)
	if err != nil {
		return nil, &OpError{Op: "listen", Net: network, Source: nil, Addr: nil, Err: err}
	}
	return ListenUDP(network, la) // no host: a nil IP, the dual-stack wildcard
}

// ReadFromUDP reads a UDP packet from c, copying the payload into b (the
// rest of a longer datagram is lost, as in Go).
func (c *UDPConn) ReadFromUDP(b []byte) (n int, addr *UDPAddr, err error) {
	if !c.ok() {
		return 0, nil, eINVAL
	}
	n, ip, port, zone, _, ok, e := sysRecvFrom(c.fd.id, b)
	if e != 0 {
		return 0, nil, c.opErr("read", hostErr(e, "recvfrom"))
	}
	if ok {
		addr = &UDPAddr{IP: IP(ip), Port: port, Zone: zone}
	}
	return n, addr, nil
}

// ReadFrom implements the PacketConn ReadFrom method.
func (c *UDPConn) ReadFrom(b []byte) (int, Addr, error) {
	n, addr, err := c.ReadFromUDP(b)
	if addr == nil {
		return n, nil, err
	}
	return n, addr, err
}

// WriteToUDP writes a UDP packet to addr via c.
func (c *UDPConn) WriteToUDP(b []byte, addr *UDPAddr) (int, error) {
	if !c.ok() {
		return 0, eINVAL
	}
	if c.fd.raddr != nil {
		return 0, &OpError{Op: "write", Net: c.fd.net, Source: c.fd.laddr, Addr: addr.opAddr(), Err: ErrWriteToConnected}
	}
	if addr == nil {
		return 0, &OpError{Op: "write", Net: c.fd.net, Source: c.fd.laddr, Addr: nil, Err: errMissingAddress}
	}
	n, e := sysSendTo(c.fd.id, b, addr.IP, addr.Port, addr.Zone) // the host maps IPv4 on an IPv6 socket
	if e != 0 {
		return n, &OpError{Op: "write", Net: c.fd.net, Source: c.fd.laddr, Addr: addr, Err: hostErr(e, "sendto")}
	}
	return n, nil
}

// WriteTo implements the PacketConn WriteTo method.
func (c *UDPConn) WriteTo(b []byte, addr Addr) (int, error) {
	if !c.ok() {
		return 0, eINVAL
	}
	a, ok := addr.(*UDPAddr)
	if !ok {
		return 0, &OpError{Op: "write", Net: c.fd.net, Source: c.fd.laddr, Addr: addr, Err: eINVAL}
	}
	return c.WriteToUDP(b, a)
}
