// Package signal is spindle's guest os/signal package: Notify, Stop,
// Ignore, Ignored, Reset and NotifyContext, as in Go. A signal the host
// process receives reaches the run through the embedding API
// (spindle.Running.Signal; the CLI forwards SIGINT, SIGTERM, SIGHUP,
// SIGUSR1 and SIGUSR2): if some channel of the run was registered for it
// with Notify, it is delivered to those channels (a full channel drops
// it, as in Go) and the program goes on; otherwise the signal's default
// action applies (the CLI ends the run). A shard delivers to the channels
// registered on it.
package signal

import (
	"context"
	"os"
	"sync"
	"syscall"
)

type handler struct {
	want map[int]bool
}

var (
	mu       sync.Mutex
	handlers = map[chan<- os.Signal]*handler{}
	ignored  = map[int]bool{} // signals whose disposition is "ignore"
	// reported is what Ignored says: as in Go, Ignore sets it and only
	// Notify clears it (Reset restores the default action but leaves it).
	reported = map[int]bool{}
	looping  bool
)

// catchable lists the signals Notify without arguments relays.
func catchable() []int {
	var out []int
	for n := 1; n <= 31; n++ {
		if n != int(syscall.SIGKILL) && n != int(syscall.SIGSTOP) {
			out = append(out, n)
		}
	}
	return out
}

func numbers(sigs []os.Signal) []int {
	if len(sigs) == 0 {
		return catchable()
	}
	var out []int
	for _, s := range sigs {
		if n, ok := s.(syscall.Signal); ok && n > 0 && n <= 64 {
			out = append(out, int(n))
		}
	}
	return out
}

// setWanted tells the host which signals this shard relays.
func setWanted(nums []int)

// wait parks until a relayed signal arrives and returns its number.
func wait() int

// update recomputes the relayed set (mu held).
func update() {
	var nums []int
	for n := 1; n <= 64; n++ {
		if ignored[n] {
			nums = append(nums, -n)
			continue
		}
		for _, h := range handlers {
			if h.want[n] {
				nums = append(nums, n)
				break
			}
		}
	}
	setWanted(nums)
}

// Notify causes package signal to relay incoming signals to c: the given
// ones, or every catchable one if none is given. Package signal will not
// block sending to c: make it buffered.
func Notify(c chan<- os.Signal, sig ...os.Signal) {
	if c == nil {
		panic("os/signal: Notify using nil channel")
	}
	mu.Lock()
	defer mu.Unlock()
	h := handlers[c]
	if h == nil {
		h = &handler{want: map[int]bool{}}
		handlers[c] = h
	}
	for _, n := range numbers(sig) {
		h.want[n] = true
		delete(ignored, n)
		delete(reported, n)
	}
	update()
	if !looping {
		looping = true
		go loop()
	}
}

func loop() {
	for {
		n := wait()
		sig := syscall.Signal(n)
		mu.Lock()
		for c, h := range handlers {
			if h.want[n] {
				select {
				case c <- sig:
				default:
				}
			}
		}
		mu.Unlock()
	}
}

// Stop causes package signal to stop relaying incoming signals to c.
func Stop(c chan<- os.Signal) {
	mu.Lock()
	defer mu.Unlock()
	delete(handlers, c)
	update()
}

// Ignore causes the provided signals to be ignored (all, if none given).
func Ignore(sig ...os.Signal) {
	mu.Lock()
	defer mu.Unlock()
	for _, n := range numbers(sig) {
		ignored[n] = true
		reported[n] = true
		for _, h := range handlers {
			delete(h.want, n)
		}
	}
	update()
}

// Ignored reports whether sig is currently ignored.
func Ignored(sig os.Signal) bool {
	mu.Lock()
	defer mu.Unlock()
	n, ok := sig.(syscall.Signal)
	return ok && reported[int(n)]
}

// Reset undoes the effect of any prior calls to Notify or Ignore for the
// provided signals (all, if none given).
func Reset(sig ...os.Signal) {
	mu.Lock()
	defer mu.Unlock()
	for _, n := range numbers(sig) {
		delete(ignored, n)
		for _, h := range handlers {
			delete(h.want, n)
		}
	}
	update()
}

// NotifyContext returns a copy of the parent context that is marked done
// when one of the listed signals arrives, when the returned stop function
// is called, or when the parent context's Done channel is closed,
// whichever happens first.
func NotifyContext(parent context.Context, signals ...os.Signal) (ctx context.Context, stop context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	c := &signalCtx{Context: ctx, cancel: cancel, signals: signals}
	c.ch = make(chan os.Signal, 1)
	Notify(c.ch, c.signals...)
	if ctx.Err() == nil {
		go func() {
			select {
			case s := <-c.ch:
				c.cancel(signalError(s.String()))
			case <-c.Done():
			}
		}()
	}
	return c, c.stop
}

type signalError string

func (s signalError) Error() string { return string(s) + " signal received" }

type signalCtx struct {
	context.Context
	cancel  context.CancelCauseFunc
	signals []os.Signal
	ch      chan os.Signal
}

func (c *signalCtx) stop() {
	c.cancel(nil)
	Stop(c.ch)
}

func (c *signalCtx) String() string {
	s := "signal.NotifyContext(" + "context.Background"
	if len(c.signals) != 0 {
		s += ", ["
		for i, sig := range c.signals {
			if i > 0 {
				s += " "
			}
			s += sig.String()
		}
		s += "]"
	}
	return s + ")"
}
