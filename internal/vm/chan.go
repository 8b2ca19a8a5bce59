package vm

import "unsafe"

// Chan is a guest channel.
//
// Invariants (as in Go's chan.go):
//   - At least one of recvq and sendq is empty, except for a select that
//     waits to both send and receive on the same channel.
//   - A buffered channel with count > 0 has an empty recvq; with
//     count < cap, an empty sendq.
//
// A channel belongs to one machine (shard): only that machine's thread
// touches it, so there are no locks.
type Chan struct {
	elem   *Type
	buf    []Value // ring buffer of capacity cap
	head   int
	count  int
	closed bool
	recvq  waitq
	sendq  waitq
}

// sudog is a fiber waiting in a channel queue. A select puts one sudog per
// case in the channels' queues; when one fires, the others are removed.
type sudog struct {
	f        *Fiber
	c        *Chan
	val      Value // value to send
	caseIdx  int32 // select case index; -1 for a plain send/receive
	isSend   bool
	isSelect bool // one of a select's entries: f.ext.selPtrs holds them all
	// direct marks a plain send or receive parked by the dispatch loop
	// (sendSlow, recvSlow): the waker completes it, storing a received value in dst
	// (and the comma-ok result after it if okDst), and moves the fiber
	// past its instruction, so it resumes without re-executing it. A send
	// woken by Close is not direct: it re-executes to panic.
	direct     bool
	okDst      bool
	prev, next *sudog
	dst        *Value
}

type waitq struct{ first, last *sudog }

func (q *waitq) push(s *sudog) {
	s.next = nil
	s.prev = q.last
	if q.last == nil {
		q.first = s
	} else {
		q.last.next = s
	}
	q.last = s
}

func (q *waitq) remove(s *sudog) {
	if s.prev == nil {
		if q.first != s {
			return // not queued
		}
		q.first = s.next
	} else {
		s.prev.next = s.next
	}
	if s.next == nil {
		q.last = s.prev
	} else {
		s.next.prev = s.prev
	}
	s.prev, s.next = nil, nil
}

func (q *waitq) pop() *sudog {
	s := q.first
	if s != nil {
		q.remove(s)
		// A select's other cases leave their queues too.
		for _, o := range s.group() {
			if o != s {
				if o.isSend {
					o.c.sendq.remove(o)
				} else {
					o.c.recvq.remove(o)
				}
			}
		}
	}
	return s
}

func newChan(elem *Type, size int) *Chan {
	return &Chan{elem: elem, buf: make([]Value, size)}
}

// Len returns the number of buffered elements.
func (c *Chan) Len() int {
	if c == nil {
		return 0
	}
	return c.count
}

// Cap returns the buffer capacity.
func (c *Chan) Cap() int {
	if c == nil {
		return 0
	}
	return len(c.buf)
}

func (c *Chan) zero() Value { return c.elem.Zero() }

// completeDirect readies a fiber whose parked plain send or receive its
// waker has completed: it resumes past the channel instruction.
func (f *Fiber) completeDirect() {
	f.frames[len(f.frames)-1].pc++
	f.wakeDone()
}

// plainWait fills f's own wait entry (a fiber waits in one queue at a
// time) for a plain send of v (isSend) or receive on c.
func (f *Fiber) plainWait(c *Chan, isSend bool, v Value) *sudog {
	s := &f.sg
	s.f, s.c, s.val, s.caseIdx, s.isSend, s.isSelect = f, c, v, -1, isSend, false
	return s
}

// parkIn queues wait entry s in q and parks f.
func (f *Fiber) parkIn(s *sudog, q *waitq, reason string) {
	q.push(s)
	f.setFlag(fChanWait)
	f.Park(reason)
}

// wakeSudog completes a waiting fiber's operation.
func wakeSudog(s *sudog, v Value, ok bool) {
	f := s.f
	if s.direct && f.state == Parked && (ok || !s.isSend) {
		if !s.isSend {
			*s.dst = v
			if s.okDst {
				*(*Value)(unsafe.Add(unsafe.Pointer(s.dst), valueSize)) = Value{N: b2u(ok)}
			}
		}
		f.completeDirect()
		return
	}
	f.sg.caseIdx = s.caseIdx // a select's winning case (Wake keeps it)
	f.Wake(v, ok)
}

// chanSend sends v on c for fiber f; it reports false if f parked.
func (m *Machine) chanSend(f *Fiber, c *Chan, v Value) bool {
	if f.resume {
		f.resume = false
		f.CheckInterrupt()
		if !f.xok {
			panic(plainError("send on closed channel"))
		}
		return true
	}
	if c == nil {
		f.Park("chan send (nil chan)")
		return false
	}
	if c.closed {
		panic(plainError("send on closed channel"))
	}
	if c.elem.isAgg() {
		v = c.elem.Copy(v)
	}
	if r := c.recvq.pop(); r != nil {
		wakeSudog(r, v, true)
		return true
	}
	if c.count < len(c.buf) {
		i := c.head + c.count
		if i >= len(c.buf) {
			i -= len(c.buf)
		}
		c.buf[i] = v
		c.count++
		return true
	}
	f.parkIn(f.plainWait(c, true, v), &c.sendq, "chan send")
	return false
}

// chanRecv receives from c for fiber f; done is false if f parked.
func (m *Machine) chanRecv(f *Fiber, c *Chan) (v Value, ok, done bool) {
	if f.resume {
		f.resume = false
		f.CheckInterrupt()
		return f.sg.val, f.xok, true
	}
	if c == nil {
		f.Park("chan receive (nil chan)")
		return Value{}, false, false
	}
	if v, ok, done := c.tryRecv(); done {
		return v, ok, true
	}
	f.parkIn(f.plainWait(c, false, Value{}), &c.recvq, "chan receive")
	return Value{}, false, false
}

