// Package poll is a shard's event loop: readiness of file descriptors
// (sockets, pipes, eventfds) and wake-ups from other threads, delivered to
// callbacks that run on the shard's thread. Two backends implement it:
// epoll (always available on Linux) and io_uring (where the kernel allows
// it), chosen by SPINDLE_IO=uring|epoll (default: uring if its setup
// succeeds, else epoll).
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
	// Backend names the implementation: "epoll" or "uring".
	Backend() string
	// Close releases the poller's descriptors.
	Close() error
}
