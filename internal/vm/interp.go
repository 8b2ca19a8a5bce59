package vm

import (
	"encoding/binary"
	"math"
	"strings"
	"unicode/utf8"
	"unsafe"
)

// status is what the dispatch loop reports when it stops running a fiber.
type status uint8

const (
	stYield      status = iota // budget used up; the fiber is still runnable
	stPark                     // the fiber parked
	stDone                     // the entry function returned
	stHostReturn               // a CallGuest frame returned
	stContinue                 // (dispatchSlow) keep running
)

// execute runs slices starting with f's: when the running fiber parks, it
// switches straight to the next runnable one (switchFrom) rather than
// returning to the scheduler loop, which would do the same, slower. It
// returns when a slice ends otherwise (the fiber yields, finishes, or a
// nested CallGuest frame returns) or switchFrom hands back to the loop.
func (m *Machine) execute(f *Fiber) status {
	for {
		st := m.dispatch(f)
		if st != stPark {
			return st
		}
		if stressLiveness && f.state == Parked && f.hostTop == 0 {
			f.clearDeadFrames()
		}
		if f = m.switchFrom(f); f == nil {
			return st
		}
	}
}

// dispatch is the dispatch loop: it runs f until its slice ends (it
// yields, parks, finishes, or a nested CallGuest frame returns). Guest
// run-time errors arrive as Go panics (recovered by drainRunQueue or
// dispatchCallback), so every instruction that can fail saves the pc
// first (f.save).
//
// Only the instruction pointer, the register base and the fiber stay live
// across instructions (everything else is reloaded on the slow paths), and
// registers are addressed without bounds checks: Verify proved every
// register operand and jump target of the function in range at load time.
func (m *Machine) dispatch(f *Fiber) status {
	ip, rp := f.enter()
	for {
		ins := ip
		ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), instrSize))
		switch ins.Op {
		case OpNop:
		case OpMove:
			*at(rp, ins.A) = *at(rp, ins.B)

		case OpAdd:
			at(rp, ins.A).N = at(rp, ins.B).N + at(rp, ins.C).N
		case OpAddI:
			at(rp, ins.A).N = at(rp, ins.B).N + uint64(int64(ins.C))
		case OpSub:
			at(rp, ins.A).N = at(rp, ins.B).N - at(rp, ins.C).N
		case OpMul:
			at(rp, ins.A).N = at(rp, ins.B).N * at(rp, ins.C).N
		case OpAnd:
			at(rp, ins.A).N = at(rp, ins.B).N & at(rp, ins.C).N
		case OpOr:
			at(rp, ins.A).N = at(rp, ins.B).N | at(rp, ins.C).N
		case OpXor:
			at(rp, ins.A).N = at(rp, ins.B).N ^ at(rp, ins.C).N
		case OpAndNot:
			at(rp, ins.A).N = at(rp, ins.B).N &^ at(rp, ins.C).N
		case OpShl:
			at(rp, ins.A).N = at(rp, ins.B).N << at(rp, ins.C).N
		case OpShrS:
			at(rp, ins.A).N = uint64(int64(at(rp, ins.B).N) >> at(rp, ins.C).N)
		case OpShrU:
			at(rp, ins.A).N = at(rp, ins.B).N >> at(rp, ins.C).N
		case OpShlI:
			at(rp, ins.A).N = at(rp, ins.B).N << (uint(ins.C) & 63)
		case OpShrSI:
			at(rp, ins.A).N = uint64(int64(at(rp, ins.B).N) >> (uint(ins.C) & 63))
		case OpShrUI:
			at(rp, ins.A).N = at(rp, ins.B).N >> (uint(ins.C) & 63)
		case OpNeg:
			at(rp, ins.A).N = -at(rp, ins.B).N
		case OpCom:
			at(rp, ins.A).N = ^at(rp, ins.B).N
		case OpNot:
			at(rp, ins.A).N = at(rp, ins.B).N ^ 1
		case OpSExt8:
			at(rp, ins.A).N = uint64(int64(int8(at(rp, ins.B).N)))
		case OpSExt16:
			at(rp, ins.A).N = uint64(int64(int16(at(rp, ins.B).N)))
		case OpSExt32:
			at(rp, ins.A).N = uint64(int64(int32(at(rp, ins.B).N)))
		case OpZExt8:
			at(rp, ins.A).N = uint64(uint8(at(rp, ins.B).N))
		case OpZExt16:
			at(rp, ins.A).N = uint64(uint16(at(rp, ins.B).N))
		case OpZExt32:
			at(rp, ins.A).N = uint64(uint32(at(rp, ins.B).N))

		case OpEq:
			*at(rp, ins.A) = Value{N: b2u(at(rp, ins.B).N == at(rp, ins.C).N)}
		case OpNe:
			*at(rp, ins.A) = Value{N: b2u(at(rp, ins.B).N != at(rp, ins.C).N)}
		case OpLtS:
			*at(rp, ins.A) = Value{N: b2u(int64(at(rp, ins.B).N) < int64(at(rp, ins.C).N))}
		case OpLeS:
			*at(rp, ins.A) = Value{N: b2u(int64(at(rp, ins.B).N) <= int64(at(rp, ins.C).N))}
		case OpLtU:
			*at(rp, ins.A) = Value{N: b2u(at(rp, ins.B).N < at(rp, ins.C).N)}
		case OpLeU:
			*at(rp, ins.A) = Value{N: b2u(at(rp, ins.B).N <= at(rp, ins.C).N)}
		case OpLtSI:
			*at(rp, ins.A) = Value{N: b2u(int64(at(rp, ins.B).N) < int64(ins.C))}
		case OpGtSI:
			*at(rp, ins.A) = Value{N: b2u(int64(at(rp, ins.B).N) > int64(ins.C))}

		case OpFAdd:
			at(rp, ins.A).N = math.Float64bits(math.Float64frombits(at(rp, ins.B).N) + math.Float64frombits(at(rp, ins.C).N))
		case OpFSub:
			at(rp, ins.A).N = math.Float64bits(math.Float64frombits(at(rp, ins.B).N) - math.Float64frombits(at(rp, ins.C).N))
		case OpFMul:
			at(rp, ins.A).N = math.Float64bits(math.Float64frombits(at(rp, ins.B).N) * math.Float64frombits(at(rp, ins.C).N))
		case OpFDiv:
			at(rp, ins.A).N = math.Float64bits(math.Float64frombits(at(rp, ins.B).N) / math.Float64frombits(at(rp, ins.C).N))
		case OpFNeg:
			at(rp, ins.A).N = math.Float64bits(-math.Float64frombits(at(rp, ins.B).N))
		case OpFEq:
			*at(rp, ins.A) = Value{N: b2u(math.Float64frombits(at(rp, ins.B).N) == math.Float64frombits(at(rp, ins.C).N))}
		case OpFNe:
			*at(rp, ins.A) = Value{N: b2u(math.Float64frombits(at(rp, ins.B).N) != math.Float64frombits(at(rp, ins.C).N))}
		case OpFLt:
			*at(rp, ins.A) = Value{N: b2u(math.Float64frombits(at(rp, ins.B).N) < math.Float64frombits(at(rp, ins.C).N))}
		case OpFLe:
			*at(rp, ins.A) = Value{N: b2u(math.Float64frombits(at(rp, ins.B).N) <= math.Float64frombits(at(rp, ins.C).N))}
		case OpF32:
			at(rp, ins.A).N = math.Float64bits(float64(float32(math.Float64frombits(at(rp, ins.B).N))))

		case OpEqRef:
			*at(rp, ins.A) = Value{N: b2u(refIdentity(at(rp, ins.B).R) == refIdentity(at(rp, ins.C).R))}
		case OpNeRef:
			*at(rp, ins.A) = Value{N: b2u(refIdentity(at(rp, ins.B).R) != refIdentity(at(rp, ins.C).R))}
		case OpIsNil:
			*at(rp, ins.A) = Value{N: b2u(isNil(at(rp, ins.B).R))}

		case OpCvtSF:
			at(rp, ins.A).N = math.Float64bits(float64(int64(at(rp, ins.B).N)))
		case OpCvtUF:
			at(rp, ins.A).N = math.Float64bits(float64(at(rp, ins.B).N))
		case OpCvtFS:
			at(rp, ins.A).N = uint64(int64(math.Float64frombits(at(rp, ins.B).N)))
		case OpCvtFU:
			at(rp, ins.A).N = f2u(math.Float64frombits(at(rp, ins.B).N))
		case OpGlobal:
			*at(rp, ins.A) = Value{R: m.globalPtrs[ins.B]}
		case OpLoad:
			p, _ := at(rp, ins.B).R.(*Value)
			if p == nil {
				if wp, _ := at(rp, ins.B).R.(*uint64); wp != nil {
					*at(rp, ins.A) = Value{N: *wp}
					break
				}
				if bp, _ := at(rp, ins.B).R.(*byte); bp != nil {
					*at(rp, ins.A) = Value{N: uint64(*bp)}
					break
				}
				m.ip, m.rp = ip, rp
				m.indirectFail(f, *ins)
				ip, rp = m.ip, m.rp // not reached; keeps ip and rp dead across the call
				continue
			}
			*at(rp, ins.A) = *p
		case OpStore:
			p, _ := at(rp, ins.A).R.(*Value)
			if p == nil {
				if wp, _ := at(rp, ins.A).R.(*uint64); wp != nil {
					*wp = at(rp, ins.B).N
					break
				}
				if bp, _ := at(rp, ins.A).R.(*byte); bp != nil {
					*bp = byte(at(rp, ins.B).N)
					break
				}
				m.ip, m.rp = ip, rp
				m.indirectFail(f, *ins)
				ip, rp = m.ip, m.rp // not reached; keeps ip and rp dead across the call
				continue
			}
			*p = *at(rp, ins.B)
		case OpFieldAddr:
			p, _ := at(rp, ins.B).R.(*Value)
			if p == nil {
				f.save(ip)
				panic(errNil)
			}
			*at(rp, ins.A) = Value{R: &p.R.([]Value)[ins.C]}
		case OpField:
			*at(rp, ins.A) = at(rp, ins.B).R.([]Value)[ins.C]
		case OpLoadField:
			p, _ := at(rp, ins.B).R.(*Value)
			if p == nil {
				f.save(ip)
				panic(errNil)
			}
			*at(rp, ins.A) = p.R.([]Value)[ins.C]
		case OpStoreField:
			p, _ := at(rp, ins.A).R.(*Value)
			if p == nil {
				f.save(ip)
				panic(errNil)
			}
			p.R.([]Value)[ins.C] = *at(rp, ins.B)
		case OpIndexAddr, OpIndexAddrP, OpIndex:
			r := at(rp, ins.B).R
			if ins.Op == OpIndexAddrP {
				p, _ := r.(*Value)
				if p == nil {
					f.save(ip)
					panic(errNil)
				}
				r = p.R
			}
			if b, ok := r.([]byte); ok {
				i := at(rp, ins.C).N
				if i >= uint64(len(b)) {
					f.save(ip)
					panic(f.indexErr(i, len(b)))
				}
				if ins.Op == OpIndex {
					*at(rp, ins.A) = Value{N: uint64(b[i])}
				} else {
					*at(rp, ins.A) = Value{R: &b[i]}
				}
				break
			}
			if w, ok := r.([]uint64); ok {
				i := at(rp, ins.C).N
				if i >= uint64(len(w)) {
					f.save(ip)
					panic(f.indexErr(i, len(w)))
				}
				if ins.Op == OpIndex {
					*at(rp, ins.A) = Value{N: w[i]}
				} else {
					*at(rp, ins.A) = Value{R: &w[i]}
				}
				break
			}
			s, ok := r.([]Value)
			if !ok && r != nil {
				m.ip, m.rp = ip, rp
				m.indirectFail(f, *ins)
				ip, rp = m.ip, m.rp // not reached; keeps ip and rp dead across the call
				continue
			}
			i := at(rp, ins.C).N
			if i >= uint64(len(s)) {
				f.save(ip)
				panic(f.indexErr(i, len(s)))
			}
			if ins.Op == OpIndex {
				*at(rp, ins.A) = s[i]
			} else {
				*at(rp, ins.A) = Value{R: &s[i]}
			}
		case OpCall:
			ret := ins.A
			top := &f.frames[len(f.frames)-1]
			fn := top.fn
			cs := &fn.Calls[ins.C]
			callee := cs.Fn
			top.pc = pcOf(top, ip)
			nb := top.base + fn.NRegs
			need := int(nb+callee.NRegs) + 1
			if need > len(f.stack) {
				if !f.growStack(need) {
					m.stackOverflow(f, need)
				}
				rp = f.regBase(top.base)
			}
			win := unsafe.Add(rp, uintptr(fn.NRegs)*valueSize)
			for i, a := range cs.Args {
				*reg(win, int32(i)) = *reg(rp, a)
			}
			if len(callee.Consts) > 0 {
				cw := unsafe.Add(win, uintptr(callee.ConstBase)*valueSize)
				for i, c := range callee.Consts {
					*reg(cw, int32(i)) = c
				}
			}
			n := len(f.frames)
			if n == cap(f.frames) {
				f.growFrames()
			}
			f.frames = f.frames[:n+1]
			f.frames[n] = Frame{fn: callee, base: nb, ret: ret}
			ip = &callee.Code[0]
			rp = win
			f.budget--
			if f.budget <= 0 {
				return stYield
			}
		case OpCallClosure, OpCallInvoke:
			// Guest callees run here; host callees and nil callees go to
			// dispatchSlow (which re-decodes the call).
			var callee *Func
			var free []Value
			var recv Value
			// ip and rp go through the machine around the method lookup (a
			// call), so they are not live across it.
			m.ip, m.rp = ip, rp
			if ins.Op == OpCallClosure {
				c, _ := at(rp, ins.B).R.(*Closure)
				if c == nil || c.Fn.Host != nil {
					goto slowPath
				}
				callee, free = c.Fn, c.Free
			} else {
				x, _ := at(rp, ins.B).R.(*Iface)
				if x == nil {
					goto slowPath
				}
				top := &f.frames[len(f.frames)-1]
				callee = top.fn.Calls[ins.C].lookup(x.T)
				if callee.Host != nil {
					goto slowPath
				}
				recv = x.V
			}
			ip, rp = m.ip, m.rp
			{
				top := &f.frames[len(f.frames)-1]
				fn := top.fn
				cs := &fn.Calls[ip2C(ip)]
				top.pc = pcOf(top, ip)
				nb := top.base + fn.NRegs
				need := int(nb+callee.NRegs) + 1
				if need > len(f.stack) {
					if !f.growStack(need) {
						m.stackOverflow(f, need)
					}
					rp = f.regBase(top.base)
				}
				win := unsafe.Add(rp, uintptr(fn.NRegs)*valueSize)
				j := int32(0)
				if ip2Op(ip) == OpCallInvoke {
					*reg(win, 0) = recv
					j = 1
				}
				for _, a := range cs.Args {
					*reg(win, j) = *reg(rp, a)
					j++
				}
				for i, v := range free {
					*reg(win, callee.NParams+int32(i)) = v
				}
				if len(callee.Consts) > 0 {
					cw := unsafe.Add(win, uintptr(callee.ConstBase)*valueSize)
					for i, c := range callee.Consts {
						*reg(cw, int32(i)) = c
					}
				}
				n := len(f.frames)
				if n == cap(f.frames) {
					f.growFrames()
				}
				f.frames = f.frames[:n+1]
				f.frames[n] = Frame{fn: callee, base: nb, ret: retOf(&f.frames[n-1])}
				ip = &callee.Code[0]
				rp = win
				f.budget--
				if f.budget <= 0 {
					return stYield
				}
			}
			continue
		slowPath:
			// Re-read the instruction: keeping ins live across the method
			// lookup would cost a spill on every dispatch.
			if st := m.dispatchSlow(f, *(*Instr)(unsafe.Add(unsafe.Pointer(m.ip), -instrSize))); st != stContinue {
				return st
			}
			ip, rp = m.ip, m.rp
		case OpRet0, OpRet1:
			n := len(f.frames)
			top := &f.frames[n-1]
			if top.defers != nil || top.kind != frameNormal || n == 1 {
				// Deferred calls, a deferred or host-called frame, or the
				// fiber's last frame: the general return in dispatchSlow.
				m.ip, m.rp = ip, rp
				if st := m.dispatchSlow(f, Instr{Op: OpReturn, C: ins.C}); st != stContinue {
					return st
				}
				ip, rp = m.ip, m.rp
				continue
			}
			caller := &f.frames[n-2]
			sp := unsafe.Pointer(unsafe.SliceData(f.stack))
			if ins.Op == OpRet1 && top.ret >= 0 {
				*at(unsafe.Add(sp, uintptr(caller.base)*valueSize), top.ret) = *at(rp, ins.B)
			}
			if fn := top.fn; fn.RefsAll || len(fn.Refs) > 0 {
				fn.clearRefs(unsafe.Slice((*Value)(rp), fn.NRegs))
			}
			f.frames = f.frames[:n-1]
			ip = &caller.fn.Code[caller.pc]
			rp = unsafe.Add(sp, uintptr(caller.base)*valueSize)
		case OpJump:
			ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
		case OpLoop:
			ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			if f.charge(ip) {
				return stYield
			}
		case OpBrFalse:
			if at(rp, ins.B).N == 0 {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpBrTrue:
			if at(rp, ins.B).N != 0 {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpJEq:
			if at(rp, ins.B).N == at(rp, ins.C).N {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpJNe:
			if at(rp, ins.B).N != at(rp, ins.C).N {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpJLtS:
			if int64(at(rp, ins.B).N) < int64(at(rp, ins.C).N) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpJLeS:
			if int64(at(rp, ins.B).N) <= int64(at(rp, ins.C).N) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpJLtU:
			if at(rp, ins.B).N < at(rp, ins.C).N {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpJLeU:
			if at(rp, ins.B).N <= at(rp, ins.C).N {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpJLtSI:
			if int64(at(rp, ins.B).N) < int64(ins.C) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpJGeSI:
			if int64(at(rp, ins.B).N) >= int64(ins.C) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpJGtSI:
			if int64(at(rp, ins.B).N) > int64(ins.C) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpJLeSI:
			if int64(at(rp, ins.B).N) <= int64(ins.C) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
			}
		case OpLoopJEq:
			if at(rp, ins.B).N == at(rp, ins.C).N {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
				if f.charge(ip) {
					return stYield
				}
			}
		case OpLoopJNe:
			if at(rp, ins.B).N != at(rp, ins.C).N {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
				if f.charge(ip) {
					return stYield
				}
			}
		case OpLoopJLtS:
			if int64(at(rp, ins.B).N) < int64(at(rp, ins.C).N) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
				if f.charge(ip) {
					return stYield
				}
			}
		case OpLoopJLeS:
			if int64(at(rp, ins.B).N) <= int64(at(rp, ins.C).N) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
				if f.charge(ip) {
					return stYield
				}
			}
		case OpLoopJLtU:
			if at(rp, ins.B).N < at(rp, ins.C).N {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
				if f.charge(ip) {
					return stYield
				}
			}
		case OpLoopJLeU:
			if at(rp, ins.B).N <= at(rp, ins.C).N {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
				if f.charge(ip) {
					return stYield
				}
			}
		case OpLoopJLtSI:
			if int64(at(rp, ins.B).N) < int64(ins.C) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
				if f.charge(ip) {
					return stYield
				}
			}
		case OpLoopJGeSI:
			if int64(at(rp, ins.B).N) >= int64(ins.C) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
				if f.charge(ip) {
					return stYield
				}
			}
		case OpLoopJGtSI:
			if int64(at(rp, ins.B).N) > int64(ins.C) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
				if f.charge(ip) {
					return stYield
				}
			}
		case OpLoopJLeSI:
			if int64(at(rp, ins.B).N) <= int64(ins.C) {
				ip = (*Instr)(unsafe.Add(unsafe.Pointer(ip), int(ins.A)))
				if f.charge(ip) {
					return stYield
				}
			}

		// Channel operations that neither park nor wake anyone (a buffered
		// channel with room, or with values and no parked sender) run
		// inline; everything else (parking, hand-offs, closed or nil
		// channels, aggregate elements, completions) runs in dispatchSlow.
		case OpSend:
			c, _ := at(rp, ins.A).R.(*Chan)
			if c != nil && !f.resume && !c.closed && c.count < len(c.buf) && c.recvq.first == nil && !c.elem.isAgg() && m.explore == nil {
				i := c.head + c.count
				if i >= len(c.buf) {
					i -= len(c.buf)
				}
				c.buf[i] = *at(rp, ins.B)
				c.count++
				break
			}
			m.ip, m.rp = ip, rp
			if st := m.sendSlow(f, c, ins); st != stContinue {
				return st
			}
			ip, rp = m.ip, m.rp
		case OpRecv, OpRecvOK:
			c, _ := at(rp, ins.B).R.(*Chan)
			if c != nil && !f.resume && c.count > 0 && c.sendq.first == nil && m.explore == nil {
				*at(rp, ins.A) = c.buf[c.head]
				c.buf[c.head] = Value{}
				c.head++
				if c.head == len(c.buf) {
					c.head = 0
				}
				c.count--
				if ins.Op == OpRecvOK {
					*at(rp, ins.A+regScale) = Value{N: 1}
				}
				break
			}
			m.ip, m.rp = ip, rp
			if st := m.recvSlow(f, c, ins); st != stContinue {
				return st
			}
			ip, rp = m.ip, m.rp

		default:
			// Everything else runs out of line, so that no value of this
			// loop is live across a call (which would make the compiler
			// spill ip and rp on every dispatch).
			m.ip, m.rp = ip, rp
			if st := m.dispatchSlow(f, *ins); st != stContinue {
				return st
			}
			ip, rp = m.ip, m.rp
		}
	}
}

