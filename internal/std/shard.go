package std

import (
	"sync"

	"spindle/internal/vm"
)

// Host side of the guest fiber package's cross-shard surface
// (_std/fiber/shard.go): SpawnOn, shard queries, and Shared channels.
//
// A Shared channel is the one guest object several shards reference at
// once, so unlike everything else in this package it takes a lock. Values
// are deep-copied (vm.CopyValue) by the sender on its own thread before
// they enter the buffer; whoever receives a value owns it. Parked fibers
// are recorded by park token; a waker on another shard sends the wake to
// the parked fiber's shard (Machine.SendTo), where the token is checked.
// A woken fiber re-runs its operation (the buffer is the only place values
// live), so a wake that finds its fiber gone (cancelled meanwhile) loses
// nothing: it passes the wake on to the next waiter.

type sharedChan struct {
	mu              sync.Mutex
	queue[vm.Value]          // the buffer
	zero            vm.Value // the element type's zero value, made by the creating shard
	capacity        int      // < 0: unbounded
	closed          bool
	recvq           []vm.Token
	sendq           []vm.Token
}

// ShareAcrossShards marks the channel as referenced, not copied, when a
// value holding it crosses shards.
func (*sharedChan) ShareAcrossShards() {}

// zeroValue returns a copy of the element type's zero value for the
// calling shard (a Receive that fails returns it).
func (c *sharedChan) zeroValue() vm.Value { return copyOrPanic(c.zero) }

func (c *sharedChan) full() bool { return c.capacity >= 0 && c.len() >= c.capacity }

// popTok removes the first token of q; c.mu is held.
func popTok(q *[]vm.Token) (vm.Token, bool) {
	if len(*q) == 0 {
		return vm.Token{}, false
	}
	t := (*q)[0]
	(*q)[0] = vm.Token{}
	*q = (*q)[1:]
	return t, true
}

// removeTok removes t from q; c.mu is held.
func removeTok(q *[]vm.Token, t vm.Token) {
	for i, x := range *q {
		if x == t {
			*q = append((*q)[:i], (*q)[i+1:]...)
			return
		}
	}
}

// wake wakes the fiber parked with t, from machine from: directly when it
// is on from's shard, else through its shard's inbox. If the park is gone
// by then, the wake passes to the next waiter of the same queue.
func (c *sharedChan) wake(from *vm.Machine, t vm.Token, recv bool) {
	target := t.Machine()
	if target == from {
		if !t.Wake(vm.Value{}, true) {
			c.passOn(from, recv)
		}
		return
	}
	from.SendTo(target, func() {
		if !t.Wake(vm.Value{}, true) {
			c.passOn(target, recv)
		}
	})
}

// passOn wakes the next receiver (recv) or sender if the channel still has
// something for it.
func (c *sharedChan) passOn(m *vm.Machine, recv bool) {
	c.mu.Lock()
	var t vm.Token
	var ok bool
	if recv && (c.len() > 0 || c.closed) {
		t, ok = popTok(&c.recvq)
	} else if !recv && (!c.full() || c.closed) {
		t, ok = popTok(&c.sendq)
	}
	c.mu.Unlock()
	if ok {
		c.wake(m, t, recv)
	}
}

// parkOn queues f in q of c (c.mu held), releases c.mu, then parks f; a
// cancellation takes it out of q again. The park comes after the unlock
// because parking an already cancelled fiber runs the unlink at once;
// wakes reach f through its own shard's inbox, so none can run between.
func (c *sharedChan) parkOn(f *vm.Fiber, q *[]vm.Token, reason string) {
	t := f.NextToken()
	*q = append(*q, t)
	c.mu.Unlock()
	f.ParkUnlink(reason, func() {
		c.mu.Lock()
		removeTok(q, t)
		c.mu.Unlock()
	})
}

func copyOrPanic(v vm.Value) vm.Value {
	c, err := vm.CopyValue(v)
	if err != nil {
		panic(vm.PlainError(err.Error()))
	}
	return c
}

func remoteOrNil(v vm.Value) *vm.RemoteFiber {
	r, _ := v.R.(*vm.RemoteFiber)
	return r
}

