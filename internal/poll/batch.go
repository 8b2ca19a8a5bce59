//go:build linux

package poll

import (
	"fmt"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Batched socket reads and writes.
//
// A system call can cost far more than the work of a small read or write
// (about 1.1 µs for getppid on the project's machine, a paravirtualised
// guest: BenchmarkNullSyscall), and an echo server makes two per message. A
// poller with a batch (see New) lets the shard queue reads and writes
// instead: Recv and Send record them, and the next Wait submits every
// queued one to an io_uring of their own in one io_uring_enter, runs each
// Op's Done with its result, and then polls for readiness as usual. Every
// submission carries MSG_DONTWAIT, so the kernel answers it during that
// io_uring_enter (an empty socket or a full send buffer answers -EAGAIN,
// as a non-blocking read or write would) and nothing stays in flight after
// a flush: a queued operation can be dropped (Drop) until the flush, and
// none is outstanding when the poller closes. The ring is probed when the
// poller is created (a receive on an empty socket must answer -EAGAIN at
// once); where io_uring is missing or does not honour MSG_DONTWAIT, the
// poller has no batch and Recv and Send report false.

// Op is a read or write queued on a poller. Done runs on the shard's
// thread, inside Wait, with the result: the bytes moved (>= 0) or a
// negated errno.
type Op interface{ Done(res int) }

// batchMax bounds the operations queued between two flushes (and so the
// buffers held by them); past it Recv and Send report false.
const batchMax = 1024

const (
	uringOpSend = 26 // IORING_OP_SEND
	uringOpRecv = 27 // IORING_OP_RECV
)

// queuedOp is one queued read or write.
type queuedOp struct {
	op     Op // nil once dropped
	buf    []byte
	fd     int32
	opcode uint8
}

// batch is a poller's queue of socket operations and the ring that
// submits them.
type batch struct {
	r          *uring
	ops, spare []queuedOp
	live       int          // ops not dropped
	stuck      [][]queuedOp // see flushWithin
}

// batcher gives a poller its (optional) batch: embedded in both backends.
type batcher struct{ ops *batch }

// Recv queues a receive into buf from the socket fd, for the next Wait;
// false if the poller has no batch or it is full (the caller then reads
// itself).
func (p *batcher) Recv(fd int, buf []byte, op Op) bool {
	return p.ops.add(uringOpRecv, fd, buf, op)
}

// Send queues a send of buf on the socket fd, like Recv.
func (p *batcher) Send(fd int, buf []byte, op Op) bool {
	return p.ops.add(uringOpSend, fd, buf, op)
}

// Drop takes op out of the batch: it will not be submitted, and its Done
// will not run. It reports whether op was queued.
func (p *batcher) Drop(op Op) bool { return p.ops.drop(op) }

// Batching reports whether Recv and Send can queue at all (the poller
// has a batch).
func (p *batcher) Batching() bool { return p.ops != nil && !p.ops.r.down }

// flushFirst starts a Wait: it submits the queued operations and runs
// their Done callbacks, returning how many ran and the timeout to poll
// with (none once fibers were woken).
func (p *batcher) flushFirst(timeout time.Duration) (int, time.Duration, error) {
	n, err := p.ops.flush()
	if n > 0 {
		timeout = 0
	}
	return n, timeout, err
}

// Queued is how many operations wait for the next Wait.
func (p *batcher) Queued() int {
	if p.ops == nil {
		return 0
	}
	return p.ops.live
}

// newBatch sets up a ring for batched operations and checks that the
// kernel answers a MSG_DONTWAIT receive on an empty socket at once.
func newBatch() (*batch, error) {
	r, err := newURingWith(uringOpts{opsOnly: true, sqEntries: 2 * batchMax, cqEntries: 4 * batchMax})
	if err != nil {
		return nil, err
	}
	b := &batch{r: r}
	if err := b.probe(); err != nil {
		r.Close()
		return nil, err
	}
	return b, nil
}

// probeOp records the probe's result.
type probeOp struct{ res int }

func (p *probeOp) Done(res int) { p.res = res }

func (b *batch) probe() error {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("socketpair: %w", err)
	}
	defer unix.Close(fds[0])
	defer unix.Close(fds[1])
	var buf [1]byte
	op := &probeOp{res: 1}
	b.add(uringOpRecv, fds[0], buf[:], op)
	// The socket is blocking: only MSG_DONTWAIT keeps the receive from
	// waiting, so a kernel that ignored it would time out here.
	n, err := b.flushWithin(time.Second)
	if err != nil {
		return err
	}
	if n != 1 || op.res != -int(unix.EAGAIN) {
		return fmt.Errorf("io_uring: MSG_DONTWAIT receive answered %d (%d done), want -EAGAIN", op.res, n)
	}
	return nil
}

