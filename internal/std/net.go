package std

import (
	"context"
	"errors"
	"math"
	"net"
	"net/netip"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"spindle/internal/poll"
	"spindle/internal/vm"
)

// Host side of the guest net package. A guest socket is a handle (an id
// in the machine's socket table, machineState.socks) to a hostSock: a
// nonblocking OS socket registered, on first need, with the machine's
// event loop (vm.Machine.Poller). An operation tries its system call (or,
// where the poller batches, queues it and parks until the shard submits
// the batch: net_batch.go); when that would block, the fiber parks in the
// socket's read or write queue (counted with AddPending, so the machine
// waits for I/O instead of reporting a deadlock) and the poller's
// edge-triggered readiness callback wakes it to try again. Deadlines are
// machine timers that wake a waiter with a timeout result. A fiber
// cancelled while it waits leaves the queue (the park's unlink callback)
// and unwinds.
//
// Results to the guest are an errno: 0 for success, a positive unix errno,
// or one of the negative codes below (shared with _std/net/fd.go).

const (
	netTimeout = -1 // the deadline passed: os.ErrDeadlineExceeded
	netClosed  = -2 // the socket was closed: net.ErrClosed
	netEOF     = -3 // orderly end of stream: io.EOF
)

// Reads and writes of a guest's []byte (sysRead, sysWrite, the datagram
// calls) move the bytes between the socket and the guest's own storage
// (a packed []byte: vm.Value.Bytes), by a system call or a batched
// operation (net_batch.go): no copy. maxIO bounds one such call.
const maxIO = 1 << 30

// netChunk bounds a host buffer: sysCopy's bytes never enter guest
// memory and go through host buffers (and the os package's pool jobs
// borrow them: os_pool.go).
const netChunk = 64 << 10

// Host buffers come in three sizes, pooled: a batched operation holds
// its buffer until the shard's next poll and its fiber's next run, so ten
// thousand connections with a small message each should not hold 64 KiB
// apiece.
var bufSizes = [...]int{128, 4 << 10, netChunk}

var netBufs [len(bufSizes)]sync.Pool

func init() {
	for i, n := range bufSizes {
		netBufs[i].New = func() any { b := make([]byte, n); return &b }
	}
}

// bufClass is the smallest buffer class that holds n (<= netChunk) bytes.
func bufClass(n int) int {
	c := 0
	for c < len(bufSizes)-1 && bufSizes[c] < n {
		c++
	}
	return c
}

// getBuf returns a pooled host buffer of at least n (<= netChunk) bytes.
func getBuf(n int) *[]byte { return netBufs[bufClass(n)].Get().(*[]byte) }

// putBuf returns a getBuf buffer to its pool; nil is no buffer.
func putBuf(bp *[]byte) {
	if bp != nil {
		netBufs[bufClass(len(*bp))].Put(bp)
	}
}

// copyState holds the bytes a sysCopy read from src but could not yet
// write to dst, between its steps.
type copyState struct {
	dst, src int
	pending  []byte
}

// copyRounds is how many chunks sysCopy moves before it yields.
const copyRounds = 16

// hostSock is one socket a guest program opened. It keeps no reference
// to its machine: the functions that need one take it as an argument.
type hostSock struct {
	id             int
	fd             int
	family, sotype int32

	unlinkPath string        // a Unix listener's socket file, removed on Close if unlink
	peer       unix.Sockaddr // the remote address known from accept, if any

	rq, wq []*sockWaiter // parked readers (and acceptors), writers (and connectors)
	// rdW is the waiter of the socket's reader, reused park after park
	// while no second fiber reads at the same time (see waiter).
	rdW sockWaiter
	// rd and wr are the socket's batched read and write (net_batch.go).
	rd, wr opSide

	// rdEvents counts the poller's read-side reports for the socket (data,
	// hang-up); a read that found the socket empty records it in
	// drainedAt (and sets drained), so a later read can park at once
	// while no such report came since (edge-triggered: any new data is a
	// report) instead of making a system call that fails with EAGAIN.
	// Empty means EAGAIN, or a short read of a TCP socket: TCP's recvmsg
	// returns less than asked only when its receive queue (and backlog)
	// ran dry, or at the end of stream or an urgent mark (see
	// shortUnsure), and data that arrives later is a new edge.
	rdEvents, drainedAt uint32

	// Deadlines in machine time (vm.Machine.Now), if set (hasRdl, hasWdl).
	rdl, wdl time.Duration

	// The small fields last, together: an idle connection holds one
	// hostSock, which stays within the 240-byte size class
	// (TestSocketRecordSize).
	closed, registered, unlink, drained bool
	// rdClass is the buffer class (bufSizes) for sysCopy's next read of
	// the socket: one up after a read that filled its buffer, one down
	// after one that would have fit the class below. A read held in a
	// batch holds its buffer until its fiber runs, and a thousand
	// connections each copying a small message at once should not hold
	// 4 KiB apiece. (A guest's read goes into the guest's buffer.)
	rdClass uint8
	// shortUnsure: the poller reported a hang-up (peer closed, reset,
	// error) or urgent data. A short read then proves nothing: the data
	// before the peer's FIN reads short while the end of stream stays to be
	// read, and a read stops short at an urgent mark with data after it;
	// in both cases the report came before the read and no new one comes.
	shortUnsure    bool
	hasRdl, hasWdl bool
	// inner: the socket's peer is a socket of this machine (a loopback
	// connection of two of its fibers), or it is a listener on a
	// loopback address; its waits are inner (vm.Machine.AddInnerPending).
	// pairing: in stateOf(m).tcpEnds, waiting for its other end.
	// listening: a listener (its inner flag holds while the run has no
	// child process).
	inner, pairing, listening bool
}

// sockWaiter is one fiber parked on a socket.
type sockWaiter struct {
	m      *vm.Machine
	s      *hostSock
	tok    vm.Token
	t      *vm.Timer
	write  bool
	live   bool   // in its queue and counted as pending
	inner  bool   // counted as inner pending too (hostSock.inner)
	dropFn func() // w.drop, made once (a method value allocates)
}

// sockOf returns the machine's open socket with handle id, or nil.
func sockOf(m *vm.Machine, id int) *hostSock {
	d := stateOf(m)
	s := d.socks[id]
	if s == nil || s.closed {
		return nil
	}
	return s
}

// addSock enters a new OS socket in the machine's table.
func addSock(m *vm.Machine, fd, family, sotype int) *hostSock {
	d := stateOf(m)
	d.mu.Lock()
	if d.socks == nil {
		d.socks = map[int]*hostSock{}
	}
	d.nextSock++
	s := &hostSock{id: d.nextSock, fd: fd, family: int32(family), sotype: int32(sotype)}
	d.socks[s.id] = s
	d.mu.Unlock()
	return s
}