// indirectFail ends a load, store or indexing dispatch could not do: the
// pointer is nil (Go's nil dereference panic), or the storage has no form
// it knows (a spindle bug). Out of line, with ip and rp passed through m:
// the dispatch loop's register allocation is disturbed by every path
// added to it, and is measured by instruction counts (bench/loop).
func (m *Machine) indirectFail(f *Fiber, ins Instr) {
	f.save(m.ip)
	switch ins.Op {
	case OpLoad, OpStore:
		p := at(m.rp, ins.B).R
		if ins.Op == OpStore {
			p = at(m.rp, ins.A).R
		}
		if a, ok := p.(rawAddr); ok {
			panic(plainError(sprintf("spindle: dereference of unsafe.Pointer(uintptr(%#x)), a pointer made from an integer (spindle's values have no addresses; arithmetic on a uintptr loses the object it came from)", a.addr())))
		}
		panic(errNil)
	}
	panic(bugf("index of %T", at(m.rp, ins.B).R))
}

// sendSlow and recvSlow run the channel sends and receives dispatch does not
// finish inline (hand-offs, parks, completions after a park, nil and
// closed channels, aggregate elements), on channel c (nil for a nil
// channel), which dispatch has already taken from the instruction's operand.
// They are small functions of their own rather than cases of dispatchSlow, whose
// large frame would cost every hand-off; a channel operation never moves
// the stack, so m.rp stays valid. Like dispatchSlow, they read the loop state
// through m.ip and m.rp.
func (m *Machine) sendSlow(f *Fiber, c *Chan, ins *Instr) status {
	ip, rp := m.ip, m.rp
	// The hand-off to a receiver parked in a plain receive (not a
	// select): the value goes straight into its register and it moves
	// past its instruction (what chanSend, pop and wakeSudog do, in
	// one step: the path every unbuffered message takes).
	if c != nil && !f.resume && !c.closed && !c.elem.isAgg() {
		r := c.recvq.first
		if r != nil && r.direct && !r.isSelect && r.f.state == Parked {
			c.recvq.remove(r)
			*r.dst = *at(rp, ins.B)
			if r.okDst {
				*(*Value)(unsafe.Add(unsafe.Pointer(r.dst), valueSize)) = Value{N: 1}
			}
			r.f.completeDirect()
			return m.afterSync(f, ip)
		}
		if r == nil && c.count == len(c.buf) {
			// No receiver and no room: park in the send queue.
			s := f.plainWait(c, true, *at(rp, ins.B))
			s.direct = true // a receiver completes it (wakeSudog)
			m.parkPlain(f, ip, s, &c.sendq, reasonChanSend)
			return stPark
		}
	}
	f.save(ip)
	if !m.chanSend(f, c, *at(rp, ins.B)) {
		f.frames[len(f.frames)-1].pc--
		if f.has(fChanWait) {
			f.sg.direct = true // a receiver completes it (wakeSudog)
		}
		return stPark
	}
	return m.afterSync(f, ip)
}

