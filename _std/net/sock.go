package net

import (
	"context"
	"io"
	"time"
)

// TCPConn is an implementation of the Conn interface for TCP network
// connections.
type TCPConn struct {
	conn
}

// CloseRead shuts down the reading side of the TCP connection.
func (c *TCPConn) CloseRead() error { return c.shutdown(shutRD, "close") }

// CloseWrite shuts down the writing side of the TCP connection: the peer
// reads io.EOF.
func (c *TCPConn) CloseWrite() error { return c.shutdown(shutWR, "close") }

// SetNoDelay controls whether the operating system should delay packet
// transmission in hopes of sending fewer packets (Nagle's algorithm). The
// default is true (no delay).
func (c *TCPConn) SetNoDelay(noDelay bool) error {
	return c.setsockopt(ipprotoTCP, tcpNODELAY, boolInt(noDelay))
}

// SetKeepAlive sets whether the operating system should send keep-alive
// messages on the connection.
func (c *TCPConn) SetKeepAlive(keepalive bool) error {
	return c.setsockopt(solSOCKET, soKEEPALIVE, boolInt(keepalive))
}

// SetKeepAlivePeriod sets the duration the connection needs to remain
// idle before TCP starts sending keepalive probes.
func (c *TCPConn) SetKeepAlivePeriod(d time.Duration) error {
	secs := int((d + time.Second - 1) / time.Second)
	if secs < 1 {
		secs = 1
	}
	if err := c.setsockopt(ipprotoTCP, tcpKEEPIDLE, secs); err != nil {
		return err
	}
	return c.setsockopt(ipprotoTCP, tcpKEEPINTVL, secs)
}

// SetKeepAliveConfig configures keep-alive messages sent by the operating
// system.
func (c *TCPConn) SetKeepAliveConfig(config KeepAliveConfig) error {
	if err := c.SetKeepAlive(config.Enable); err != nil || !config.Enable {
		return err
	}
	if config.Idle > 0 {
		if err := c.setsockopt(ipprotoTCP, tcpKEEPIDLE, int((config.Idle+time.Second-1)/time.Second)); err != nil {
			return err
		}
	}
	if config.Interval > 0 {
		return c.setsockopt(ipprotoTCP, tcpKEEPINTVL, int((config.Interval+time.Second-1)/time.Second))
	}
	return nil
}

// SetLinger sets the behavior of Close on a connection which still has
// data waiting to be sent or to be acknowledged: sec < 0 (the default)
// finishes sending in the background, sec == 0 discards unsent data,
// sec > 0 waits up to sec seconds, as the operating system does.
func (c *TCPConn) SetLinger(sec int) error {
	return c.setsockopt(-1, 0, sec) // the host sets SO_LINGER
}

// ReadFrom implements the io.ReaderFrom ReadFrom method.
func (c *TCPConn) ReadFrom(r io.Reader) (int64, error) {
	if !c.ok() {
		return 0, eINVAL
	}
	if src := spliceConn(r); src != nil {
		// The bytes go from socket to socket in the host, never entering
		// guest memory (Go's own ReadFrom splices them in the kernel). No
		// helper function: a connection's goroutine parks here, and every
		// frame on its stack is part of an idle connection's cost.
		var n int64
		if e := sysCopy(c.fd.id, src.fd.id, &n); e != 0 {
			return n, c.opErr("readfrom", hostErr(e, "readfrom"))
		}
		return n, nil
	}
	return genericReadFrom(c, r)
}

// WriteTo implements the io.WriterTo WriteTo method.
func (c *TCPConn) WriteTo(w io.Writer) (int64, error) {
	if !c.ok() {
		return 0, eINVAL
	}
	if dst := spliceConn(w); dst != nil {
		var n int64 // as in ReadFrom
		if e := sysCopy(dst.fd.id, c.fd.id, &n); e != 0 {
			return n, c.opErr("writeto", hostErr(e, "writeto"))
		}
		return n, nil
	}
	return genericReadFrom(w, readerOnly{c})
}

// readerOnly hides a reader's other methods (so copying does not recurse
// into ReadFrom/WriteTo).
type readerOnly struct{ io.Reader }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TCPListener is a TCP network listener.
type TCPListener struct {
	fd *netFD
	lc ListenConfig
}

func (l *TCPListener) ok() bool { return l != nil && l.fd != nil }

func (l *TCPListener) accept() (*TCPConn, error) {
	nid, e := sysAccept(l.fd.id)
	if e != 0 {
		return nil, &OpError{Op: "accept", Net: l.fd.net, Source: nil, Addr: l.fd.laddr, Err: hostErr(e, "accept4")}
	}
	fd := &netFD{id: nid, family: l.fd.family, sotype: l.fd.sotype, net: l.fd.net} // addresses on demand (netFD.local)
	c := &TCPConn{conn{fd}}
	switch {
	case l.lc.KeepAliveConfig.Enable:
		c.SetKeepAliveConfig(l.lc.KeepAliveConfig)
	case l.lc.KeepAlive < 0:
		c.SetKeepAlive(false)
	case l.lc.KeepAlive > 0:
		c.SetKeepAlive(true)
		c.SetKeepAlivePeriod(l.lc.KeepAlive)
	}
	return c, nil
}