var shardFuncs = hostTable{
	"fiber.fiber_shard_count": fiberShardCount,
	"fiber.fiber_shard_id":    fiberShardID,
	"fiber.fiber_spawn_on":    fiberSpawnOn,
	"fiber.fiber_shared_new":  fiberSharedNew,

	// The hot Shared methods are bound to the host directly: args[0] is
	// the *Shared[T] receiver.
	"(*fiber.Shared[T]).Send":            sharedSend,
	"(*fiber.Shared[T]).Receive":         sharedReceive,
	"(*fiber.Shared[T]).ReceiveMany":     sharedReceiveMany,
	"(*fiber.Shared[T]).TrySend":         sharedTrySend,
	"fiber.fiber_shared_try_send_status": fiberSharedTrySendStatus,
	"(*fiber.Shared[T]).TryReceive":      sharedTryReceive,
	"fiber.fiber_shared_close":           fiberSharedClose,
	"fiber.fiber_shared_len":             fiberSharedLen,

	"fiber.fiber_shard_place":     fiberShardPlace,
	"fiber.fiber_stack":           fiberStack,
	"fiber.fiber_actor_watch_new": fiberActorWatchNew,
	"fiber.fiber_actor_watch":     fiberActorWatch,
	"fiber.fiber_actor_exit":      fiberActorExit,
}

func fiberShardCount(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(f.M.ProcessorCount()))
}

func fiberShardID(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(f.M.ShardIndex()))
}

func fiberSpawnOn(f *vm.Fiber, args, res []vm.Value) {
	c := args[1].R.(*vm.Closure)
	res[0] = vm.Value{R: f.M.SpawnOn(f, int(args[0].Int()), c, args[2])}
}

func fiberSharedNew(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Value{R: &sharedChan{capacity: int(args[0].Int()), zero: args[1]}}
}

func sharedSend(f *vm.Fiber, args, res []vm.Value) {
	c := recvHandle[*sharedChan](args[0])
	if f.ResumingAPI() && f.Interrupted() {
		res[0] = chanErr(f, chCancelled)
		return
	}
	if st := c.offer(f.M, copyOrPanic(args[1]), f); st != chFull {
		res[0] = chanErr(f, st)
	}
}

func sharedReceive(f *vm.Fiber, args, res []vm.Value) {
	c := recvHandle[*sharedChan](args[0])
	if f.ResumingAPI() && f.Interrupted() {
		res[0], res[1] = c.zeroValue(), chanErr(f, chCancelled)
		return
	}
	c.mu.Lock()
	if c.len() > 0 {
		res[0], res[1] = c.take1Locked(f.M), vm.Value{}
		return
	}
	if c.closed {
		c.mu.Unlock()
		res[0], res[1] = c.zeroValue(), chanErr(f, chClosed)
		return
	}
	c.parkOn(f, &c.recvq, "fiber shared receive")
}

// ReceiveMany(buf) (n, err): up to len(buf) values into buf under one
// lock, parking while the channel is empty.
func sharedReceiveMany(f *vm.Fiber, args, res []vm.Value) {
	c := recvHandle[*sharedChan](args[0])
	if f.ResumingAPI() && f.Interrupted() {
		res[0], res[1] = vm.Int(0), chanErr(f, chCancelled)
		return
	}
	// buf is a []T: packed (vm.Type.Packed) for T of kind bool, int8 or
	// uint8 (one byte per value) or of kind int, int64, uint, uint64 or
	// float64 (one word per value, its Value.N).
	buf, bs, ws := args[1].Slice(), args[1].Bytes(), args[1].Words()
	room := len(buf) + len(bs) + len(ws) // at most one is not empty
	c.mu.Lock()
	if n := min(c.len(), room); n > 0 {
		for i := range n {
			v, _ := c.pop()
			switch {
			case bs != nil:
				bs[i] = byte(v.N)
			case ws != nil:
				ws[i] = v.N
			default:
				buf[i] = v
			}
		}
		var tsa [16]vm.Token
		ts := tsa[:0]
		for range n {
			t, ok := popTok(&c.sendq)
			if !ok {
				break
			}
			ts = append(ts, t)
		}
		c.mu.Unlock()
		for _, t := range ts {
			c.wake(f.M, t, false)
		}
		res[0], res[1] = vm.Int(int64(n)), vm.Value{}
		return
	}
	if c.closed || room <= 0 {
		c.mu.Unlock()
		st := chClosed
		if !c.closed {
			st = chOK
		}
		res[0], res[1] = vm.Int(0), chanErr(f, st)
		return
	}
	c.parkOn(f, &c.recvq, "fiber shared receive")
}

func sharedTrySend(f *vm.Fiber, args, res []vm.Value) {
	c := recvHandle[*sharedChan](args[0])
	res[0] = vm.Bool(c.offer(f.M, copyOrPanic(args[1]), nil) == chOK)
}

func fiberSharedTrySendStatus(f *vm.Fiber, args, res []vm.Value) {
	c := handle[*sharedChan](args[0])
	res[0] = vm.Int(int64(c.offer(f.M, copyOrPanic(args[1]), nil)))
}

func sharedTryReceive(f *vm.Fiber, args, res []vm.Value) {
	c := recvHandle[*sharedChan](args[0])
	c.mu.Lock()
	if c.len() == 0 {
		c.mu.Unlock()
		res[0], res[1] = c.zeroValue(), vm.Bool(false)
		return
	}
	res[0], res[1] = c.take1Locked(f.M), vm.Bool(true)
}

