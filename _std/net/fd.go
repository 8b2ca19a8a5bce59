package net

import (
	"io"
	"os"
	"sync"
	"time"
)

// Host primitives (internal/std/net.go). A socket is a handle into the
// run's socket table. The errno results are 0, a positive system error
// number, or one of the codes below. Calls that would block park the
// goroutine until the socket is ready, its deadline passes or it is
// closed.
const (
	eTimeout = -1 // os.ErrDeadlineExceeded
	eClosed  = -2 // ErrClosed
	eEOF     = -3 // io.EOF
)

// Linux constants.
const (
	afUNIX  = 1
	afINET  = 2
	afINET6 = 10

	sockSTREAM    = 1
	sockSEQPACKET = 5

	solSOCKET   = 1
	soSNDBUF    = 7
	soRCVBUF    = 8
	soKEEPALIVE = 9

	ipprotoTCP   = 6
	tcpNODELAY   = 1
	tcpKEEPIDLE  = 4
	tcpKEEPINTVL = 5

	shutRD = 0
	shutWR = 1
)

func sysSocket(family, sotype, v6only int) (id, errno int)
func sysConnect(id int, ip []byte, port int, zone, path string) (errno int)
func sysAccept(id int) (nid, errno int)
func sysAddr(id int, peer bool) (ip []byte, port int, zone, path string, ok bool)
func sysRead(id int, b []byte) (n, errno int)
func sysWrite(id int, b []byte) (n, errno int)
func sysCopy(dst, src int, n *int64) (errno int)
func sysClose(id int) (errno int)
func sysShutdown(id, how int) (errno int)
func sysSetDeadline(id, mode int, d int64, set bool) (errno int)
func sysSetsockopt(id, level, opt, value int) (errno int)

// netFD is an open socket.
type netFD struct {
	id     int // handle in the run's socket table
	family int
	sotype int
	net    string
	laddr  Addr
	raddr  Addr
}

// hostErr converts a primitive's errno to an error; syscall names the
// system call for a system error.
func hostErr(e int, syscall string) error {
	switch e {
	case 0:
		return nil
	case eTimeout:
		return os.ErrDeadlineExceeded
	case eClosed:
		return ErrClosed
	case eEOF:
		return io.EOF
	}
	return os.NewSyscallError(syscall, errno(e))
}

// addr returns the socket's local or remote address (nil if unknown).
func (fd *netFD) addr(peer bool) Addr {
	ip, port, zone, path, ok := sysAddr(fd.id, peer)
	if !ok {
		return nil
	}
	if fd.family == afUNIX {
		return &UnixAddr{Name: path, Net: fd.net}
	}
	if fd.sotype == sockDGRAM {
		return &UDPAddr{IP: IP(ip), Port: port, Zone: zone}
	}
	return &TCPAddr{IP: IP(ip), Port: port, Zone: zone}
}

// setAddrs fetches the addresses not fetched yet (see local).
func (fd *netFD) setAddrs() {
	fd.local()
	fd.remote()
}

// local and remote return the socket's addresses. An accepted connection
// asks the host for them on first use: an idle connection holds none
// (spindle's []byte costs a Value per byte, and an address is two
// objects). conn.Close fetches any not fetched yet, so they outlive the
// socket, as Go's do.
func (fd *netFD) local() Addr {
	if fd.laddr == nil {
		fd.laddr = fd.addr(false)
	}
	return fd.laddr
}

func (fd *netFD) remote() Addr {
	if fd.raddr == nil {
		fd.raddr = fd.addr(true)
	}
	return fd.raddr
}

func (fd *netFD) close() error { return hostErr(sysClose(fd.id), "close") }

// setDeadline sets the read ('r'), write ('w') or both ('r'+'w')
// deadlines.
func (fd *netFD) setDeadline(mode int, t time.Time) error {
	var d int64
	set := !t.IsZero()
	if set {
		d = int64(time.Until(t))
	}
	return hostErr(sysSetDeadline(fd.id, mode, d, set), "setdeadline")
}

// conn is the implementation of Conn shared by TCPConn and UnixConn.
type conn struct {
	fd *netFD
}

func (c *conn) ok() bool { return c != nil && c.fd != nil }

func (c *conn) opErr(op string, err error) error {
	return &OpError{Op: op, Net: c.fd.net, Source: c.fd.local(), Addr: c.fd.remote(), Err: err}
}

// Read implements the Conn Read method.
func (c *conn) Read(b []byte) (int, error) {
	if !c.ok() {
		return 0, eINVAL
	}
	n, e := sysRead(c.fd.id, b)
	if e == 0 {
		return n, nil
	}
	if e == eEOF {
		return 0, io.EOF
	}
	return n, c.opErr("read", hostErr(e, "read"))
}

// Write implements the Conn Write method.
func (c *conn) Write(b []byte) (int, error) {
	if !c.ok() {
		return 0, eINVAL
	}
	n := 0
	for {
		k, e := sysWrite(c.fd.id, b[n:])
		n += k
		if e != 0 {
			return n, c.opErr("write", hostErr(e, "write"))
		}
		if n >= len(b) {
			return n, nil
		}
	}
}