func (m *Machine) recvSlow(f *Fiber, c *Chan, ins *Instr) status {
	ip, rp := m.ip, m.rp
	// The hand-off from a sender parked in a plain send (see sendSlow).
	if c != nil && !f.resume && c.count == 0 {
		if sd := c.sendq.first; sd != nil && sd.direct && !sd.isSelect && sd.f.state == Parked {
			c.sendq.remove(sd)
			*at(rp, ins.A) = sd.val
			if ins.Op == OpRecvOK {
				*at(rp, ins.A+regScale) = Value{N: 1}
			}
			sd.f.completeDirect()
			return m.afterSync(f, ip)
		}
		if c.sendq.first == nil && !c.closed {
			// Nothing to receive: park in the receive queue; a sender or
			// Close delivers into the destination directly (wakeSudog).
			s := f.plainWait(c, false, Value{})
			s.direct, s.dst, s.okDst = true, at(rp, ins.A), ins.Op == OpRecvOK
			m.parkPlain(f, ip, s, &c.recvq, reasonChanRecv)
			return stPark
		}
	}
	f.save(ip)
	v, ok, done := m.chanRecv(f, c)
	if !done {
		f.frames[len(f.frames)-1].pc--
		if f.has(fChanWait) {
			// Parked in c's queue: a sender or Close delivers into the
			// destination directly (wakeSudog).
			f.sg.direct, f.sg.dst, f.sg.okDst = true, at(rp, ins.A), ins.Op == OpRecvOK
		}
		return stPark
	}
	*at(rp, ins.A) = v
	if ins.Op == OpRecvOK {
		*at(rp, ins.A+regScale) = Value{N: b2u(ok)}
	}
	return m.afterSync(f, ip)
}

