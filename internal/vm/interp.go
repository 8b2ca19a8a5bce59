package vm

import (
	"math"
	"strings"
	"unicode/utf8"
)

// status is what the dispatch loop reports when it stops running a fiber.
type status uint8

const (
	stYield      status = iota // budget used up; the fiber is still runnable
	stPark                     // the fiber parked
	stDone                     // the entry function returned
	stHostReturn               // a CallGuest frame returned
)

// exec runs f until it yields, parks, finishes, or a nested CallGuest frame
// returns. Guest run-time errors arrive as Go panics (see run in sched.go),
// so every instruction that can fail saves fr.pc first.
func (m *Machine) exec(f *Fiber) status {
	fr := &f.frames[len(f.frames)-1]
	fn := fr.fn
	code := fn.Code
	regs := f.stack[fr.base : fr.base+fn.NRegs]
	pc := fr.pc

	for {
		ins := code[pc]
		pc++
		switch ins.Op {
		case OpNop:
		case OpMove:
			regs[ins.A] = regs[ins.B]

		case OpAdd:
			regs[ins.A].N = regs[ins.B].N + regs[ins.C].N
		case OpAddI:
			regs[ins.A].N = regs[ins.B].N + uint64(int64(ins.C))
		case OpSub:
			regs[ins.A].N = regs[ins.B].N - regs[ins.C].N
		case OpMul:
			regs[ins.A].N = regs[ins.B].N * regs[ins.C].N
		case OpDivS:
			y := int64(regs[ins.C].N)
			if y == 0 {
				fr.pc = pc
				panic(errDivide)
			}
			x := int64(regs[ins.B].N)
			if y == -1 {
				regs[ins.A].N = uint64(-x)
			} else {
				regs[ins.A].N = uint64(x / y)
			}
		case OpDivU:
			y := regs[ins.C].N
			if y == 0 {
				fr.pc = pc
				panic(errDivide)
			}
			regs[ins.A].N = regs[ins.B].N / y
		case OpRemS:
			y := int64(regs[ins.C].N)
			if y == 0 {
				fr.pc = pc
				panic(errDivide)
			}
			if y == -1 {
				regs[ins.A].N = 0
			} else {
				regs[ins.A].N = uint64(int64(regs[ins.B].N) % y)
			}
		case OpRemU:
			y := regs[ins.C].N
			if y == 0 {
				fr.pc = pc
				panic(errDivide)
			}
			regs[ins.A].N = regs[ins.B].N % y
		case OpAnd:
			regs[ins.A].N = regs[ins.B].N & regs[ins.C].N
		case OpOr:
			regs[ins.A].N = regs[ins.B].N | regs[ins.C].N
		case OpXor:
			regs[ins.A].N = regs[ins.B].N ^ regs[ins.C].N
		case OpAndNot:
			regs[ins.A].N = regs[ins.B].N &^ regs[ins.C].N
		case OpShl:
			regs[ins.A].N = regs[ins.B].N << regs[ins.C].N
		case OpShrS:
			regs[ins.A].N = uint64(int64(regs[ins.B].N) >> regs[ins.C].N)
		case OpShrU:
			regs[ins.A].N = regs[ins.B].N >> regs[ins.C].N
		case OpShlI:
			regs[ins.A].N = regs[ins.B].N << uint(ins.C)
		case OpShrSI:
			regs[ins.A].N = uint64(int64(regs[ins.B].N) >> uint(ins.C))
		case OpShrUI:
			regs[ins.A].N = regs[ins.B].N >> uint(ins.C)
		case OpNegShift:
			if int64(regs[ins.B].N) < 0 {
				fr.pc = pc
				panic(runtimeError("negative shift amount"))
			}
		case OpNeg:
			regs[ins.A].N = -regs[ins.B].N
		case OpCom:
			regs[ins.A].N = ^regs[ins.B].N
		case OpNot:
			regs[ins.A].N = regs[ins.B].N ^ 1
		case OpSExt8:
			regs[ins.A].N = uint64(int64(int8(regs[ins.B].N)))
		case OpSExt16:
			regs[ins.A].N = uint64(int64(int16(regs[ins.B].N)))
		case OpSExt32:
			regs[ins.A].N = uint64(int64(int32(regs[ins.B].N)))
		case OpZExt8:
			regs[ins.A].N = uint64(uint8(regs[ins.B].N))
		case OpZExt16:
			regs[ins.A].N = uint64(uint16(regs[ins.B].N))
		case OpZExt32:
			regs[ins.A].N = uint64(uint32(regs[ins.B].N))

		case OpEq:
			regs[ins.A].N = b2u(regs[ins.B].N == regs[ins.C].N)
		case OpNe:
			regs[ins.A].N = b2u(regs[ins.B].N != regs[ins.C].N)
		case OpLtS:
			regs[ins.A].N = b2u(int64(regs[ins.B].N) < int64(regs[ins.C].N))
		case OpLeS:
			regs[ins.A].N = b2u(int64(regs[ins.B].N) <= int64(regs[ins.C].N))
		case OpLtU:
			regs[ins.A].N = b2u(regs[ins.B].N < regs[ins.C].N)
		case OpLeU:
			regs[ins.A].N = b2u(regs[ins.B].N <= regs[ins.C].N)
		case OpLtSI:
			regs[ins.A].N = b2u(int64(regs[ins.B].N) < int64(ins.C))
		case OpGtSI:
			regs[ins.A].N = b2u(int64(regs[ins.B].N) > int64(ins.C))

		case OpFAdd:
			regs[ins.A].N = math.Float64bits(math.Float64frombits(regs[ins.B].N) + math.Float64frombits(regs[ins.C].N))
		case OpFSub:
			regs[ins.A].N = math.Float64bits(math.Float64frombits(regs[ins.B].N) - math.Float64frombits(regs[ins.C].N))
		case OpFMul:
			regs[ins.A].N = math.Float64bits(math.Float64frombits(regs[ins.B].N) * math.Float64frombits(regs[ins.C].N))
		case OpFDiv:
			regs[ins.A].N = math.Float64bits(math.Float64frombits(regs[ins.B].N) / math.Float64frombits(regs[ins.C].N))
		case OpFNeg:
			regs[ins.A].N = math.Float64bits(-math.Float64frombits(regs[ins.B].N))
		case OpFEq:
			regs[ins.A].N = b2u(math.Float64frombits(regs[ins.B].N) == math.Float64frombits(regs[ins.C].N))
		case OpFNe:
			regs[ins.A].N = b2u(math.Float64frombits(regs[ins.B].N) != math.Float64frombits(regs[ins.C].N))
		case OpFLt:
			regs[ins.A].N = b2u(math.Float64frombits(regs[ins.B].N) < math.Float64frombits(regs[ins.C].N))
		case OpFLe:
			regs[ins.A].N = b2u(math.Float64frombits(regs[ins.B].N) <= math.Float64frombits(regs[ins.C].N))
		case OpF32:
			regs[ins.A].N = math.Float64bits(float64(float32(math.Float64frombits(regs[ins.B].N))))

		case OpCAdd:
			regs[ins.A] = Value{R: regs[ins.B].Complex() + regs[ins.C].Complex()}
		case OpCSub:
			regs[ins.A] = Value{R: regs[ins.B].Complex() - regs[ins.C].Complex()}
		case OpCMul:
			regs[ins.A] = Value{R: regs[ins.B].Complex() * regs[ins.C].Complex()}
		case OpCDiv:
			regs[ins.A] = Value{R: regs[ins.B].Complex() / regs[ins.C].Complex()}
		case OpCNeg:
			regs[ins.A] = Value{R: -regs[ins.B].Complex()}
		case OpCEq:
			regs[ins.A] = Value{N: b2u(regs[ins.B].Complex() == regs[ins.C].Complex())}
		case OpCNe:
			regs[ins.A] = Value{N: b2u(regs[ins.B].Complex() != regs[ins.C].Complex())}
		case OpC64:
			regs[ins.A] = Value{R: complex128(complex64(regs[ins.B].Complex()))}

		case OpSAdd:
			regs[ins.A] = Str(regs[ins.B].String() + regs[ins.C].String())
		case OpSEq:
			regs[ins.A] = Value{N: b2u(regs[ins.B].String() == regs[ins.C].String())}
		case OpSNe:
			regs[ins.A] = Value{N: b2u(regs[ins.B].String() != regs[ins.C].String())}
		case OpSLt:
			regs[ins.A] = Value{N: b2u(regs[ins.B].String() < regs[ins.C].String())}
		case OpSLe:
			regs[ins.A] = Value{N: b2u(regs[ins.B].String() <= regs[ins.C].String())}
		case OpSIndex:
			s := regs[ins.B].String()
			i := regs[ins.C].N
			if i >= uint64(len(s)) {
				fr.pc = pc
				panic(indexError(int64(i), len(s)))
			}
			regs[ins.A] = Value{N: uint64(s[i])}

		case OpEqV:
			c := &fn.Cmps[ins.C]
			fr.pc = pc
			regs[ins.A] = Value{N: b2u(Equal(c.T, regs[c.X], regs[c.Y]))}
		case OpNeV:
			c := &fn.Cmps[ins.C]
			fr.pc = pc
			regs[ins.A] = Value{N: b2u(!Equal(c.T, regs[c.X], regs[c.Y]))}
		case OpEqRef:
			regs[ins.A] = Value{N: b2u(refIdentity(regs[ins.B].R) == refIdentity(regs[ins.C].R))}
		case OpNeRef:
			regs[ins.A] = Value{N: b2u(refIdentity(regs[ins.B].R) != refIdentity(regs[ins.C].R))}
		case OpIsNil:
			regs[ins.A] = Value{N: b2u(isNil(regs[ins.B].R))}

		case OpCvtSF:
			regs[ins.A].N = math.Float64bits(float64(int64(regs[ins.B].N)))
		case OpCvtUF:
			regs[ins.A].N = math.Float64bits(float64(regs[ins.B].N))
		case OpCvtFS:
			regs[ins.A].N = uint64(int64(math.Float64frombits(regs[ins.B].N)))
		case OpCvtFU:
			regs[ins.A].N = f2u(math.Float64frombits(regs[ins.B].N))
		case OpConv:
			fr.pc = pc
			regs[ins.A] = convert(&fn.Convs[ins.C], regs[ins.B])

		case OpAlloc:
			t := fn.Types[ins.B]
			c := new(Value)
			if t.isAgg() {
				*c = t.Zero()
			}
			regs[ins.A] = Value{R: c}
		case OpGlobal:
			regs[ins.A] = Value{R: &m.globals[ins.B]}
		case OpLoad:
			p, _ := regs[ins.B].R.(*Value)
			if p == nil {
				fr.pc = pc
				panic(errNil)
			}
			regs[ins.A] = *p
		case OpLoadAgg:
			p, _ := regs[ins.B].R.(*Value)
			if p == nil {
				fr.pc = pc
				panic(errNil)
			}
			regs[ins.A] = fn.Types[ins.C].Copy(*p)
		case OpStore:
			p, _ := regs[ins.A].R.(*Value)
			if p == nil {
				fr.pc = pc
				panic(errNil)
			}
			*p = regs[ins.B]
		case OpStoreAgg:
			p, _ := regs[ins.A].R.(*Value)
			if p == nil {
				fr.pc = pc
				panic(errNil)
			}
			fn.Types[ins.C].Assign(p, regs[ins.B])
		case OpFieldAddr:
			p, _ := regs[ins.B].R.(*Value)
			if p == nil {
				fr.pc = pc
				panic(errNil)
			}
			regs[ins.A] = Value{R: &p.R.([]Value)[ins.C]}
		case OpField:
			regs[ins.A] = regs[ins.B].R.([]Value)[ins.C]
		case OpIndexAddr:
			s, _ := regs[ins.B].R.([]Value)
			i := regs[ins.C].N
			if i >= uint64(len(s)) {
				fr.pc = pc
				panic(indexError(int64(i), len(s)))
			}
			regs[ins.A] = Value{R: &s[i]}
		case OpIndexAddrP:
			p, _ := regs[ins.B].R.(*Value)
			if p == nil {
				fr.pc = pc
				panic(errNil)
			}
			s := p.R.([]Value)
			i := regs[ins.C].N
			if i >= uint64(len(s)) {
				fr.pc = pc
				panic(indexError(int64(i), len(s)))
			}
			regs[ins.A] = Value{R: &s[i]}
		case OpIndex:
			s := regs[ins.B].R.([]Value)
			i := regs[ins.C].N
			if i >= uint64(len(s)) {
				fr.pc = pc
				panic(indexError(int64(i), len(s)))
			}
			regs[ins.A] = s[i]
		case OpSlice:
			fr.pc = pc
			regs[ins.A] = sliceOp(&fn.Slices[ins.C], regs, ins.B)
		case OpLen:
			regs[ins.A] = Value{N: uint64(lenOf(regs[ins.B].R))}
		case OpCap:
			regs[ins.A] = Value{N: uint64(capOf(regs[ins.B].R))}
		case OpMakeSlice:
			fr.pc = pc
			regs[ins.A] = makeSlice(&fn.Makes[ins.C], regs)
		case OpAppend:
			a := &fn.Appends[ins.C]
			regs[ins.A] = appendValues(a, regs[ins.B], regs[a.Src])
		case OpCopy:
			a := &fn.Appends[ins.C]
			regs[ins.A] = Value{N: uint64(copyValues(a.Elem, regs[ins.B], regs[a.Src]))}

		case OpMakeMap:
			t := fn.Types[ins.C]
			hint := 0
			if ins.B >= 0 {
				hint = int(int64(regs[ins.B].N))
				if hint < 0 {
					fr.pc = pc
					panic(runtimeError("makemap: size out of range"))
				}
			}
			regs[ins.A] = Value{R: NewMap(t.Key, t.Elem, min(hint, 1<<16))}
		case OpMapLookup:
			mp, _ := regs[ins.B].R.(*Map)
			fr.pc = pc
			v, ok := mp.Lookup(regs[ins.C])
			if !ok {
				v = fn.Types[ins.A0(code, pc)].Zero()
			}
			regs[ins.A] = v
		case OpMapLookupOK:
			mp, _ := regs[ins.B].R.(*Map)
			fr.pc = pc
			v, ok := mp.Lookup(regs[ins.C])
			if !ok {
				v = fn.Types[ins.A0(code, pc)].Zero()
			}
			regs[ins.A] = v
			regs[ins.A+1] = Value{N: b2u(ok)}
		case OpMapUpdate:
			mp, _ := regs[ins.A].R.(*Map)
			if mp == nil {
				fr.pc = pc
				panic(plainError("assignment to entry in nil map"))
			}
			fr.pc = pc
			v := regs[ins.C]
			if mp.ValT.isAgg() {
				v = mp.ValT.Copy(v)
			}
			mp.Store(regs[ins.B], v)
		case OpMapDelete:
			mp, _ := regs[ins.B].R.(*Map)
			fr.pc = pc
			mp.Delete(regs[ins.C])
		case OpRange:
			switch x := regs[ins.B].R.(type) {
			case *Map:
				regs[ins.A] = Value{R: x.Iter(m.rand())}
			case string:
				regs[ins.A] = Value{R: &strIter{s: x}}
			default: // nil map or empty string
				regs[ins.A] = Value{R: &strIter{}}
			}
		case OpNext:
			switch it := regs[ins.B].R.(type) {
			case *MapIter:
				k, v, ok := it.Next()
				regs[ins.A] = Value{N: b2u(ok)}
				regs[ins.A+1] = k
				regs[ins.A+2] = v
			case *strIter:
				if it.i >= len(it.s) {
					regs[ins.A] = Value{}
					break
				}
				r, n := utf8.DecodeRuneInString(it.s[it.i:])
				regs[ins.A] = Value{N: 1}
				regs[ins.A+1] = Value{N: uint64(it.i)}
				regs[ins.A+2] = Value{N: uint64(r)}
				it.i += n
			}

		case OpMakeClosure:
			c := &fn.Closures[ins.C]
			free := make([]Value, len(c.Free))
			for i, r := range c.Free {
				free[i] = regs[r]
			}
			regs[ins.A] = Value{R: &Closure{Fn: c.Fn, Free: free}}

		case OpCall, OpCallClosure, OpCallInvoke:
			cs := &fn.Calls[ins.C]
			var callee *Func
			var free []Value
			recv := Value{}
			hasRecv := false
			switch ins.Op {
			case OpCall:
				callee = cs.Fn
			case OpCallClosure:
				c, _ := regs[ins.B].R.(*Closure)
				if c == nil {
					fr.pc = pc
					panic(errNil)
				}
				callee, free = c.Fn, c.Free
			case OpCallInvoke:
				x, _ := regs[ins.B].R.(*Iface)
				if x == nil {
					fr.pc = pc
					panic(errNil)
				}
				callee = cs.lookup(x.T)
				recv, hasRecv = x.V, true
			}
			fr.pc = pc
			nb := fr.base + fn.NRegs
			if callee.Host != nil {
				m.callHost(f, callee, cs, regs, nb, ins.A, recv, hasRecv)
				if f.state != Running {
					fr.pc = pc - 1
					return stPark
				}
				// the stack may have moved
				regs = f.stack[fr.base : fr.base+fn.NRegs]
				continue
			}
			need := int(nb + callee.NRegs)
			if need > len(f.stack) {
				if !f.growStack(need) {
					m.stackOverflow(f, need)
				}
				regs = f.stack[fr.base : fr.base+fn.NRegs]
			}
			win := f.stack[nb : nb+callee.NRegs]
			j := 0
			if hasRecv {
				win[0] = recv
				j = 1
			}
			for _, a := range cs.Args {
				win[j] = regs[a]
				j++
			}
			copy(win[callee.NParams:], free)
			copy(win[callee.ConstBase:], callee.Consts)
			f.frames = append(f.frames, Frame{fn: callee, base: nb, ret: ins.A})
			fr = &f.frames[len(f.frames)-1]
			fn = callee
			code = fn.Code
			regs = win
			pc = 0
			f.budget--
			if f.budget <= 0 {
				fr.pc = pc
				return stYield
			}
		case OpCallHost:
			cs := &fn.Calls[ins.C]
			fr.pc = pc
			m.callHost(f, cs.Fn, cs, regs, fr.base+fn.NRegs, ins.A, Value{}, false)
			if f.state != Running {
				fr.pc = pc - 1
				return stPark
			}
			regs = f.stack[fr.base : fr.base+fn.NRegs]

		case OpReturn:
			var res []int32
			if ins.C >= 0 {
				res = fn.Lists[ins.C]
			}
			n := len(f.frames)
			kind := fr.kind
			if kind == frameHost || n == 1 {
				out := make([]Value, len(res))
				for i, r := range res {
					out[i] = regs[r]
				}
				f.result = out
				clear(regs)
				f.frames = f.frames[:n-1]
				if kind == frameHost {
					return stHostReturn
				}
				return stDone
			}
			caller := &f.frames[n-2]
			if fr.ret >= 0 {
				dst := f.stack[caller.base+fr.ret:]
				for i, r := range res {
					dst[i] = regs[r]
				}
			}
			clear(regs)
			f.frames = f.frames[:n-1]
			fr = caller
			fn = fr.fn
			code = fn.Code
			regs = f.stack[fr.base : fr.base+fn.NRegs]
			pc = fr.pc
			if kind == frameDeferPanic {
				// A deferred call made during a panic returned.
				p := f.panic
				if p.recovered {
					f.panic = p.link
					pc = fn.RecoverPC
				} else {
					m.unwind(f)
					return m.exec(f)
				}
			}

		case OpGo:
			fr.pc = pc
			m.spawnCall(f, fn, &fn.Calls[ins.C], regs, ins.B)
		case OpDefer:
			fr.pc = pc
			cs := &fn.Calls[ins.C]
			d := m.makeDefer(fn, cs, regs, ins.B)
			target := fr
			if cs.DeferStack >= 0 {
				target = &f.frames[regs[cs.DeferStack].N]
			}
			d.next = target.defers
			target.defers = d
		case OpRunDefers:
			d := fr.defers
			if d == nil {
				break
			}
			fr.defers = d.next
			fr.pc = pc - 1 // come back here
			if m.pushDefer(f, d, frameDefer) {
				fr = &f.frames[len(f.frames)-1]
				fn = fr.fn
				code = fn.Code
				regs = f.stack[fr.base : fr.base+fn.NRegs]
			}
			pc = fr.pc
		case OpPanic:
			fr.pc = pc
			v := regs[ins.B]
			if v.R == nil {
				v = m.nilPanicValue()
			}
			panic(&GuestPanic{Val: v})
		case OpRecover:
			regs[ins.A] = Value{}
			if p := f.panic; p != nil && fr.kind == frameDeferPanic && !p.recovered && f.frames[len(f.frames)-1].kind == frameDeferPanic {
				p.recovered = true
				regs[ins.A] = p.val
			}

		case OpMakeIface:
			v := regs[ins.B]
			regs[ins.A] = Value{R: &Iface{T: fn.Types[ins.C], V: v}}
		case OpTypeAssert:
			x, _ := regs[ins.B].R.(*Iface)
			t := fn.Types[ins.C]
			if x == nil || x.T != t {
				fr.pc = pc
				panic(m.assertError(fn.Types[ins.A0(code, pc)], x, t))
			}
			regs[ins.A] = x.V
		case OpTypeAssertOK:
			x, _ := regs[ins.B].R.(*Iface)
			t := fn.Types[ins.C]
			if x == nil || x.T != t {
				regs[ins.A] = t.Zero()
				regs[ins.A+1] = Value{}
			} else {
				regs[ins.A] = x.V
				regs[ins.A+1] = Value{N: 1}
			}
		case OpIfaceAssert:
			x, _ := regs[ins.B].R.(*Iface)
			t := fn.Types[ins.C]
			if x == nil || !x.T.Implements(t) {
				fr.pc = pc
				panic(m.assertError(fn.Types[ins.A0(code, pc)], x, t))
			}
			regs[ins.A] = regs[ins.B]
		case OpIfaceAssertOK:
			x, _ := regs[ins.B].R.(*Iface)
			t := fn.Types[ins.C]
			if x == nil || !x.T.Implements(t) {
				regs[ins.A] = Value{}
				regs[ins.A+1] = Value{}
			} else {
				regs[ins.A] = regs[ins.B]
				regs[ins.A+1] = Value{N: 1}
			}

		case OpMakeChan:
			t := fn.Types[ins.C]
			size := int64(0)
			if ins.B >= 0 {
				size = int64(regs[ins.B].N)
			}
			if size < 0 || size > 1<<40 {
				fr.pc = pc
				panic(plainError("makechan: size out of range"))
			}
			regs[ins.A] = Value{R: newChan(t.Elem, int(size))}
		case OpSend:
			fr.pc = pc
			c, _ := regs[ins.A].R.(*Chan)
			if !m.chanSend(f, c, regs[ins.B]) {
				fr.pc = pc - 1
				return stPark
			}
		case OpRecv, OpRecvOK:
			fr.pc = pc
			c, _ := regs[ins.B].R.(*Chan)
			v, ok, done := m.chanRecv(f, c)
			if !done {
				fr.pc = pc - 1
				return stPark
			}
			regs[ins.A] = v
			if ins.Op == OpRecvOK {
				regs[ins.A+1] = Value{N: b2u(ok)}
			}
		case OpClose:
			fr.pc = pc
			c, _ := regs[ins.B].R.(*Chan)
			m.chanClose(c)
		case OpSelect:
			fr.pc = pc
			if !m.selectOp(f, &fn.Selects[ins.C], regs, ins.A) {
				fr.pc = pc - 1
				return stPark
			}

		case OpJump:
			pc = ins.A
		case OpLoop:
			pc = ins.A
			f.budget--
			if f.budget <= 0 {
				fr.pc = pc
				return stYield
			}
		case OpBrFalse:
			if regs[ins.B].N == 0 {
				pc = ins.A
			}
		case OpBrTrue:
			if regs[ins.B].N != 0 {
				pc = ins.A
			}

		case OpBuiltin:
			fr.pc = pc
			m.builtin(f, &fn.Builtins[ins.C], regs, ins.A)
			if f.state != Running {
				fr.pc = pc - 1
				return stPark
			}
			regs = f.stack[fr.base : fr.base+fn.NRegs]

		default:
			fr.pc = pc
			panic(bugf("bad opcode %d in %s", ins.Op, fn.Name))
		}
	}
}

