package net

import (
	"context"
	"os"
	"time"
)

func lookupIP(host string) (ips [][]byte, msg, server string, notFound, isTimeout bool)

// A Dialer contains options for connecting to an address. The zero value
// for each field is equivalent to dialing without that option.
type Dialer struct {
	// Timeout is the maximum amount of time a dial will wait for a
	// connect to complete. If Deadline is also set, it may fail earlier.
	Timeout time.Duration
	// Deadline is the absolute point in time after which dials will fail.
	Deadline time.Time
	// LocalAddr is the local address to use when dialing an address. It
	// must be of a type compatible with the network being dialed.
	LocalAddr Addr
	// DualStack is deprecated and ignored.
	DualStack bool
	// FallbackDelay is accepted and ignored: addresses are tried in turn.
	FallbackDelay time.Duration
	// KeepAlive specifies the interval between keep-alive probes for an
	// active network connection: 0 leaves the system's setting, a
	// negative value disables keep-alive probes.
	KeepAlive time.Duration
	// KeepAliveConfig specifies the keep-alive probe configuration when
	// Enable is true (it overrides KeepAlive).
	KeepAliveConfig KeepAliveConfig
	// Cancel is an optional channel whose closure indicates that the dial
	// should be canceled. Deprecated: use DialContext.
	Cancel <-chan struct{}
}

// KeepAliveConfig contains TCP keep-alive options.
type KeepAliveConfig struct {
	// If Enable is true, keep-alive probes are enabled.
	Enable bool
	// Idle is the time that the connection must be idle before the first
	// keep-alive probe is sent.
	Idle time.Duration
	// Interval is the time between keep-alive probes.
	Interval time.Duration
	// Count is the maximum number of keep-alive probes that can go
	// unanswered before dropping a connection (ignored).
	Count int
}

// Dial connects to the address on the named network ("tcp", "tcp4",
// "tcp6", "unix" or "unixpacket").
func Dial(network, address string) (Conn, error) {
	var d Dialer
	return d.Dial(network, address)
}

// DialTimeout acts like Dial but takes a timeout, which includes name
// resolution.
func DialTimeout(network, address string, timeout time.Duration) (Conn, error) {
	d := Dialer{Timeout: timeout}
	return d.Dial(network, address)
}

// Dial connects to the address on the named network.
func (d *Dialer) Dial(network, address string) (Conn, error) {
	return d.DialContext(context.Background(), network, address)
}

// deadline returns the earliest of the dialer's deadline, its timeout
// and ctx's deadline.
func (d *Dialer) deadline(ctx context.Context, now time.Time) (earliest time.Time) {
	if d.Timeout != 0 {
		earliest = now.Add(d.Timeout)
	}
	if dl, ok := ctx.Deadline(); ok && (earliest.IsZero() || dl.Before(earliest)) {
		earliest = dl
	}
	if !d.Deadline.IsZero() && (earliest.IsZero() || d.Deadline.Before(earliest)) {
		earliest = d.Deadline
	}
	return earliest
}

// mapErr converts a context's error to the dial error Go reports.
func mapErr(err error) error {
	switch err {
	case context.Canceled:
		return errCanceled
	case context.DeadlineExceeded:
		return errTimeout
	}
	return err
}