// parkPlain parks f, running the channel instruction before ip, in wait
// queue q with its own wait entry s (filled in by the caller): the frame
// stays at the instruction, which its waker completes (direct) or which
// re-executes.
func (m *Machine) parkPlain(f *Fiber, ip *Instr, s *sudog, q *waitq, reason uint16) {
	top := &f.frames[len(f.frames)-1]
	top.pc = pcOf(top, ip) - 1
	// parkIn's and ParkUnlink's steps, written out: neither fits the
	// inliner's budget, and the two calls would cost every message.
	q.push(s)
	f.flags = f.flags&^fIdleMark | fChanWait
	f.gen++
	f.state = Parked
	f.reason = reason
	f.unlink = nil
	if f.cancelPending() || m.shutdown {
		m.interrupt(f) // cancellation reaches a fiber at its next park point
	}
}

// dispatchSlow executes the instructions that call into the runtime or the
// scheduler. It reads and writes the loop state through m.ip and m.rp.
func (m *Machine) dispatchSlow(f *Fiber, ins Instr) status {
	ip, rp := m.ip, m.rp
	switch ins.Op {
	case OpReturn:
		n := len(f.frames)
		top := &f.frames[n-1]
		fn := top.fn
		var res []int32
		if ins.C >= 0 {
			res = fn.Lists[ins.C]
		}
		if top.defers != nil {
			// Deferred calls not run yet (see OpRunDefers): run them first.
			top.pc = pcOf(top, ip) - 1
			d := top.defers
			top.defers = d.next
			m.pushDefer(f, d, frameDefer)
			ip, rp = f.enter()
			break
		}
		kind := top.kind
		regs := f.stack[top.base : top.base+fn.NRegs]
		if kind == frameHost || n == 1 {
			if kind == frameHost || f.has(fJoinable) {
				// Results are wanted by CallGuest or by Join.
				out := make([]Value, len(res))
				for i, r := range res {
					out[i] = regs[r]
				}
				f.ensureExt().result = out
			}
			clear(regs)
			f.frames = f.frames[:n-1]
			if kind == frameHost {
				return stHostReturn
			}
			return stDone
		}
		caller := &f.frames[n-2]
		if top.ret >= 0 {
			dst := f.stack[caller.base+top.ret/regScale:]
			for i, r := range res {
				dst[i] = regs[r]
			}
		}
		fn.clearRefs(regs)
		f.frames = f.frames[:n-1]
		if kind == frameInit {
			m.initDone()
		}
		if kind == frameDeferPanic {
			// A deferred call made during a panic returned.
			p := f.panicking()
			if !p.recovered {
				if !m.unwind(f) {
					if f.has(fGoexited) {
						return stDone
					}
					return stPark // the machine is exiting
				}
				m.ip, m.rp = f.enter()
				return stContinue
			}
			f.setPanic(p.link)
			caller.pc = caller.fn.RecoverPC
		}
		ip, rp = f.enter()

	case OpDivS, OpDivU, OpRemS, OpRemU:
		y := at(rp, ins.C).N
		if y == 0 {
			f.save(ip)
			panic(errDivide)
		}
		at(rp, ins.A).N = divide(ins.Op, at(rp, ins.B).N, y)
	case OpNegShift:
		if int64(at(rp, ins.B).N) < 0 {
			f.save(ip)
			panic(runtimeError("negative shift amount"))
		}
	case OpCAdd, OpCSub, OpCMul, OpCDiv, OpCNeg, OpCEq, OpCNe, OpC64:
		*at(rp, ins.A) = complexOp(ins.Op, *at(rp, ins.B), *at(rp, ins.C))

	case OpSAdd:
		x, y := at(rp, ins.B).String(), at(rp, ins.C).String()
		if n := len(x) + len(y); n >= memLarge {
			f.save(ip)
			m.chargeAlloc(int64(n))
		}
		*at(rp, ins.A) = Str(x + y)
	case OpSEq:
		*at(rp, ins.A) = Value{N: b2u(at(rp, ins.B).String() == at(rp, ins.C).String())}
	case OpSNe:
		*at(rp, ins.A) = Value{N: b2u(at(rp, ins.B).String() != at(rp, ins.C).String())}
	case OpSLt:
		*at(rp, ins.A) = Value{N: b2u(at(rp, ins.B).String() < at(rp, ins.C).String())}
	case OpSLe:
		*at(rp, ins.A) = Value{N: b2u(at(rp, ins.B).String() <= at(rp, ins.C).String())}
	case OpSIndex:
		s := at(rp, ins.B).String()
		i := at(rp, ins.C).N
		if i >= uint64(len(s)) {
			f.save(ip)
			panic(f.indexErr(i, len(s)))
		}
		*at(rp, ins.A) = Value{N: uint64(s[i])}

	case OpEqV, OpNeV:
		f.save(ip)
		c := &f.fn().Cmps[ins.C]
		eq := Equal(c.T, *reg(rp, c.X), *reg(rp, c.Y))
		*at(rp, ins.A) = Value{N: b2u(eq == (ins.Op == OpEqV))}
	case OpConv:
		f.save(ip)
		*at(rp, ins.A) = convert(&f.fn().Convs[ins.C], *at(rp, ins.B))

	case OpAlloc:
		t := f.fn().Types[ins.B]
		if t.isEmptyAgg() {
			// Every zero-size variable has one address, as in gc.
			*at(rp, ins.A) = Value{R: &m.zerobase}
			break
		}
		c := new(Value)
		if t.isAgg() {
			if t.Size >= memLarge {
				f.save(ip)
				m.chargeAlloc(t.hostBytes())
			}
			*c = t.Zero()
		}
		*at(rp, ins.A) = Value{R: c}
	case OpLoadAgg:
		p, _ := at(rp, ins.B).R.(*Value)
		if p == nil {
			f.save(ip)
			panic(errNil)
		}
		*at(rp, ins.A) = f.fn().Types[ins.C].Copy(*p)
	case OpStoreAgg:
		p, _ := at(rp, ins.A).R.(*Value)
		if p == nil {
			f.save(ip)
			panic(errNil)
		}
		f.fn().Types[ins.C].Assign(p, *at(rp, ins.B))
	case OpSlice:
		f.save(ip)
		*at(rp, ins.A) = sliceOp(&f.fn().Slices[ins.C], f.regs(), decodeOperand(rReg, ins.B))
	case OpLen:
		*at(rp, ins.A) = Value{N: uint64(lenOf(at(rp, ins.B).R))}
	case OpCap:
		*at(rp, ins.A) = Value{N: uint64(capOf(at(rp, ins.B).R))}
	case OpMakeSlice:
		f.save(ip)
		*at(rp, ins.A) = m.makeSlice(&f.fn().Makes[ins.C], f.regs())
	case OpAppend:
		a := &f.fn().Appends[ins.C]
		f.save(ip) // a growth may end the run (memguard.go)
		*at(rp, ins.A) = m.appendValues(a, *at(rp, ins.B), *reg(rp, a.Src))
	case OpCopy:
		a := &f.fn().Appends[ins.C]
		*at(rp, ins.A) = Value{N: uint64(copyValues(a.Elem, *at(rp, ins.B), *reg(rp, a.Src)))}
	case OpFill:
		switch d := at(rp, ins.A).R.(*Value).R.(type) {
		case []byte:
			copy(d[ins.C:], at(rp, ins.B).R.(string))
		case []uint64:
			copy(d[ins.C:], at(rp, ins.B).R.([]uint64))
		}

	case OpMakeMap:
		f.save(ip)
		t := f.fn().Types[ins.C]
		hint := 0
		if ins.B >= 0 {
			hint = int(int64(at(rp, ins.B).N))
			if hint < 0 {
				panic(runtimeError("makemap: size out of range"))
			}
		}
		*at(rp, ins.A) = Value{R: NewMap(t.Key, t.Elem, min(hint, 1<<16))}
	case OpMapLookup, OpMapLookupOK:
		mp, _ := at(rp, ins.B).R.(*Map)
		f.save(ip)
		v, ok := mp.Lookup(*at(rp, ins.C))
		if !ok {
			v = f.fn().Types[ip.A].Zero()
		}
		*at(rp, ins.A) = v
		if ins.Op == OpMapLookupOK {
			*at(rp, ins.A+regScale) = Value{N: b2u(ok)}
		}
	case OpMapUpdate:
		mp, _ := at(rp, ins.A).R.(*Map)
		f.save(ip)
		if mp == nil {
			panic(plainError("assignment to entry in nil map"))
		}
		v := *at(rp, ins.C)
		if mp.ValT.isAgg() {
			v = mp.ValT.Copy(v)
		}
		mp.Store(*at(rp, ins.B), v)
	case OpMapDelete:
		mp, _ := at(rp, ins.B).R.(*Map)
		f.save(ip)
		mp.Delete(*at(rp, ins.C))
	case OpRange:
		switch x := at(rp, ins.B).R.(type) {
		case *Map:
			*at(rp, ins.A) = Value{R: x.Iter(m.rand())}
		case string:
			*at(rp, ins.A) = Value{R: &strIter{s: x}}
		default: // nil map or empty string
			*at(rp, ins.A) = Value{R: &strIter{}}
		}
	case OpNext:
		next(at(rp, ins.B).R, at(rp, ins.A))

	case OpMakeClosure:
		c := &f.fn().Closures[ins.C]
		cl := newClosure(c.Fn, len(c.Free))
		for i, r := range c.Free {
			cl.Free[i] = *reg(rp, r)
		}
		*at(rp, ins.A) = Value{R: cl}

	case OpCallClosure, OpCallInvoke:
		top := &f.frames[len(f.frames)-1]
		cs := &top.fn.Calls[ins.C]
		var callee *Func
		var free []Value
		var recv Value
		hasRecv := false
		top.pc = pcOf(top, ip)
		if ins.Op == OpCallClosure {
			c, _ := at(rp, ins.B).R.(*Closure)
			if c == nil {
				panic(errNil)
			}
			callee, free = c.Fn, c.Free
		} else {
			x, _ := at(rp, ins.B).R.(*Iface)
			if x == nil {
				panic(errNil)
			}
			callee = cs.lookup(x.T)
			recv, hasRecv = x.V, true
		}
		nb := top.base + top.fn.NRegs
		if callee.Host != nil {
			m.callHost(f, callee, cs, f.regs(), nb, decodeOperand(rDst, ins.A), recv, hasRecv)
			if f.state != Running {
				top.pc--
				return stPark
			}
			if m.explore != nil && m.syncPoint(f) {
				return stYield
			}
			rp = f.regBase(top.base)
			m.ip, m.rp = ip, rp
			return stContinue
		}
		need := int(nb+callee.NRegs) + 1
		if need > len(f.stack) {
			if !f.growStack(need) {
				m.stackOverflow(f, need)
			}
			rp = f.regBase(top.base)
		}
		win := f.stack[nb : nb+callee.NRegs]
		j := 0
		if hasRecv {
			win[0] = recv
			j = 1
		}
		for _, a := range cs.Args {
			win[j] = *reg(rp, a)
			j++
		}
		copy(win[callee.NParams:], free)
		copy(win[callee.ConstBase:], callee.Consts)
		f.frames = append(f.frames, Frame{fn: callee, base: nb, ret: ins.A})
		ip = &callee.Code[0]
		rp = unsafe.Pointer(&win[0])
		f.budget--
		if f.budget <= 0 {
			return stYield
		}
	case OpCallHost:
		top := &f.frames[len(f.frames)-1]
		cs := &top.fn.Calls[ins.C]
		top.pc = pcOf(top, ip)
		m.callHost(f, cs.Fn, cs, f.regs(), top.base+top.fn.NRegs, decodeOperand(rDst, ins.A), Value{}, false)
		if f.state != Running {
			top.pc--
			return stPark
		}
		if m.explore != nil && m.syncPoint(f) {
			return stYield
		}
		rp = f.regBase(top.base)

	case OpGo:
		f.save(ip)
		m.spawnCall(f, f.fn(), &f.fn().Calls[ins.C], f.regs(), decodeOperand(roles[OpGo].b, ins.B))
		if m.explore != nil && m.syncPoint(f) {
			return stYield
		}
	case OpDefer:
		f.save(ip)
		top := &f.frames[len(f.frames)-1]
		cs := &top.fn.Calls[ins.C]
		d := m.makeDefer(top.fn, cs, f.regs(), decodeOperand(roles[OpDefer].b, ins.B))
		target := top
		if cs.DeferStack >= 0 {
			target = &f.frames[reg(rp, cs.DeferStack).N]
		}
		d.next = target.defers
		target.defers = d
	case OpRunDefers:
		top := &f.frames[len(f.frames)-1]
		d := top.defers
		if d == nil {
			break
		}
		top.defers = d.next
		top.pc = pcOf(top, ip) - 1 // come back here
		m.pushDefer(f, d, frameDefer)
		ip, rp = f.enter()
	case OpPanic:
		f.save(ip)
		v := *at(rp, ins.B)
		if v.R == nil {
			v = m.nilPanicValue()
		}
		panic(&GuestPanic{Val: v})
	case OpRecover:
		*at(rp, ins.A) = Value{}
		top := &f.frames[len(f.frames)-1]
		if p := f.panicking(); p != nil && top.kind == frameDeferPanic && !p.recovered {
			p.recovered = true
			*at(rp, ins.A) = p.val
		}

	case OpMakeIface:
		*at(rp, ins.A) = Value{R: &Iface{T: f.fn().Types[ins.C], V: *at(rp, ins.B)}}
	case OpTypeAssert, OpTypeAssertOK, OpIfaceAssert, OpIfaceAssertOK:
		x, _ := at(rp, ins.B).R.(*Iface)
		types := f.fn().Types
		t := types[ins.C]
		var ok bool
		if ins.Op == OpTypeAssert || ins.Op == OpTypeAssertOK {
			ok = x != nil && x.T == t
		} else {
			ok = x != nil && x.T.Implements(t)
		}
		switch {
		case ok && (ins.Op == OpTypeAssert || ins.Op == OpTypeAssertOK):
			*at(rp, ins.A) = x.V
		case ok:
			*at(rp, ins.A) = *at(rp, ins.B)
		case ins.Op == OpTypeAssertOK:
			*at(rp, ins.A) = t.Zero()
		case ins.Op == OpIfaceAssertOK:
			*at(rp, ins.A) = Value{}
		default:
			f.save(ip)
			panic(m.assertError(types[ip.A], x, t))
		}
		if ins.Op == OpTypeAssertOK || ins.Op == OpIfaceAssertOK {
			*at(rp, ins.A+regScale) = Value{N: b2u(ok)}
		}

	case OpMakeChan:
		t := f.fn().Types[ins.C]
		size := int64(0)
		if ins.B >= 0 {
			size = int64(at(rp, ins.B).N)
		}
		if size < 0 || size > MaxAllocValues {
			f.save(ip)
			panic(plainError("makechan: size out of range"))
		}
		f.save(ip)
		m.chargeAlloc(size * int64(valueSize))
		*at(rp, ins.A) = Value{R: newChan(t.Elem, int(size))}
	case OpClose:
		f.save(ip)
		c, _ := at(rp, ins.B).R.(*Chan)
		m.chanClose(c)
		if m.explore != nil && m.syncPoint(f) {
			return stYield
		}
	case OpSelect:
		f.save(ip)
		if !m.selectOp(f, &f.fn().Selects[ins.C], f.regs(), decodeOperand(rReg2, ins.A)) {
			f.frames[len(f.frames)-1].pc--
			return stPark
		}
		if m.explore != nil && m.syncPoint(f) {
			return stYield
		}

	case OpMemPoint:
		if m.explore != nil && m.syncPoint(f) {
			f.save(ip)
			return stYield
		}
	case OpGlobalLazy:
		p := m.globalPtrs[ins.B]
		if p.R == nil {
			*p = m.Prog.Globals[ins.B].Zero()
		}
		*at(rp, ins.A) = Value{R: p}
	case OpBuiltin:
		f.save(ip)
		m.builtin(f, &f.fn().Builtins[ins.C], f.regs(), decodeOperand(rOpt, ins.A))
		if f.state != Running {
			f.frames[len(f.frames)-1].pc--
			return stPark
		}
		rp = f.regBase(f.frames[len(f.frames)-1].base)

	default:
		f.save(ip)
		panic(bugf("bad opcode %d in %s", ins.Op, f.fn().Name))
	}
	m.ip, m.rp = ip, rp
	return stContinue
}