// A0 returns the A operand of the instruction after an op that needs a
// fourth operand (the compiler emits an OpNop carrying it).
func (Instr) A0(code []Instr, pc int32) int32 { return code[pc].A }

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
	case *Value:
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
	case *Chan:
		return x.Cap()
	}
	return 0
}

func sliceOp(op *SliceOp, regs []Value, b int32) Value {
	x := regs[b]
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
			panic(sliceError("s", "[:%x] with length %y", int64(hi), int64(len(s))))
		}
		if lo < 0 || lo > hi {
			panic(sliceError("s", "[%x:%y]", int64(lo), int64(hi)))
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
	c := cap(s)
	lo, hi, max := idx(op.Lo, 0), idx(op.Hi, len(s)), idx(op.Max, c)
	if op.Max >= 0 {
		if max < 0 || max > c {
			if op.Kind == KPointer {
				panic(sliceError("a", "[::%x] with length %y", int64(max), int64(c)))
			}
			panic(sliceError("a", "[::%x] with capacity %y", int64(max), int64(c)))
		}
		if hi < 0 || hi > max {
			panic(sliceError("a", "[:%x:%y]", int64(hi), int64(max)))
		}
	} else if hi < 0 || hi > c {
		if op.Kind == KPointer {
			panic(sliceError("a", "[:%x] with length %y", int64(hi), int64(c)))
		}
		panic(sliceError("a", "[:%x] with capacity %y", int64(hi), int64(c)))
	}
	if lo < 0 || lo > hi {
		panic(sliceError("a", "[%x:%y]", int64(lo), int64(hi)))
	}
	if s == nil {
		return Value{}
	}
	return Value{R: s[lo:hi:max]}
}

