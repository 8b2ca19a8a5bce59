// Package fiber is spindle's fiber runtime surface beyond Go's goroutines:
// joinable fibers with cancellation, unbounded and bounded channels, a
// round-robin Hub, and a Mutex with TryLock.
//
// Every goroutine is a fiber; Spawn makes a joinable one on the calling
// fiber's shard. When main returns, every fiber that was spawned and not
// detached is joined before the program exits; fibers started with a go
// statement or detached are not, and a panic that escapes them ends the
// program (Go's rule). A panic that escapes a joinable fiber is kept for
// Join instead.
//
// The functions without bodies are the runtime's builtins (fiber_spawn,
// fiber_join_status, ...). The generic ones
// (fiber_hub_recv[T], ...) and the hot methods of Channel and Shared
// (Send, Receive, ...) carry a placeholder body, since Go requires one for
// generic code; the compiler binds them to the host all the same, and the
// host moves the T values as they are, without boxing them in an
// interface.
package fiber

import (
	"errors"
	"strconv"
	"sync"
	"unsafe"
)

// Errors reported by Join and by channel operations.
//
// The host returns ErrClosed and ErrCancelled itself from the channel
// methods bound to it; init hands it this shard's copies (package
// variables are per shard).
var (
	ErrCancelled         = errors.New("fiber: cancelled")
	ErrStackOverflow     = errors.New("fiber: stack overflow")
	ErrJoinWouldDeadlock = errors.New("fiber: join would deadlock")
	ErrPanicked          = errors.New("fiber: panicked")
	ErrClosed            = errors.New("fiber: channel closed")
)

func init() { fiber_set_errors(ErrClosed, ErrCancelled) }

// PanicError is returned by Join when the fiber panicked; errors.Is(err,
// ErrPanicked) holds.
type PanicError struct {
	Value any
	Stack string
}

func (e *PanicError) Error() string { return "fiber: panicked: " + panicText(e.Value) }

// Is reports ErrPanicked as a match.
func (e *PanicError) Is(target error) bool { return target == ErrPanicked }

// StackOverflowError is returned by Join when the fiber exceeded its stack
// cap; errors.Is(err, ErrStackOverflow) holds.
type StackOverflowError struct {
	Limit, Requested int64
}

func (e *StackOverflowError) Error() string {
	return "fiber: stack overflow: requested " + strconv.FormatInt(e.Requested, 10) + " bytes, limit " + strconv.FormatInt(e.Limit, 10)
}

// Is reports ErrStackOverflow as a match.
func (e *StackOverflowError) Is(target error) bool { return target == ErrStackOverflow }

func panicText(v any) string {
	switch x := v.(type) {
	case error:
		return x.Error()
	case interface{ String() string }:
		return x.String()
	case string:
		return x
	}
	return "(panic value)"
}

// Fiber is a handle on a joinable fiber whose function returns a T.
type Fiber[T any] struct {
	h unsafe.Pointer
}

// Spawn starts f in a new joinable fiber on the calling fiber's shard.
func Spawn[T any](f func() T) *Fiber[T] {
	return &Fiber[T]{h: fiber_spawn(func() any { return f() })}
}

// Join waits for the fiber to end and returns its result, or ErrCancelled,
// a *PanicError, a *StackOverflowError, or ErrJoinWouldDeadlock (joining
// the calling fiber itself or one of its ancestors).
func (f *Fiber[T]) Join() (T, error) {
	var zero T
	switch st := fiber_join_status(f.h); st {
	case 1:
		v := fiber_join_value(f.h)
		if v == nil {
			return zero, nil
		}
		return v.(T), nil
	case 2:
		val, stack := fiber_join_panic(f.h)
		return zero, &PanicError{Value: val, Stack: stack}
	case 3:
		return zero, ErrCancelled
	case 4:
		limit, req := fiber_join_overflow(f.h)
		return zero, &StackOverflowError{Limit: limit, Requested: req}
	case 5:
		return zero, ErrJoinWouldDeadlock
	default:
		panic("fiber: bad join status " + strconv.Itoa(st))
	}
}

// Detach makes the fiber detached: it is not joined when main returns, and
// a panic that escapes it ends the program.
func (f *Fiber[T]) Detach() { fiber_detach(f.h) }

// Cancel requests cancellation (idempotent). It reaches the fiber at its
// next park point: fiber-package operations return ErrCancelled; a plain
// blocking Go operation (channel receive, Lock, Sleep) unwinds the fiber
// through its deferred calls. Join then returns ErrCancelled, after the
// fiber's OnCancelled handlers ran.
func (f *Fiber[T]) Cancel() { fiber_cancel(f.h) }

// ID returns the fiber's id (main is 0).
func (f *Fiber[T]) ID() int64 { return fiber_id_of(f.h) }

// OnCancelled registers h to run, on the calling fiber, if it is cancelled;
// handlers run newest first before Join returns ErrCancelled. A panic in a
// handler ends the program.
func OnCancelled(h func()) { fiber_on_cancelled(h) }

// Yield lets the other runnable fibers of the shard run.
func Yield() { fiber_yield() }

// ID returns the calling fiber's id; main is 0.
func ID() int64 { return fiber_current_id() }

// ProcessorCount returns the number of shards.
func ProcessorCount() int { return fiber_processor_count() }

// SetProcessorCount sets the run's shard count (n > 0; n <= 0 only
// reports it) and returns the previous value, as runtime.GOMAXPROCS does.
// Shards beyond a lowered count keep their fibers but get no new ones.
func SetProcessorCount(n int) int { return fiber_set_processor_count(n) }