// DialContext connects to the address on the named network using the
// provided context. If the context expires before the connection is
// complete, an error is returned.
func (d *Dialer) DialContext(ctx context.Context, network, address string) (Conn, error) {
	if ctx == nil {
		panic("nil context")
	}
	if d.Cancel != nil {
		sub, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() {
			select {
			case <-d.Cancel:
				cancel()
			case <-sub.Done():
			}
		}()
		ctx = sub
	}
	deadline := d.deadline(ctx, time.Now())
	var addrs []Addr
	switch network {
	case "tcp", "tcp4", "tcp6":
		if err := ctx.Err(); err != nil {
			// A name lookup would fail with the context's error.
			if host, _, serr := SplitHostPort(address); serr == nil && host != "" && ParseIP(host) == nil {
				dnsErr := &DNSError{Err: mapErr(err).Error(), Name: host, IsTimeout: err == context.DeadlineExceeded}
				return nil, &OpError{Op: "dial", Net: network, Source: nil, Addr: nil, Err: dnsErr}
			}
		}
		tas, err := resolveTCP(network, address, false)
		if err != nil {
			return nil, &OpError{Op: "dial", Net: network, Source: nil, Addr: nil, Err: err}
		}
		if d.LocalAddr != nil {
			if _, ok := d.LocalAddr.(*TCPAddr); !ok {
				return nil, &OpError{Op: "dial", Net: network, Source: d.LocalAddr, Addr: tas[0], Err: &AddrError{Err: "mismatched local address type", Addr: d.LocalAddr.String()}}
			}
		}
		for _, a := range tas {
			addrs = append(addrs, a)
		}
	case "udp", "udp4", "udp6":
		return dialUDP(ctx, d, network, address)
	case "unix", "unixpacket":
		ra, err := ResolveUnixAddr(network, address)
		if err != nil {
			return nil, &OpError{Op: "dial", Net: network, Source: nil, Addr: nil, Err: err}
		}
		addrs = append(addrs, ra)
	default:
		return nil, &OpError{Op: "dial", Net: network, Source: nil, Addr: nil, Err: UnknownNetworkError(network)}
	}
	var first error
	for _, ra := range addrs {
		select {
		case <-ctx.Done():
			return nil, &OpError{Op: "dial", Net: network, Source: d.LocalAddr, Addr: ra, Err: mapErr(ctx.Err())}
		default:
		}
		fd, err := dialFD(ctx, network, d.LocalAddr, ra, deadline)
		if err == nil {
			if fd.family == afUNIX {
				return &UnixConn{conn{fd}}, nil
			}
			c := &TCPConn{conn{fd}}
			switch {
			case d.KeepAliveConfig.Enable:
				c.SetKeepAliveConfig(d.KeepAliveConfig)
			case d.KeepAlive < 0:
				c.SetKeepAlive(false)
			case d.KeepAlive > 0:
				c.SetKeepAlive(true)
				c.SetKeepAlivePeriod(d.KeepAlive)
			}
			return c, nil
		}
		if first == nil {
			first = err
		}
		if ctx.Err() != nil || !deadline.IsZero() && !time.Now().Before(deadline) {
			break
		}
	}
	return nil, first
}

// sockArgs returns the primitive arguments for a TCP, UDP or Unix address.
func sockArgs(a Addr) (ip []byte, port int, zone, path string) {
	switch a := a.(type) {
	case *TCPAddr:
		if a != nil {
			return a.IP, a.Port, a.Zone, ""
		}
	case *UDPAddr:
		if a != nil {
			return a.IP, a.Port, a.Zone, ""
		}
	case *UnixAddr:
		if a != nil {
			return nil, 0, "", a.Name
		}
	}
	return nil, 0, "", ""
}

// sockFamily is the socket family and IPV6_V6ONLY setting (-1: leave it)
// of a socket on network ("tcp", "udp6", ...) for address ip: a "4" or
// "6" network fixes the family (an IPv6-only socket for "6"), a wildcard
// address on a plain network is one dual-stack IPv6 socket, anything
// else follows ip.
func sockFamily(network string, ip IP, wild bool) (family, v6only int) {
	last := byte(0)
	if network != "" {
		last = network[len(network)-1]
	}
	switch {
	case last == '4':
		return afINET, -1
	case last == '6':
		return afINET6, 1
	case wild:
		return afINET6, 0
	}
	return ipFamily(ip), -1
}

// ipFamily is the socket family for IP address ip (nil counts as IPv4).
func ipFamily(ip IP) int {
	if len(ip) <= IPv4len || ip.To4() != nil {
		return afINET
	}
	return afINET6
}

