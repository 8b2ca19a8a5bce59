package std

import (
	"sync/atomic"

	"spindle/internal/vm"
)

// Signals (guest os/signal). The host process's signals reach a run
// through DeliverSignal (spindle.Running.Signal). Each shard keeps the
// sets its guest code asked for (setWanted, from Notify, Stop, Ignore and
// Reset) as bit masks any goroutine can read, and a queue drained by the
// package's relay fiber (wait), which parks with a pending count so that a
// program blocked only on a signal channel waits for a signal instead of
// reporting a deadlock, as in Go.
type sigState struct {
	relay, ignore atomic.Uint64 // bit n-1: signal n

	// On the machine's thread only:
	queue  []int
	waiter vm.Token
}

func sigBit(n int) uint64 {
	if n < 1 || n > 64 {
		return 0
	}
	return 1 << (n - 1)
}

// DeliverSignal hands signal n to the guest code of machine m; it reports
// whether the guest handles it (relays it to channels or ignores it), so
// the caller applies the default action only when it does not. Safe from
// any goroutine.
func DeliverSignal(m *vm.Machine, n int) bool {
	d := &stateOf(m).sig
	bit := sigBit(n)
	if bit == 0 {
		return false
	}
	if d.ignore.Load()&bit != 0 {
		return true
	}
	if d.relay.Load()&bit == 0 {
		return false
	}
	m.Post(func() {
		if tok := d.waiter; tok.Valid() {
			d.waiter = vm.Token{}
			m.AddPending(-1)
			tok.Wake(vm.Int(int64(n)), true)
			return
		}
		d.queue = append(d.queue, n)
	})
	return true
}

var signalFuncs = hostTable{
	"os/signal.setWanted": signalSetWanted,
	"os/signal.wait":      signalWait,
}

func signalSetWanted(f *vm.Fiber, args, res []vm.Value) {
	var relay, ignore uint64
	for _, v := range args[0].Words() { // a []int: word-packed
		if n := int(int64(v)); n < 0 {
			ignore |= sigBit(-n)
		} else {
			relay |= sigBit(n)
		}
	}
	d := &stateOf(f.M).sig
	d.relay.Store(relay)
	d.ignore.Store(ignore)
}

func signalWait(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		v, _ := f.Xfer()
		res[0] = v
		return
	}
	d := &stateOf(f.M).sig
	if len(d.queue) > 0 {
		res[0] = vm.Int(int64(d.queue[0]))
		d.queue = d.queue[1:]
		return
	}
	m := f.M
	m.AddPending(1)
	d.waiter = f.NextToken()
	f.ParkUnlink("signal wait", func() {
		d.waiter = vm.Token{}
		m.AddPending(-1)
	})
}
