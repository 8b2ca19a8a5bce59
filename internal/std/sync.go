package std

import (
	"spindle/internal/vm"
)

// Host side of the guest sync package. Every fiber of a machine runs on
// one OS thread, so the state here needs no locks: a primitive's fields
// live in the guest struct (a pointer to it is a *vm.Value whose R is the
// []vm.Value of fields) and its wait queue is a host object stored in an
// `any` field of that struct.

// fifo is a queue of parked fibers, by park token: a fiber whose park was
// interrupted (cancelled) is skipped when its turn comes.
type fifo struct {
	queue[vm.Token]
}

// park parks f in the queue.
func (w *fifo) park(f *vm.Fiber, reason string) {
	f.Park(reason)
	w.push(f.Token())
}

// wakeOne wakes the first fiber still waiting; it reports whether there
// was one.
func (w *fifo) wakeOne() bool {
	for {
		t, ok := w.pop()
		if !ok {
			return false
		}
		if t.Wake(vm.Value{}, true) {
			return true
		}
	}
}

// wakeAll wakes every fiber of w in order and returns how many it woke.
func (w *fifo) wakeAll() int {
	n := 0
	for t, ok := w.pop(); ok; t, ok = w.pop() {
		if t.Wake(vm.Value{}, true) {
			n++
		}
	}
	return n
}

var errNilDeref = "invalid memory address or nil pointer dereference"

// structFields returns the fields of the guest struct that pointer p
// points to (n fields), panicking like Go on a nil pointer.
func structFields(p vm.Value, n int) []vm.Value {
	v := p.Ptr()
	if v == nil {
		panic(vm.RuntimeError(errNilDeref))
	}
	fs := v.Slice()
	if len(fs) < n {
		panic(vm.Fatal("BUG: sync: struct with too few fields"))
	}
	return fs
}

// fifoAt returns the host queue stored in slot, creating it.
func fifoAt(slot *vm.Value) *fifo {
	if q, ok := slot.R.(*fifo); ok {
		return q
	}
	q := &fifo{}
	slot.R = q
	return q
}

// rwState holds an RWMutex's waiting writers and readers.
type rwState struct {
	writers, readers fifo
}

func rwStateAt(slot *vm.Value) *rwState {
	if s, ok := slot.R.(*rwState); ok {
		return s
	}
	s := &rwState{}
	slot.R = s
	return s
}

// notifyWaiter is a fiber parked in Cond.Wait with its ticket.
type notifyWaiter struct {
	tok    vm.Token
	ticket uint32
}

type notifyQueue struct {
	ws []notifyWaiter
}

func notifyQueueAt(slot *vm.Value) *notifyQueue {
	if q, ok := slot.R.(*notifyQueue); ok {
		return q
	}
	q := &notifyQueue{}
	slot.R = q
	return q
}

// Guest struct layouts (see _std/sync/mutex.go):
//
//	Mutex      {_ noCopy; mu {state int32; sema uint32}}
//	RWMutex    {w Mutex; writerSem, readerSem uint32; readerCount, readerWait {_ noCopy; v int32}}
//	WaitGroup  {noCopy; state {_ noCopy; _ align64; v uint64}; sema uint32}
//	notifyList {wait, notify, sema uint32}
//
// A host wait queue lives in the R slot of the "sema" field's value.
const (
	nlWait   = 0
	nlNotify = 1
	nlQueue  = 2
)

// mutexWords returns the lock word and queue slot of the guest Mutex at
// pointer p.
func mutexWords(p vm.Value) (state, sema *vm.Value) {
	mu := structFields(p, 2)[1].Slice()
	return &mu[0], &mu[1]
}

// rwWords returns the writer lock word, queue slot and reader count of
// the guest RWMutex at pointer p.
func rwWords(p vm.Value) (writer, sema, readers *vm.Value) {
	fs := structFields(p, 5)
	mu := fs[0].Slice()[1].Slice()
	return &mu[0], &mu[1], &fs[3].Slice()[1]
}

var syncFuncs = hostTable{
	"(*sync.Mutex).Lock":       mutexLock,
	"(*sync.Mutex).TryLock":    mutexTryLock,
	"(*sync.Mutex).Unlock":     mutexUnlock,
	"(*sync.RWMutex).Lock":     rwMutexLock,
	"(*sync.RWMutex).TryLock":  rwMutexTryLock,
	"(*sync.RWMutex).Unlock":   rwMutexUnlock,
	"(*sync.RWMutex).RLock":    rwMutexRLock,
	"(*sync.RWMutex).TryRLock": rwMutexTryRLock,
	"(*sync.RWMutex).RUnlock":  rwMutexRUnlock,
	"sync.wgAdd":               syncWgAdd,
	"(*sync.WaitGroup).Wait":   waitGroupWait,
	"sync.notifyListAdd":       syncNotifyListAdd,
	"sync.notifyListWait":      syncNotifyListWait,
	"sync.notifyListNotifyOne": syncNotifyListNotifyOne,
	"sync.notifyListNotifyAll": syncNotifyListNotifyAll,
}

func mutexLock(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		return // Unlock handed the lock over
	}
	state, sema := mutexWords(args[0])
	if state.N == 0 {
		state.N = 1
		return
	}
	q := fifoAt(sema)
	q.park(f, "sync.Mutex.Lock")
}

func mutexTryLock(f *vm.Fiber, args, res []vm.Value) {
	state, _ := mutexWords(args[0])
	ok := state.N == 0
	if ok {
		state.N = 1
	}
	res[0] = vm.Bool(ok)
}

