package std

import (
	"spindle/internal/vm"
)

// Host side of the guest fiber package (_std/fiber): the builtins behind
// Fiber[T], Channel[T] and Hub[T]. Handles are host pointers carried in
// guest unsafe.Pointer fields. Everything here runs on the machine's
// thread; no locks.

// Join statuses (fiber_join_status), matching vm.EndStatus.
const (
	joinOK        = int64(vm.EndOK)
	joinCancelled = int64(vm.EndCancelled)
)

// Channel operation statuses.
const (
	chOK        = 0
	chClosed    = 1
	chCancelled = 2
)

// fiberChan is a fiber.Channel: a FIFO buffer (unbounded when capacity < 0)
// and FIFO queues of parked receivers and senders. Queue entries hold park
// tokens, so an entry left behind by a cancelled fiber is skipped.
type fiberChan struct {
	queue[vm.Value]          // the buffer
	zero            vm.Value // the element type's zero value
	capacity        int
	closed          bool
	recvq           []recvWaiter
	sendq           []sendWaiter
}

type recvWaiter struct {
	tok  vm.Token
	slot *hubSlot // nil for a plain Receive
	idx  int      // the channel's index in the hub
}

type sendWaiter struct {
	tok vm.Token
	v   vm.Value
}

// hubSlot receives a value delivered to a fiber parked in Hub.Receive.
type hubSlot struct {
	delivered bool
	idx       int
	v         vm.Value
}

type fiberHub struct {
	chans []*fiberChan
	next  int
}

// deliver hands v to the first live parked receiver.
func (c *fiberChan) deliver(v vm.Value) bool {
	for len(c.recvq) > 0 {
		w := c.recvq[0]
		c.recvq = c.recvq[1:]
		if w.slot != nil {
			if w.slot.delivered {
				continue
			}
			if w.tok.Wake(vm.Value{}, true) {
				w.slot.delivered, w.slot.idx, w.slot.v = true, w.idx, v
				return true
			}
			continue
		}
		if w.tok.Wake(v, true) {
			return true
		}
	}
	return false
}

// take receives without parking: from the buffer (refilled from a parked
// sender) or directly from a parked sender.
func (c *fiberChan) take() (vm.Value, bool) {
	if c.len() > 0 {
		v, _ := c.pop()
		for len(c.sendq) > 0 {
			w := c.sendq[0]
			c.sendq = c.sendq[1:]
			if w.tok.Wake(vm.Value{}, true) {
				c.push(w.v)
				break
			}
		}
		return v, true
	}
	for len(c.sendq) > 0 {
		w := c.sendq[0]
		c.sendq = c.sendq[1:]
		if w.tok.Wake(vm.Value{}, true) {
			return w.v, true
		}
	}
	return vm.Value{}, false
}

func (c *fiberChan) trySend(v vm.Value) bool {
	if c.deliver(v) {
		return true
	}
	if c.capacity < 0 || c.len() < c.capacity {
		c.push(v)
		return true
	}
	return false
}

func (c *fiberChan) close() {
	if c.closed {
		return
	}
	c.closed = true
	for _, w := range c.recvq {
		if w.slot != nil {
			w.tok.Wake(vm.Value{}, true) // the hub re-checks its channels
		} else {
			w.tok.Wake(vm.Value{}, false)
		}
	}
	c.recvq = nil
	for _, w := range c.sendq {
		w.tok.Wake(vm.Value{}, false)
	}
	c.sendq = nil
}

func handle[T comparable](v vm.Value) T {
	h, _ := v.R.(T)
	if h == *new(T) {
		// A zero Channel, Hub or Shared (never made by its constructor):
		// the guest sees the nil dereference its own code would make.
		panic(vm.RuntimeError(errNilDeref))
	}
	return h
}