// spliceConn returns the spindle stream connection behind x (a *TCPConn
// or a stream *UnixConn), or nil.
func spliceConn(x any) *conn {
	var c *conn
	switch x := x.(type) {
	case *TCPConn:
		if x != nil {
			c = &x.conn
		}
	case *UnixConn:
		if x != nil {
			c = &x.conn
		}
	}
	if !c.ok() || c.fd.sotype != sockSTREAM {
		return nil // a packet socket copies as io.Copy would (an empty datagram is no EOF)
	}
	return c
}

// Close closes the connection.
func (c *conn) Close() error {
	if !c.ok() {
		return eINVAL
	}
	c.fd.setAddrs()
	if err := c.fd.close(); err != nil {
		return c.opErr("close", err)
	}
	return nil
}

// LocalAddr returns the local network address. The Addr returned is
// shared by all invocations of LocalAddr, so do not modify it.
func (c *conn) LocalAddr() Addr {
	if !c.ok() {
		return nil
	}
	return c.fd.local()
}

// RemoteAddr returns the remote network address. The Addr returned is
// shared by all invocations of RemoteAddr, so do not modify it.
func (c *conn) RemoteAddr() Addr {
	if !c.ok() {
		return nil
	}
	return c.fd.remote()
}

func (c *conn) setDeadline(mode int, t time.Time) error {
	if !c.ok() {
		return eINVAL
	}
	if err := c.fd.setDeadline(mode, t); err != nil {
		return &OpError{Op: "set", Net: c.fd.net, Source: nil, Addr: c.fd.local(), Err: err}
	}
	return nil
}

// SetDeadline implements the Conn SetDeadline method.
func (c *conn) SetDeadline(t time.Time) error { return c.setDeadline('r'+'w', t) }

// SetReadDeadline implements the Conn SetReadDeadline method.
func (c *conn) SetReadDeadline(t time.Time) error { return c.setDeadline('r', t) }

// SetWriteDeadline implements the Conn SetWriteDeadline method.
func (c *conn) SetWriteDeadline(t time.Time) error { return c.setDeadline('w', t) }

func (c *conn) setsockopt(level, opt, value int) error {
	if !c.ok() {
		return eINVAL
	}
	if err := hostErr(sysSetsockopt(c.fd.id, level, opt, value), "setsockopt"); err != nil {
		return c.opErr("set", err)
	}
	return nil
}

// SetReadBuffer sets the size of the operating system's receive buffer
// associated with the connection.
func (c *conn) SetReadBuffer(bytes int) error { return c.setsockopt(solSOCKET, soRCVBUF, bytes) }

// SetWriteBuffer sets the size of the operating system's transmit buffer
// associated with the connection.
func (c *conn) SetWriteBuffer(bytes int) error { return c.setsockopt(solSOCKET, soSNDBUF, bytes) }

func (c *conn) shutdown(how int, op string) error {
	if !c.ok() {
		return eINVAL
	}
	if err := hostErr(sysShutdown(c.fd.id, how), "shutdown"); err != nil {
		return c.opErr(op, err)
	}
	return nil
}

// genericReadFrom copies r to w through a buffer.
func genericReadFrom(w io.Writer, r io.Reader) (n int64, err error) {
	buf := make([]byte, 32<<10)
	for {
		nr, er := r.Read(buf)
		if nr > 0 {
			nw, ew := w.Write(buf[:nr])
			n += int64(nw)
			if ew != nil {
				return n, ew
			}
		}
		if er == io.EOF {
			return n, nil
		}
		if er != nil {
			return n, er
		}
	}
}

// Conn is a generic stream-oriented network connection. Multiple
// goroutines may invoke methods on a Conn simultaneously.
type Conn interface {
	// Read reads data from the connection.
	Read(b []byte) (n int, err error)
	// Write writes data to the connection.
	Write(b []byte) (n int, err error)
	// Close closes the connection. Any blocked Read or Write operations
	// will be unblocked and return errors.
	Close() error
	// LocalAddr returns the local network address, if known.
	LocalAddr() Addr
	// RemoteAddr returns the remote network address, if known.
	RemoteAddr() Addr
	// SetDeadline sets the read and write deadlines associated with the
	// connection.
	SetDeadline(t time.Time) error
	// SetReadDeadline sets the deadline for future Read calls and any
	// currently-blocked Read call. A zero value for t means Read will not
	// time out.
	SetReadDeadline(t time.Time) error
	// SetWriteDeadline sets the deadline for future Write calls and any
	// currently-blocked Write call.
	SetWriteDeadline(t time.Time) error
}

// A Listener is a generic network listener for stream-oriented protocols.
type Listener interface {
	// Accept waits for and returns the next connection to the listener.
	Accept() (Conn, error)
	// Close closes the listener. Any blocked Accept operations will be
	// unblocked and return errors.
	Close() error
	// Addr returns the listener's network address.
	Addr() Addr
}