// register adds the socket to the machine's event loop.
func (s *hostSock) register(m *vm.Machine) error {
	if s.registered {
		return nil
	}
	p, err := m.Poller()
	if err != nil {
		return err
	}
	if err := p.Register(s.fd, s.event); err != nil {
		return err
	}
	s.registered = true
	return nil
}

// setDrained records that a read found the socket empty; evAt is
// rdEvents when the read ran (a batched read completes before the
// readiness reports of the same poll are delivered, and its fiber sees
// its result only after them).
func (s *hostSock) setDrained(evAt uint32) { s.drained, s.drainedAt = true, evAt }

// isDrained reports whether the socket was found empty and no read-side
// report came since: a read would fail with EAGAIN.
func (s *hostSock) isDrained() bool { return s.drained && s.drainedAt == s.rdEvents }

// shortEmpties reports whether a short read of s means it is empty: a
// TCP connection with no hang-up or urgent data reported (see rdEvents
// and shortUnsure).
func (s *hostSock) shortEmpties() bool {
	return s.sotype == unix.SOCK_STREAM && (s.family == unix.AF_INET || s.family == unix.AF_INET6) && !s.shortUnsure
}

// event is the poller's callback: readiness wakes the matching waiters,
// which retry their system calls.
func (s *hostSock) event(e poll.Event) {
	if e&(poll.HangUp|poll.Urgent) != 0 {
		s.shortUnsure = true
	}
	if e&(poll.Readable|poll.HangUp) != 0 {
		s.rdEvents++
		wakeAll(s.rq, 0)
	}
	if e&(poll.Writable|poll.HangUp) != 0 {
		wakeAll(s.wq, 0)
	}
}

func wakeAll(q []*sockWaiter, code int) {
	switch len(q) {
	case 0:
	case 1:
		q[0].wake(code)
	default:
		for _, w := range append([]*sockWaiter(nil), q...) {
			w.wake(code)
		}
	}
}

// deadline returns the deadline for reads or writes.
func (s *hostSock) deadline(write bool) (time.Duration, bool) {
	if write {
		return s.wdl, s.hasWdl
	}
	return s.rdl, s.hasRdl
}

// expired reports whether the read or write deadline has passed.
func (s *hostSock) expired(m *vm.Machine, write bool) bool {
	dl, ok := s.deadline(write)
	return ok && m.Now() >= dl
}

// wait parks f until the socket may be ready for reading (write false) or
// writing, its deadline passes, or it is closed; the host function re-runs
// with the wake-up code (0, netTimeout or netClosed) in Xfer. It returns
// an errno if the socket cannot be watched.
func (s *hostSock) wait(f *vm.Fiber, write bool) int {
	m := f.M
	if err := s.register(m); err != nil {
		return errnoOf(err)
	}
	w := s.waiter(m, write)
	f.ParkUnlink("IO wait", w.dropFn)
	if f.State() != vm.Parked {
		return 0 // cancelled on the spot: the fiber unwinds when it resumes
	}
	w.tok = f.Token()
	w.live = true
	m.AddPending(1)
	if s.inner && (!s.listening || !stateOf(m).hasChildren()) {
		w.inner = true
		m.AddInnerPending(1)
	}
	if write {
		s.wq = append(s.wq, w)
	} else {
		s.rq = append(s.rq, w)
	}
	if dl, ok := s.deadline(write); ok {
		w.arm(dl)
	}
	return 0
}

// waiter returns a waiter for a new park on s: the socket's own reader
// waiter if this is a read and it is free, else a new one. A waiter that
// is not live is referenced by nothing (its fiber's unlink is cleared by
// the wake, its timer stopped or fired), so reusing it is safe; a stale
// wake cannot reach the new park, whose Token is new.
func (s *hostSock) waiter(m *vm.Machine, write bool) *sockWaiter {
	w := &s.rdW
	if write || w.live {
		w = new(sockWaiter)
	}
	*w = sockWaiter{m: m, s: s, write: write, dropFn: w.dropFn}
	if w.dropFn == nil {
		w.dropFn = w.drop
	}
	return w
}

// arm starts the waiter's deadline timer (or times it out at once).
func (w *sockWaiter) arm(dl time.Duration) {
	d := dl - w.m.Now()
	if d <= 0 {
		w.wake(netTimeout)
		return
	}
	if d > 1<<62 {
		return // centuries away: no timer (its machine time would overflow)
	}
	w.t = w.m.AddTimer(d, func() {
		w.t = nil
		w.wake(netTimeout)
	})
}

// drop takes the waiter out of its queue, stops its timer and uncounts it.
func (w *sockWaiter) drop() {
	if !w.live {
		return
	}
	w.live = false
	w.tok = vm.Token{} // a reused waiter keeps no fiber reachable
	s := w.s
	if w.t != nil {
		w.m.StopTimer(w.t)
		w.t = nil
	}
	if w.write {
		s.wq = removeWaiter(s.wq, w)
	} else {
		s.rq = removeWaiter(s.rq, w)
	}
	w.m.AddPending(-1)
	if w.inner {
		w.inner = false
		w.m.AddInnerPending(-1)
	}
}

// wake drops the waiter and resumes its fiber with code.
func (w *sockWaiter) wake(code int) {
	if !w.live {
		return
	}
	tok := w.tok
	w.drop()
	tok.Wake(vm.Int(int64(code)), true)
}

func removeWaiter(q []*sockWaiter, w *sockWaiter) []*sockWaiter {
	for i, x := range q {
		if x == w {
			copy(q[i:], q[i+1:])
			q[len(q)-1] = nil
			return q[:len(q)-1]
		}
	}
	return q
}

// setDeadline sets the read or write deadline (d from now; set false:
// none) and re-arms the timers of the fibers waiting.
func (s *hostSock) setDeadline(m *vm.Machine, write bool, d time.Duration, set bool) {
	now := m.Now()
	dl := now + d
	if d > math.MaxInt64-now {
		dl = math.MaxInt64 // far in the future
	}
	if write {
		s.wdl, s.hasWdl = dl, set
	} else {
		s.rdl, s.hasRdl = dl, set
	}
	q := s.rq
	if write {
		q = s.wq
	}
	for _, w := range append([]*sockWaiter(nil), q...) {
		if w.t != nil {
			m.StopTimer(w.t)
			w.t = nil
		}
		if set {
			w.arm(dl)
		}
	}
}