// add queues an operation; false if the batch is full (or absent).
func (b *batch) add(opcode uint8, fd int, buf []byte, op Op) bool {
	if b == nil || op == nil || len(b.ops) >= batchMax || len(buf) == 0 || b.r.down {
		return false
	}
	b.ops = append(b.ops, queuedOp{op: op, buf: buf, fd: int32(fd), opcode: opcode})
	b.live++
	return true
}

// drop removes op from the queue.
func (b *batch) drop(op Op) bool {
	if b == nil || op == nil {
		return false
	}
	found := false
	for i := range b.ops {
		if b.ops[i].op == op {
			b.ops[i] = queuedOp{}
			b.live--
			found = true
		}
	}
	return found
}

// flushLimit is how long a flush waits for its completions before it
// reports an error: they come during the submitting io_uring_enter.
const flushLimit = 10 * time.Second

// flush submits every queued operation and runs their Done callbacks; it
// returns how many ran.
func (b *batch) flush() (int, error) {
	if b == nil || len(b.ops) == 0 {
		return 0, nil
	}
	return b.flushWithin(flushLimit)
}

func (b *batch) flushWithin(limit time.Duration) (int, error) {
	ops := b.ops
	// Done callbacks may queue new operations: they go to the other slice.
	b.ops, b.spare = b.spare[:0], nil
	b.live = 0
	n := 0
	for i, q := range ops {
		if q.op == nil {
			continue
		}
		b.r.queue(uringSQE{opcode: q.opcode, fd: q.fd, addr: uint64(uintptr(unsafe.Pointer(&q.buf[0]))), len: uint32(len(q.buf)), opFlags: unix.MSG_DONTWAIT, userData: uint64(i) + 1})
		n++
	}
	deadline := time.Now().Add(limit)
	var err error
	for done := 0; done < n && err == nil; {
		b.r.fill()
		rem := time.Until(deadline)
		if rem <= 0 {
			err = fmt.Errorf("io_uring: %d of %d batched operations did not complete", n-done, n)
			break
		}
		_, e := b.r.enter(b.r.unsubmitted(), uint32(n-done), true, rem)
		switch e {
		case nil, unix.EINTR, unix.ETIME, unix.EBUSY, unix.EAGAIN:
		default:
			err = fmt.Errorf("io_uring_enter: %w", e)
		}
		for _, c := range b.r.take() {
			i := int(c.userData) - 1
			if i < 0 || i >= len(ops) || ops[i].op == nil {
				continue
			}
			op := ops[i].op
			ops[i] = queuedOp{}
			done++
			op.Done(int(c.res))
		}
	}
	if err != nil {
		// The kernel may still write into the buffers of operations that
		// did not complete: keep them reachable for good.
		b.stuck = append(b.stuck, ops)
		return n, err
	}
	clear(ops)
	b.spare = ops[:0]
	return n, nil
}

func (b *batch) close() {
	if b != nil {
		b.ops = nil
		b.r.Close()
	}
}