// dialFD opens a socket and connects it to raddr.
func dialFD(ctx context.Context, network string, laddr, raddr Addr, deadline time.Time) (*netFD, error) {
	family, sotype := afUNIX, sockSTREAM
	if network == "unixpacket" {
		sotype = sockSEQPACKET
	}
	if ta, ok := raddr.(*TCPAddr); ok {
		family = ipFamily(ta.IP)
		if la, ok := laddr.(*TCPAddr); ok && la != nil && ipFamily(la.IP) == afINET6 {
			family = afINET6
		}
		if network == "tcp6" {
			family = afINET6
		}
	}
	fail := func(err error) (*netFD, error) {
		return nil, &OpError{Op: "dial", Net: network, Source: laddr, Addr: raddr, Err: err}
	}
	id, e := sysSocket(family, sotype, -1)
	if e != 0 {
		return fail(os.NewSyscallError("socket", errno(e)))
	}
	fd := &netFD{id: id, family: family, sotype: sotype, net: network}
	if laddr != nil {
		ip, port, zone, path := sockArgs(laddr)
		if sc, e := sysBind(id, ip, port, zone, path, false); e != 0 {
			fd.close()
			return fail(os.NewSyscallError(sc, errno(e)))
		}
	}
	if !deadline.IsZero() {
		fd.setDeadline('w', deadline)
	}
	// A context's cancellation interrupts the connect by moving the write
	// deadline into the past.
	var fired chan struct{}
	var stop func() bool
	if ctx.Done() != nil {
		fired = make(chan struct{})
		stop = context.AfterFunc(ctx, func() {
			sysSetDeadline(id, 'w', -1, true)
			close(fired)
		})
	}
	ip, port, zone, path := sockArgs(raddr)
	e = sysConnect(id, ip, port, zone, path)
	var ctxErr error
	if stop != nil && !stop() {
		<-fired
		ctxErr = ctx.Err()
	} else if e != 0 {
		ctxErr = ctx.Err()
	}
	switch {
	case ctxErr != nil:
		fd.close()
		return fail(mapErr(ctxErr))
	case e == eTimeout:
		// Go's dial deadlines are its context's: the error is errTimeout.
		fd.close()
		return fail(errTimeout)
	case e != 0:
		fd.close()
		return fail(hostErr(e, "connect"))
	}
	if !deadline.IsZero() {
		fd.setDeadline('w', time.Time{})
	}
	fd.setAddrs()
	if fd.raddr == nil {
		fd.raddr = raddr
	}
	return fd, nil
}

func sysBind(id int, ip []byte, port int, zone, path string, listen bool) (syscall string, errno int)

// resolveTCP resolves a "host:port" address for network; for a listener
// (listen true) the IPv4 address of a name comes first.
func resolveTCP(network, address string, listen bool) ([]*TCPAddr, error) {
	host, service, err := SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	port, err := LookupPort(network, service)
	if err != nil {
		return nil, err
	}
	if host == "" {
		return []*TCPAddr{{Port: port}}, nil
	}
	ips, err := resolveIPs(host)
	if err != nil {
		return nil, err
	}
	var out []*TCPAddr
	for _, ia := range ips {
		v4 := ia.IP.To4() != nil
		if network == "tcp4" && !v4 || network == "tcp6" && v4 {
			continue
		}
		out = append(out, &TCPAddr{IP: ia.IP, Port: port, Zone: ia.Zone})
	}
	if len(out) == 0 {
		return nil, &AddrError{Err: "no suitable address found", Addr: host}
	}
	if listen {
		for i, a := range out {
			if a.IP.To4() != nil {
				out[0], out[i] = out[i], out[0]
				break
			}
		}
	}
	return out, nil
}