// close closes the socket on the machine's thread: waiters resume with
// netClosed.
func (s *hostSock) close(m *vm.Machine) int {
	if s.closed {
		return netClosed
	}
	s.closed = true
	if s.pairing {
		s.unpair(m)
	}
	kept := s.rd.closed()
	kept = s.wr.closed() || kept
	wakeAll(s.rq, netClosed)
	wakeAll(s.wq, netClosed)
	if s.registered {
		if p, err := m.Poller(); err == nil {
			p.Unregister(s.fd)
		}
	}
	d := stateOf(m)
	d.sweepClosed()
	d.mu.Lock()
	if kept {
		// A completed op's fiber has yet to take its result (the bytes it
		// wrote or read happened before the close): the record stays in
		// the table, closed, until it does (closedOp) or ends
		// (sweepClosed).
		d.closedKept = append(d.closedKept, s.id)
	} else {
		delete(d.socks, s.id)
	}
	d.mu.Unlock()
	return s.release(capsOf(m))
}

// closedOp takes f's completed op on the closed socket id (its read, or
// its write if write), queued by by, if one is there; the socket's
// record then leaves the table once no op is left on it.
func closedOp(f *vm.Fiber, id int, write bool, by opCaller) (*hostSock, opResult) {
	d := stateOf(f.M)
	s := d.socks[id]
	if s == nil || !s.closed {
		return nil, opResult{}
	}
	side := &s.rd
	if write {
		side = &s.wr
	}
	r := side.take(f, by)
	d.forgetClosed(s)
	return s, r
}

// forgetClosed takes the closed socket s out of the table once no
// completed op is left on it; it reports whether it did.
func (d *machineState) forgetClosed(s *hostSock) bool {
	if s.rd.op != nil || s.wr.op != nil {
		return false
	}
	d.mu.Lock()
	delete(d.socks, s.id)
	d.mu.Unlock()
	return true
}

// sweepClosed drops the completed ops of closed sockets whose fibers
// ended without taking them, and those sockets' records.
func (d *machineState) sweepClosed() {
	keep := d.closedKept[:0]
	for _, id := range d.closedKept {
		s := d.socks[id]
		if s == nil {
			continue
		}
		for _, side := range [...]*opSide{&s.rd, &s.wr} {
			if o := side.op; o != nil && o.orphaned() {
				o.release(true)
			}
		}
		if !d.forgetClosed(s) {
			keep = append(keep, id)
		}
	}
	d.closedKept = keep
}

// release closes the OS socket (and removes a Unix listener's file),
// and uncounts it.
func (s *hostSock) release(c *runCaps) int {
	err := unix.Close(s.fd)
	c.dropFile()
	if s.unlink && s.unlinkPath != "" {
		if c.mode == fsRoot {
			c.root.unlink(s.unlinkPath)
		} else {
			unix.Unlink(s.unlinkPath)
		}
	}
	return errnoOf(err)
}

// closeSockets closes every socket the run left open (CloseAll, after the
// run: the machine's poller is already gone, so nothing is unregistered).
func (d *machineState) closeSockets(c *runCaps) {
	d.mu.Lock()
	socks := d.socks
	d.socks = nil
	d.mu.Unlock()
	for _, s := range socks {
		s.rq, s.wq = nil, nil
		s.rd, s.wr = opSide{}, opSide{}
		if !s.closed {
			s.closed = true
			s.release(c)
		}
	}
}

// errnoOf returns err's errno (0 for nil; EIO when err is not one).
func errnoOf(err error) int {
	if err == nil {
		return 0
	}
	var e syscall.Errno
	if errors.As(err, &e) {
		return int(e)
	}
	return int(unix.EIO)
}

// sockaddr builds the OS address from a guest address (ip is 4 or 16
// bytes or empty for the unspecified address; path for Unix sockets).
func sockaddr(family int, ip []byte, port int, zone, path string) unix.Sockaddr {
	switch family {
	case unix.AF_INET:
		sa := &unix.SockaddrInet4{Port: port}
		if len(ip) == 16 {
			ip = ip[12:]
		}
		copy(sa.Addr[:], ip)
		return sa
	case unix.AF_INET6:
		sa := &unix.SockaddrInet6{Port: port}
		if len(ip) == 4 {
			// An IPv4 address on an IPv6 socket: the v4-mapped form.
			copy(sa.Addr[:], net.IPv4(ip[0], ip[1], ip[2], ip[3]))
		} else {
			copy(sa.Addr[:], ip)
		}
		if zone != "" {
			if ifi, err := net.InterfaceByName(zone); err == nil {
				sa.ZoneId = uint32(ifi.Index)
			} else if n, err := strconv.Atoi(zone); err == nil {
				sa.ZoneId = uint32(n)
			}
		}
		return sa
	}
	return &unix.SockaddrUnix{Name: path}
}

// setAddr writes a guest address (ip []byte, port int, zone, path string,
// ok bool) at res[i:].
func setAddr(res []vm.Value, i int, sa unix.Sockaddr) {
	res[i], res[i+1], res[i+2], res[i+3], res[i+4] = vm.Value{}, vm.Int(0), vm.Str(""), vm.Str(""), vm.Bool(sa != nil)
	switch sa := sa.(type) {
	case *unix.SockaddrInet4:
		res[i] = BytesValue(sa.Addr[:])
		res[i+1] = vm.Int(int64(sa.Port))
	case *unix.SockaddrInet6:
		res[i] = BytesValue(sa.Addr[:])
		res[i+1] = vm.Int(int64(sa.Port))
		if sa.ZoneId != 0 {
			zone := strconv.Itoa(int(sa.ZoneId))
			if ifi, err := net.InterfaceByIndex(int(sa.ZoneId)); err == nil {
				zone = ifi.Name
			}
			res[i+2] = vm.Str(zone)
		}
	case *unix.SockaddrUnix:
		res[i+3] = vm.Str(sa.Name)
	}
}

// somaxconn is the listen backlog (as Go uses the system's maximum).
var somaxconn = sync.OnceValue(func() int {
	b, err := os.ReadFile("/proc/sys/net/core/somaxconn")
	if err != nil {
		return 4096
	}
	n, err := strconv.Atoi(string(trimSpace(b)))
	if err != nil || n <= 0 {
		return 4096
	}
	return min(n, 1<<16-1)
})

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == ' ') {
		b = b[:len(b)-1]
	}
	return b
}

// lookupResult is what a name lookup on the syscall pool hands back.
type lookupResult struct {
	ips                 [][]byte
	msg, server         string
	notFound, isTimeout bool
}

