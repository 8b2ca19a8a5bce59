package std

import (
	"sync"

	"golang.org/x/sys/unix"

	"spindle/internal/poll"
	"spindle/internal/vm"
)

// Batched socket reads and writes. Where the machine's poller batches
// (poll.Poller.Recv/Send; RunOptions.EventLoop batch, the default, or uring), a
// socket read or write that would make a system call queues it instead
// and parks its fiber, when the flush will be shared: another fiber is
// runnable (it may queue one too) or an op is queued already (see
// sockOp.poller). The shard submits every queued one in one io_uring_enter
// when its run queue empties (or between slices, with the readiness
// poll), and each fiber resumes with its result. An echo round
// trip then costs the shard no read or write system call of its own
// (docs/PERFORMANCE.md). The result is what the system call would have
// answered (MSG_DONTWAIT: an empty socket answers EAGAIN, and the fiber
// parks on readiness as an unbatched call does), so the paths after it are
// the same.

// opSide is a socket's read or write side in the batch. It holds an op
// only while one is queued or its result is not yet taken: ops are reused
// (newOp), and an idle socket holds none. A second fiber reading (or
// writing) the socket while the side's op is in use makes the system call
// itself.
type opSide struct {
	op *sockOp
	// last marks the side's last op with its fiber's id and park
	// generation (opMark): a fiber whose last park was that op streams on
	// the socket (see poller). The mark is a hash: two fibers' marks may
	// collide, which only changes whether one op is batched.
	last uint64
}

// opMark is f's id and park generation, for opSide.last.
func opMark(f *vm.Fiber) uint64 { return uint64(f.ID)*0x9e3779b97f4a7c15 ^ f.Parks() }

// sockOp is a read or write queued on the poller's batch. Its fiber parks
// until Done, and takes the result when its host function runs again
// (take); the op is then freed for reuse.
type sockOp struct {
	owner *vm.Fiber // the fiber whose operation this is, until it takes it
	// id and gen are the goroutine id and park generation (vm.Fiber.Parks)
	// of the op's park: its result is for that park only (fiber records
	// are reused).
	id   int64
	gen  uint64
	s    *hostSock
	side *opSide // where s holds it
	tok  vm.Token
	// buf is the bytes queued: the guest's own storage (sysRead,
	// sysWrite: bp nil) or a host buffer, bp (getBuf: sysCopy). The op
	// keeps buf reachable while the batch may hand it to the kernel.
	buf    []byte
	bp     *[]byte
	n      int32  // bytes queued
	res    int32  // the result: bytes moved or a negated errno
	evAt   uint32 // a read's s.rdEvents when it completed (see readDone)
	state  uint8
	by     opCaller // the host function that queued it, the only one to take it
	dropFn func()   // o.drop, made once (a method value allocates)
}

// freeOps holds idle ops for reuse (a sync.Pool: an idle server's
// collections free them).
var freeOps sync.Pool

// newOp returns an idle op.
func newOp() *sockOp {
	if o, _ := freeOps.Get().(*sockOp); o != nil {
		return o
	}
	o := &sockOp{}
	o.dropFn = o.drop
	return o
}

// freeOp clears an op and puts it back for reuse.
func freeOp(o *sockOp) {
	*o = sockOp{dropFn: o.dropFn}
	freeOps.Put(o)
}

// opCaller names the host function that queued an op: sysRead, sysWrite
// or sysCopy (a result left by one, e.g. a copy that ended when its other
// socket closed, is never taken by another).
type opCaller uint8

const (
	byNone opCaller = iota // takes nothing (datagram calls)
	byRead
	byWrite
	byCopy
)

// sockOp states.
const (
	opIdle   = iota
	opQueued // in the batch; the owner is parked
	opDone   // Done ran; the owner has not taken the result
)

// poller returns the poller when a read (or write) of f on the op's
// socket would be queued now, else nil: the op is free, f is not called
// back from host code (which must not park), f is not streaming on the
// socket, the poller batches, and the flush will be shared.
func (sd *opSide) poller(f *vm.Fiber) poll.Poller {
	if o := sd.op; o != nil && o.orphaned() {
		o.release(true)
	}
	if sd.op != nil || f.InCallback() {
		return nil
	}
	if sd.last == opMark(f) {
		// The fiber's last op on this socket was its last park: it streams
		// (a writer in a loop, a reader draining a stream). Batching would
		// park it at every call, handing the shard to its peer after each
		// small read or write; the system call is cheaper. A fiber that
		// parks between calls (on readiness, a channel, the other
		// direction's op) is an echo or a broadcast: batched.
		return nil
	}
	p, err := f.M.Poller()
	if err != nil || !p.Batching() {
		return nil
	}
	if p.Queued() == 0 && !f.M.OthersRunnable() {
		// Nothing would share the flush: the next poll would submit this
		// op alone, one io_uring_enter (and a readiness poll besides) for
		// one system call's work. A fiber streaming writes on an otherwise
		// idle shard would pay that per write.
		return nil
	}
	return p
}

