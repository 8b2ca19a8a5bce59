package fiber

import "unsafe"

// Shards.
//
// A run has ShardCount shards (the embedding API's RunOptions.Shards, the
// command's SPINDLE_SHARDS, SetProcessorCount or runtime.GOMAXPROCS;
// default: the number of CPUs). Each
// shard is one OS thread with its own fibers, run queue, timers, event loop
// and package-level variables: a shard initialises its own copy of every
// package variable (running the package initialisers and init functions)
// when it runs its first fiber, as Dart isolates do. main runs on shard 0.
//
// Fibers never migrate: go statements and Spawn start the child on the
// caller's shard, where Go's shared-memory rules hold. Work crosses shards
// only through the functions below, and only as copies: an argument, a
// result, a panic value or a Shared channel message is deep-copied (aliasing
// inside one value is preserved; strings are shared, being immutable). A
// function sent to another shard must not capture variables, and a value
// whose type holds a function, a channel, a same-shard fiber object or a
// mutex cannot cross: both are compile-time errors. A value that reaches
// the copy through an interface and cannot cross panics at run time.

// AnyShard asks SpawnOn to place the fiber round-robin.
const AnyShard = -1

// ShardCount returns the number of shards of the run.
func ShardCount() int { return fiber_shard_count() }

// Shard returns the index of the calling fiber's shard (main runs on 0).
func Shard() int { return fiber_shard_id() }

// SpawnOn starts f(arg) in a new joinable fiber on the given shard
// (AnyShard: the next shard round-robin; an index is taken modulo
// ShardCount). arg is copied to that shard and the result copied back to
// Join. f must not capture variables.
func SpawnOn[A, T any](shard int, f func(A) T, arg A) *Fiber[T] {
	return &Fiber[T]{h: fiber_spawn_on(shard, func(a any) any { return f(a.(A)) }, arg)}
}

// OnEachShard starts f(shard) in a joinable fiber on every shard, shard 0
// (the caller's) included, and returns their handles in shard order. f
// must not capture variables.
func OnEachShard(f func(shard int)) []*Fiber[struct{}] {
	n := ShardCount()
	fs := make([]*Fiber[struct{}], n)
	for i := 0; i < n; i++ {
		fs[i] = &Fiber[struct{}]{h: fiber_spawn_on(i, func(a any) any { f(a.(int)); return struct{}{} }, i)}
	}
	return fs
}

// Shared is a channel between shards: any fiber on any shard may send and
// receive, and a *Shared may itself be sent across shards. Values are
// deep-copied on Send; the receiver owns its copy. Unbounded by default.
type Shared[T any] struct {
	h unsafe.Pointer
}

// NewShared returns an unbounded cross-shard channel.
func NewShared[T any]() *Shared[T] {
	var zero T
	return &Shared[T]{h: fiber_shared_new(-1, zero)}
}

// NewSharedBounded returns a cross-shard channel holding at most capacity
// values (at least 1): Send parks while it is full.
func NewSharedBounded[T any](capacity int) *Shared[T] {
	if capacity < 1 {
		panic("fiber: NewSharedBounded capacity must be at least 1")
	}
	var zero T
	return &Shared[T]{h: fiber_shared_new(capacity, zero)}
}

// Send, Receive, ReceiveMany, TrySend and TryReceive are bound to the host
// directly (placeholder bodies; see the package comment).

// Send copies v into the channel, parking while a bounded channel is full.
// It returns ErrClosed after Close and ErrCancelled if the fiber is
// cancelled while parked.
func (c *Shared[T]) Send(v T) error { panic(builtin) }

// Receive returns the next value, parking while the channel is empty.
// After Close it drains the buffered values, then returns ErrClosed.
func (c *Shared[T]) Receive() (T, error) { panic(builtin) }

// ReceiveMany receives at least one and at most len(buf) values into buf,
// taking them under one lock (cheaper per value than Receive when values
// arrive in bursts), parking while the channel is empty. After Close it
// drains, then returns 0, ErrClosed.
func (c *Shared[T]) ReceiveMany(buf []T) (int, error) { panic(builtin) }

// TrySend sends v if there is room and reports whether it did; it never
// parks.
func (c *Shared[T]) TrySend(v T) bool { panic(builtin) }

// TryReceive receives a value if one is buffered; it never parks.
func (c *Shared[T]) TryReceive() (T, bool) { panic(builtin) }

// Close closes the channel (idempotent): parked receivers get ErrClosed
// once it is drained, parked senders ErrClosed at once.
func (c *Shared[T]) Close() { fiber_shared_close(c.h) }

// Len returns the number of buffered values.
func (c *Shared[T]) Len() int { return fiber_shared_len(c.h) }

func fiber_shard_count() int
func fiber_shard_id() int
func fiber_spawn_on(shard int, f func(any) any, arg any) unsafe.Pointer
func fiber_shared_new[T any](capacity int, zero T) unsafe.Pointer { panic(builtin) }
func fiber_shared_close(h unsafe.Pointer)
func fiber_shared_len(h unsafe.Pointer) int