// ip2C and ip2Op reload the C operand and the op of the instruction being
// executed (the one before ip), from memory, so that it is not live across
// calls.
func ip2C(ip *Instr) int32 {
	return (*Instr)(unsafe.Add(unsafe.Pointer(ip), -instrSize)).C
}

func ip2Op(ip *Instr) Op {
	return (*Instr)(unsafe.Add(unsafe.Pointer(ip), -instrSize)).Op
}

// retOf returns the result register of the call instruction the frame is
// executing (its pc is saved just past it). Reading it through the frame,
// after the calls that set up the callee, keeps the instruction pointer
// from staying live across them.
func retOf(caller *Frame) int32 { return caller.fn.Code[caller.pc-1].A }

// growFrames doubles the frame slice's capacity.
func (f *Fiber) growFrames() {
	nf := make([]Frame, len(f.frames), 2*cap(f.frames)+2)
	copy(nf, f.frames)
	f.frames = nf
}

// clearRefs zeroes the registers of a popped frame that can hold
// references, so a popped frame keeps nothing alive.
func (fn *Func) clearRefs(regs []Value) {
	if fn.RefsAll && len(regs) > smallFrame {
		clear(regs)
		return
	}
	// One register at a time, the references only: for a small frame,
	// clear's bulk path (a write-barrier check over the whole range,
	// then memclr) costs more than the stores.
	for _, r := range fn.Refs {
		regs[r] = Value{}
	}
}