// queue queues a read into (write false), or a write of, buf on s and
// parks f; false (and nothing done) if it would not be queued (poller) or
// the batch is full. buf is a host buffer, bp's (put back when the op's
// result is dropped), or, bp nil, the guest's own storage: the kernel
// then reads or writes the guest's bytes during the flush, while f is
// parked in the call (as a system call would, during the call), and never
// after it: a cancelled f's op leaves the batch unsubmitted (drop), and
// the socket's close drops a queued op too (closed).
func (sd *opSide) queue(f *vm.Fiber, s *hostSock, bp *[]byte, buf []byte, write bool, by opCaller) bool {
	p := sd.poller(f)
	if p == nil {
		return false
	}
	o := newOp()
	if write && !p.Send(s.fd, buf, o) || !write && !p.Recv(s.fd, buf, o) {
		freeOp(o)
		return false
	}
	o.owner, o.id, o.s, o.side, o.buf, o.bp, o.n, o.state, o.by = f, f.ID, s, sd, buf, bp, int32(len(buf)), opQueued, by
	sd.op = o
	f.M.AddPending(1)
	f.ParkUnlink("IO wait", o.dropFn) // may drop at once (cancelled)
	if f.State() == vm.Parked {
		o.tok, o.gen = f.Token(), f.Parks()
		sd.last = opMark(f)
	}
	return true
}

// orphaned reports a completed op whose fiber ended without taking the
// result (its record may run another fiber by now).
func (o *sockOp) orphaned() bool {
	return o.state == opDone && (o.owner.ID != o.id || o.owner.State() == vm.Dead)
}

// Done is the batch's completion: the owner resumes.
func (o *sockOp) Done(res int) {
	if o.state != opQueued {
		return
	}
	o.state, o.res, o.evAt = opDone, int32(res), o.s.rdEvents
	o.owner.M.AddPending(-1)
	tok := o.tok
	o.tok = vm.Token{}
	tok.Wake(vm.Value{}, true)
}

// drop abandons a queued op (its fiber's park was cancelled): it leaves
// the batch unsubmitted.
func (o *sockOp) drop() {
	if o.state != opQueued {
		return
	}
	m := o.owner.M
	dropped := false
	if p, err := m.Poller(); err == nil {
		dropped = p.Drop(o)
	}
	m.AddPending(-1)
	// Not in the queue while queued: its flush timed out (the run ends
	// with a poller error), and the kernel may still write into its
	// buffer, which must never be reused: a host buffer is not put back
	// (the poller keeps it reachable for good). A guest's storage may
	// still see the kernel's bytes until the run ends; the poller keeps
	// it reachable too.
	o.release(dropped)
}

// closed ends the side's op, if any, as its socket is being closed: a
// queued one leaves the batch (its fd is about to be closed, and its
// number may be reused) and its fiber resumes with netClosed; a completed
// one is kept for its fiber (it reports true).
func (sd *opSide) closed() (kept bool) {
	o := sd.op
	if o == nil {
		return false
	}
	switch o.state {
	case opQueued:
		tok := o.tok
		o.drop()
		tok.Wake(vm.Int(netClosed), true)
	case opDone:
		// It ran before the close: its fiber takes the result (closedOp).
		return true
	}
	return false
}

// release takes the op off its side and frees it, returning its host
// buffer (if any) to the pool if put.
func (o *sockOp) release(put bool) {
	if put {
		putBuf(o.bp)
	}
	o.side.op = nil
	freeOp(o)
}

// opResult is a completed op taken by its fiber, or a system call's
// result in the same form (sysResult).
type opResult struct {
	bp     *[]byte // p's host buffer, or nil: p is the guest's storage
	p      []byte  // the bytes the op or system call was given
	n, res int     // len(p); the bytes moved or a negated errno
	// evAt is the socket's rdEvents when the read completed: read-side
	// reports the poller delivered between the completion and the fiber's
	// run are news to the read (see hostSock.setDrained).
	evAt uint32
	ok   bool
}

// buf is the op's bytes.
func (r opResult) buf() []byte { return r.p }

// errno is a failed op's errno.
func (r opResult) errno() unix.Errno { return unix.Errno(-r.res) }

// take returns f's completed op queued by the host function by, if there
// is one; the buffer is the caller's to put back.
func (sd *opSide) take(f *vm.Fiber, by opCaller) opResult {
	o := sd.op
	if o == nil || o.state != opDone || o.owner != f || o.id != f.ID || o.gen != f.Parks() || o.by != by {
		return opResult{}
	}
	r := opResult{bp: o.bp, p: o.buf, n: int(o.n), res: int(o.res), evAt: o.evAt, ok: true}
	o.release(false)
	return r
}