func fiberSharedClose(f *vm.Fiber, args, res []vm.Value) {
	handle[*sharedChan](args[0]).close(f.M)
}

func fiberSharedLen(f *vm.Fiber, args, res []vm.Value) {
	c := handle[*sharedChan](args[0])
	c.mu.Lock()
	res[0] = vm.Int(int64(c.len()))
	c.mu.Unlock()
}

// chFull is fiber_shared_try_send_status's report for a full channel (3,
// leaving 2 to chCancelled).
const chFull = 3

// Actors (_std/fiber/actor.go) are guest code over SpawnOn and Shared
// channels; the host adds the one object they need that several shards
// update: an actor's exit record with its monitors.
//
// actorWatch records how an actor ended and the Shared channels of its
// monitors. exit is a copy made when the actor ended and is never mutated
// afterwards, so any shard may copy it again (once per monitor: the
// receivers may be on different shards).
type actorWatch struct {
	mu       sync.Mutex
	dead     bool
	exit     vm.Value
	watchers []*sharedChan
}

// ShareAcrossShards marks the record as referenced, not copied, when an
// actor handle crosses shards.
func (*actorWatch) ShareAcrossShards() {}

// notify delivers a copy of the exit record to c, from machine from, and
// closes c: a monitor receives exactly one exit.
func (w *actorWatch) notify(from *vm.Machine, c *sharedChan) {
	c.offer(from, copyOrPanic(w.exit), nil)
	c.close(from)
}

// fiberShardPlace resolves a placement request (AnyShard: the next
// shard round-robin) to a shard index, as SpawnOn would.
func fiberShardPlace(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(f.M.Group().Place(int(args[0].Int()))))
}

// fiberStack returns the calling fiber's traceback (in a deferred
// call during a panic: the frames the panic unwinds).
func fiberStack(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(f.Stack())
}

func fiberActorWatchNew(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Value{R: &actorWatch{}}
}

// fiberActorWatch adds a monitor channel; it is notified at once if
// the actor has already ended.
func fiberActorWatch(f *vm.Fiber, args, res []vm.Value) {
	w, c := handle[*actorWatch](args[0]), handle[*sharedChan](args[1])
	w.mu.Lock()
	if !w.dead {
		w.watchers = append(w.watchers, c)
		w.mu.Unlock()
		return
	}
	w.mu.Unlock()
	w.notify(f.M, c)
}

// fiberActorExit records the actor's exit (the first call wins) and
// notifies every monitor. It returns "" or, when the exit value cannot
// cross shards, the reason (nothing is recorded then).
func fiberActorExit(f *vm.Fiber, args, res []vm.Value) {
	w := handle[*actorWatch](args[0])
	v, err := vm.CopyValue(args[1])
	if err != nil {
		res[0] = vm.Str(err.Error())
		return
	}
	res[0] = vm.Str("")
	w.mu.Lock()
	if w.dead {
		w.mu.Unlock()
		return
	}
	w.dead, w.exit = true, v
	ws := w.watchers
	w.watchers = nil
	w.mu.Unlock()
	for _, c := range ws {
		w.notify(f.M, c)
	}
}

// offer puts v (already copied) into c if c is open and has room, waking
// the first parked receiver, from machine from. It returns chOK, chClosed
// or chFull; when full, park (if not nil) is parked in c's send queue.
func (c *sharedChan) offer(from *vm.Machine, v vm.Value, park *vm.Fiber) int {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return chClosed
	}
	if c.full() {
		if park != nil {
			c.parkOn(park, &c.sendq, "fiber shared send")
		} else {
			c.mu.Unlock()
		}
		return chFull
	}
	c.push(v)
	t, ok := popTok(&c.recvq)
	c.mu.Unlock()
	if ok {
		c.wake(from, t, true)
	}
	return chOK
}

// take1Locked pops the first buffered value (c.mu held, c not empty),
// releases c.mu and wakes the first parked sender, from machine from.
func (c *sharedChan) take1Locked(from *vm.Machine) vm.Value {
	v, _ := c.pop()
	t, ok := popTok(&c.sendq)
	c.mu.Unlock()
	if ok {
		c.wake(from, t, false)
	}
	return v
}

// close closes c (idempotent) and wakes every parked fiber, from machine
// from: receivers drain what is buffered, then see the channel closed.
func (c *sharedChan) close(from *vm.Machine) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.closed = true
	rq, sq := c.recvq, c.sendq
	c.recvq, c.sendq = nil, nil
	c.mu.Unlock()
	for _, t := range rq {
		c.wake(from, t, true)
	}
	for _, t := range sq {
		c.wake(from, t, false)
	}
}