// fiberHandle returns the fiber a guest fiber.Fiber holds, panicking as
// a nil pointer dereference for the zero Fiber (never made by Spawn).
func fiberHandle(v vm.Value) *vm.Fiber {
	h, _ := v.R.(*vm.Fiber)
	if h == nil {
		panic(vm.RuntimeError(errNilDeref))
	}
	return h
}

// recvHandle returns the host object behind a *Channel[T] or *Shared[T]
// receiver (a struct whose one field is the handle), panicking as the
// guest's own field access would on a nil pointer (or, for a Channel
// never made by its constructor, on the nil handle).
func recvHandle[T comparable](recv vm.Value) T {
	h, _ := structFields(recv, 1)[0].R.(T)
	if h == *new(T) {
		panic(vm.RuntimeError(errNilDeref))
	}
	return h
}

// chanErr is the guest error a channel status stands for (this shard's
// fiber.ErrClosed or fiber.ErrCancelled, registered by the package's
// init); chOK is the nil error.
func chanErr(f *vm.Fiber, st int) vm.Value {
	switch st {
	case chClosed:
		return stateOf(f.M).errClosed
	case chCancelled:
		return stateOf(f.M).errCancelled
	}
	return vm.Value{}
}

var fiberFuncs = hostTable{
	"fiber.fiber_spawn":                  fiberSpawn,
	"fiber.fiber_spawn_with_cancel_slot": fiberSpawnWithCancelSlot,
	"fiber.fiber_join_status":            fiberJoinStatus,
	"fiber.fiber_join_value":             fiberJoinValue,
	"fiber.fiber_join_panic":             fiberJoinPanic,
	"fiber.fiber_join_overflow":          fiberJoinOverflow,
	"fiber.fiber_detach":                 fiberDetach,
	"fiber.fiber_cancel":                 fiberCancel,
	"fiber.fiber_id_of":                  fiberIDOf,
	"fiber.fiber_on_cancelled":           fiberOnCancelled,
	"fiber.fiber_yield":                  fiberYield,
	"fiber.fiber_current_id":             fiberCurrentID,
	"fiber.fiber_processor_count":        fiberProcessorCount,
	"fiber.fiber_set_processor_count":    fiberSetProcessorCount,
	"fiber.fiber_now_millis":             fiberNowMillis,
	"fiber.fiber_reuse_port":             fiberReusePort,
	"fiber.fiber_thread_id":              fiberThreadID,
	"fiber.fiber_chan_new":               fiberChanNew,
	"fiber.fiber_set_errors":             fiberSetErrors,

	// The hot Channel methods are bound to the host directly: args[0] is
	// the *Channel[T] receiver.
	"(*fiber.Channel[T]).Send":       channelSend,
	"(*fiber.Channel[T]).Receive":    channelReceive,
	"(*fiber.Channel[T]).TrySend":    channelTrySend,
	"(*fiber.Channel[T]).TryReceive": channelTryReceive,
	"fiber.fiber_chan_close":         fiberChanClose,
	"fiber.fiber_chan_len":           fiberChanLen,
	"fiber.fiber_hub_new":            fiberHubNew,
	"fiber.fiber_hub_register":       fiberHubRegister,
	"fiber.fiber_hub_recv":           fiberHubRecv,
}

func fiberSpawn(f *vm.Fiber, args, res []vm.Value) {
	c := args[0].R.(*vm.Closure)
	res[0] = vm.Value{R: f.M.SpawnJoinable(f, c)}
}

func fiberSpawnWithCancelSlot(f *vm.Fiber, args, res []vm.Value) {
	c, slot := args[0].R.(*vm.Closure), args[1].Ptr()
	child := f.M.SpawnJoinable(f, c)
	if slot != nil {
		*slot = vm.Value{R: child}
	}
	res[0] = vm.Value{R: child}
}

func fiberJoinStatus(f *vm.Fiber, args, res []vm.Value) {
	if f.ResumingAPI() && f.Interrupted() {
		res[0] = vm.Int(joinCancelled)
		return
	}
	var st vm.EndStatus
	var done bool
	if r := remoteOrNil(args[0]); r != nil {
		st, done = f.M.JoinRemote(f, r)
	} else {
		st, done = f.M.Join(f, fiberHandle(args[0]))
	}
	if done {
		res[0] = vm.Int(int64(st))
	}
}