// resolveIPs returns the addresses of host: a literal address, or a name
// the host's resolver looks up (as a Go program's would, /etc/hosts
// first).
func resolveIPs(host string) ([]IPAddr, error) {
	name, zone := host, ""
	if i := last(host, '%'); i > 0 {
		name, zone = host[:i], host[i+1:]
	}
	if ip := ParseIP(name); ip != nil {
		if zone != "" && ip.To4() != nil {
			return nil, &AddrError{Err: "IPv4 address with zone", Addr: host}
		}
		return []IPAddr{{IP: ip, Zone: zone}}, nil
	}
	ips, msg, server, notFound, isTimeout := lookupIP(host)
	if msg != "" {
		return nil, &DNSError{Err: msg, Name: host, Server: server, IsNotFound: notFound, IsTimeout: isTimeout}
	}
	out := make([]IPAddr, len(ips))
	for i, ip := range ips {
		out[i] = IPAddr{IP: IP(ip)}
	}
	return out, nil
}

// ResolveTCPAddr returns an address of TCP end point: "host:port" on
// network "tcp", "tcp4" or "tcp6".
func ResolveTCPAddr(network, address string) (*TCPAddr, error) {
	switch network {
	case "tcp", "tcp4", "tcp6":
	case "":
		network = "tcp"
	default:
		return nil, UnknownNetworkError(network)
	}
	addrs, err := resolveTCP(network, address, false)
	if err != nil {
		return nil, err
	}
	for _, a := range addrs {
		if a.IP.To4() != nil || network == "tcp6" {
			return a, nil
		}
	}
	return addrs[0], nil
}

// ResolveUnixAddr returns an address of Unix domain socket end point.
func ResolveUnixAddr(network, address string) (*UnixAddr, error) {
	switch network {
	case "unix", "unixgram", "unixpacket":
		return &UnixAddr{Name: address, Net: network}, nil
	}
	return nil, UnknownNetworkError(network)
}

// ResolveIPAddr returns an address of IP end point.
func ResolveIPAddr(network, address string) (*IPAddr, error) {
	switch network {
	case "ip", "ip4", "ip6", "":
	default:
		return nil, UnknownNetworkError(network)
	}
	ips, err := resolveIPs(address)
	if err != nil {
		return nil, err
	}
	for _, ia := range ips {
		v4 := ia.IP.To4() != nil
		if network == "ip4" && !v4 || network == "ip6" && v4 {
			continue
		}
		return &IPAddr{IP: ia.IP, Zone: ia.Zone}, nil
	}
	return nil, &AddrError{Err: "no suitable address found", Addr: address}
}