// smallFrame is the largest frame whose reference registers clearRefs
// clears one by one even when most registers hold references (RefsAll).
const smallFrame = 16

// MaxAllocValues caps one guest allocation (slice, array or channel
// buffer) at 2^27 elements (3 GiB of host memory): a larger make panics
// with Go's "len out of range" error instead of taking the host down.
const MaxAllocValues = 1 << 27

// MaxAllocBytes is MaxAllocValues for packed storage (Type.Packed): 2^30
// one-byte elements, 1 GiB.
const MaxAllocBytes = 1 << 30

// maxElems is the allocation cap for elements of type elem.
func maxElems(elem *Type) int {
	if elem.Kind.isByte() {
		return MaxAllocBytes
	}
	return MaxAllocValues
}

const (
	instrSize = int(unsafe.Sizeof(Instr{}))
	valueSize = uintptr(unsafe.Sizeof(Value{}))
)

// at returns the register at byte offset off (an encoded instruction
// operand, see Seal) of the frame whose registers start at rp.
func at(rp unsafe.Pointer, off int32) *Value {
	return (*Value)(unsafe.Add(rp, int(off)))
}

// reg returns register i of the frame whose registers start at rp.
func reg(rp unsafe.Pointer, i int32) *Value {
	return (*Value)(unsafe.Add(rp, uintptr(i)*valueSize))
}

// enter returns the instruction pointer and register base of f's top frame.
func (f *Fiber) enter() (*Instr, unsafe.Pointer) {
	fr := &f.frames[len(f.frames)-1]
	return &fr.fn.Code[fr.pc], f.regBase(fr.base)
}

// regBase returns the address of stack slot base. The stack always has a
// slot past the top frame's registers, so this is in bounds.
func (f *Fiber) regBase(base int32) unsafe.Pointer {
	return unsafe.Pointer(&f.stack[base])
}

// pcOf converts an instruction pointer into fr's code to an index.
func pcOf(fr *Frame, ip *Instr) int32 {
	return int32((uintptr(unsafe.Pointer(ip)) - uintptr(unsafe.Pointer(&fr.fn.Code[0]))) / uintptr(instrSize))
}

// save records the pc (just past the current instruction) in the top frame.
// charge takes one reduction for a loop back-edge that has just jumped to
// ip; when the budget is spent it saves ip and reports that the fiber must
// yield (it resumes at the loop head).
func (f *Fiber) charge(ip *Instr) bool {
	f.budget--
	if f.budget <= 0 {
		f.save(ip)
		return true
	}
	return false
}

func (f *Fiber) save(ip *Instr) {
	fr := &f.frames[len(f.frames)-1]
	fr.pc = pcOf(fr, ip)
}

// indexErr is the out-of-range error of the index instruction that just
// ran (saved pc: the one after it).
func (f *Fiber) indexErr(i uint64, n int) *rtError {
	fr := &f.frames[len(f.frames)-1]
	return indexErrorAt(fr.fn, fr.pc-1, i, n)
}

// fn returns the top frame's function.
func (f *Fiber) fn() *Func { return f.frames[len(f.frames)-1].fn }

// regs returns the top frame's registers as a slice.
func (f *Fiber) regs() []Value {
	fr := &f.frames[len(f.frames)-1]
	return f.stack[fr.base : fr.base+fr.fn.NRegs]
}

func divide(op Op, x, y uint64) uint64 {
	switch op {
	case OpDivS:
		if int64(y) == -1 {
			return -x
		}
		return uint64(int64(x) / int64(y))
	case OpDivU:
		return x / y
	case OpRemS:
		if int64(y) == -1 {
			return 0
		}
		return uint64(int64(x) % int64(y))
	}
	return x % y
}

func complexOp(op Op, x, y Value) Value {
	a, b := x.Complex(), y.Complex()
	switch op {
	case OpCAdd:
		return Value{R: a + b}
	case OpCSub:
		return Value{R: a - b}
	case OpCMul:
		return Value{R: a * b}
	case OpCDiv:
		return Value{R: a / b}
	case OpCNeg:
		return Value{R: -a}
	case OpCEq:
		return Value{N: b2u(a == b)}
	case OpCNe:
		return Value{N: b2u(a != b)}
	}
	return Value{R: complex128(complex64(a))}
}