func fiberJoinValue(f *vm.Fiber, args, res []vm.Value) {
	if r := remoteOrNil(args[0]); r != nil {
		_, res[0], _, _, _ = r.End()
		return
	}
	t := fiberHandle(args[0])
	res[0] = vm.Value{}
	if r := t.Result(); len(r) > 0 {
		res[0] = r[0]
	}
}

func fiberJoinPanic(f *vm.Fiber, args, res []vm.Value) {
	if r := remoteOrNil(args[0]); r != nil {
		_, _, val, stack, _ := r.End()
		res[0], res[1] = val, vm.Str(stack)
		return
	}
	t := fiberHandle(args[0])
	_, val, stack, _ := t.End()
	res[0], res[1] = val, vm.Str(stack)
}

func fiberJoinOverflow(f *vm.Fiber, args, res []vm.Value) {
	var req int64
	if r := remoteOrNil(args[0]); r != nil {
		_, _, _, _, req = r.End()
	} else {
		_, _, _, req = fiberHandle(args[0]).End()
	}
	res[0], res[1] = vm.Int(int64(f.M.Config.MaxStack)), vm.Int(req)
}

func fiberDetach(f *vm.Fiber, args, res []vm.Value) {
	if r := remoteOrNil(args[0]); r != nil {
		f.M.DetachRemote(r)
		return
	}
	f.M.Detach(fiberHandle(args[0]))
}

func fiberCancel(f *vm.Fiber, args, res []vm.Value) {
	if r := remoteOrNil(args[0]); r != nil {
		f.M.CancelRemote(r)
		return
	}
	f.M.Cancel(fiberHandle(args[0]))
}

func fiberIDOf(f *vm.Fiber, args, res []vm.Value) {
	if r := remoteOrNil(args[0]); r != nil {
		res[0] = vm.Int(r.ID())
		return
	}
	res[0] = vm.Int(fiberHandle(args[0]).ID)
}

func fiberOnCancelled(f *vm.Fiber, args, res []vm.Value) {
	f.OnCancelled(args[0].R.(*vm.Closure))
}

func fiberYield(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		return
	}
	f.Park("yield")
	f.Wake(vm.Value{}, true)
}

func fiberCurrentID(f *vm.Fiber, args, res []vm.Value) { res[0] = vm.Int(f.ID) }

func fiberProcessorCount(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(f.M.ProcessorCount()))
}

func fiberSetProcessorCount(f *vm.Fiber, args, res []vm.Value) {
	n := int(args[0].Int())
	res[0] = vm.Int(int64(f.M.SetProcessorCount(n)))
}

func fiberNowMillis(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(f.M.Now().Milliseconds())
}

func fiberReusePort(f *vm.Fiber, args, res []vm.Value) {
	d := stateOf(f.M)
	if args[0].Bool() {
		d.reusePort = f
	} else if d.reusePort == f {
		d.reusePort = nil
	}
}

// fiberThreadID is the shard's first thread: a shard moves to another
// thread while a callback from host code blocks (internal/vm/handoff.go),
// and its id stays the shard's.
func fiberThreadID(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(f.M.ThreadID()))
}

func fiberChanNew(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Value{R: &fiberChan{capacity: int(args[0].Int()), zero: args[1]}}
}

func fiberSetErrors(f *vm.Fiber, args, res []vm.Value) {
	d := stateOf(f.M)
	d.errClosed, d.errCancelled = args[0], args[1]
}