var netFuncs = hostTable{
	"net.sysSocket":      netSysSocket,
	"net.sysBind":        netSysBind,
	"net.sysSetUnlink":   netSysSetUnlink,
	"net.sysConnect":     netSysConnect,
	"net.sysAccept":      netSysAccept,
	"net.sysAddr":        netSysAddr,
	"net.sysRead":        netSysRead,
	"net.sysWrite":       netSysWrite,
	"net.sysCopy":        netSysCopy,
	"net.sysClose":       netSysClose,
	"net.sysShutdown":    netSysShutdown,
	"net.sysSetDeadline": netSysSetDeadline,
	"net.sysSetsockopt":  netSysSetsockopt,
	"net.errnoText":      netErrnoText,
	"net.errnoTimeout":   netErrnoTimeout,
	"net.ipString":       netIPString,
	"net.parseIP":        netParseIP,
	"net.lookupIP":       netLookupIP,
}

// sysSocket(family, sotype int, ipv6only int) (id, errno int): a new
// nonblocking socket; ipv6only < 0 leaves IPV6_V6ONLY alone.
func netSysSocket(f *vm.Fiber, args, res []vm.Value) {
	family, sotype, v6only := int(args[0].Int()), int(args[1].Int()), int(args[2].Int())
	c := capsOf(f.M)
	if !c.takeFile(1) {
		res[0], res[1] = vm.Int(0), vm.Int(int64(errQuota))
		return
	}
	fd, err := unix.Socket(family, sotype|unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		c.dropFile()
		res[0], res[1] = vm.Int(0), vm.Int(int64(errnoOf(err)))
		return
	}
	if family == unix.AF_INET6 && v6only >= 0 {
		unix.SetsockoptInt(fd, unix.IPPROTO_IPV6, unix.IPV6_V6ONLY, v6only)
	}
	s := addSock(f.M, fd, family, sotype)
	res[0], res[1] = vm.Int(int64(s.id)), vm.Int(0)
}

// sysBind(id int, ip []byte, port int, zone, path string, listen bool) (sc string, errno int):
// bind, and listen if listen.
func netSysBind(f *vm.Fiber, args, res []vm.Value) {
	id, ip, port, zone, path, listen := int(args[0].Int()), args[1].Bytes(), int(args[2].Int()), args[3].String(), args[4].String(), args[5].Bool()
	if path != "" && path[0] != '@' {
		path = runPath(f.M, path) // relative to the run's directory
	}
	s := sockOf(f.M, id)
	if s == nil {
		res[0], res[1] = vm.Str(""), vm.Int(netClosed)
		return
	}
	c := capsOf(f.M)
	switch {
	case s.family == unix.AF_UNIX:
		if !c.unixAllowed(true, path) {
			res[0], res[1] = vm.Str("bind"), vm.Int(int64(unix.EACCES))
			return
		}
	case listen || s.sotype != unix.SOCK_STREAM:
		// Listening, or a datagram socket, which receives from anyone:
		// the Listen grant. A stream socket's bind before a dial (its
		// local address) receives nothing.
		if !c.netAllowed(true, ip, port) {
			res[0], res[1] = vm.Str("bind"), vm.Int(int64(unix.EACCES))
			return
		}
	}
	if s.family != unix.AF_UNIX && listen {
		unix.SetsockoptInt(s.fd, unix.SOL_SOCKET, unix.SO_REUSEADDR, 1)
		if d := stateOf(f.M); d.reusePort == f {
			// fiber.ListenShared: every shard listens on the port and
			// the kernel spreads the connections.
			unix.SetsockoptInt(s.fd, unix.SOL_SOCKET, unix.SO_REUSEPORT, 1)
		}
	}
	bind := func(name string) error { return unix.Bind(s.fd, sockaddr(int(s.family), ip, port, zone, name)) }
	var err error
	if s.family == unix.AF_UNIX {
		// A Unix socket in the file system is one of its files: bind
		// makes it, under the file system grant.
		err = c.unixName(path, true, bind)
		if err == nil && c.mode == fsRoot && path != "" && path[0] != '@' {
			s.unlinkPath = path // its name: getsockname knows another
		}
	} else {
		err = bind(path)
	}
	if err != nil {
		res[0], res[1] = vm.Str("bind"), vm.Int(int64(errnoOf(err)))
		return
	}
	if !listen {
		res[0], res[1] = vm.Str(""), vm.Int(0)
		return
	}
	if s.family == unix.AF_UNIX && path != "" && path[0] != '@' {
		s.unlinkPath, s.unlink = path, true
	}
	if err := unix.Listen(s.fd, somaxconn()); err != nil {
		res[0], res[1] = vm.Str("listen"), vm.Int(int64(errnoOf(err)))
		return
	}
	if s.family != unix.AF_UNIX && f.M.TracksInner(f) {
		// Only the run's fibers, and its child processes, dial a
		// loopback listener in practice: its accepts are inner while
		// the run has no child running (wait).
		if sa, err := unix.Getsockname(s.fd); err == nil {
			s.inner = sockAddrPort(sa).Addr().IsLoopback()
			s.listening = true
		}
	}
	res[0], res[1] = vm.Str(""), vm.Int(0)
}

func netSysSetUnlink(f *vm.Fiber, args, res []vm.Value) {
	if s := sockOf(f.M, int(args[0].Int())); s != nil {
		s.unlink = args[1].Bool()
	}
}

