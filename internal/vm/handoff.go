package vm

import (
	"runtime"

	"golang.org/x/sys/unix"
)

// Hand-off: a fiber blocking inside a callback from host code.
//
// Host code that calls back into the guest (fmt calling a String method,
// sort calling a comparison, fmt.Fscan calling a Read method) runs on the
// Go stack of the goroutine that runs the shard: the host function's
// frames sit below the callback's CallGuest loop. When the callback
// parks (it locks a contended mutex, receives from a channel, reads from
// a pipe), or spends its budget while other fibers wait, those frames
// cannot be moved off the stack, so the goroutine stays with them
// (holdFor) and the shard's scheduler loop moves to another goroutine,
// as Go's runtime hands a P off from a thread blocked in a system call.
// When the scheduler next picks the fiber, it hands the shard back to the
// goroutine holding its frames (resumeHolder) and waits; that goroutine
// runs the fiber, and any fiber after it, until the fiber parks in a
// callback again (holdFor: back to the waiting scheduler) or its slice
// returns to the scheduler level, where the goroutine finds it is not the
// shard's scheduler and hands the shard back (retire).
//
// Exactly one goroutine runs the shard at a time (m.thr): the hand-offs
// are channel sends, so each goroutine sees everything the one before it
// did. A goroutine running the shard is locked to an OS thread (pinned
// like the shard's first when Config asks); one waiting with a fiber's
// frames gives its thread back, so that ten thousand fibers blocked in
// String methods cost goroutines, not threads. The thread id host code
// checks (onThread) is therefore the running goroutine's; Machine.ThreadID
// stays the first thread's.
//
// Nothing is lost at exit: the goroutine whose scheduler loop sees the
// run end wakes every goroutine holding a fiber's frames, one at a time,
// and each unwinds its host frames (an exitSignal panic, no guest code
// runs) and hands back; the shard's first goroutine, which holds Run's
// own frames, is woken last and finishes the run.
//
// Hand-off costs a goroutine switch each way and a new goroutine (and
// thread) the first time a scheduler loop gives its goroutine up; a
// callback that does not block costs nothing more than before.

// A shardThread is one goroutine that can run a shard.
type shardThread struct {
	wake chan wakeMsg // a buffered channel of one: the shard is handed here
	tid  int          // its OS thread
	root bool         // the shard's first goroutine (Run's, runShard's)
	// hostStack is m.hostStack while another goroutine runs the shard:
	// the host stack this goroutine's frames hold (EnterHost).
	hostStack int
}

type wakeMsg uint8

const (
	wakeRun  wakeMsg = iota // run the fiber whose frames you hold (resumeHolder)
	wakeDone                // the fiber you handed over has run: the slice is filed
	wakeExit                // the run ended: unwind and hand back
)

func newShardThread(root bool) *shardThread {
	return &shardThread{wake: make(chan wakeMsg, 1), tid: unix.Gettid(), root: root}
}

// take makes me the goroutine running the shard.
func (m *Machine) take(me *shardThread) {
	m.thr = me
	m.hostStack = me.hostStack
	m.enterThread()
}

// handTo gives the shard to t with msg; the caller touches the machine
// no more until it is handed the shard back.
func (m *Machine) handTo(t *shardThread, msg wakeMsg) {
	me := m.thr
	me.hostStack = m.hostStack
	m.leaveThread()
	m.thr = nil
	t.wake <- msg
}

// await blocks until the shard is handed to me.
func (m *Machine) await(me *shardThread) wakeMsg {
	msg := <-me.wake
	m.take(me)
	return msg
}

// canHold reports whether the callback f runs in (CallGuest) may park or
// yield to other fibers: it runs in a slice of a shard's scheduler loop,
// not while a dying fiber's panic value is printed (panicText).
func (m *Machine) canHold(f *Fiber) bool {
	return m.thr != nil && m.cur == f && m.noHold == 0
}

