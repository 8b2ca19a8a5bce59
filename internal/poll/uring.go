//go:build linux

package poll

import (
	"fmt"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The io_uring backend. One ring per poller, driven only by the shard's
// thread: every registered fd has a multishot IORING_OP_POLL_ADD armed on
// it (POLLIN|POLLPRI|POLLOUT|POLLRDHUP), whose completions carry the poll mask;
// Wake writes an eventfd on which an IORING_OP_READ is kept outstanding, so
// a wake-up costs the waker one write and the waiter no extra syscall.
// Wait submits what is queued and waits in one io_uring_enter, its timeout
// passed with IORING_ENTER_EXT_ARG; Wait(0) with nothing queued and no
// completion pending makes no syscall at all.
//
// The kernel must offer multishot poll (Linux 5.13+) and EXT_ARG (5.11+);
// otherwise newURing fails and New falls back to epoll. A single-shot poll
// re-armed after each completion is deliberately not used as a fallback: it
// is level-triggered, so an idle socket (always writable) would complete
// again on every Wait and an idle shard would spin.

// Kernel ABI, from include/uapi/linux/io_uring.h.
const (
	uringSetupCQSize = 1 << 3 // IORING_SETUP_CQSIZE
	uringSetupClamp  = 1 << 4 // IORING_SETUP_CLAMP

	uringFeatSingleMmap = 1 << 0 // IORING_FEAT_SINGLE_MMAP
	uringFeatNoDrop     = 1 << 1 // IORING_FEAT_NODROP
	uringFeatExtArg     = 1 << 8 // IORING_FEAT_EXT_ARG

	uringEnterGetEvents = 1 << 0 // IORING_ENTER_GETEVENTS
	uringEnterExtArg    = 1 << 3 // IORING_ENTER_EXT_ARG

	uringOffSQRing = 0          // IORING_OFF_SQ_RING
	uringOffCQRing = 0x8000000  // IORING_OFF_CQ_RING
	uringOffSQEs   = 0x10000000 // IORING_OFF_SQES

	uringOpPollAdd    = 6  // IORING_OP_POLL_ADD
	uringOpPollRemove = 7  // IORING_OP_POLL_REMOVE
	uringOpRead       = 22 // IORING_OP_READ

	uringPollAddMulti = 1 << 0 // IORING_POLL_ADD_MULTI (in sqe.len)
	uringCQEFMore     = 1 << 1 // IORING_CQE_F_MORE
	uringSQCQOverflow = 1 << 1 // IORING_SQ_CQ_OVERFLOW (in the SQ ring's flags)
)

// Ring sizes: submissions are queued in a Go-side backlog when the SQ is
// full, and the kernel keeps completions that overflow the CQ (FEAT_NODROP)
// until there is room, so these only bound batching, not correctness.
const (
	uringSQEntries = 256
	uringCQEntries = 4096
)

// user_data of the ring's own requests; registrations count from uringFirstID
// and their ids are never reused, so a late completion for an unregistered
// fd (or for an fd number since reused) is recognised and dropped.
const (
	udIgnore     = 0 // POLL_REMOVE completions
	udWake       = 1 // the eventfd read
	udProbe      = 2 // setup's multishot probe
	uringFirstID = 16
)

// uringParams is struct io_uring_params.
type uringParams struct {
	sqEntries, cqEntries, flags uint32
	sqThreadCPU, sqThreadIdle   uint32
	features, wqFD              uint32
	resv                        [3]uint32
	sqOff                       uringSQOffsets
	cqOff                       uringCQOffsets
}

// uringSQOffsets is struct io_sqring_offsets.
type uringSQOffsets struct {
	head, tail, ringMask, ringEntries, flags, dropped, array, resv1 uint32
	userAddr                                                        uint64
}

// uringCQOffsets is struct io_cqring_offsets.
type uringCQOffsets struct {
	head, tail, ringMask, ringEntries, overflow, cqes, flags, resv1 uint32
	userAddr                                                        uint64
}

// uringSQE is struct io_uring_sqe (64 bytes). opFlags is the union holding
// poll32_events, rw_flags, timeout_flags...
type uringSQE struct {
	opcode      uint8
	flags       uint8
	ioprio      uint16
	fd          int32
	off         uint64
	addr        uint64
	len         uint32
	opFlags     uint32
	userData    uint64
	bufIndex    uint16
	personality uint16
	fileIndex   int32
	addr3       uint64
	_           uint64
}

// uringCQE is struct io_uring_cqe.
type uringCQE struct {
	userData uint64
	res      int32
	flags    uint32
}

// uringGeteventsArg is struct io_uring_getevents_arg.
type uringGeteventsArg struct {
	sigmask   uint64
	sigmaskSz uint32
	minWait   uint32
	ts        uint64
}

// The layouts must match the kernel's exactly.
var (
	_ [unsafe.Sizeof(uringParams{}) - 120]struct{}
	_ [120 - unsafe.Sizeof(uringParams{})]struct{}
	_ [unsafe.Sizeof(uringSQE{}) - 64]struct{}
	_ [64 - unsafe.Sizeof(uringSQE{})]struct{}
	_ [unsafe.Sizeof(uringCQE{}) - 16]struct{}
	_ [16 - unsafe.Sizeof(uringCQE{})]struct{}
	_ [unsafe.Sizeof(uringGeteventsArg{}) - 24]struct{}
	_ [24 - unsafe.Sizeof(uringGeteventsArg{})]struct{}
)

// Layout of the scratch page: memory the kernel reads or writes outside Go's
// heap (the eventfd read lands there asynchronously, possibly even after
// Close has torn the ring down; an unmapped page then just faults the copy).
const (
	scratchWakeBuf = 0  // 8 bytes: the eventfd counter read by udWake
	scratchArg     = 16 // uringGeteventsArg
	scratchTS      = 48 // struct __kernel_timespec
	scratchSize    = 4096
)

// uringOpts adjusts setup for tests.
type uringOpts struct {
	noSingleMmap bool   // map the SQ and CQ rings separately even if one mmap would do
	opsOnly      bool   // a batch's ring: no wake-up eventfd, no poll probe
	sqEntries    uint32 // ring sizes, 0 for the defaults (tiny ones exercise
	cqEntries    uint32 // the backlog and CQ overflow)
}

// uringReg is one registered fd.
type uringReg struct {
	fd   int
	id   uint64
	cb   func(Event)
	live bool // false once unregistered
}

// uring is the io_uring backend.
type uring struct {
	fd      int
	mem     [][]byte // mmaps: rings, SQE array (and the separate CQ ring)
	scratch []byte
	feat    uint32

	sqHead, sqTail, sqFlags *uint32
	sqMask, sqEntries       uint32
	sqes                    []uringSQE
	tail                    uint32     // our SQ tail, published to *sqTail on each queue
	backlog                 []uringSQE // submissions waiting for SQ space, in order

	cqHead, cqTail *uint32
	cqMask         uint32
	cqes           []uringCQE
	batch          []uringCQE

	regs map[int]*uringReg
	byID map[uint64]*uringReg
	// polls are the poll requests the kernel still holds (armed, and not
	// yet ended by a final completion). Each holds a reference to its
	// file, so Close waits for them: closing the ring would release them
	// only later, asynchronously, leaving sockets open after the run.
	polls  map[uint64]struct{}
	nextID uint64
	down   bool // Close ran: the rings are unmapped

	waker
	batcher // on a ring of its own (flushed first in Wait)
}

// newURing is the uring poller with its batch (without one where the
// batch's probe fails).
func newURing() (Poller, error) {
	p, err := newURingWith(uringOpts{})
	if err != nil {
		return nil, err
	}
	p.ops, _ = newBatch() // nil (no batch) where it fails
	return p, nil
}

func newURingWith(o uringOpts) (*uring, error) {
	var prm uringParams
	prm.flags = uringSetupCQSize | uringSetupClamp
	prm.cqEntries = uringCQEntries
	sqEntries := uint32(uringSQEntries)
	if o.sqEntries != 0 {
		sqEntries = o.sqEntries
	}
	if o.cqEntries != 0 {
		prm.cqEntries = o.cqEntries
	}
	r1, _, e := unix.Syscall(unix.SYS_IO_URING_SETUP, uintptr(sqEntries), uintptr(unsafe.Pointer(&prm)), 0)
	if e != 0 {
		return nil, fmt.Errorf("io_uring_setup: %w", e)
	}
	p := &uring{fd: int(r1), waker: waker{wakefd: -1}, feat: prm.features, regs: map[int]*uringReg{}, byID: map[uint64]*uringReg{}, polls: map[uint64]struct{}{}, nextID: uringFirstID}
	if err := p.init(&prm, o); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

func (p *uring) init(prm *uringParams, o uringOpts) error {
	if prm.features&uringFeatExtArg == 0 || prm.features&uringFeatNoDrop == 0 {
		return fmt.Errorf("io_uring: kernel lacks EXT_ARG or NODROP (features %#x)", prm.features)
	}
	mmap := func(off int64, size int) ([]byte, error) {
		b, err := unix.Mmap(p.fd, off, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED|unix.MAP_POPULATE)
		if err != nil {
			return nil, fmt.Errorf("io_uring mmap: %w", err)
		}
		p.mem = append(p.mem, b)
		return b, nil
	}
	sqSize := int(prm.sqOff.array + prm.sqEntries*4)
	cqSize := int(prm.cqOff.cqes + prm.cqEntries*uint32(unsafe.Sizeof(uringCQE{})))
	single := prm.features&uringFeatSingleMmap != 0 && !o.noSingleMmap
	if single {
		sqSize = max(sqSize, cqSize)
	}
	sq, err := mmap(uringOffSQRing, sqSize)
	if err != nil {
		return err
	}
	cq := sq
	if !single {
		if cq, err = mmap(uringOffCQRing, cqSize); err != nil {
			return err
		}
	}
	sqeMem, err := mmap(uringOffSQEs, int(prm.sqEntries)*int(unsafe.Sizeof(uringSQE{})))
	if err != nil {
		return err
	}
	u32 := func(b []byte, off uint32) *uint32 { return (*uint32)(unsafe.Pointer(&b[off])) }
	p.sqHead, p.sqTail, p.sqFlags = u32(sq, prm.sqOff.head), u32(sq, prm.sqOff.tail), u32(sq, prm.sqOff.flags)
	p.sqMask, p.sqEntries = *u32(sq, prm.sqOff.ringMask), *u32(sq, prm.sqOff.ringEntries)
	p.tail = atomic.LoadUint32(p.sqTail)
	// The SQ array indirects ring slots to SQEs; map slot i to SQE i once.
	array := unsafe.Slice(u32(sq, prm.sqOff.array), prm.sqEntries)
	for i := range array {
		array[i] = uint32(i)
	}
	p.sqes = unsafe.Slice((*uringSQE)(unsafe.Pointer(&sqeMem[0])), prm.sqEntries)
	p.cqHead, p.cqTail = u32(cq, prm.cqOff.head), u32(cq, prm.cqOff.tail)
	p.cqMask = *u32(cq, prm.cqOff.ringMask)
	p.cqes = unsafe.Slice((*uringCQE)(unsafe.Pointer(&cq[prm.cqOff.cqes])), prm.cqEntries)

	if p.scratch, err = unix.Mmap(-1, 0, scratchSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS); err != nil {
		return fmt.Errorf("mmap: %w", err)
	}
	if o.opsOnly {
		return nil
	}
	// Blocking on purpose: io_uring answers a read of an O_NONBLOCK file
	// that would block with -EAGAIN instead of waiting for it.
	if p.wakefd, err = unix.Eventfd(0, unix.EFD_CLOEXEC); err != nil {
		return fmt.Errorf("eventfd: %w", err)
	}
	if err := p.probeMultishot(); err != nil {
		return err
	}
	p.armWake()
	return nil
}

// probeMultishot arms a multishot poll on the (idle) eventfd and removes it
// again: kernels before 5.13 reject the flag with -EINVAL.
func (p *uring) probeMultishot() error {
	p.queue(uringSQE{opcode: uringOpPollAdd, fd: int32(p.wakefd), len: uringPollAddMulti, opFlags: unix.POLLIN, userData: udProbe})
	p.queue(uringSQE{opcode: uringOpPollRemove, fd: -1, addr: udProbe, userData: udIgnore})
	deadline := time.Now().Add(5 * time.Second)
	for seen := 0; seen < 2; {
		rem := time.Until(deadline)
		if rem <= 0 {
			return fmt.Errorf("io_uring: multishot poll probe timed out")
		}
		if _, err := p.enter(p.unsubmitted(), 1, true, rem); err != nil && err != unix.EINTR && err != unix.ETIME {
			return fmt.Errorf("io_uring_enter: %w", err)
		}
		for _, c := range p.take() {
			seen++
			if c.userData == udProbe && c.res < 0 && c.res != -int32(unix.ECANCELED) {
				return fmt.Errorf("io_uring: multishot poll unsupported: %w", unix.Errno(-c.res))
			}
		}
	}
	return nil
}

func (p *uring) Backend() string { return "uring" }

// queue appends a submission to the SQ, or to the backlog if the SQ is full
// (or the backlog not yet drained, to keep submissions in order).
func (p *uring) queue(s uringSQE) {
	if len(p.backlog) == 0 && p.tail-atomic.LoadUint32(p.sqHead) < p.sqEntries {
		p.sqes[p.tail&p.sqMask] = s
		p.tail++
		atomic.StoreUint32(p.sqTail, p.tail)
		return
	}
	p.backlog = append(p.backlog, s)
}

// fill moves backlog entries into free SQ slots.
func (p *uring) fill() {
	n := 0
	for ; n < len(p.backlog) && p.tail-atomic.LoadUint32(p.sqHead) < p.sqEntries; n++ {
		p.sqes[p.tail&p.sqMask] = p.backlog[n]
		p.tail++
	}
	if n > 0 {
		atomic.StoreUint32(p.sqTail, p.tail)
		p.backlog = append(p.backlog[:0], p.backlog[n:]...)
	}
}

// unsubmitted is how many SQEs the kernel has not consumed yet.
func (p *uring) unsubmitted() uint32 { return p.tail - atomic.LoadUint32(p.sqHead) }

// enter submits toSubmit SQEs; with getEvents it then waits until
// minComplete completions are in the CQ, at most timeout (< 0: no limit).
func (p *uring) enter(toSubmit, minComplete uint32, getEvents bool, timeout time.Duration) (int, error) {
	flags := uintptr(0)
	var arg unsafe.Pointer
	var argSz uintptr
	if getEvents {
		flags |= uringEnterGetEvents
		if timeout >= 0 {
			ts := (*unix.Timespec)(unsafe.Pointer(&p.scratch[scratchTS]))
			*ts = unix.NsecToTimespec(int64(timeout))
			a := (*uringGeteventsArg)(unsafe.Pointer(&p.scratch[scratchArg]))
			*a = uringGeteventsArg{ts: uint64(uintptr(unsafe.Pointer(ts)))}
			flags |= uringEnterExtArg
			arg, argSz = unsafe.Pointer(a), unsafe.Sizeof(*a)
		}
	}
	r, _, e := unix.Syscall6(unix.SYS_IO_URING_ENTER, uintptr(p.fd), uintptr(toSubmit), uintptr(minComplete), flags, uintptr(arg), argSz)
	if e != 0 {
		return 0, e
	}
	return int(r), nil
}

// submitAll pushes the backlog and every queued SQE to the kernel now.
func (p *uring) submitAll() error {
	for {
		p.fill()
		n := p.unsubmitted()
		if n == 0 {
			return nil
		}
		if _, err := p.enter(n, 0, false, -1); err != nil && err != unix.EINTR {
			return fmt.Errorf("io_uring_enter: %w", err)
		}
	}
}

// take copies the completions out of the CQ and releases their slots.
func (p *uring) take() []uringCQE {
	head := atomic.LoadUint32(p.cqHead)
	tail := atomic.LoadUint32(p.cqTail)
	p.batch = p.batch[:0]
	for ; head != tail; head++ {
		p.batch = append(p.batch, p.cqes[head&p.cqMask])
	}
	atomic.StoreUint32(p.cqHead, head)
	return p.batch
}

func (p *uring) armWake() {
	p.queue(uringSQE{opcode: uringOpRead, fd: int32(p.wakefd), addr: uint64(uintptr(unsafe.Pointer(&p.scratch[scratchWakeBuf]))), len: 8, userData: udWake})
}

func (p *uring) armPoll(r *uringReg) {
	p.polls[r.id] = struct{}{}
	p.queue(uringSQE{opcode: uringOpPollAdd, fd: int32(r.fd), len: uringPollAddMulti, opFlags: unix.POLLIN | unix.POLLPRI | unix.POLLOUT | unix.POLLRDHUP, userData: r.id})
}

// Register queues the fd's poll; Wait submits it (arming checks the fd's
// current state, so nothing is missed in between). The fd is checked here
// so that errors match epoll's: EBADF for a bad fd, EPERM for files that
// are always ready (regular files, directories), EEXIST if registered.
func (p *uring) Register(fd int, cb func(Event)) error {
	if p.down {
		return unix.EBADF
	}
	if _, ok := p.regs[fd]; ok {
		return unix.EEXIST
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return err
	}
	if m := st.Mode & unix.S_IFMT; m == unix.S_IFREG || m == unix.S_IFDIR {
		return unix.EPERM
	}
	r := &uringReg{fd: fd, id: p.nextID, cb: cb, live: true}
	p.nextID++
	p.regs[fd] = r
	p.byID[r.id] = r
	p.armPoll(r)
	return nil
}

// Unregister removes the fd's poll and submits the removal at once: an
// armed poll holds a reference to the file, so a socket closed right after
// would otherwise stay open (no FIN sent) until the next Wait.
func (p *uring) Unregister(fd int) error {
	r := p.regs[fd]
	if r == nil {
		return unix.ENOENT
	}
	r.live = false
	delete(p.regs, fd)
	delete(p.byID, r.id)
	if p.down {
		return nil
	}
	p.queue(uringSQE{opcode: uringOpPollRemove, fd: -1, addr: r.id, userData: udIgnore})
	return p.submitAll()
}

func (p *uring) Wait(timeout time.Duration) (int, error) {
	if p.down {
		return 0, unix.EBADF
	}
	nops, timeout, err := p.flushFirst(timeout)
	if err != nil {
		return nops, err
	}
	handled, err := p.wait(timeout)
	return nops + handled, err
}

func (p *uring) wait(timeout time.Duration) (int, error) {
	var deadline time.Time
	if timeout > 0 {
		deadline = time.Now().Add(timeout)
	}
	for {
		if len(p.backlog) > 0 {
			if err := p.submitAll(); err != nil {
				return 0, err
			}
		}
		toSubmit := p.unsubmitted()
		empty := atomic.LoadUint32(p.cqHead) == atomic.LoadUint32(p.cqTail)
		overflow := atomic.LoadUint32(p.sqFlags)&uringSQCQOverflow != 0
		block := empty && timeout != 0
		if toSubmit > 0 || block || overflow {
			var min uint32
			rem := time.Duration(-1)
			if block {
				min = 1
				if timeout > 0 {
					if rem = time.Until(deadline); rem <= 0 {
						return 0, nil
					}
				}
			}
			// GETEVENTS also flushes completions that overflowed the CQ;
			// with min 0 it does not wait.
			getEvents := block || overflow
			_, err := p.enter(toSubmit, min, getEvents, rem)
			switch err {
			case nil, unix.EINTR, unix.ETIME:
			case unix.EBUSY, unix.EAGAIN:
				// Submission refused for now (no memory, CQ backed up):
				// wait without submitting; reaping makes room.
				if _, err := p.enter(0, min, getEvents, rem); err != nil && err != unix.EINTR && err != unix.ETIME {
					return 0, fmt.Errorf("io_uring_enter: %w", err)
				}
			default:
				return 0, fmt.Errorf("io_uring_enter: %w", err)
			}
		}
		handled, woke, err := p.reap()
		if err != nil || handled > 0 || woke || timeout == 0 || p.down {
			return handled, err
		}
		if timeout > 0 && !time.Now().Before(deadline) {
			return 0, nil
		}
	}
}

// reap runs the callbacks of the completions in the CQ. Completions that
// are not events (removals, stale ids) do not count, so Wait keeps waiting.
func (p *uring) reap() (handled int, woke bool, err error) {
	for _, c := range p.take() {
		switch {
		case c.userData == udWake:
			woke = true
			if c.res < 0 && c.res != -int32(unix.ECANCELED) && c.res != -int32(unix.EINTR) {
				err = fmt.Errorf("io_uring: eventfd read: %w", unix.Errno(-c.res))
			}
			p.armWake()
		case c.userData < uringFirstID:
		default:
			if c.flags&uringCQEFMore == 0 {
				delete(p.polls, c.userData)
			}
			r := p.byID[c.userData]
			if r == nil {
				continue
			}
			more := c.flags&uringCQEFMore != 0
			var e Event
			switch {
			case c.res >= 0:
				e = pollEvent(uint32(c.res))
			case c.res == -int32(unix.ECANCELED):
				// Cancelled by the kernel, not by us: arm again below.
			default:
				// The poll failed (a closed fd): let waiters retry and see
				// the error; arming again would fail the same way.
				e, more = HangUp|Readable|Writable, true
			}
			if e != 0 {
				r.cb(e)
				handled++
				if p.down {
					return handled, woke, err
				}
			}
			// A multishot poll ends (no F_MORE) when the kernel drops it,
			// e.g. on CQ overflow: arm a new one, which reports the fd's
			// state at once if it is ready.
			if !more && r.live {
				p.armPoll(r)
			}
		}
	}
	return handled, woke, err
}

// cancelPolls removes every poll request the kernel still holds and waits
// (at most limit) for their final completions, so that the files they
// reference are released when Close returns.
func (p *uring) cancelPolls(limit time.Duration) {
	if p.down || len(p.polls) == 0 {
		return
	}
	for id := range p.polls {
		p.queue(uringSQE{opcode: uringOpPollRemove, fd: -1, addr: id, userData: udIgnore})
	}
	if p.submitAll() != nil {
		return
	}
	deadline := time.Now().Add(limit)
	for len(p.polls) > 0 {
		d := time.Until(deadline)
		if d <= 0 {
			return
		}
		if _, err := p.enter(0, 1, true, d); err != nil && err != unix.EINTR && err != unix.ETIME {
			return
		}
		for _, c := range p.take() {
			if c.userData >= uringFirstID && c.flags&uringCQEFMore == 0 {
				delete(p.polls, c.userData)
			}
		}
	}
}

// Close tears the ring down. Its poll requests are removed first and
// waited for (cancelPolls): the kernel would otherwise drop their file
// references only when its asynchronous ring teardown runs, after Close
// returned.
func (p *uring) Close() error {
	if !p.shut() {
		return nil
	}
	p.cancelPolls(500 * time.Millisecond)
	p.ops.close()
	p.down = true
	err := unix.Close(p.fd)
	for _, b := range p.mem {
		unix.Munmap(b)
	}
	p.mem, p.sqes, p.cqes, p.batch, p.backlog = nil, nil, nil, nil, nil
	if p.scratch != nil {
		unix.Munmap(p.scratch)
		p.scratch = nil
	}
	if p.wakefd >= 0 {
		unix.Close(p.wakefd)
	}
	p.regs, p.byID = nil, nil
	return err
}
