// Package sync is spindle's guest sync package: mutual exclusion locks,
// wait groups, once, condition variables, a concurrent map and a pool.
//
// Every goroutine of a program runs on one OS thread (a shard), so the
// primitives never spin: a goroutine that must wait parks its fiber in a
// FIFO queue kept by the host, and the releasing goroutine hands the lock
// (or the wake-up) to the first waiter directly. Zero values are ready to
// use; the host keeps its queues in unexported fields of the structs, so
// copying a lock that is in use is (as in Go) a mistake.
//
// Missing: Pool never drops its items (there is no garbage collection hook),
// and the race-detector and copy-checker hooks of Go's sync do not exist.
package sync

// A Locker represents an object that can be locked and unlocked.
type Locker interface {
	Lock()
	Unlock()
}

// noCopy marks structs that must not be copied after first use.
type noCopy struct{}

// align64 marks 64-bit fields (no effect in spindle).
type align64 struct{}

// The field layouts below follow Go's, so that %v prints the same values
// for unlocked primitives. The host keeps its wait queues in the R slot of
// a uint32 ("sema") field's value, which guest code never sees.

// A Mutex is a mutual exclusion lock. The zero value is an unlocked mutex.
//
// Lock parks waiters in FIFO order and Unlock hands the lock to the first
// waiter directly, so a waiter cannot be starved.
type Mutex struct {
	_  noCopy
	mu imutex
}

// imutex is the lock word (1 when locked) and the host's wait queue.
type imutex struct {
	state int32
	sema  uint32
}

// Lock locks m, waiting until it is available.
func (m *Mutex) Lock()

// TryLock tries to lock m and reports whether it succeeded. It never waits.
func (m *Mutex) TryLock() bool

// Unlock unlocks m. It is a fatal error if m is not locked.
func (m *Mutex) Unlock()

// A RWMutex is a reader/writer mutual exclusion lock: any number of readers
// or one writer. As in Go, a blocked Lock call excludes new readers, and
// the readers that waited for a writer get the lock before the next writer.
type RWMutex struct {
	w           Mutex // locked while a writer holds the lock; host queues
	writerSem   uint32
	readerSem   uint32
	readerCount int32Value // readers holding the lock
	readerWait  int32Value
}

// int32Value has the layout of atomic.Int32.
type int32Value struct {
	_ noCopy
	v int32
}

// Lock locks rw for writing.
func (rw *RWMutex) Lock()

// TryLock tries to lock rw for writing and reports whether it succeeded.
func (rw *RWMutex) TryLock() bool

// Unlock unlocks rw for writing.
func (rw *RWMutex) Unlock()

// RLock locks rw for reading.
func (rw *RWMutex) RLock()

// TryRLock tries to lock rw for reading and reports whether it succeeded.
func (rw *RWMutex) TryRLock() bool

// RUnlock undoes a single RLock call.
func (rw *RWMutex) RUnlock()

// RLocker returns a Locker whose Lock and Unlock call rw.RLock and
// rw.RUnlock.
func (rw *RWMutex) RLocker() Locker {
	return (*rlocker)(rw)
}

type rlocker RWMutex

func (r *rlocker) Lock()   { (*RWMutex)(r).RLock() }
func (r *rlocker) Unlock() { (*RWMutex)(r).RUnlock() }

// A WaitGroup waits for a collection of goroutines to finish.
type WaitGroup struct {
	noCopy noCopy
	state  uint64Value // counter<<32 | number of waiters
	sema   uint32      // host list of parked waiters
}

// uint64Value has the layout of atomic.Uint64.
type uint64Value struct {
	_ noCopy
	_ align64
	v uint64
}

// wgAdd adds delta to wg's counter, waking the waiters when it reaches
// zero; it reports whether the counter went negative.
func wgAdd(wg *WaitGroup, delta int) (negative bool)

// Add adds delta, which may be negative, to the WaitGroup counter. If the
// counter becomes zero, all goroutines blocked on Wait are released. If the
// counter goes negative, Add panics.
func (wg *WaitGroup) Add(delta int) {
	if wgAdd(wg, delta) {
		panic("sync: negative WaitGroup counter")
	}
}

// Done decrements the WaitGroup counter by one.
func (wg *WaitGroup) Done() {
	if wgAdd(wg, -1) {
		panic("sync: negative WaitGroup counter")
	}
}

// Wait blocks until the WaitGroup counter is zero.
func (wg *WaitGroup) Wait()

// Go calls f in a new goroutine and adds that task to the WaitGroup.
func (wg *WaitGroup) Go(f func()) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		f()
	}()
}

// Cond implements a condition variable, a rendezvous point for goroutines
// waiting for or announcing the occurrence of an event.
type Cond struct {
	noCopy noCopy

	// L is held while observing or changing the condition.
	L Locker

	notify notifyList
}

// notifyList is a ticket-based list of waiters: a Signal between a
// waiter's ticket and its park is not lost.
type notifyList struct {
	wait   uint32 // next ticket to hand out
	notify uint32 // next ticket to notify
	sema   uint32 // host list of parked (fiber, ticket) pairs
}

func notifyListAdd(l *notifyList) uint32
func notifyListWait(l *notifyList, t uint32)
func notifyListNotifyOne(l *notifyList)
func notifyListNotifyAll(l *notifyList)

// NewCond returns a new Cond with Locker l.
func NewCond(l Locker) *Cond {
	return &Cond{L: l}
}

// Wait atomically unlocks c.L and suspends execution of the calling
// goroutine. After later resuming execution, Wait locks c.L before
// returning.
func (c *Cond) Wait() {
	t := notifyListAdd(&c.notify)
	c.L.Unlock()
	relocked := false
	defer func() {
		if !relocked {
			// Unwinding out of the wait (the goroutine was cancelled,
			// or its run is ending): hold c.L again, as the caller's
			// deferred Unlock expects.
			c.L.Lock()
		}
	}()
	notifyListWait(&c.notify, t)
	c.L.Lock()
	relocked = true
}

// Signal wakes one goroutine waiting on c, if there is any.
func (c *Cond) Signal() {
	notifyListNotifyOne(&c.notify)
}

// Broadcast wakes all goroutines waiting on c.
func (c *Cond) Broadcast() {
	notifyListNotifyAll(&c.notify)
}