// Pipe creates a synchronous, in-memory, full duplex network connection;
// both ends implement the Conn interface. Reads on one end are matched
// with writes on the other, copying data directly between the two; there
// is no internal buffering.
func Pipe() (Conn, Conn) {
	ab := make(chan []byte) // a's writes, b's reads
	abn := make(chan int)   // bytes b consumed
	ba := make(chan []byte)
	ban := make(chan int)
	aDone := make(chan struct{})
	bDone := make(chan struct{})
	a := &pipe{in: ba, inN: ban, out: ab, outN: abn, done: aDone, peerDone: bDone,
		rd: newPipeDeadline(), wd: newPipeDeadline()}
	b := &pipe{in: ab, inN: abn, out: ba, outN: ban, done: bDone, peerDone: aDone,
		rd: newPipeDeadline(), wd: newPipeDeadline()}
	return a, b
}

// pipe is one end of a Pipe.
type pipe struct {
	wmu sync.Mutex // one Write at a time, so writes are not interleaved

	in   <-chan []byte // a write of the peer, offered to our reads
	inN  chan<- int    // how much of it we consumed
	out  chan<- []byte
	outN <-chan int

	closeOnce sync.Once
	done      chan struct{} // closed by our Close
	peerDone  <-chan struct{}

	rd, wd *pipeDeadline
}

// pipeDeadline is a deadline as a channel that is closed when it passes.
type pipeDeadline struct {
	mu    sync.Mutex
	timer *time.Timer
	c     chan struct{}
}

func newPipeDeadline() *pipeDeadline { return &pipeDeadline{c: make(chan struct{})} }

func isClosed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// set moves the deadline to t (zero: none).
func (d *pipeDeadline) set(t time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.timer != nil && !d.timer.Stop() {
		<-d.c // the timer fired: wait until its function has closed c
	}
	d.timer = nil
	expired := isClosed(d.c)
	if t.IsZero() {
		if expired {
			d.c = make(chan struct{})
		}
		return
	}
	if dur := time.Until(t); dur > 0 {
		if expired {
			d.c = make(chan struct{})
		}
		c := d.c
		d.timer = time.AfterFunc(dur, func() { close(c) })
		return
	}
	if !expired {
		close(d.c)
	}
}

// wait returns the channel closed when the deadline passes.
func (d *pipeDeadline) wait() chan struct{} {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.c
}

type pipeAddr struct{}

func (pipeAddr) Network() string { return "pipe" }
func (pipeAddr) String() string  { return "pipe" }

func (p *pipe) LocalAddr() Addr  { return pipeAddr{} }
func (p *pipe) RemoteAddr() Addr { return pipeAddr{} }

func (p *pipe) Read(b []byte) (int, error) {
	n, err := p.read(b)
	if err != nil && err != io.EOF && err != io.ErrClosedPipe {
		err = &OpError{Op: "read", Net: "pipe", Err: err}
	}
	return n, err
}

func (p *pipe) read(b []byte) (int, error) {
	// A closed or expired pipe fails even if the peer is writing.
	switch {
	case isClosed(p.done):
		return 0, io.ErrClosedPipe
	case isClosed(p.rd.wait()):
		return 0, os.ErrDeadlineExceeded
	}
	select {
	case w := <-p.in:
		n := copy(b, w)
		p.inN <- n
		return n, nil
	case <-p.done:
		return 0, io.ErrClosedPipe
	case <-p.peerDone:
		return 0, io.EOF
	case <-p.rd.wait():
		return 0, os.ErrDeadlineExceeded
	}
}

func (p *pipe) Write(b []byte) (int, error) {
	n, err := p.write(b)
	if err != nil && err != io.ErrClosedPipe {
		err = &OpError{Op: "write", Net: "pipe", Err: err}
	}
	return n, err
}

func (p *pipe) write(b []byte) (n int, err error) {
	switch {
	case isClosed(p.done), isClosed(p.peerDone):
		return 0, io.ErrClosedPipe
	case isClosed(p.wd.wait()):
		return 0, os.ErrDeadlineExceeded
	}
	p.wmu.Lock()
	defer p.wmu.Unlock()
	for first := true; first || len(b) > 0; first = false {
		select {
		case p.out <- b:
			k := <-p.outN
			b = b[k:]
			n += k
		case <-p.done:
			return n, io.ErrClosedPipe
		case <-p.peerDone:
			return n, io.ErrClosedPipe
		case <-p.wd.wait():
			return n, os.ErrDeadlineExceeded
		}
	}
	return n, nil
}

func (p *pipe) SetDeadline(t time.Time) error {
	if isClosed(p.done) || isClosed(p.peerDone) {
		return io.ErrClosedPipe
	}
	p.rd.set(t)
	p.wd.set(t)
	return nil
}

func (p *pipe) SetReadDeadline(t time.Time) error {
	if isClosed(p.done) || isClosed(p.peerDone) {
		return io.ErrClosedPipe
	}
	p.rd.set(t)
	return nil
}

func (p *pipe) SetWriteDeadline(t time.Time) error {
	if isClosed(p.done) || isClosed(p.peerDone) {
		return io.ErrClosedPipe
	}
	p.wd.set(t)
	return nil
}

func (p *pipe) Close() error {
	p.closeOnce.Do(func() { close(p.done) })
	return nil
}