func mutexUnlock(f *vm.Fiber, args, res []vm.Value) {
	state, sema := mutexWords(args[0])
	if state.N == 0 {
		panic(vm.Fatal("sync: unlock of unlocked mutex"))
	}
	if q, ok := sema.R.(*fifo); ok && q.wakeOne() {
		return // the lock stays held, now by the woken fiber
	}
	state.N = 0
}

func rwMutexLock(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		return
	}
	writer, sema, readers := rwWords(args[0])
	if writer.N == 0 && readers.N == 0 {
		writer.N = 1
		return
	}
	s := rwStateAt(sema)
	s.writers.park(f, "sync.RWMutex.Lock")
}

func rwMutexTryLock(f *vm.Fiber, args, res []vm.Value) {
	writer, _, readers := rwWords(args[0])
	ok := writer.N == 0 && readers.N == 0
	if ok {
		writer.N = 1
	}
	res[0] = vm.Bool(ok)
}

func rwMutexUnlock(f *vm.Fiber, args, res []vm.Value) {
	writer, sema, readers := rwWords(args[0])
	if writer.N == 0 {
		panic(vm.Fatal("sync: Unlock of unlocked RWMutex"))
	}
	writer.N = 0
	s, ok := sema.R.(*rwState)
	if !ok {
		return
	}
	// Readers that waited for this writer go first; the next writer
	// waits for them.
	if n := s.readers.wakeAll(); n > 0 {
		readers.N = uint64(int64(int32(readers.N) + int32(n)))
		return
	}
	if s.writers.wakeOne() {
		writer.N = 1
	}
}

// rlockFree reports whether a reader may take the RWMutex now: no writer
// holds it and none is waiting.
func rlockFree(writer, sema *vm.Value) bool {
	s, _ := sema.R.(*rwState)
	return writer.N == 0 && (s == nil || s.writers.len() == 0)
}

func rwMutexRLock(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		return
	}
	writer, sema, readers := rwWords(args[0])
	if rlockFree(writer, sema) {
		readers.N = uint64(int64(int32(readers.N) + 1))
		return
	}
	s := rwStateAt(sema)
	s.readers.park(f, "sync.RWMutex.RLock")
}

func rwMutexTryRLock(f *vm.Fiber, args, res []vm.Value) {
	writer, sema, readers := rwWords(args[0])
	ok := rlockFree(writer, sema)
	if ok {
		readers.N = uint64(int64(int32(readers.N) + 1))
	}
	res[0] = vm.Bool(ok)
}

func rwMutexRUnlock(f *vm.Fiber, args, res []vm.Value) {
	writer, sema, readers := rwWords(args[0])
	if int32(readers.N) <= 0 {
		panic(vm.Fatal("sync: RUnlock of unlocked RWMutex"))
	}
	readers.N = uint64(int64(int32(readers.N) - 1))
	if readers.N != 0 {
		return
	}
	if s, ok := sema.R.(*rwState); ok && s.writers.wakeOne() {
		writer.N = 1
	}
}

func syncWgAdd(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 3)
	state := &fs[1].Slice()[2]
	st := state.N + uint64(args[1].Int())<<32
	state.N = st
	v := int32(st >> 32)
	if v < 0 {
		res[0] = vm.Bool(true)
		return
	}
	if v == 0 && uint32(st) != 0 {
		state.N = 0
		if q, ok := fs[2].R.(*fifo); ok {
			q.wakeAll()
		}
	}
	res[0] = vm.Bool(false)
}

func waitGroupWait(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		return
	}
	fs := structFields(args[0], 3)
	state := &fs[1].Slice()[2]
	if state.N>>32 == 0 {
		return
	}
	state.N++ // one more waiter
	q := fifoAt(&fs[2])
	q.park(f, "sync.WaitGroup.Wait")
}

func syncNotifyListAdd(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 3)
	t := uint32(fs[nlWait].N)
	fs[nlWait].N = uint64(t + 1)
	res[0] = vm.Uint(uint64(t))
}

func syncNotifyListWait(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		return
	}
	fs := structFields(args[0], 3)
	t := uint32(args[1].N)
	if int32(t-uint32(fs[nlNotify].N)) < 0 {
		return // already notified
	}
	q := notifyQueueAt(&fs[nlQueue])
	f.Park("sync.Cond.Wait")
	q.ws = append(q.ws, notifyWaiter{tok: f.Token(), ticket: t})
}

func syncNotifyListNotifyOne(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 3)
	q, _ := fs[nlQueue].R.(*notifyQueue)
	for {
		wait, notify := uint32(fs[nlWait].N), uint32(fs[nlNotify].N)
		if wait == notify {
			return
		}
		fs[nlNotify].N = uint64(notify + 1)
		if q == nil {
			return
		}
		// The waiter with this ticket may not be parked yet (it will
		// see the notification when it parks); if it was cancelled,
		// the signal goes to the next ticket.
		found := false
		for i, w := range q.ws {
			if w.ticket == notify {
				q.ws = append(q.ws[:i], q.ws[i+1:]...)
				if w.tok.Wake(vm.Value{}, true) {
					return
				}
				found = true
				break
			}
		}
		if !found {
			return
		}
	}
}

func syncNotifyListNotifyAll(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 3)
	fs[nlNotify].N = fs[nlWait].N
	q, ok := fs[nlQueue].R.(*notifyQueue)
	if !ok {
		return
	}
	ws := q.ws
	q.ws = nil
	for _, w := range ws {
		w.tok.Wake(vm.Value{}, true)
	}
}

var atomicFuncs = hostTable{
	"sync/atomic.sameType": atomicSameType,
}

func atomicSameType(f *vm.Fiber, args, res []vm.Value) {
	x, y := args[0].Iface(), args[1].Iface()
	res[0] = vm.Bool(x != nil && y != nil && x.T == y.T)
}