// sysConnect(id int, ip []byte, port int, zone, path string) (errno int):
// connects, parking until the connection is made or fails.
func netSysConnect(f *vm.Fiber, args, res []vm.Value) {
	id := int(args[0].Int())
	resumed := f.Resuming()
	s := sockOf(f.M, id)
	if s == nil {
		res[0] = vm.Int(netClosed)
		return
	}
	if resumed {
		if v, _ := f.Xfer(); v.Int() != 0 {
			res[0] = vm.Int(v.Int())
			return
		}
		soerr, err := unix.GetsockoptInt(s.fd, unix.SOL_SOCKET, unix.SO_ERROR)
		if err != nil {
			res[0] = vm.Int(int64(errnoOf(err)))
			return
		}
		switch e := syscall.Errno(soerr); e {
		case 0, unix.EISCONN:
			if _, err := unix.Getpeername(s.fd); err == nil {
				s.connected()
				if f.M.TracksInner(f) {
					s.pairInner(f.M, false)
				}
				res[0] = vm.Int(0)
				return
			}
		case unix.EINPROGRESS, unix.EALREADY, unix.EINTR:
		default:
			res[0] = vm.Int(int64(e))
			return
		}
		// Not connected yet (an early readiness report): wait again.
		if e := s.wait(f, true); e != 0 {
			res[0] = vm.Int(int64(e))
		}
		return
	}
	ip, port, zone, path := args[1].Bytes(), int(args[2].Int()), args[3].String(), args[4].String()
	if path != "" && path[0] != '@' {
		path = runPath(f.M, path) // relative to the run's directory
	}
	if s.expired(f.M, true) {
		res[0] = vm.Int(netTimeout)
		return
	}
	c := capsOf(f.M)
	connect := func(name string) error {
		sa := sockaddr(int(s.family), ip, port, zone, name)
		for {
			if err := unix.Connect(s.fd, sa); err != unix.EINTR {
				return err
			}
		}
	}
	var err error
	switch {
	case s.family == unix.AF_UNIX && !c.unixAllowed(false, path):
		err = unix.EACCES
	case s.family == unix.AF_UNIX:
		err = c.unixName(path, false, connect)
		if c.mode == fsRoot && path != "" && path[0] != '@' {
			// Connected through a /proc/self/fd name, which
			// getpeername may report: the peer is the path dialled.
			s.peer = &unix.SockaddrUnix{Name: path}
		}
	case !c.netAllowed(false, ip, port):
		err = unix.EACCES
	default:
		err = connect(path)
	}
	switch err {
	case nil, unix.EISCONN:
		s.connected()
		if f.M.TracksInner(f) {
			s.pairInner(f.M, false)
		}
		res[0] = vm.Int(0)
	case unix.EINPROGRESS, unix.EALREADY:
		if e := s.wait(f, true); e != 0 {
			res[0] = vm.Int(int64(e))
		}
	default:
		res[0] = vm.Int(int64(errnoOf(err)))
	}
}

// sysAccept(id int) (nid, errno int)
func netSysAccept(f *vm.Fiber, args, res []vm.Value) {
	id := int(args[0].Int())
	resumed := f.Resuming()
	s := sockOf(f.M, id)
	if s == nil {
		res[0], res[1] = vm.Int(0), vm.Int(netClosed)
		return
	}
	if resumed {
		if v, _ := f.Xfer(); v.Int() != 0 {
			res[0], res[1] = vm.Int(0), vm.Int(v.Int())
			return
		}
	}
	if s.expired(f.M, false) {
		res[0], res[1] = vm.Int(0), vm.Int(netTimeout)
		return
	}
	c := capsOf(f.M)
	if !c.takeFile(1) {
		// As accept4's EMFILE: the connection stays queued.
		res[0], res[1] = vm.Int(0), vm.Int(int64(errQuota))
		return
	}
	for {
		nfd, sa, err := unix.Accept4(s.fd, unix.SOCK_NONBLOCK|unix.SOCK_CLOEXEC)
		if err != nil && err != unix.EINTR && err != unix.ECONNABORTED {
			c.dropFile()
		}
		switch err {
		case nil:
			ns := addSock(f.M, nfd, int(s.family), int(s.sotype))
			ns.peer = sa
			ns.unlinkPath = s.unlinkPath // a Unix listener's name is the connection's (not unlinked)
			ns.connected()
			if f.M.TracksInner(f) {
				ns.pairInner(f.M, true)
			}
			res[0], res[1] = vm.Int(int64(ns.id)), vm.Int(0)
			return
		case unix.EINTR, unix.ECONNABORTED:
			continue
		case unix.EAGAIN:
			if e := s.wait(f, false); e != 0 {
				res[0], res[1] = vm.Int(0), vm.Int(int64(e))
			}
			return
		default:
			res[0], res[1] = vm.Int(0), vm.Int(int64(errnoOf(err)))
			return
		}
	}
}

// sysAddr(id int, peer bool) (ip []byte, port int, zone, path string, ok bool)
func netSysAddr(f *vm.Fiber, args, res []vm.Value) {
	id, peer := int(args[0].Int()), args[1].Bool()
	s := sockOf(f.M, id)
	var sa unix.Sockaddr
	if s != nil {
		switch {
		case peer && s.peer != nil:
			sa = s.peer
		case peer:
			sa, _ = unix.Getpeername(s.fd)
		case s.family == unix.AF_UNIX && s.unlinkPath != "":
			sa = &unix.SockaddrUnix{Name: s.unlinkPath}
		default:
			sa, _ = unix.Getsockname(s.fd)
		}
	}
	setAddr(res, 0, sa)
}

// sysRead(id int, b []byte) (n, errno int): reads into the guest's b
// itself, by a system call or a batched read (which holds b's storage
// until its fiber takes the result): no copy.
func netSysRead(f *vm.Fiber, args, res []vm.Value) {
	b := args[1].Bytes()
	ret := func(n, e int) { res[0], res[1] = vm.Int(int64(n)), vm.Int(int64(e)) }
	s, e, done := ioStart(f, args, false, byRead)
	switch {
	case e != 0:
		ret(0, e)
		return
	case len(b) == 0 && !done.ok:
		ret(0, 0)
		return
	}
	buf := b[:min(len(b), maxIO)]
	for {
		if done.ok && !s.readDone(f, b, done, ret) {
			return
		}
		if s.isDrained() {
			// Nothing arrived since a read emptied it: wait at once.
			if e := s.wait(f, false); e != 0 {
				ret(0, e)
			}
			return
		}
		if s.rd.queue(f, s, nil, buf, false, byRead) {
			return // resumes with done
		}
		k, err := readRetry(s.fd, buf)
		done = s.sysResult(nil, buf, k, err)
	}
}

// sysWrite(id int, b []byte) (n, errno int): writes what it can
// (parking only while nothing can be written), from the guest's b itself,
// by a system call or a batched write (which holds b's storage until its
// fiber takes the result): no copy.
func netSysWrite(f *vm.Fiber, args, res []vm.Value) {
	b := args[1].Bytes()
	ret := func(n, e int) { res[0], res[1] = vm.Int(int64(n)), vm.Int(int64(e)) }
	s, e, done := ioStart(f, args, true, byWrite)
	switch {
	case done.ok && done.errno() != unix.EAGAIN:
		if done.res >= 0 {
			ret(done.res, 0)
		} else {
			ret(0, int(done.errno()))
		}
		return
	case e != 0:
		ret(0, e)
		return
	}
	// done.ok here: a batched write that found no room: write below.
	if len(b) > 0 && !done.ok {
		if s.wr.queue(f, s, nil, b[:min(len(b), maxIO)], true, byWrite) {
			return // resumes in the done case above
		}
	}
	total := 0
	for total < len(b) {
		n, err := unix.Write(s.fd, b[total:total+min(len(b)-total, maxIO)])
		switch {
		case err == unix.EINTR:
			continue
		case err == unix.EAGAIN:
			if total > 0 {
				ret(total, 0)
				return
			}
			if e := s.wait(f, true); e != 0 {
				ret(0, e)
			}
			return
		case err != nil:
			ret(total, errnoOf(err))
			return
		}
		total += n
	}
	ret(total, 0)
}