func channelSend(f *vm.Fiber, args, res []vm.Value) {
	c, v := recvHandle[*fiberChan](args[0]), args[1]
	if f.ResumingAPI() {
		_, ok := f.Xfer()
		switch {
		case f.Interrupted():
			res[0] = chanErr(f, chCancelled)
		case !ok:
			res[0] = chanErr(f, chClosed)
		default:
			res[0] = vm.Value{}
		}
		return
	}
	if c.closed {
		res[0] = chanErr(f, chClosed)
		return
	}
	if c.trySend(v) {
		res[0] = vm.Value{}
		return
	}
	f.ParkUnlink("fiber channel send", nil)
	c.sendq = append(c.sendq, sendWaiter{tok: f.Token(), v: v})
}

func channelReceive(f *vm.Fiber, args, res []vm.Value) {
	c := recvHandle[*fiberChan](args[0])
	if f.ResumingAPI() {
		v, ok := f.Xfer()
		switch {
		case f.Interrupted():
			res[0], res[1] = c.zero, chanErr(f, chCancelled)
		case !ok:
			res[0], res[1] = c.zero, chanErr(f, chClosed)
		default:
			res[0], res[1] = v, vm.Value{}
		}
		return
	}
	if v, ok := c.take(); ok {
		res[0], res[1] = v, vm.Value{}
		return
	}
	if c.closed {
		res[0], res[1] = c.zero, chanErr(f, chClosed)
		return
	}
	f.ParkUnlink("fiber channel receive", nil)
	c.recvq = append(c.recvq, recvWaiter{tok: f.Token()})
}

func channelTrySend(f *vm.Fiber, args, res []vm.Value) {
	c, v := recvHandle[*fiberChan](args[0]), args[1]
	res[0] = vm.Bool(!c.closed && c.trySend(v))
}

func channelTryReceive(f *vm.Fiber, args, res []vm.Value) {
	c := recvHandle[*fiberChan](args[0])
	if v, ok := c.take(); ok {
		res[0], res[1] = v, vm.Bool(true)
		return
	}
	res[0], res[1] = c.zero, vm.Bool(false)
}

func fiberChanClose(f *vm.Fiber, args, res []vm.Value) {
	handle[*fiberChan](args[0]).close()
}

func fiberChanLen(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(handle[*fiberChan](args[0]).len()))
}

func fiberHubNew(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Value{R: &fiberHub{}}
}

func fiberHubRegister(f *vm.Fiber, args, res []vm.Value) {
	h, c := handle[*fiberHub](args[0]), handle[*fiberChan](args[1])
	h.chans = append(h.chans, c)
	res[0] = vm.Int(int64(len(h.chans) - 1))
}

func fiberHubRecv(f *vm.Fiber, args, res []vm.Value) {
	h := handle[*fiberHub](args[0])
	slot, _ := f.HostState().(*hubSlot)
	if f.ResumingAPI() {
		f.SetHostState(nil)
		if f.Interrupted() {
			res[0], res[1], res[2] = vm.Int(-1), vm.Value{}, vm.Int(chCancelled)
			return
		}
		if slot != nil && slot.delivered {
			h.next = (slot.idx + 1) % len(h.chans)
			res[0], res[1], res[2] = vm.Int(int64(slot.idx)), slot.v, vm.Int(chOK)
			return
		}
		// Woken by a close: look again.
	}
	n := len(h.chans)
	open := 0
	for k := 0; k < n; k++ {
		i := (h.next + k) % n
		c := h.chans[i]
		if v, ok := c.take(); ok {
			h.next = (i + 1) % n
			res[0], res[1], res[2] = vm.Int(int64(i)), v, vm.Int(chOK)
			return
		}
		if !c.closed {
			open++
		}
	}
	if open == 0 {
		res[0], res[1], res[2] = vm.Int(-1), vm.Value{}, vm.Int(chClosed)
		return
	}
	slot = &hubSlot{}
	f.ParkUnlink("fiber hub receive", nil)
	f.SetHostState(slot)
	tok := f.Token()
	for i, c := range h.chans {
		if !c.closed {
			c.recvq = append(c.recvq, recvWaiter{tok: tok, slot: slot, idx: i})
		}
	}
}
