// Package context is spindle's guest context package: deadlines,
// cancellation signals and request-scoped values carried across API
// boundaries and goroutines, with Go's API and error texts.
//
// A context's Done channel is closed by its cancel function, by its
// parent's cancellation, or by a timer (time.AfterFunc) when its deadline
// passes; it works in select statements with channels and timers like
// any channel.
//
// Missing: nothing of the exported API; String methods name a value's
// type with fmt's %T instead of reflection.
package context

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// A Context carries a deadline, a cancellation signal, and other values
// across API boundaries. Its methods may be called by multiple goroutines
// simultaneously.
type Context interface {
	// Deadline returns the time when work done on behalf of this context
	// should be canceled; ok is false when no deadline is set.
	Deadline() (deadline time.Time, ok bool)
	// Done returns a channel that is closed when work done on behalf of
	// this context should be canceled. It may return nil if this context
	// can never be canceled.
	Done() <-chan struct{}
	// Err returns nil while Done is not yet closed; afterwards it returns
	// Canceled or DeadlineExceeded.
	Err() error
	// Value returns the value associated with this context for key, or
	// nil.
	Value(key any) any
}

// Canceled is the error returned by Context.Err when the context is
// canceled.
var Canceled = errors.New("context canceled")

// DeadlineExceeded is the error returned by Context.Err when the
// context's deadline passes.
var DeadlineExceeded error = deadlineExceededError{}

type deadlineExceededError struct{}

func (deadlineExceededError) Error() string   { return "context deadline exceeded" }
func (deadlineExceededError) Timeout() bool   { return true }
func (deadlineExceededError) Temporary() bool { return true }

// A CancelFunc tells an operation to abandon its work. It does not wait
// for the work to stop. After the first call, calls do nothing.
type CancelFunc func()

// A CancelCauseFunc behaves like a CancelFunc but additionally sets the
// cancellation cause, returned by Cause.
type CancelCauseFunc func(cause error)

// rootCtx is the never-canceled context of Background and TODO.
type rootCtx struct{ name string }

func (rootCtx) Deadline() (deadline time.Time, ok bool) { return }
func (rootCtx) Done() <-chan struct{}                   { return nil }
func (rootCtx) Err() error                              { return nil }
func (rootCtx) Value(key any) any                       { return nil }
func (c *rootCtx) String() string                       { return c.name }

var (
	background = &rootCtx{"context.Background"}
	todo       = &rootCtx{"context.TODO"}
)

// Background returns a non-nil, empty Context. It is never canceled, has
// no values, and has no deadline.
func Background() Context { return background }

// TODO returns a non-nil, empty Context, for code where it is not yet
// clear which Context to use.
func TODO() Context { return todo }

// closedDone is the Done channel of a context canceled before anyone
// asked for its channel.
var closedDone = make(chan struct{})

func init() { close(closedDone) }

// canceler is a context that its parent can cancel.
type canceler interface {
	cancel(detach bool, err, cause error)
	Done() <-chan struct{}
}

// cancelCtx can be canceled; canceling it cancels its children.
type cancelCtx struct {
	Context // the parent

	mu       sync.Mutex
	done     chan struct{} // created on first Done, closed by cancel
	children map[canceler]bool
	err      error
	cause    error
}

// ownKey is the key under which a cancelCtx answers Value with itself, so
// a child can find its nearest cancelable ancestor.
var ownKey int

func (c *cancelCtx) Value(key any) any {
	if key == &ownKey {
		return c
	}
	return value(c.Context, key)
}

func (c *cancelCtx) Done() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done == nil {
		if c.err != nil {
			return closedDone
		}
		c.done = make(chan struct{})
	}
	return c.done
}

func (c *cancelCtx) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

func (c *cancelCtx) String() string { return nameOf(c.Context) + ".WithCancel" }

// cancel closes c's Done channel, cancels c's children and, if detach,
// removes c from its parent's children.
func (c *cancelCtx) cancel(detach bool, err, cause error) {
	if cause == nil {
		cause = err
	}
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return
	}
	c.err, c.cause = err, cause
	if c.done == nil {
		c.done = closedDone
	} else {
		close(c.done)
	}
	kids := c.children
	c.children = nil
	c.mu.Unlock()
	for k := range kids {
		k.cancel(false, err, cause)
	}
	if detach {
		detachChild(c.Context, c)
	}
}

// nearestCancel returns the *cancelCtx that parent's Done channel belongs
// to, if parent is (or wraps without changing Done) one of ours.
func nearestCancel(parent Context) (*cancelCtx, bool) {
	d := parent.Done()
	if d == nil || d == closedDone {
		return nil, false
	}
	p, ok := parent.Value(&ownKey).(*cancelCtx)
	if !ok {
		return nil, false
	}
	p.mu.Lock()
	same := p.done == d
	p.mu.Unlock()
	return p, same
}