// sysCopy(dst, src int, n *int64) (errno int): io.Copy from one
// socket to another, the bytes never entering guest memory
// (TCPConn.WriteTo and ReadFrom in _std/net). It adds what it copied
// to *n as it goes and returns at the end of src (errno 0) or on an
// error; meanwhile it parks until a socket is ready or its batched
// read or write completes, re-executing on resume. So a fiber parked
// here holds no copy state but its guest frames, except bytes read
// but not yet written (dst full), kept as the fiber's host state, or
// its batched operation. After copyRounds chunks without parking it
// yields, so a stream that never blocks does not monopolise the
// shard.
func netSysCopy(f *vm.Fiber, args, res []vm.Value) {
	resumed := f.Resuming() // a cancelled park unwinds here
	// np, an *int64, may point into word-packed storage (a *uint64).
	dstID, srcID, np := int(args[0].Int()), int(args[1].Int()), args[2]
	var pend []byte
	if st, _ := f.HostState().(*copyState); st != nil {
		f.SetHostState(nil)
		if st.dst == dstID && st.src == srcID {
			pend = st.pending
		}
	}
	// total is what this call copied; it goes to *n however the call
	// ends (a park included).
	var total int64
	defer func() {
		if total != 0 {
			np.StoreThrough(vm.Int(np.LoadThrough().Int() + total))
		}
	}()
	ret := func(errno int) { res[0] = vm.Int(int64(errno)) }
	keep := func() {
		if len(pend) > 0 {
			f.SetHostState(&copyState{dst: dstID, src: srcID, pending: pend})
		}
	}
	// A batched read of src or write to dst finished (net_batch.go);
	// taken even if the other socket was closed meanwhile.
	dst, src := sockOf(f.M, dstID), sockOf(f.M, srcID)
	var rd, wr opResult
	if src != nil {
		rd = src.rd.take(f, byCopy)
	} else {
		_, rd = closedOp(f, srcID, false, byCopy)
	}
	if dst != nil {
		wr = dst.wr.take(f, byCopy)
	} else {
		_, wr = closedOp(f, dstID, true, byCopy)
	}
	if dst == nil || src == nil {
		// A socket was closed under the copy. Its batched write
		// finished before the close: counted. Its batched read
		// finished before src's close: written to dst, once.
		if wr.ok && wr.res > 0 {
			total += int64(wr.res)
		}
		if rd.ok && rd.res > 0 && dst != nil && !dst.expired(f.M, true) {
			w, _ := unix.Write(dst.fd, (*rd.bp)[:rd.res])
			total += int64(max(w, 0))
		}
		for _, r := range [...]opResult{rd, wr} {
			if r.ok {
				putBuf(r.bp)
			}
		}
		ret(netClosed)
		return
	}
	readyWake := resumed && !rd.ok && !wr.ok // a readiness report woke it
	if resumed {
		if v, _ := f.Xfer(); v.Int() != 0 {
			ret(int(v.Int()))
			return
		}
	}
	// blocked parks on s, which would block.
	blocked := func(s *hostSock, write bool) {
		keep()
		if e := s.wait(f, write); e != 0 {
			f.SetHostState(nil)
			ret(e)
		}
	}
	// wrote accounts for a write of buf that took w bytes (w < 0: none).
	wrote := func(buf []byte, w int) {
		w = max(w, 0)
		total += int64(w)
		if w < len(buf) {
			pend = append([]byte(nil), buf[w:]...)
		}
	}
	switch {
	case rd.ok:
		switch {
		case rd.res > 0:
			src.readGot(rd.res, rd.n, rd.evAt)
			if dst.expired(f.M, true) {
				putBuf(rd.bp)
				ret(netTimeout)
				return
			}
			if dst.wr.queue(f, dst, rd.bp, (*rd.bp)[:rd.res], true, byCopy) {
				return // the write resumes in the wr case
			}
			w, _ := unix.Write(dst.fd, (*rd.bp)[:rd.res])
			wrote((*rd.bp)[:rd.res], w)
			putBuf(rd.bp)
		case rd.res == 0:
			putBuf(rd.bp)
			ret(0) // EOF: io.Copy's success
			return
		case rd.errno() == unix.EAGAIN:
			// Empty when it ran; parks below unless a read-side
			// report came since (then the loop reads again).
			putBuf(rd.bp)
			src.setDrained(rd.evAt)
		default:
			putBuf(rd.bp)
			ret(int(rd.errno()))
			return
		}
	case wr.ok:
		switch {
		case wr.res >= 0:
			wrote(wr.buf(), wr.res)
		case wr.errno() == unix.EAGAIN:
			wrote(wr.buf(), 0) // all of it pending: wait below
		default:
			putBuf(wr.bp)
			ret(int(wr.errno()))
			return
		}
		putBuf(wr.bp)
	}
	size := bufSizes[src.rdClass]
	bp := getBuf(size)
	defer func() {
		if bp != nil {
			putBuf(bp)
		}
	}()
	buf := (*bp)[:size]
	for rounds := 0; ; {
		if len(pend) > 0 {
			if dst.expired(f.M, true) {
				ret(netTimeout)
				return
			}
			n, err := unix.Write(dst.fd, pend)
			switch {
			case err == unix.EINTR:
				continue
			case err == unix.EAGAIN:
				blocked(dst, true)
				return
			case err != nil:
				ret(errnoOf(err))
				return
			}
			total += int64(n)
			pend = pend[n:]
			continue
		}
		if rounds++; rounds > copyRounds {
			keep() // yield, as runtime.Gosched does
			f.Park("yield")
			f.Wake(vm.Value{}, true)
			return
		}
		if src.expired(f.M, false) || dst.expired(f.M, true) {
			ret(netTimeout) // a deadline passed, however ready the sockets
			return
		}
		if src.isDrained() && (total > 0 || !readyWake) {
			blocked(src, false) // nothing arrived since it was emptied
			return
		}
		if src.rd.queue(f, src, bp, buf, false, byCopy) {
			bp = nil // the op holds it
			return   // the read resumes in the rd case
		}
		if len(buf) < netChunk {
			// Read directly: all there is, through a full buffer.
			putBuf(bp)
			bp = getBuf(netChunk)
			buf = *bp
		}
		n, err := readRetry(src.fd, buf)
		switch {
		case err == unix.EAGAIN:
			src.setDrained(src.rdEvents)
			blocked(src, false)
			return
		case err != nil:
			ret(errnoOf(err))
			return
		case n == 0:
			ret(0) // EOF: io.Copy's success
			return
		}
		src.readGot(n, len(buf), src.rdEvents)
		// Write straight from the shared buffer; keep only what the
		// socket did not take.
		w, _ := unix.Write(dst.fd, buf[:n])
		wrote(buf[:n], w)
	}
}