// tryRecv receives without parking if a value or close is available.
func (c *Chan) tryRecv() (v Value, ok, done bool) {
	if c.count > 0 {
		v = c.buf[c.head]
		c.buf[c.head] = Value{}
		c.head++
		if c.head == len(c.buf) {
			c.head = 0
		}
		c.count--
		if s := c.sendq.pop(); s != nil {
			i := c.head + c.count
			if i >= len(c.buf) {
				i -= len(c.buf)
			}
			c.buf[i] = s.val
			c.count++
			wakeSudog(s, Value{}, true)
		}
		return v, true, true
	}
	if s := c.sendq.pop(); s != nil {
		v = s.val
		wakeSudog(s, Value{}, true)
		return v, true, true
	}
	if c.closed {
		return c.zero(), false, true
	}
	return Value{}, false, false
}

// trySend sends without parking if a receiver or buffer space is ready.
func (c *Chan) trySend(v Value) bool {
	if r := c.recvq.pop(); r != nil {
		wakeSudog(r, v, true)
		return true
	}
	if c.count < len(c.buf) {
		i := c.head + c.count
		if i >= len(c.buf) {
			i -= len(c.buf)
		}
		c.buf[i] = v
		c.count++
		return true
	}
	return false
}

func (m *Machine) chanClose(c *Chan) {
	if c == nil {
		panic(plainError("close of nil channel"))
	}
	if c.closed {
		panic(plainError("close of closed channel"))
	}
	c.closed = true
	for s := c.recvq.pop(); s != nil; s = c.recvq.pop() {
		wakeSudog(s, c.zero(), false)
	}
	for s := c.sendq.pop(); s != nil; s = c.sendq.pop() {
		wakeSudog(s, Value{}, false)
	}
}

// selectOp runs a select statement; it reports false if f parked.
func (m *Machine) selectOp(f *Fiber, op *SelectOp, regs []Value, dst int32) bool {
	if f.resume {
		f.resume = false
		f.CheckInterrupt()
		i := int(f.sg.caseIdx)
		cs := &op.Cases[i]
		if cs.Send && !f.xok {
			panic(plainError("send on closed channel"))
		}
		m.selectResult(op, regs, dst, i, f.sg.val, f.xok)
		return true
	}
	// Poll the cases in a random order: the first ready one wins, which is
	// a uniform choice among the ready cases.
	n := len(op.Cases)
	start := 0
	if n > 1 {
		start = int(m.rand() % uint64(n))
	}
	for k := 0; k < n; k++ {
		i := start + k
		if i >= n {
			i -= n
		}
		cs := &op.Cases[i]
		c, _ := regs[cs.Chan].R.(*Chan)
		if c == nil {
			continue
		}
		if cs.Send {
			if c.closed {
				panic(plainError("send on closed channel"))
			}
			v := regs[cs.Val]
			if c.elem.isAgg() {
				v = c.elem.Copy(v)
			}
			if c.trySend(v) {
				m.selectResult(op, regs, dst, i, Value{}, false)
				return true
			}
		} else if v, ok, done := c.tryRecv(); done {
			m.selectResult(op, regs, dst, i, v, ok)
			return true
		}
	}
	if !op.Blocking {
		m.selectResult(op, regs, dst, -1, Value{}, false)
		return true
	}
	// The fiber's select buffers are reused from park to park.
	x := f.ensureExt()
	if cap(x.selBuf) < n {
		x.selBuf = make([]sudog, n)
		x.selPtrs = make([]*sudog, 0, n)
	}
	group := x.selPtrs[:0]
	for i := range op.Cases {
		cs := &op.Cases[i]
		c, _ := regs[cs.Chan].R.(*Chan)
		if c == nil {
			continue
		}
		s := &x.selBuf[len(group)]
		*s = sudog{f: f, c: c, caseIdx: int32(i), isSend: cs.Send}
		if cs.Send {
			s.val = regs[cs.Val]
			if c.elem.isAgg() {
				s.val = c.elem.Copy(s.val)
			}
			c.sendq.push(s)
		} else {
			c.recvq.push(s)
		}
		group = append(group, s)
	}
	x.selPtrs = group
	for _, s := range group {
		s.isSelect = true
	}
	if len(group) > 0 {
		f.setFlag(fSelectWait)
	}
	if len(group) == 0 {
		f.Park("select (no cases)")
	} else {
		f.Park("select")
	}
	return false
}

func (m *Machine) selectResult(op *SelectOp, regs []Value, dst int32, i int, v Value, ok bool) {
	regs[dst] = Int(int64(i))
	regs[dst+1] = Bool(ok)
	if i >= 0 && !op.Cases[i].Send {
		slot := 0
		for j := 0; j < i; j++ {
			if !op.Cases[j].Send {
				slot++
			}
		}
		regs[dst+2+int32(slot)] = v
	}
}

// TrySend sends v on c without parking (host code: timers, tickers). It
// reports whether the value was delivered or buffered.
func (c *Chan) TrySend(v Value) bool {
	if c == nil || c.closed {
		return false
	}
	return c.trySend(v)
}

// TryRecv receives from c without parking.
func (c *Chan) TryRecv() (v Value, ok, done bool) {
	if c == nil {
		return Value{}, false, false
	}
	return c.tryRecv()
}

// Close closes c from host code (panics like the guest's close).
func (m *Machine) Close(c *Chan) { m.chanClose(c) }

// group returns the entries of the select s belongs to (nil for a plain
// channel operation).
func (s *sudog) group() []*sudog {
	if !s.isSelect {
		return nil
	}
	return s.f.ext.selPtrs
}