func next(it any, dst *Value) {
	out := unsafe.Slice(dst, 3)
	switch it := it.(type) {
	case *MapIter:
		k, v, ok := it.Next()
		out[0] = Value{N: b2u(ok)}
		out[1] = k
		out[2] = v
	case *strIter:
		if it.i >= len(it.s) {
			out[0] = Value{}
			return
		}
		r, n := utf8.DecodeRuneInString(it.s[it.i:])
		out[0] = Value{N: 1}
		out[1] = Value{N: uint64(it.i)}
		out[2] = Value{N: uint64(r)}
		it.i += n
	}
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// f2u converts like Go's uint64(float64) on amd64.
func f2u(x float64) uint64 {
	if x < 1<<63 {
		return uint64(int64(x))
	}
	return uint64(int64(x-(1<<63))) ^ (1 << 63)
}

func isNil(r any) bool {
	switch x := r.(type) {
	case nil:
		return true
	case []Value:
		return x == nil
	case []byte:
		return x == nil
	case []uint64:
		return x == nil
	case *Value:
		return x == nil
	case *byte:
		return x == nil
	case *uint64:
		return x == nil
	case *Closure:
		return x == nil
	case *Map:
		return x == nil
	case *Chan:
		return x == nil
	case *Iface:
		return x == nil
	}
	return false
}

type strIter struct {
	s string
	i int
}

func lenOf(r any) int {
	switch x := r.(type) {
	case string:
		return len(x)
	case []Value:
		return len(x)
	case []byte:
		return len(x)
	case []uint64:
		return len(x)
	case *Map:
		return x.Len()
	case *Chan:
		return x.Len()
	}
	return 0
}

func capOf(r any) int {
	switch x := r.(type) {
	case []Value:
		return cap(x)
	case []byte:
		return cap(x)
	case []uint64:
		return cap(x)
	case *Chan:
		return x.Cap()
	}
	return 0
}

func sliceOp(op *SliceOp, regs []Value, b int32) Value {
	x := regs[b]
	uLo, uHi, uMax := op.Unsigned&SliceLo != 0, op.Unsigned&SliceHi != 0, op.Unsigned&SliceMax != 0
	idx := func(r int32, def int) int {
		if r < 0 {
			return def
		}
		return int(int64(regs[r].N))
	}
	switch op.Kind {
	case KString:
		s := x.String()
		lo, hi := idx(op.Lo, 0), idx(op.Hi, len(s))
		if hi < 0 || hi > len(s) {
			panic(sliceError("[:%x] with length %y", int64(hi), int64(len(s)), uHi, false))
		}
		if lo < 0 || lo > hi {
			panic(sliceError("[%x:%y]", int64(lo), int64(hi), uLo, uHi))
		}
		return Str(s[lo:hi])
	case KPointer:
		p, _ := x.R.(*Value)
		if p == nil {
			if op.Len == 0 && op.Lo < 0 && op.Hi < 0 {
				return Value{}
			}
			panic(errNil)
		}
		x = *p
	}
	s, _ := x.R.([]Value)
	bs, packed := x.R.([]byte)
	ws, words := x.R.([]uint64)
	n, c := len(s), cap(s)
	switch {
	case packed:
		n, c = len(bs), cap(bs)
	case words:
		n, c = len(ws), cap(ws)
	}
	lo, hi, max := idx(op.Lo, 0), idx(op.Hi, n), idx(op.Max, c)
	if op.Make {
		switch {
		case hi < 0:
			panic(runtimeError("makeslice: len out of range"))
		case hi > c:
			panic(runtimeError("makeslice: cap out of range"))
		}
	}
	if op.Max >= 0 {
		if max < 0 || max > c {
			if op.Kind == KPointer {
				panic(sliceError("[::%x] with length %y", int64(max), int64(c), uMax, false))
			}
			panic(sliceError("[::%x] with capacity %y", int64(max), int64(c), uMax, false))
		}
		if hi < 0 || hi > max {
			panic(sliceError("[:%x:%y]", int64(hi), int64(max), uHi, uMax))
		}
	} else if hi < 0 || hi > c {
		if op.Kind == KPointer {
			panic(sliceError("[:%x] with length %y", int64(hi), int64(c), uHi, false))
		}
		panic(sliceError("[:%x] with capacity %y", int64(hi), int64(c), uHi, false))
	}
	if lo < 0 || lo > hi {
		if op.Max >= 0 {
			panic(sliceError("[%x:%y:]", int64(lo), int64(hi), uLo, uHi))
		}
		panic(sliceError("[%x:%y]", int64(lo), int64(hi), uLo, uHi))
	}
	if packed {
		return Value{R: bs[lo:hi:max]}
	}
	if words {
		return Value{R: ws[lo:hi:max]}
	}
	if op.Packed && s != nil {
		// A [0]T variable (zerobase).
		if op.Words {
			return Value{R: []uint64{}}
		}
		return Value{R: []byte{}}
	}
	if s == nil {
		return Value{}
	}
	return Value{R: s[lo:hi:max]}
}

func (m *Machine) makeSlice(op *MakeOp, regs []Value) Value {
	n := int64(regs[op.Len].N)
	c := n
	if op.Cap >= 0 {
		c = int64(regs[op.Cap].N)
	}
	limit := int64(maxElems(op.T.Elem))
	if n < 0 || n > limit {
		panic(runtimeError("makeslice: len out of range"))
	}
	if c < n || c > limit {
		panic(runtimeError("makeslice: cap out of range"))
	}
	m.chargeAlloc(c * op.T.elemHostBytes())
	if op.T.PackedBytes() {
		return Value{R: make([]byte, n, c)}
	}
	if op.T.PackedWords() {
		return Value{R: make([]uint64, n, c)}
	}
	s := make([]Value, n, c)
	if e := op.T.Elem; e.isAgg() {
		for i := range s[:c] {
			s[:c][i] = e.Zero()
		}
	}
	return Value{R: s}
}

// appendValues implements append with Go's growth rule for the guest's
// element size, so cap() after append matches gc.
func (m *Machine) appendValues(op *AppendOp, dst, src Value) Value {
	if op.Elem.Kind.isByte() {
		return m.appendBytes(op, dst, src)
	}
	if op.Elem.Kind.isWord() {
		return m.appendWords(op, dst, src)
	}
	d, _ := dst.R.([]Value)
	var n int
	var ss []Value
	var str string
	if op.FromString {
		str = src.String()
		n = len(str)
	} else {
		ss, _ = src.R.([]Value)
		n = len(ss)
	}
	if n == 0 {
		return dst
	}
	l := len(d)
	if l+n > cap(d) {
		nc := growCap(cap(d), l+n, op.Elem)
		m.chargeAlloc(int64(nc) * op.Elem.hostBytesInSlice())
		nd := make([]Value, l, nc)
		if op.Elem.isAgg() {
			// The new array is fresh storage: copy, don't share, elements.
			for i := range d {
				nd[i] = op.Elem.Copy(d[i])
			}
			for i := l + n; i < nc; i++ {
				nd[:nc][i] = op.Elem.Zero()
			}
		} else {
			copy(nd, d)
		}
		d = nd
	}
	d = d[:l+n]
	if op.FromString {
		for i := 0; i < n; i++ {
			d[l+i] = Value{N: uint64(str[i])}
		}
	} else if op.Elem.isAgg() {
		for i, v := range ss {
			d[l+i] = op.Elem.Copy(v)
		}
	} else {
		copy(d[l:], ss)
	}
	return Value{R: d}
}

// appendBytes is appendValues for a packed slice.
func (m *Machine) appendBytes(op *AppendOp, dst, src Value) Value {
	d, _ := dst.R.([]byte)
	var s []byte
	var str string
	if op.FromString {
		str = src.String()
	} else {
		s, _ = src.R.([]byte)
	}
	n := len(s) + len(str)
	if n == 0 {
		return dst
	}
	l := len(d)
	if l+n > cap(d) {
		nc := growCap(cap(d), l+n, op.Elem)
		m.chargeAlloc(int64(nc))
		nd := make([]byte, l, nc)
		copy(nd, d)
		d = nd
	}
	d = d[:l+n]
	if op.FromString {
		copy(d[l:], str)
	} else {
		copy(d[l:], s)
	}
	return Value{R: d}
}

// appendWords is appendValues for a word-packed slice.
func (m *Machine) appendWords(op *AppendOp, dst, src Value) Value {
	d, _ := dst.R.([]uint64)
	s, _ := src.R.([]uint64)
	n := len(s)
	if n == 0 {
		return dst
	}
	l := len(d)
	if l+n > cap(d) {
		nc := growCap(cap(d), l+n, op.Elem)
		m.chargeAlloc(int64(nc) * 8)
		nd := make([]uint64, l, nc)
		copy(nd, d)
		d = nd
	}
	d = d[:l+n]
	copy(d[l:], s)
	return Value{R: d}
}

func copyValues(elem *Type, dst, src Value) int {
	if d, ok := dst.R.([]uint64); ok {
		s, _ := src.R.([]uint64)
		return copy(d, s)
	}
	if d, ok := dst.R.([]byte); ok {
		if s, ok := src.R.(string); ok {
			return copy(d, s)
		}
		s, _ := src.R.([]byte)
		return copy(d, s)
	}
	d, _ := dst.R.([]Value)
	if s, ok := src.R.(string); ok {
		n := min(len(d), len(s))
		for i := 0; i < n; i++ {
			d[i] = Value{N: uint64(s[i])}
		}
		return n
	}
	s, _ := src.R.([]Value)
	if !elem.isAgg() {
		return copy(d, s)
	}
	// Aggregate elements are storage: assign into it (memmove order).
	n := min(len(d), len(s))
	if n == 0 {
		return 0
	}
	tmp := make([]Value, n)
	for i := 0; i < n; i++ {
		tmp[i] = elem.Copy(s[i])
	}
	for i := 0; i < n; i++ {
		elem.Assign(&d[i], tmp[i])
	}
	return n
}

// convert implements OpConv.
func convert(c *Conv, v Value) Value {
	switch c.Kind {
	case ConvUnsafeToPtr:
		ok := true
		switch p := v.R.(type) {
		case *Value:
			ok = p == nil || !c.To.isAgg() || c.To.holds(*p)
			if b, isBytes := p.R.([]byte); !ok && c.Snapshot && isBytes && int64(len(b)) == c.To.Size && wordsOnly(c.To) {
				v := c.To.Zero()
				decodeWords(c.To, &v, b)
				return Value{R: &v}
			}
		case *byte:
			// An element of packed storage is one byte, whatever the
			// target's size.
			ok = p == nil || c.To.Kind.isByte()
		case *uint64:
			ok = p == nil || wordView(c.From, c.To)
		}
		if !ok {
			panic(plainError("spindle: unsafe.Pointer conversion to *" + c.To.Name + " points at a value of another layout (spindle does not reinterpret memory)"))
		}
		return v
	case ConvArrayPtrToElem:
		p, _ := v.R.(*Value)
		if p == nil {
			return v
		}
		switch s := p.R.(type) {
		case []byte:
			if len(s) > 0 && c.To.Kind.isByte() {
				return Value{R: &s[0]}
			}
		case []uint64:
			if len(s) > 0 && c.To.Kind.isWord() {
				return Value{R: &s[0]}
			}
		case []Value:
			if len(s) > 0 {
				return Value{R: &s[0]}
			}
		}
		panic(plainError("spindle: unsafe.Pointer conversion to *" + c.To.Name + " points at a value of another layout (spindle does not reinterpret memory)"))
	case ConvPtrToUintptr:
		return Value{N: uint64(Addr(v.R)), R: v.R}
	case ConvUintptrToPtr:
		if v.R == nil && v.N == 0 {
			return Value{}
		}
		if v.R == nil {
			return RawPointer(v.N)
		}
		if v.N != uint64(Addr(v.R)) {
			panic(plainError("spindle: unsafe.Pointer made from a uintptr that does not carry its pointer (arithmetic on it, or keeping it as another integer, loses the object spindle keeps with it)"))
		}
		return Value{R: v.R}
	case ConvRuneToString:
		r := int64(v.N)
		if r < 0 || r > utf8.MaxRune {
			r = utf8.RuneError
		}
		return Str(string(rune(r)))
	case ConvBytesToString:
		b, _ := v.R.([]byte)
		if c.View {
			return Str(unsafe.String(unsafe.SliceData(b), len(b)))
		}
		return Str(string(b))
	case ConvRunesToString:
		s, _ := v.R.([]uint64)
		var b strings.Builder
		for _, x := range s {
			b.WriteRune(rune(int32(x)))
		}
		return Str(b.String())
	case ConvStringToBytes:
		if c.Exact {
			s := v.String()
			b := make([]byte, len(s))
			copy(b, s)
			return Value{R: b}
		}
		return Value{R: []byte(v.String())}
	case ConvStringToRunes:
		s := v.String()
		out := make([]uint64, 0, utf8.RuneCountInString(s))
		for _, r := range s {
			out = append(out, uint64(int64(r)))
		}
		return Value{R: out}
	case ConvComplex:
		cv := v.Complex()
		if c.To.Kind == KComplex64 {
			cv = complex128(complex64(cv))
		}
		return Value{R: cv}
	case ConvSliceToArrayPtr, ConvSliceToArray:
		if w, ok := v.R.([]uint64); ok || (v.R == nil && c.To.arrayPackedWords()) {
			n := c.To.arrayLen()
			if len(w) < n {
				panic(runtimeError(sprintf("cannot convert slice with length %d to array or pointer to array with length %d", len(w), n)))
			}
			if c.Kind == ConvSliceToArray {
				return Value{R: append([]uint64(nil), w[:n]...)}
			}
			if w == nil {
				return Value{}
			}
			return Value{R: &Value{R: w[:n:n]}}
		}
		if b, ok := v.R.([]byte); ok || (v.R == nil && c.To.arrayPacked()) {
			n := c.To.arrayLen()
			if len(b) < n {
				panic(runtimeError(sprintf("cannot convert slice with length %d to array or pointer to array with length %d", len(b), n)))
			}
			if c.Kind == ConvSliceToArray {
				return Value{R: append([]byte(nil), b[:n]...)}
			}
			if b == nil {
				return Value{}
			}
			return Value{R: &Value{R: b[:n:n]}}
		}
		s, _ := v.R.([]Value)
		if len(s) < c.To.arrayLen() {
			panic(runtimeError(sprintf("cannot convert slice with length %d to array or pointer to array with length %d", len(s), c.To.arrayLen())))
		}
		if c.Kind == ConvSliceToArray {
			return c.To.Copy(Value{R: s[:c.To.Len:c.To.Len]})
		}
		if s == nil {
			return Value{}
		}
		// A pointer to the slice's backing array: a cell whose value is the
		// shared element slice.
		return Value{R: &Value{R: s[:c.To.Elem.Len:c.To.Elem.Len]}}
	}
	return v
}

// arrayPacked reports whether t, an array or a pointer to one, is
// byte-packed.
func (t *Type) arrayPacked() bool {
	if t.Kind == KPointer {
		return t.Elem.PackedBytes()
	}
	return t.PackedBytes()
}

// wordView reports whether a word of word-packed storage of elements of
// type from (nil: not known) may be read as a to: the same kind, or two
// 8-byte kinds, whose words are the same bits (a 4-byte int32 is kept
// sign-extended, a float32 as float64 bits: reading another kind would
// give a value out of its range). uintptr reads a word as it is (one
// stored through it keeps no object: spindle's uintptrs from
// unsafe.Pointer do).
// wordsOnly reports whether t is made of 8-byte integer words only
// (arrays and structs of them), laid out without padding.
func wordsOnly(t *Type) bool {
	switch t.Kind {
	case KArray:
		return wordsOnly(t.Elem)
	case KStruct:
		for _, f := range t.Fields {
			if !wordsOnly(f.Type) {
				return false
			}
		}
		return true
	}
	return (t.Kind.IsInteger() && t.Kind != KUintptr) && t.Size == 8
}

// decodeWords fills v, of a wordsOnly type t, from b's little-endian
// words (amd64's layout of t); it returns what is left of b.
func decodeWords(t *Type, v *Value, b []byte) []byte {
	switch t.Kind {
	case KArray:
		if w, ok := v.R.([]uint64); ok {
			for i := range w {
				w[i] = binary.LittleEndian.Uint64(b)
				b = b[8:]
			}
			return b
		}
		elems := v.R.([]Value)
		for i := range elems {
			b = decodeWords(t.Elem, &elems[i], b)
		}
		return b
	case KStruct:
		fs := v.R.([]Value)
		for i, f := range t.Fields {
			b = decodeWords(f.Type, &fs[i], b)
		}
		return b
	}
	v.N = binary.LittleEndian.Uint64(b)
	return b[8:]
}

func wordView(from, to *Type) bool {
	eight := func(t *Type) bool { return t.Kind.isWord() && t.Size == 8 }
	switch {
	case to.Kind == KUintptr:
		return true
	case from == nil:
		return eight(to)
	}
	return from.Kind == to.Kind || eight(from) && eight(to)
}

// arrayPackedWords is arrayPacked for word-packed arrays.
func (t *Type) arrayPackedWords() bool {
	if t.Kind == KPointer {
		return t.Elem.PackedWords()
	}
	return t.PackedWords()
}

func (t *Type) arrayLen() int {
	if t.Kind == KPointer {
		return t.Elem.Len
	}
	return t.Len
}