// LookupHost looks up the given host using the local resolver. It returns
// a slice of that host's addresses.
func LookupHost(host string) (addrs []string, err error) {
	if host == "" {
		return nil, &DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	ips, err := resolveIPs(host)
	if err != nil {
		return nil, err
	}
	for _, ia := range ips {
		addrs = append(addrs, ia.String())
	}
	return addrs, nil
}

// LookupIP looks up host using the local resolver. It returns a slice of
// that host's IPv4 and IPv6 addresses.
func LookupIP(host string) ([]IP, error) {
	if host == "" {
		return nil, &DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	ips, err := resolveIPs(host)
	if err != nil {
		return nil, err
	}
	out := make([]IP, len(ips))
	for i, ia := range ips {
		out[i] = ia.IP
	}
	return out, nil
}

// ListenConfig contains options for listening to an address.
type ListenConfig struct {
	// KeepAlive specifies the keep-alive period for accepted connections:
	// 0 leaves the system's setting, negative disables keep-alives.
	KeepAlive time.Duration
	// KeepAliveConfig specifies the keep-alive probe configuration for
	// accepted connections when Enable is true.
	KeepAliveConfig KeepAliveConfig
}

// Listen announces on the local network address.
func Listen(network, address string) (Listener, error) {
	var lc ListenConfig
	return lc.Listen(context.Background(), network, address)
}

// Listen announces on the local network address: network "tcp", "tcp4",
// "tcp6", "unix" or "unixpacket". For TCP, a port of 0 picks a free port,
// and an empty or unspecified host listens on every address (IPv4 and
// IPv6 for "tcp").
func (lc *ListenConfig) Listen(ctx context.Context, network, address string) (Listener, error) {
	switch network {
	case "tcp", "tcp4", "tcp6":
		addrs, err := resolveTCP(network, address, true)
		if err != nil {
			return nil, &OpError{Op: "listen", Net: network, Source: nil, Addr: nil, Err: err}
		}
		l, err := listenTCP(network, addrs[0])
		if err != nil {
			return nil, err
		}
		l.lc = *lc
		return l, nil
	case "unix", "unixpacket":
		l, err := listenUnix(network, &UnixAddr{Name: address, Net: network})
		if err != nil {
			return nil, err
		}
		return l, nil
	}
	return nil, &OpError{Op: "listen", Net: network, Source: nil, Addr: nil, Err: UnknownNetworkError(network)}
}

// listenFD opens a socket bound to laddr and listening.
func listenFD(network string, family, sotype, v6only int, laddr Addr) (*netFD, error) {
	fail := func(err error) (*netFD, error) {
		return nil, &OpError{Op: "listen", Net: network, Source: nil, Addr: laddr, Err: err}
	}
	id, e := sysSocket(family, sotype, v6only)
	if e != 0 {
		return fail(os.NewSyscallError("socket", errno(e)))
	}
	fd := &netFD{id: id, family: family, sotype: sotype, net: network}
	ip, port, zone, path := sockArgs(laddr)
	if sc, e := sysBind(id, ip, port, zone, path, true); e != 0 {
		fd.close()
		return fail(os.NewSyscallError(sc, errno(e)))
	}
	fd.laddr = fd.addr(false)
	return fd, nil
}

const eAFNOSUPPORT = 97

// listenTCP listens on laddr: a wildcard address on "tcp" listens on
// IPv6 and IPv4 (one dual-stack socket).
func listenTCP(network string, laddr *TCPAddr) (*TCPListener, error) {
	if laddr == nil {
		laddr = &TCPAddr{}
	}
	wild := len(laddr.IP) == 0 || laddr.IP.IsUnspecified()
	family, v6only := sockFamily(network, laddr.IP, wild)
	fd, err := listenFD(network, family, sockSTREAM, v6only, laddr)
	if err != nil && wild && network == "tcp" {
		// No IPv6 on this host: listen on IPv4 only.
		if oe, ok := err.(*OpError); ok {
			if se, ok := oe.Err.(*os.SyscallError); ok && se.Err == errno(eAFNOSUPPORT) {
				fd, err = listenFD(network, afINET, sockSTREAM, -1, laddr)
			}
		}
	}
	if err != nil {
		return nil, err
	}
	return &TCPListener{fd: fd}, nil
}

// ListenTCP acts like Listen for TCP networks. If the IP field of laddr
// is nil or an unspecified IP address, ListenTCP listens on all available
// IP addresses of the local system; a Port of 0 picks a port.
func ListenTCP(network string, laddr *TCPAddr) (*TCPListener, error) {
	switch network {
	case "tcp", "tcp4", "tcp6":
	default:
		return nil, &OpError{Op: "listen", Net: network, Source: nil, Addr: laddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	return listenTCP(network, laddr)
}

// opAddr returns a as an Addr, nil (not a typed nil) when a is nil.
func (a *TCPAddr) opAddr() Addr {
	if a == nil {
		return nil
	}
	return a
}

func (a *UnixAddr) opAddr() Addr {
	if a == nil {
		return nil
	}
	return a
}

// DialTCP acts like Dial for TCP networks. If laddr is nil, a local
// address is automatically chosen.
func DialTCP(network string, laddr, raddr *TCPAddr) (*TCPConn, error) {
	switch network {
	case "tcp", "tcp4", "tcp6":
	default:
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Addr: raddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	if raddr == nil {
		return nil, &OpError{Op: "dial", Net: network, Source: laddr.opAddr(), Addr: nil, Err: errMissingAddress}
	}
	fd, err := dialFD(context.Background(), network, laddr.opAddr(), raddr, time.Time{})
	if err != nil {
		return nil, err
	}
	return &TCPConn{conn{fd}}, nil
}

var errMissingAddress = &AddrError{Err: "missing address"}