// sysClose(id int) (errno int)
func netSysClose(f *vm.Fiber, args, res []vm.Value) {
	s := sockOf(f.M, int(args[0].Int()))
	if s == nil {
		res[0] = vm.Int(netClosed)
		return
	}
	res[0] = vm.Int(int64(s.close(f.M)))
}

// sysShutdown(id, how int) (errno int)
func netSysShutdown(f *vm.Fiber, args, res []vm.Value) {
	s := sockOf(f.M, int(args[0].Int()))
	if s == nil {
		res[0] = vm.Int(netClosed)
		return
	}
	res[0] = vm.Int(int64(errnoOf(unix.Shutdown(s.fd, int(args[1].Int())))))
}

// sysSetDeadline(id int, mode int, d int64, set bool) (errno int):
// mode 'r', 'w' or 'r'+'w'; the deadline is d nanoseconds from now.
func netSysSetDeadline(f *vm.Fiber, args, res []vm.Value) {
	s := sockOf(f.M, int(args[0].Int()))
	mode, d, set := int(args[1].Int()), time.Duration(args[2].Int()), args[3].Bool()
	if s == nil {
		res[0] = vm.Int(netClosed)
		return
	}
	if mode == 'r' || mode == 'r'+'w' {
		s.setDeadline(f.M, false, d, set)
	}
	if mode == 'w' || mode == 'r'+'w' {
		s.setDeadline(f.M, true, d, set)
	}
	res[0] = vm.Int(0)
}

// sysSetsockopt(id, level, opt, value int) (errno int)
func netSysSetsockopt(f *vm.Fiber, args, res []vm.Value) {
	s := sockOf(f.M, int(args[0].Int()))
	if s == nil {
		res[0] = vm.Int(netClosed)
		return
	}
	level, opt, v := int(args[1].Int()), int(args[2].Int()), int(args[3].Int())
	var err error
	if level == -1 { // SO_LINGER, v seconds (< 0: off)
		l := &unix.Linger{Linger: int32(max(v, 0))}
		if v >= 0 {
			l.Onoff = 1
		}
		err = unix.SetsockoptLinger(s.fd, unix.SOL_SOCKET, unix.SO_LINGER, l)
	} else {
		err = unix.SetsockoptInt(s.fd, level, opt, v)
	}
	res[0] = vm.Int(int64(errnoOf(err)))
}

func netErrnoText(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(syscall.Errno(args[0].Int()).Error())
}

func netErrnoTimeout(f *vm.Fiber, args, res []vm.Value) {
	e := syscall.Errno(args[0].Int())
	res[0], res[1] = vm.Bool(e.Timeout()), vm.Bool(e.Temporary())
}

func netIPString(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(net.IP(args[0].Bytes()).String())
}

func netParseIP(f *vm.Fiber, args, res []vm.Value) {
	res[0] = OwnBytes(net.ParseIP(args[0].String())) // a new slice
}

// lookupIP(host string) (ips [][]byte, msg, server string, notFound, isTimeout bool):
// a DNS lookup on the syscall pool.
func netLookupIP(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		r, _ := f.HostState().(*lookupResult)
		f.SetHostState(nil)
		if r == nil {
			r = &lookupResult{msg: "lookup failed"}
		}
		ips := make([]vm.Value, len(r.ips))
		for i, ip := range r.ips {
			ips[i] = OwnBytes(ip) // the lookup's own copy
		}
		res[0] = vm.Value{R: ips}
		if len(ips) == 0 {
			res[0] = vm.Value{}
		}
		res[1], res[2], res[3], res[4] = vm.Str(r.msg), vm.Str(r.server), vm.Bool(r.notFound), vm.Bool(r.isTimeout)
		return
	}
	host := args[0].String()
	ctx := f.M.Config.Context
	c := capsOf(f.M)
	if !c.mayLookUp(host) {
		// No network grant: no DNS query leaves the run either.
		res[0] = vm.Value{}
		res[1], res[2], res[3], res[4] = vm.Str(unix.EACCES.Error()), vm.Str(""), vm.Bool(false), vm.Bool(false)
		return
	}
	f.M.Offload(f, "IO wait", func() any {
		addrs, err := net.DefaultResolver.LookupIPAddr(ctx, host)
		r := &lookupResult{}
		for _, a := range addrs {
			r.ips = append(r.ips, []byte(a.IP))
		}
		c.lookedUp(host, r.ips)
		if err != nil {
			var de *net.DNSError
			if errors.As(err, &de) {
				r.msg, r.server, r.notFound, r.isTimeout = de.Err, de.Server, de.IsNotFound, de.IsTimeout
			} else if errors.Is(err, context.Canceled) {
				r.msg = "operation was canceled"
			} else {
				r.msg = err.Error()
			}
		}
		return r
	})
}

// readMore reads what the stream socket s holds now into b (the guest's
// storage), without parking: the bytes read (0 if none, or on any error,
// which the next read reports).
func (s *hostSock) readMore(b []byte) int {
	buf := b[:min(len(b), maxIO)]
	k, err := readRetry(s.fd, buf)
	switch {
	case err == unix.EAGAIN:
		s.setDrained(s.rdEvents)
		return 0
	case err != nil || k <= 0:
		return 0
	}
	s.readGot(k, len(buf), s.rdEvents)
	return k
}

// readGot accounts for a read of n > 0 bytes into a buffer of size that
// ran when the socket's read-side report count was evAt. The read size
// (rdClass) adapts: one class up after a read that filled its buffer, one
// down after one that would have fit the class below. A short read of a
// TCP socket marks it drained.
func (s *hostSock) readGot(n, size int, evAt uint32) {
	switch c := int(s.rdClass); {
	case n == size && c < len(bufSizes)-1:
		s.rdClass++
	case c > 0 && n <= bufSizes[c-1]:
		s.rdClass--
	}
	if n < size && s.shortEmpties() {
		s.setDrained(evAt) // a short read emptied it
	}
}

