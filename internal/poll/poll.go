// Package poll is a shard's event loop: readiness of file descriptors
// (sockets, pipes, eventfds) and wake-ups from other threads, delivered to
// callbacks that run on the shard's thread, and socket reads and writes
// submitted in batches. New's mode chooses the poller:
//
//   - batch (the default): epoll for readiness, reads and writes batched
//     on an io_uring (batch.go). Where the batch's ring cannot be set up
//     (no io_uring, or a kernel that does not honour MSG_DONTWAIT on it),
//     it is plain epoll.
//   - epoll: fds registered edge-triggered for EPOLLIN|EPOLLPRI|EPOLLOUT|
//     EPOLLRDHUP; Wake writes an eventfd in the set; no batch, so every
//     read and write is a system call of the caller's.
//   - uring: io_uring on raw syscalls (io_uring_setup/enter, the rings
//     mmapped, as one mapping where the kernel offers
//     IORING_FEAT_SINGLE_MMAP) for readiness too: a multishot
//     IORING_OP_POLL_ADD (POLLIN|POLLPRI|POLLOUT|POLLRDHUP) per fd, armed
//     again if the kernel ends it and removed with IORING_OP_POLL_REMOVE;
//     Wake writes an eventfd on which an IORING_OP_READ is kept pending;
//     Wait submits and waits in one io_uring_enter, its timeout passed with
//     IORING_ENTER_EXT_ARG, and Wait(0) makes no syscall when nothing is
//     queued or ready. It needs Linux 5.13+ (multishot poll, EXT_ARG,
//     NODROP); where io_uring_setup fails (old kernel, ENOSYS or EPERM from
//     a seccomp sandbox, kernel.io_uring_disabled) or those features are
//     missing, New uses epoll. Reads and writes are batched as with batch.
//
// Readiness stays with epoll by default because it is cheaper per event
// for a server's workload: io_uring's multishot poll completes on every
// wake-up of a socket's wait queue (each ACK included), and its completion
// path costs more per event than epoll's ready list. Batching the reads
// and writes themselves is what pays: a round trip of an echo server on one
// shard makes no read or write system call of its own
// (docs/PERFORMANCE.md measures the three modes).
//
// Both report the same Events for the same poll bits, and registration
// errors match (EBADF, EPERM for regular files and directories, EEXIST).
// io_uring completes a poll on the thread that submitted it, so a poller is
// fastest driven from one locked OS thread (as a machine's Run does); it
// stays correct, only slower, when its goroutine moves between threads.
//
// Owns: the epoll/io_uring file descriptors, the wake-up eventfd, fd
// registrations. Imports golang.org/x/sys/unix only; must not import the
// VM (callbacks are plain funcs).
package poll

import "time"

// Event is the readiness reported for a registered fd.
type Event uint8

// Events.
const (
	Readable Event = 1 << iota
	Writable
	HangUp // peer closed or error: pending reads/writes should be retried and fail
	// Urgent: the fd has urgent (TCP out-of-band) data, reported with
	// Readable. A TCP read stops short at the urgent mark, so a caller
	// that takes a short read to mean "nothing left" must not, after this.
	Urgent
)

// Poller is one shard's event loop. All methods except Wake must be called
// on the shard's thread.
type Poller interface {
	// Register starts watching fd (edge-triggered readiness for reads and
	// writes); cb runs on the shard's thread, inside Wait, with the events
	// that occurred.
	Register(fd int, cb func(Event)) error
	// Unregister stops watching fd (before it is closed).
	Unregister(fd int) error
	// Wait blocks until at least one event or wake-up arrives, or timeout
	// passes (timeout < 0: no limit; 0: poll without blocking), runs the
	// callbacks of ready fds, and returns how many events it handled.
	Wait(timeout time.Duration) (int, error)
	// Wake makes a blocked (or the next) Wait return. Safe from any
	// goroutine.
	Wake()
	// Backend names the implementation: "epoll", "batch" (epoll with
	// batched reads and writes) or "uring" (batched too).
	Backend() string
	// Recv and Send queue a read or write on a socket for the next Wait,
	// which submits all of them at once and runs each op's Done before it
	// polls (see batch.go); they report false when the poller does not
	// batch, or its batch is full: the caller makes the system call itself.
	// buf must stay untouched until Done runs.
	Recv(fd int, buf []byte, op Op) bool
	Send(fd int, buf []byte, op Op) bool
	// Drop takes a queued op out of the batch before it is submitted; it
	// reports false if op was not queued (a flush that timed out keeps its
	// ops' buffers: the kernel may still write into them).
	Drop(op Op) bool
	// Queued is how many ops wait for the next Wait.
	Queued() int
	// Batching reports whether the poller batches at all.
	Batching() bool
	// Close releases the poller's descriptors.
	Close() error
}