func detachChild(parent Context, child canceler) {
	p, ok := nearestCancel(parent)
	if !ok {
		return
	}
	p.mu.Lock()
	delete(p.children, child)
	p.mu.Unlock()
}

// afterFuncer is a context implementing the AfterFunc method, through
// which a child can ask to be canceled.
type afterFuncer interface {
	AfterFunc(func()) func() bool
}

// link arranges for child to be canceled when parent is.
func (c *cancelCtx) link(parent Context, child canceler) {
	c.Context = parent
	done := parent.Done()
	if done == nil {
		return // never canceled
	}
	select {
	case <-done:
		child.cancel(false, parent.Err(), Cause(parent))
		return
	default:
	}
	if p, ok := nearestCancel(parent); ok {
		p.mu.Lock()
		if p.err != nil {
			err, cause := p.err, p.cause
			p.mu.Unlock()
			child.cancel(false, err, cause)
			return
		}
		if p.children == nil {
			p.children = map[canceler]bool{}
		}
		p.children[child] = true
		p.mu.Unlock()
		return
	}
	if a, ok := parent.(afterFuncer); ok {
		stop := a.AfterFunc(func() { child.cancel(false, parent.Err(), Cause(parent)) })
		c.mu.Lock()
		if c.children == nil {
			c.children = map[canceler]bool{}
		}
		c.children[stopper{stop}] = true
		c.mu.Unlock()
		return
	}
	// A foreign context: watch it from a goroutine.
	go func() {
		select {
		case <-done:
			child.cancel(false, parent.Err(), Cause(parent))
		case <-child.Done():
		}
	}()
}

// stopper is a pseudo-child that stops a parent's AfterFunc registration
// when the child is canceled.
type stopper struct{ stop func() bool }

func (s stopper) cancel(bool, error, error) { s.stop() }
func (stopper) Done() <-chan struct{}       { return nil }

// WithCancel returns a derived context with a new Done channel, closed
// when the returned cancel function is called or when the parent's Done
// channel is closed, whichever happens first.
func WithCancel(parent Context) (ctx Context, cancel CancelFunc) {
	c := newCancelCtx(parent)
	return c, func() { c.cancel(true, Canceled, nil) }
}

// WithCancelCause behaves like WithCancel but returns a CancelCauseFunc
// that records the cause of the cancellation.
func WithCancelCause(parent Context) (ctx Context, cancel CancelCauseFunc) {
	c := newCancelCtx(parent)
	return c, func(cause error) { c.cancel(true, Canceled, cause) }
}

func newCancelCtx(parent Context) *cancelCtx {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	c := &cancelCtx{}
	c.link(parent, c)
	return c
}

// Cause returns a non-nil error explaining why c was canceled: the cause
// given to a CancelCauseFunc, or else c.Err(). It returns nil while c is
// not canceled.
func Cause(c Context) error {
	if cc, ok := c.Value(&ownKey).(*cancelCtx); ok {
		cc.mu.Lock()
		cause := cc.cause
		cc.mu.Unlock()
		if cause != nil {
			return cause
		}
		// cc is not canceled, but c might be (a foreign wrapper).
	}
	return c.Err()
}

// AfterFunc arranges to call f in its own goroutine after ctx is canceled.
// If ctx is already canceled, AfterFunc calls f immediately in its own
// goroutine. Calling the returned stop function stops the association; it
// returns true if that stopped f from being run.
func AfterFunc(ctx Context, f func()) (stop func() bool) {
	a := &afterFuncCtx{f: f}
	a.link(ctx, a)
	return func() bool {
		stopped := false
		a.once.Do(func() { stopped = true })
		if stopped {
			a.cancel(true, Canceled, nil)
		}
		return stopped
	}
}

type afterFuncCtx struct {
	cancelCtx
	once sync.Once // runs f or stops it, not both
	f    func()
}

func (a *afterFuncCtx) cancel(detach bool, err, cause error) {
	a.cancelCtx.cancel(false, err, cause)
	if detach {
		detachChild(a.Context, a)
	}
	a.once.Do(func() { go a.f() })
}

// WithoutCancel returns a derived context that is not canceled when
// parent is canceled. It has no Deadline or Err, and its Done channel is
// nil; it keeps parent's values.
func WithoutCancel(parent Context) Context {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	return withoutCancelCtx{parent}
}

type withoutCancelCtx struct{ c Context }