// readRetry is read(2) on fd, retried on EINTR.
func readRetry(fd int, buf []byte) (int, error) {
	for {
		n, err := unix.Read(fd, buf)
		if err != unix.EINTR {
			return n, err
		}
	}
}

// connected sets a new stream connection's options (TCP_NODELAY, as Go
// does).
// pairInner looks for the other end of s's TCP connection among this
// machine's sockets (on a virtual clock only: vm.Machine.TracksInner):
// the connection's addresses, the dialing side's first, key
// stateOf(m).tcpEnds; the second end to arrive finds the first, and both
// are then inner. accepted: s came from accept (its peer dialed).
func (s *hostSock) pairInner(m *vm.Machine, accepted bool) {
	key := s.tcpKey(accepted)
	if key == "" {
		return
	}
	d := stateOf(m)
	d.mu.Lock()
	defer d.mu.Unlock()
	if o := d.tcpEnds[key]; o != nil && o != s {
		delete(d.tcpEnds, key)
		o.pairing = false
		o.markInner(m)
		s.markInner(m)
		return
	}
	if d.tcpEnds == nil {
		d.tcpEnds = map[string]*hostSock{}
	}
	d.tcpEnds[key] = s
	s.pairing = true
}

// markInner makes s inner, and the waits already parked on it.
func (s *hostSock) markInner(m *vm.Machine) {
	s.inner = true
	for _, q := range [2][]*sockWaiter{s.rq, s.wq} {
		for _, w := range q {
			if w.live && !w.inner {
				w.inner = true
				m.AddInnerPending(1)
			}
		}
	}
}

// unpair takes s, closing, out of the table of unmatched ends.
func (s *hostSock) unpair(m *vm.Machine) {
	s.pairing = false
	d := stateOf(m)
	d.mu.Lock()
	defer d.mu.Unlock()
	for k, o := range d.tcpEnds {
		if o == s {
			delete(d.tcpEnds, k)
			return
		}
	}
}

// tcpKey names s's TCP connection by its addresses, the dialing side's
// first ("" for any other socket, or if the kernel cannot say).
func (s *hostSock) tcpKey(accepted bool) string {
	if s.family == unix.AF_UNIX || s.sotype != unix.SOCK_STREAM {
		return ""
	}
	local, err := unix.Getsockname(s.fd)
	if err != nil {
		return ""
	}
	peer := s.peer
	if peer == nil {
		if peer, err = unix.Getpeername(s.fd); err != nil {
			return ""
		}
	}
	a, b := sockAddrPort(local), sockAddrPort(peer)
	if accepted {
		a, b = b, a
	}
	return a.String() + ">" + b.String()
}

// sockAddrPort is an IP socket address as a netip.AddrPort, IPv4 in
// IPv6 unmapped (a dual-stack listener sees an IPv4 peer that way).
func sockAddrPort(sa unix.Sockaddr) netip.AddrPort {
	switch a := sa.(type) {
	case *unix.SockaddrInet4:
		return netip.AddrPortFrom(netip.AddrFrom4(a.Addr), uint16(a.Port))
	case *unix.SockaddrInet6:
		return netip.AddrPortFrom(netip.AddrFrom16(a.Addr).Unmap(), uint16(a.Port))
	}
	return netip.AddrPort{}
}

func (s *hostSock) connected() {
	if s.family != unix.AF_UNIX && s.sotype == unix.SOCK_STREAM {
		unix.SetsockoptInt(s.fd, unix.IPPROTO_TCP, unix.TCP_NODELAY, 1)
	}
}

// ioStart is the common start of the socket reads and writes: it finds
// the socket args[0] and the fiber's batched operation on it if that
// completed (done: its bytes were moved, whatever the deadline says now),
// or returns the error code that ends the call: the socket is closed, the
// resumed park reported an error, or the deadline has passed.
func ioStart(f *vm.Fiber, args []vm.Value, write bool, by opCaller) (s *hostSock, e int, done opResult) {
	resumed := f.Resuming()
	s = sockOf(f.M, int(args[0].Int()))
	if s == nil {
		// A batched read or write that completed before another fiber
		// closed the socket moved its bytes: report them (a read's data, a
		// write's count), as the system call would have returned them
		// before the close. The callers do no further I/O on a closed s.
		if cs, r := closedOp(f, int(args[0].Int()), write, by); r.ok {
			if r.res >= 0 {
				return cs, 0, r
			}
			putBuf(r.bp)
		}
		return nil, netClosed, opResult{}
	}
	op := &s.rd
	if write {
		op = &s.wr
	}
	if done = op.take(f, by); done.ok {
		return s, 0, done
	}
	if resumed {
		if v, _ := f.Xfer(); v.Int() != 0 {
			return nil, int(v.Int()), opResult{}
		}
	}
	if s.expired(f.M, write) {
		return nil, netTimeout, opResult{}
	}
	return s, 0, opResult{}
}

// sysResult is a read or write system call's result as an op's: n bytes
// of buf (in the host buffer bp, if not nil) moved, or a negated errno.
func (s *hostSock) sysResult(bp *[]byte, buf []byte, n int, err error) opResult {
	r := opResult{bp: bp, p: buf, n: len(buf), res: n, evAt: s.rdEvents, ok: true}
	if err != nil {
		r.res = -errnoOf(err)
	}
	return r
}

// readDone finishes a read of s into b with its result r (from the batch
// or a system call), and puts r's buffer back, if it has one. It reports
// true if the read must be tried again: it found the socket empty, but a
// read-side report came since.
func (s *hostSock) readDone(f *vm.Fiber, b []byte, r opResult, ret func(n, e int)) (again bool) {
	defer putBuf(r.bp)
	switch {
	case r.res > 0:
		s.readGot(r.res, r.n, r.evAt)
		n := min(r.res, len(b))
		if len(b) > 0 && &r.p[0] != &b[0] {
			// Read elsewhere than into b (not the guest's storage that
			// this call's op or system call read into): copy.
			copy(b, r.p[:n])
		}
		if n == r.n && n < len(b) && s.sotype == unix.SOCK_STREAM && !s.closed {
			// A batched read filled a buffer smaller than the guest's:
			// read the rest that is there now, as one read of len(b)
			// would have (a request read in one Read stays whole).
			n += s.readMore(b[n:])
		}
		ret(n, 0)
	case r.res == 0:
		ret(0, netEOF)
	case r.errno() == unix.EAGAIN:
		if s.setDrained(r.evAt); !s.isDrained() {
			return true
		}
		if e := s.wait(f, false); e != 0 {
			ret(0, e)
		}
	default:
		ret(0, int(r.errno()))
	}
	return false
}