// AcceptTCP accepts the next incoming call and returns the new connection.
func (l *TCPListener) AcceptTCP() (*TCPConn, error) {
	if !l.ok() {
		return nil, eINVAL
	}
	return l.accept()
}

// Accept implements the Accept method in the Listener interface; it waits
// for the next call and returns a generic Conn.
func (l *TCPListener) Accept() (Conn, error) {
	if !l.ok() {
		return nil, eINVAL
	}
	c, err := l.accept()
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Close stops listening on the TCP address. Already Accepted connections
// are not closed.
func (l *TCPListener) Close() error {
	if !l.ok() {
		return eINVAL
	}
	if err := l.fd.close(); err != nil {
		return &OpError{Op: "close", Net: l.fd.net, Source: nil, Addr: l.fd.laddr, Err: err}
	}
	return nil
}

// Addr returns the listener's network address, a *TCPAddr.
func (l *TCPListener) Addr() Addr { return l.fd.laddr }

// SetDeadline sets the deadline associated with the listener. A zero time
// value disables the deadline.
func (l *TCPListener) SetDeadline(t time.Time) error {
	if !l.ok() {
		return eINVAL
	}
	if err := l.fd.setDeadline('r', t); err != nil {
		return &OpError{Op: "set", Net: l.fd.net, Source: nil, Addr: l.fd.laddr, Err: err}
	}
	return nil
}

func sysSetUnlink(id int, unlink bool)

// UnixConn is an implementation of the Conn interface for connections to
// Unix domain sockets.
type UnixConn struct {
	conn
}

// CloseRead shuts down the reading side of the Unix domain connection.
func (c *UnixConn) CloseRead() error { return c.shutdown(shutRD, "close") }

// CloseWrite shuts down the writing side of the Unix domain connection.
func (c *UnixConn) CloseWrite() error { return c.shutdown(shutWR, "close") }

// DialUnix acts like Dial for Unix networks. If laddr is non-nil, it is
// used as the local address for the connection.
func DialUnix(network string, laddr, raddr *UnixAddr) (*UnixConn, error) {
	switch network {
	case "unix", "unixpacket":
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
	return &UnixConn{conn{fd}}, nil
}

// UnixListener is a Unix domain socket listener.
type UnixListener struct {
	fd *netFD
}

func (l *UnixListener) ok() bool { return l != nil && l.fd != nil }

func listenUnix(network string, laddr *UnixAddr) (*UnixListener, error) {
	sotype := sockSTREAM
	if network == "unixpacket" {
		sotype = sockSEQPACKET
	}
	fd, err := listenFD(network, afUNIX, sotype, -1, laddr)
	if err != nil {
		return nil, err
	}
	return &UnixListener{fd: fd}, nil
}

// ListenUnix acts like Listen for Unix networks.
func ListenUnix(network string, laddr *UnixAddr) (*UnixListener, error) {
	switch network {
	case "unix", "unixpacket":
	default:
		return nil, &OpError{Op: "listen", Net: network, Source: nil, Addr: laddr.opAddr(), Err: UnknownNetworkError(network)}
	}
	if laddr == nil {
		return nil, &OpError{Op: "listen", Net: network, Source: nil, Addr: nil, Err: errMissingAddress}
	}
	return listenUnix(network, laddr)
}

func (l *UnixListener) accept() (*UnixConn, error) {
	nid, e := sysAccept(l.fd.id)
	if e != 0 {
		return nil, &OpError{Op: "accept", Net: l.fd.net, Source: nil, Addr: l.fd.laddr, Err: hostErr(e, "accept4")}
	}
	fd := &netFD{id: nid, family: l.fd.family, sotype: l.fd.sotype, net: l.fd.net} // addresses on demand (netFD.local)
	return &UnixConn{conn{fd}}, nil
}

// AcceptUnix accepts the next incoming call and returns the new
// connection.
func (l *UnixListener) AcceptUnix() (*UnixConn, error) {
	if !l.ok() {
		return nil, eINVAL
	}
	return l.accept()
}

// Accept implements the Accept method in the Listener interface.
func (l *UnixListener) Accept() (Conn, error) {
	if !l.ok() {
		return nil, eINVAL
	}
	c, err := l.accept()
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Close stops listening on the Unix address and, unless
// SetUnlinkOnClose(false) was called, removes the socket file.
func (l *UnixListener) Close() error {
	if !l.ok() {
		return eINVAL
	}
	if err := l.fd.close(); err != nil {
		return &OpError{Op: "close", Net: l.fd.net, Source: nil, Addr: l.fd.laddr, Err: err}
	}
	return nil
}

// Addr returns the listener's network address.
func (l *UnixListener) Addr() Addr { return l.fd.laddr }

// SetDeadline sets the deadline associated with the listener. A zero time
// value disables the deadline.
func (l *UnixListener) SetDeadline(t time.Time) error {
	if !l.ok() {
		return eINVAL
	}
	if err := l.fd.setDeadline('r', t); err != nil {
		return &OpError{Op: "set", Net: l.fd.net, Source: nil, Addr: l.fd.laddr, Err: err}
	}
	return nil
}

// SetUnlinkOnClose sets whether the underlying socket file should be
// removed from the file system when the listener is closed.
func (l *UnixListener) SetUnlinkOnClose(unlink bool) {
	if l.ok() {
		sysSetUnlink(l.fd.id, unlink)
	}
}