// NowMillis returns a monotonic clock reading in milliseconds.
func NowMillis() int64 { return fiber_now_millis() }

// Channel is a fiber channel: unbounded by default (Send never parks),
// bounded with NewBounded, a rendezvous with NewBounded(0).
type Channel[T any] struct {
	h unsafe.Pointer
}

// NewChannel returns an unbounded channel.
func NewChannel[T any]() *Channel[T] {
	var zero T
	return &Channel[T]{h: fiber_chan_new(-1, zero)}
}

// NewBounded returns a channel holding at most capacity values; 0 makes a
// rendezvous channel (Send completes only together with a Receive).
func NewBounded[T any](capacity int) *Channel[T] {
	if capacity < 0 {
		panic("fiber: negative channel capacity")
	}
	var zero T
	return &Channel[T]{h: fiber_chan_new(capacity, zero)}
}

// Send, Receive, TrySend and TryReceive are bound to the host directly
// (their bodies are placeholders; see the package comment): a message is
// one host call, with no wrapper frame and no interface boxing.

// Send sends v, parking while the channel is full. It returns ErrClosed on
// a closed channel and ErrCancelled if the calling fiber is cancelled.
func (c *Channel[T]) Send(v T) error { panic(builtin) }

// Receive returns the next value, parking while the channel is empty.
// After Close it drains the remaining values, then returns ErrClosed.
func (c *Channel[T]) Receive() (T, error) { panic(builtin) }

// TrySend sends v if that needs no parking.
func (c *Channel[T]) TrySend(v T) bool { panic(builtin) }

// TryReceive receives a value if one is ready.
func (c *Channel[T]) TryReceive() (T, bool) { panic(builtin) }

// Close closes the channel (idempotent): parked senders get ErrClosed,
// receivers drain what is buffered and then get ErrClosed.
func (c *Channel[T]) Close() { fiber_chan_close(c.h) }

// Len returns the number of buffered values.
func (c *Channel[T]) Len() int { return fiber_chan_len(c.h) }

// statusErr is the error a channel builtin's status stands for (0: none).
func statusErr(st int) error {
	switch st {
	case 1:
		return ErrClosed
	case 2:
		return ErrCancelled
	}
	return nil
}

// Hub receives from several channels of one element type, round-robin:
// a channel that always has values never keeps another waiting for more
// than one turn per registered channel.
type Hub[T any] struct {
	h unsafe.Pointer
}

// NewHub returns a hub over chans.
func NewHub[T any](chans ...*Channel[T]) *Hub[T] {
	h := &Hub[T]{h: fiber_hub_new()}
	for _, c := range chans {
		h.Register(c)
	}
	return h
}

// Register adds c and returns its index.
func (h *Hub[T]) Register(c *Channel[T]) int { return fiber_hub_register(h.h, c.h) }

// Receive returns the next value from the registered channels in
// round-robin order, parking while all are empty. A closed, drained
// channel is skipped; when every channel is closed and drained it returns
// ErrClosed.
func (h *Hub[T]) Receive() (index int, v T, err error) {
	i, x, st := fiber_hub_recv[T](h.h)
	if st != 0 {
		return -1, v, statusErr(st)
	}
	return i, x, nil
}

// builtin is the placeholder generic builtins panic with; spindle never
// runs their bodies.
const builtin = "fiber: builtin called outside spindle"

// Mutex is a mutual exclusion lock: Lock parks FIFO, TryLock never parks.
// It behaves as sync.Mutex does.
type Mutex struct {
	mu sync.Mutex
}

// Lock locks m, parking while another fiber holds it.
func (m *Mutex) Lock() { m.mu.Lock() }

// TryLock locks m if it is free and reports whether it did; it never parks.
func (m *Mutex) TryLock() bool { return m.mu.TryLock() }

// Unlock unlocks m.
func (m *Mutex) Unlock() { m.mu.Unlock() }

// ThreadID returns the OS thread id of the calling fiber's shard (for
// tests that check where fibers run).
func ThreadID() int { return fiber_thread_id() }

func fiber_spawn(f func() any) unsafe.Pointer
func fiber_spawn_with_cancel_slot(f func() any, slot *unsafe.Pointer) unsafe.Pointer
func fiber_join_status(h unsafe.Pointer) int
func fiber_join_value(h unsafe.Pointer) any
func fiber_join_panic(h unsafe.Pointer) (any, string)
func fiber_join_overflow(h unsafe.Pointer) (limit, requested int64)
func fiber_detach(h unsafe.Pointer)
func fiber_cancel(h unsafe.Pointer)
func fiber_id_of(h unsafe.Pointer) int64
func fiber_on_cancelled(h func())
func fiber_yield()
func fiber_current_id() int64
func fiber_processor_count() int
func fiber_set_processor_count(n int) int
func fiber_now_millis() int64
func fiber_thread_id() int

func fiber_chan_new[T any](capacity int, zero T) unsafe.Pointer { panic(builtin) }
func fiber_chan_close(h unsafe.Pointer)
func fiber_chan_len(h unsafe.Pointer) int

func fiber_set_errors(closed, cancelled error)

func fiber_hub_new() unsafe.Pointer
func fiber_hub_register(h, c unsafe.Pointer) int
func fiber_hub_recv[T any](h unsafe.Pointer) (int, T, int) { panic(builtin) }