// holdFor keeps the calling goroutine, which holds the host frames of f's
// callback, until the scheduler picks f again (f parked in the callback,
// or is queued after spending its budget): the shard's scheduler goes on
// in another goroutine. It returns with f running; if the run ended
// meanwhile it unwinds the host frames (exitSignal) instead.
func (m *Machine) holdFor(f *Fiber) {
	me := m.thr
	if m.trace != nil {
		m.traceSliceEnd(f, m.traceStart, stPark) // its slice ends here
	}
	// The frames stay on this goroutine's stack: the memory limit counts
	// them while they wait.
	held := m.holdStack()
	f.ensureExt().holder = me
	m.holders = append(m.holders, me)
	m.cur = nil
	if m.active == me {
		// This goroutine was the scheduler: a new one takes over.
		n := &shardThread{wake: make(chan wakeMsg, 1)}
		m.active = n
		m.handTo(n, wakeRun)
		go m.runThread(n)
	} else {
		// A holder resumed by the scheduler, which waits for the slice:
		// filed (f is parked or queued).
		m.handTo(m.active, wakeDone)
	}
	// Waiting, the goroutine needs no thread of its own: its thread goes
	// back to the host (unpinned), so that fibers blocked in callbacks
	// cost goroutines, not threads.
	m.unpinHere()
	runtime.UnlockOSThread()
	msg := <-me.wake
	runtime.LockOSThread()
	me.tid = unix.Gettid()
	m.pinHere()
	m.take(me)
	m.heldStack -= held
	if msg == wakeExit {
		m.cur = f
		panic(&exitSignal{m.exitCode})
	}
}

// pinHere pins the calling thread as the shard's first was (Config's
// Pin); unpinHere gives it the affinity that thread had before.
func (m *Machine) pinHere() {
	if m.unpinned != nil {
		var set unix.CPUSet
		set.Set(nthCPU(m.unpinned, m.pinCPU%m.unpinned.Count()))
		_ = unix.SchedSetaffinity(0, &set)
	}
}

func (m *Machine) unpinHere() {
	if m.unpinned != nil {
		_ = unix.SchedSetaffinity(0, m.unpinned)
	}
}

// runThread is the life of a scheduler goroutine started by holdFor.
func (m *Machine) runThread(me *shardThread) {
	// Locked for good: the thread ends with the goroutine, and with it
	// any affinity set here.
	runtime.LockOSThread()
	me.tid = unix.Gettid()
	m.await(me)
	m.pinHere()
	m.schedule()
}

// resumeHolder hands the shard to the goroutine holding f's host frames
// and waits until the slice it runs there is filed.
func (m *Machine) resumeHolder(f *Fiber) {
	h := f.ext.holder
	f.ext.holder = nil
	for i, x := range m.holders {
		if x == h {
			m.holders = append(m.holders[:i], m.holders[i+1:]...)
			break
		}
	}
	me := m.thr
	m.cur = f
	m.handTo(h, wakeRun)
	m.await(me) // wakeDone
	m.cur = nil
}

// held reports whether f's host frames are held by a goroutine waiting
// for it (holdFor).
func (f *Fiber) held() bool { return f.ext != nil && f.ext.holder != nil }

// retire ends the scheduler loop of the goroutine me: the run ended, or
// me held a fiber's frames and its slice is over while another goroutine
// is the shard's scheduler. It returns when me's caller may return: for
// the shard's first goroutine, once the run is over and every other
// goroutine gone; for another, when it must end.
func (m *Machine) retire() {
	me := m.thr
	if m.active == nil {
		return // the run is over and handed back to the first goroutine
	}
	if m.active != me {
		// Surplus: the scheduler waits for the slice it handed over.
		m.handTo(m.active, wakeDone)
		if me.root {
			m.await(me) // wakeExit, when the run ends
		}
		return
	}
	// The run is over (m.exited): every goroutine holding frames unwinds
	// them and hands back, the first goroutine last.
	for len(m.holders) > 0 {
		h := m.holders[len(m.holders)-1]
		m.holders = m.holders[:len(m.holders)-1]
		if h.root {
			continue
		}
		m.handTo(h, wakeExit)
		m.await(me)
	}
	m.active = nil
	if !me.root {
		m.handTo(m.root, wakeExit)
	}
}