func makeSlice(op *MakeOp, regs []Value) Value {
	n := int64(regs[op.Len].N)
	c := n
	if op.Cap >= 0 {
		c = int64(regs[op.Cap].N)
	}
	if n < 0 || n > 1<<40 {
		panic(runtimeError("makeslice: len out of range"))
	}
	if c < n || c > 1<<40 {
		panic(runtimeError("makeslice: cap out of range"))
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
func appendValues(op *AppendOp, dst, src Value) Value {
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

func copyValues(elem *Type, dst, src Value) int {
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
	case ConvRuneToString:
		r := int64(v.N)
		if r < 0 || r > utf8.MaxRune {
			r = utf8.RuneError
		}
		return Str(string(rune(r)))
	case ConvBytesToString:
		s, _ := v.R.([]Value)
		var b strings.Builder
		b.Grow(len(s))
		for _, x := range s {
			b.WriteByte(byte(x.N))
		}
		return Str(b.String())
	case ConvRunesToString:
		s, _ := v.R.([]Value)
		var b strings.Builder
		for _, x := range s {
			b.WriteRune(rune(int32(x.N)))
		}
		return Str(b.String())
	case ConvStringToBytes:
		s := v.String()
		out := make([]Value, len(s))
		for i := 0; i < len(s); i++ {
			out[i] = Value{N: uint64(s[i])}
		}
		return Value{R: out}
	case ConvStringToRunes:
		s := v.String()
		out := make([]Value, 0, utf8.RuneCountInString(s))
		for _, r := range s {
			out = append(out, Value{N: uint64(int64(r))})
		}
		return Value{R: out}
	case ConvComplex:
		cv := v.Complex()
		if c.To.Kind == KComplex64 {
			cv = complex128(complex64(cv))
		}
		return Value{R: cv}
	case ConvSliceToArrayPtr, ConvSliceToArray:
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

func (t *Type) arrayLen() int {
	if t.Kind == KPointer {
		return t.Elem.Len
	}
	return t.Len
}