func (withoutCancelCtx) Deadline() (deadline time.Time, ok bool) { return }
func (withoutCancelCtx) Done() <-chan struct{}                   { return nil }
func (withoutCancelCtx) Err() error                              { return nil }
func (c withoutCancelCtx) Value(key any) any {
	if key == &ownKey {
		return nil // Cause must not see the parent's cancellation
	}
	return value(c.c, key)
}
func (c withoutCancelCtx) String() string { return nameOf(c.c) + ".WithoutCancel" }

// timerCtx is a cancelCtx with a deadline, canceled by a timer.
type timerCtx struct {
	cancelCtx
	timer    *time.Timer // guarded by cancelCtx.mu
	deadline time.Time
}

func (c *timerCtx) Deadline() (deadline time.Time, ok bool) { return c.deadline, true }

func (c *timerCtx) String() string {
	return nameOf(c.cancelCtx.Context) + ".WithDeadline(" + c.deadline.String() + " [" + time.Until(c.deadline).String() + "])"
}

func (c *timerCtx) cancel(detach bool, err, cause error) {
	c.cancelCtx.cancel(false, err, cause)
	if detach {
		detachChild(c.cancelCtx.Context, c)
	}
	c.mu.Lock()
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
	c.mu.Unlock()
}

// WithDeadline returns a derived context that is canceled no later than
// d: its Done channel is closed when the deadline passes, when the
// returned cancel function is called, or when the parent's Done channel
// is closed, whichever happens first.
func WithDeadline(parent Context, d time.Time) (Context, CancelFunc) {
	return WithDeadlineCause(parent, d, nil)
}

// WithDeadlineCause behaves like WithDeadline but also sets the cause of
// the returned Context when the deadline is exceeded.
func WithDeadlineCause(parent Context, d time.Time, cause error) (Context, CancelFunc) {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	if cur, ok := parent.Deadline(); ok && cur.Before(d) {
		// The parent's deadline comes first.
		return WithCancel(parent)
	}
	c := &timerCtx{deadline: d}
	c.link(parent, c)
	dur := time.Until(d)
	if dur <= 0 {
		c.cancel(true, DeadlineExceeded, cause)
		return c, func() { c.cancel(false, Canceled, nil) }
	}
	c.mu.Lock()
	if c.err == nil && dur < 1<<62 { // a deadline centuries away never fires
		c.timer = time.AfterFunc(dur, func() { c.cancel(true, DeadlineExceeded, cause) })
	}
	c.mu.Unlock()
	return c, func() { c.cancel(true, Canceled, nil) }
}

// WithTimeout returns WithDeadline(parent, time.Now().Add(timeout)).
func WithTimeout(parent Context, timeout time.Duration) (Context, CancelFunc) {
	return WithDeadline(parent, time.Now().Add(timeout))
}

// WithTimeoutCause behaves like WithTimeout but also sets the cause of
// the returned Context when the timeout expires.
func WithTimeoutCause(parent Context, timeout time.Duration, cause error) (Context, CancelFunc) {
	return WithDeadlineCause(parent, time.Now().Add(timeout), cause)
}

// WithValue returns a derived context in which the value associated with
// key is val. The key must be comparable and should not be of a built-in
// type.
func WithValue(parent Context, key, val any) Context {
	if parent == nil {
		panic("cannot create context from nil parent")
	}
	if key == nil {
		panic("nil key")
	}
	if !isComparable(key) {
		panic("key is not comparable")
	}
	return &valueCtx{parent, key, val}
}

// isComparable reports whether key can be used with ==, by trying it.
func isComparable(key any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	_ = key == key
	return true
}

type valueCtx struct {
	Context
	key, val any
}

func (c *valueCtx) Value(key any) any {
	if c.key == key {
		return c.val
	}
	return value(c.Context, key)
}

func (c *valueCtx) String() string {
	return nameOf(c.Context) + ".WithValue(" + describe(c.key) + ", " + describe(c.val) + ")"
}

// value walks up the chain of our context types without recursion.
func value(c Context, key any) any {
	for {
		switch x := c.(type) {
		case *valueCtx:
			if x.key == key {
				return x.val
			}
			c = x.Context
		case *cancelCtx:
			if key == &ownKey {
				return x
			}
			c = x.Context
		case *timerCtx:
			if key == &ownKey {
				return &x.cancelCtx
			}
			c = x.cancelCtx.Context
		case withoutCancelCtx:
			if key == &ownKey {
				return nil
			}
			c = x.c
		case *rootCtx:
			return nil
		default:
			return c.Value(key)
		}
	}
}

type stringer interface{ String() string }

func nameOf(c Context) string {
	if s, ok := c.(stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", c)
}

func describe(v any) string {
	switch s := v.(type) {
	case stringer:
		return s.String()
	case string:
		return s
	case nil:
		return "<nil>"
	}
	return fmt.Sprintf("%T", v)
}
