package std

// The guest fmt's printing engine: Go's Print/Printf rules applied to guest
// values. Operands are guest interface values (type descriptor plus
// value); composites are walked here the way Go's printValue walks them,
// and every leaf (a number, a string, a byte slice, a pointer) is handed
// to the host fmt with an equivalent format, so padding, precision and
// the numeric forms are Go's own.

import (
	"cmp"
	"go/types"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"

	"spindle/internal/vm"
)

// fmtFlags is the state of one verb: its flags, width and precision.
// plusV and sharpV are %+v and %#v (plus and sharp are then false).
type fmtFlags struct {
	widPresent, precPresent         bool
	minus, plus, sharp, space, zero bool
	plusV, sharpV                   bool
	wid, prec                       int
}

// printer formats guest operands into buf.
type printer struct {
	f   *vm.Fiber
	buf []byte
	fl  fmtFlags

	// The operand being printed, for %!verb(type=value): curT nil means
	// a nil operand.
	curT *vm.Type
	curV vm.Value

	reordered  bool
	goodArgNum bool
	panicking  bool
	erroring   bool
	wrapErrs   bool
	wrapped    []int

	hostFmt []byte // scratch for host format strings
}

var printerPool = sync.Pool{New: func() any { return new(printer) }}

func newPrinter(f *vm.Fiber) *printer {
	p := printerPool.Get().(*printer)
	p.f = f
	p.fl = fmtFlags{}
	p.panicking, p.erroring, p.wrapErrs = false, false, false
	p.wrapped = p.wrapped[:0]
	return p
}

func (p *printer) free() {
	if cap(p.buf) > 64<<10 {
		p.buf = nil
	} else {
		p.buf = p.buf[:0]
	}
	p.f = nil
	p.curT, p.curV = nil, vm.Value{}
	printerPool.Put(p)
}

// --- leaves -----------------------------------------------------------

// host formats val with verb and the flags fl using the host fmt.
func (p *printer) host(verb rune, fl *fmtFlags, val any) {
	b := append(p.hostFmt[:0], '%')
	if fl.plus {
		b = append(b, '+')
	}
	if fl.sharp {
		b = append(b, '#')
	}
	if fl.minus {
		b = append(b, '-')
	}
	if fl.space {
		b = append(b, ' ')
	}
	if fl.zero {
		b = append(b, '0')
	}
	if fl.widPresent && fl.wid > 0 {
		b = strconv.AppendInt(b, int64(fl.wid), 10)
	}
	if fl.precPresent {
		b = append(b, '.')
		b = strconv.AppendInt(b, int64(fl.prec), 10)
	}
	b = utf8.AppendRune(b, verb)
	p.hostFmt = b
	p.buf = hostAppendf(p.buf, string(b), val)
}

func (p *printer) writeString(s string) { p.buf = append(p.buf, s...) }

func (p *printer) writeRune(r rune) { p.buf = utf8.AppendRune(p.buf, r) }

// padString writes s padded to the width (no precision).
func (p *printer) padString(s string) {
	if !p.fl.widPresent || p.fl.wid == 0 {
		p.writeString(s)
		return
	}
	fl := p.fl
	fl.precPresent = false
	fl.plus, fl.sharp, fl.space = false, false, false
	p.host('s', &fl, s)
}

// fmtS writes s with precision and padding.
func (p *printer) fmtS(s string) {
	if !p.fl.widPresent && !p.fl.precPresent {
		p.writeString(s)
		return
	}
	fl := p.fl
	fl.plus, fl.sharp, fl.space = false, false, false
	p.host('s', &fl, s)
}

func (p *printer) fmtBool(v bool, verb rune) {
	switch verb {
	case 't', 'v':
		p.padString(strconv.FormatBool(v))
	default:
		p.badVerb(verb)
	}
}

func (p *printer) fmtInteger(u uint64, signed bool, verb rune) {
	fl := &p.fl
	switch verb {
	case 'v':
		if fl.sharpV && !signed {
			p.fmt0x64(u, true)
			return
		}
		verb = 'd'
		fallthrough
	case 'd':
		if !fl.plus && !fl.space && !fl.widPresent && !fl.precPresent {
			if signed {
				p.buf = strconv.AppendInt(p.buf, int64(u), 10)
			} else {
				p.buf = strconv.AppendUint(p.buf, u, 10)
			}
			return
		}
	case 'b', 'o', 'O', 'x', 'X', 'c', 'q', 'U':
	default:
		p.badVerb(verb)
		return
	}
	if signed {
		p.host(verb, fl, int64(u))
	} else {
		p.host(verb, fl, u)
	}
}

// fmt0x64 formats u in hex, with a 0x prefix if leading0x.
func (p *printer) fmt0x64(u uint64, leading0x bool) {
	fl := p.fl
	fl.sharp = leading0x
	p.host('x', &fl, u)
}

func (p *printer) fmtFloat(v float64, size int, verb rune) {
	switch verb {
	case 'v':
		verb = 'g'
		if !p.fl.plus && !p.fl.space && !p.fl.sharp && !p.fl.widPresent && !p.fl.precPresent {
			p.buf = strconv.AppendFloat(p.buf, v, 'g', -1, size)
			return
		}
	case 'b', 'g', 'G', 'x', 'X', 'f', 'F', 'e', 'E':
	default:
		p.badVerb(verb)
		return
	}
	if size == 32 {
		p.host(verb, &p.fl, float32(v))
	} else {
		p.host(verb, &p.fl, v)
	}
}

func (p *printer) fmtComplex(v complex128, size int, verb rune) {
	switch verb {
	case 'v':
		verb = 'g'
	case 'b', 'g', 'G', 'x', 'X', 'f', 'F', 'e', 'E':
	default:
		p.badVerb(verb)
		return
	}
	if size == 64 {
		p.host(verb, &p.fl, complex64(v))
	} else {
		p.host(verb, &p.fl, v)
	}
}

func (p *printer) fmtString(s string, verb rune) {
	switch verb {
	case 'v':
		if p.fl.sharpV {
			verb = 'q'
			break
		}
		verb = 's'
		fallthrough
	case 's':
		if !p.fl.widPresent && !p.fl.precPresent {
			p.writeString(s)
			return
		}
	case 'x', 'X', 'q':
	default:
		p.badVerb(verb)
		return
	}
	p.host(verb, &p.fl, s)
}

// fmtBytes formats a byte slice or array; typeName is used by %#v.
func (p *printer) fmtBytes(b []byte, verb rune, t *vm.Type, typeName string) {
	switch verb {
	case 'v', 'd':
		if p.fl.sharpV {
			p.writeString(typeName)
			if b == nil {
				p.writeString("(nil)")
				return
			}
			p.buf = append(p.buf, '{')
			for i, c := range b {
				if i > 0 {
					p.writeString(", ")
				}
				p.fmt0x64(uint64(c), true)
			}
			p.buf = append(p.buf, '}')
			return
		}
		p.buf = append(p.buf, '[')
		for i, c := range b {
			if i > 0 {
				p.buf = append(p.buf, ' ')
			}
			p.fmtInteger(uint64(c), false, 'd')
		}
		p.buf = append(p.buf, ']')
	case 's', 'x', 'X', 'q':
		if b == nil {
			b = []byte{}
		}
		p.host(verb, &p.fl, b)
	default:
		p.printValue(t, BytesValue(b), verb, 0, false)
	}
}

// elemValues returns the elements of v, a slice or array of type t, as
// Values: packed elements (vm.Type.Packed) are widened one by one (a
// word-packed element is its Value.N as it is).
func elemValues(t *vm.Type, v vm.Value) []vm.Value {
	if !t.Packed() {
		return v.Slice()
	}
	if t.PackedWords() {
		w := v.Words()
		if w == nil {
			return nil
		}
		out := make([]vm.Value, len(w))
		for i, x := range w {
			out[i] = vm.Value{N: x}
		}
		return out
	}
	b := v.Bytes()
	if b == nil {
		return nil
	}
	out := make([]vm.Value, len(b))
	for i, c := range b {
		out[i] = vm.ByteElem(c, t.Elem.Kind)
	}
	return out
}

// addrOf returns the host address identifying a reference value's target.
func (p *printer) fmtPointer(t *vm.Type, v vm.Value, verb rune) {
	switch t.Kind {
	case vm.KChan, vm.KFunc, vm.KMap, vm.KPointer, vm.KSlice, vm.KUnsafePointer:
	default:
		p.badVerb(verb)
		return
	}
	u := uint64(vm.Addr(v.R))
	switch verb {
	case 'v':
		if p.fl.sharpV {
			p.buf = append(p.buf, '(')
			p.writeString(t.Name)
			p.writeString(")(")
			if u == 0 {
				p.writeString("nil")
			} else {
				p.fmt0x64(u, true)
			}
			p.buf = append(p.buf, ')')
			return
		}
		if u == 0 {
			p.padString("<nil>")
			return
		}
		p.fmt0x64(u, !p.fl.sharp)
	case 'p':
		p.fmt0x64(u, !p.fl.sharp)
	case 'b', 'o', 'd', 'x', 'X':
		p.fmtInteger(u, false, verb)
	default:
		p.badVerb(verb)
	}
}

// badVerb writes %!verb(type=value) for the current operand.
func (p *printer) badVerb(verb rune) {
	p.erroring = true
	p.writeString("%!")
	p.writeRune(verb)
	p.buf = append(p.buf, '(')
	if t := p.curT; t != nil {
		v := p.curV
		p.writeString(t.Name)
		p.buf = append(p.buf, '=')
		p.printValue(t, v, 'v', 0, false)
	} else {
		p.writeString("<nil>")
	}
	p.buf = append(p.buf, ')')
	p.erroring = false
}

// --- methods ------------------------------------------------------------

// methInfo records the fmt-relevant methods of a guest type.
type methInfo struct {
	format, goString, errorM, stringM *vm.Func
}

var noMeths = &methInfo{}

// methodsOf returns t's fmt methods, or nil if it has none. The answers
// are cached per machine (types belong to one program; a global cache
// would keep every program alive).
func methodsOf(m *vm.Machine, t *vm.Type) *methInfo {
	if t.Methods == nil {
		return nil
	}
	d := stateOf(m)
	if mi, ok := d.meths[t]; ok {
		if mi == noMeths {
			return nil
		}
		return mi
	}
	if d.meths == nil {
		d.meths = map[*vm.Type]*methInfo{}
	}
	mi := &methInfo{}
	ms := types.NewMethodSet(t.GoType)
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		impl := t.Methods[fn.Name()]
		if impl == nil {
			continue
		}
		switch fn.Name() {
		case "Error", "String", "GoString":
			if sig.Params().Len() != 0 || sig.Results().Len() != 1 || !types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
				continue
			}
			switch fn.Name() {
			case "Error":
				mi.errorM = impl
			case "String":
				mi.stringM = impl
			default:
				mi.goString = impl
			}
		case "Format":
			if sig.Params().Len() != 2 || sig.Results().Len() != 0 || sig.Variadic() {
				continue
			}
			st, ok := types.Unalias(sig.Params().At(0).Type()).(*types.Named)
			if !ok || st.Obj().Pkg() == nil || st.Obj().Pkg().Path() != "fmt" || st.Obj().Name() != "State" {
				continue
			}
			if !types.Identical(sig.Params().At(1).Type(), types.Typ[types.Int32]) {
				continue
			}
			mi.format = impl
		}
	}
	if *mi == (methInfo{}) {
		d.meths[t] = noMeths
		return nil
	}
	d.meths[t] = mi
	return mi
}

// handleMethods prints operand (t, v) through its Format, GoString,
// Error or String method when Go's fmt would; it reports whether it did.
func (p *printer) handleMethods(t *vm.Type, v vm.Value, verb rune) bool {
	if p.erroring {
		return false
	}
	mi := methodsOf(p.f.M, t)
	if verb == 'w' {
		if mi == nil || mi.errorM == nil || !p.wrapErrs {
			p.badVerb(verb)
			return true
		}
		verb = 'v'
	}
	if mi == nil {
		return false
	}
	if mi.format != nil {
		st := stateOf(p.f.M).stateT
		if st != nil {
			fields := []vm.Value{{R: p}}
			state := vm.Value{R: &vm.Iface{T: st, V: vm.Value{R: &vm.Value{R: fields}}}}
			p.callMethod(mi.format, t, v, verb, "Format", state, vm.Int(int64(verb)))
			fields[0] = vm.Value{}
			return true
		}
	}
	if p.fl.sharpV {
		if mi.goString != nil {
			if res, ok := p.callMethod(mi.goString, t, v, verb, "GoString"); ok {
				p.fmtS(res.String())
			}
			return true
		}
		return false
	}
	switch verb {
	case 'v', 's', 'x', 'X', 'q':
		m, name := mi.errorM, "Error"
		if m == nil {
			m, name = mi.stringM, "String"
		}
		if m != nil {
			if res, ok := p.callMethod(m, t, v, verb, name); ok {
				p.fmtString(res.String(), verb)
			}
			return true
		}
	}
	return false
}

// callMethod calls guest method fn on (t, v) with extra arguments. A guest
// panic is printed as Go's fmt prints it and ok is false.
func (p *printer) callMethod(fn *vm.Func, t *vm.Type, v vm.Value, verb rune, method string, extra ...vm.Value) (res vm.Value, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			gp, isGuest := r.(*vm.GuestPanic)
			if !isGuest {
				panic(r)
			}
			ok = false
			if t.Kind == vm.KPointer && v.R == nil {
				p.writeString("<nil>")
				return
			}
			if p.panicking {
				panic(r)
			}
			old := p.fl
			p.fl = fmtFlags{}
			p.writeString("%!")
			p.writeRune(verb)
			p.writeString("(PANIC=")
			p.writeString(method)
			p.writeString(" method: ")
			p.panicking = true
			p.printArg(gp.Val, 'v')
			p.panicking = false
			p.buf = append(p.buf, ')')
			p.fl = old
		}
	}()
	var args [3]vm.Value
	args[0] = v
	n := copy(args[1:], extra) + 1
	out := p.f.M.CallGuest(p.f, fn, nil, args[:n]...)
	if len(out) > 0 {
		res = out[0]
	}
	return res, true
}

// --- values -------------------------------------------------------------

// maxPrintDepth bounds the recursion of printValue; each level also
// charges printLevelStack bytes of host stack against the guest's cap
// (vm.Machine.EnterHost), shared with nested String methods.
const (
	maxPrintDepth   = 100000
	printLevelStack = 512
)

func isByteSlice(t *vm.Type) bool {
	return t.Kind == vm.KSlice && !t.Named && t.Elem.Kind == vm.KUint8 && !t.Elem.Named
}

// printArg prints one operand (a guest interface value).
func (p *printer) printArg(a vm.Value, verb rune) {
	x := a.Iface()
	if x == nil {
		p.curT = nil
		switch verb {
		case 'T', 'v':
			p.padString("<nil>")
		default:
			p.badVerb(verb)
		}
		return
	}
	t := x.T
	p.curT, p.curV = t, x.V
	switch verb {
	case 'T':
		p.fmtS(t.Name)
		return
	case 'p':
		p.fmtPointer(t, x.V, 'p')
		return
	}
	if isReflectValue(t) {
		// As Go's fmt: the value a reflect.Value holds.
		v := rvOf(x.V)
		if v.t == nil {
			p.padString("<invalid reflect.Value>")
			return
		}
		t, val := v.t, v.loadCopy()
		p.curT, p.curV = t, val
		if v.fl&flagRO != 0 || !p.handleMethods(t, val, verb) {
			p.printValue(t, val, verb, 0, v.fl&flagRO != 0)
		}
		return
	}
	// Go's fast path: unnamed basic types and []byte skip the method
	// checks (even for %w).
	if isByteSlice(t) {
		p.fmtBytes(x.V.Bytes(), verb, t, "[]byte")
		return
	}
	if t.Methods == nil && (verb != 'w' || !t.Named && t.Kind <= vm.KComplex128 || t.Kind == vm.KString && !t.Named) {
		p.printValue(t, x.V, verb, 0, false)
		return
	}
	if !p.handleMethods(t, x.V, verb) {
		p.printValue(t, x.V, verb, 0, false)
	}
}

// printValue prints value v of type t. ro reports that v was reached
// through an unexported field (its methods are then not used).
func (p *printer) printValue(t *vm.Type, v vm.Value, verb rune, depth int, ro bool) {
	if depth > maxPrintDepth {
		// Go recurses until its stack overflows (a slice or map that
		// contains itself through an interface).
		panic(vm.Fatal("stack overflow"))
	}
	if depth > 0 && p.f != nil {
		p.f.M.EnterHost(p.f, printLevelStack)
		defer p.f.M.LeaveHost(printLevelStack)
	}
	if depth > 0 && !ro && (t.Methods != nil || verb == 'w') {
		p.curT, p.curV = t, v
		if p.handleMethods(t, v, verb) {
			return
		}
	}
	p.curT, p.curV = t, v
	switch t.Kind {
	case vm.KBool:
		p.fmtBool(v.Bool(), verb)
	case vm.KInt, vm.KInt8, vm.KInt16, vm.KInt32, vm.KInt64:
		p.fmtInteger(v.N, true, verb)
	case vm.KUint, vm.KUint8, vm.KUint16, vm.KUint32, vm.KUint64, vm.KUintptr:
		p.fmtInteger(v.N, false, verb)
	case vm.KFloat32:
		p.fmtFloat(v.Float(), 32, verb)
	case vm.KFloat64:
		p.fmtFloat(v.Float(), 64, verb)
	case vm.KComplex64:
		p.fmtComplex(v.Complex(), 64, verb)
	case vm.KComplex128:
		p.fmtComplex(v.Complex(), 128, verb)
	case vm.KString:
		p.fmtString(v.String(), verb)
	case vm.KMap:
		p.printMap(t, v, verb, depth, ro)
	case vm.KStruct:
		if p.fl.sharpV {
			p.writeString(t.Name)
		}
		p.buf = append(p.buf, '{')
		fields := v.Slice()
		for i := range t.Fields {
			fd := &t.Fields[i]
			if i > 0 {
				if p.fl.sharpV {
					p.writeString(", ")
				} else {
					p.buf = append(p.buf, ' ')
				}
			}
			if p.fl.plusV || p.fl.sharpV {
				p.writeString(fd.Name)
				p.buf = append(p.buf, ':')
			}
			ft := fd.Type
			var fv vm.Value
			if i < len(fields) {
				fv = fields[i]
			}
			if ft.Kind == vm.KInterface {
				if x := fv.Iface(); x != nil {
					ft, fv = x.T, x.V
				}
			}
			p.printValue(ft, fv, verb, depth+1, ro || !fd.Exported)
		}
		p.buf = append(p.buf, '}')
	case vm.KInterface:
		x := v.Iface()
		if x == nil {
			if p.fl.sharpV {
				p.writeString(t.Name)
				p.writeString("(nil)")
			} else {
				p.writeString("<nil>")
			}
			return
		}
		p.printValue(x.T, x.V, verb, depth+1, ro)
	case vm.KArray, vm.KSlice:
		switch verb {
		case 's', 'q', 'x', 'X':
			if t.Elem.Kind == vm.KUint8 {
				b := v.Bytes()
				if t.Kind == vm.KArray && len(b) < t.Len {
					b = make([]byte, t.Len) // a zero-size array's shared storage
				}
				p.fmtBytes(b, verb, t, t.Name)
				return
			}
		}
		elems := elemValues(t, v)
		if t.Kind == vm.KArray && len(elems) < t.Len {
			elems = append(elems[:len(elems):len(elems)], make([]vm.Value, t.Len-len(elems))...)
		}
		if p.fl.sharpV {
			p.writeString(t.Name)
			if t.Kind == vm.KSlice && elems == nil {
				p.writeString("(nil)")
				return
			}
			p.buf = append(p.buf, '{')
			for i, e := range elems {
				if i > 0 {
					p.writeString(", ")
				}
				p.printValue(t.Elem, e, verb, depth+1, ro)
			}
			p.buf = append(p.buf, '}')
			return
		}
		p.buf = append(p.buf, '[')
		for i, e := range elems {
			if i > 0 {
				p.buf = append(p.buf, ' ')
			}
			p.printValue(t.Elem, e, verb, depth+1, ro)
		}
		p.buf = append(p.buf, ']')
	case vm.KPointer:
		if depth == 0 {
			if pv := v.Ptr(); pv != nil {
				switch t.Elem.Kind {
				case vm.KArray, vm.KSlice, vm.KStruct, vm.KMap:
					p.buf = append(p.buf, '&')
					p.printValue(t.Elem, *pv, verb, depth+1, ro)
					return
				}
			}
		}
		p.fmtPointer(t, v, verb)
	case vm.KChan, vm.KFunc, vm.KUnsafePointer:
		p.fmtPointer(t, v, verb)
	default:
		p.buf = append(p.buf, '?')
		p.writeString(t.Name)
		p.buf = append(p.buf, '?')
	}
}

func (p *printer) printMap(t *vm.Type, v vm.Value, verb rune, depth int, ro bool) {
	m, _ := v.R.(*vm.Map)
	if p.fl.sharpV {
		p.writeString(t.Name)
		if m == nil {
			p.writeString("(nil)")
			return
		}
		p.buf = append(p.buf, '{')
	} else {
		p.writeString("map[")
	}
	keys, vals := m.Entries()
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	kt := t.Key
	slices.SortStableFunc(idx, func(a, b int) int { return compareKeys(kt, keys[a], keys[b]) })
	for n, i := range idx {
		if n > 0 {
			if p.fl.sharpV {
				p.writeString(", ")
			} else {
				p.buf = append(p.buf, ' ')
			}
		}
		p.printValue(kt, keys[i], verb, depth+1, ro)
		p.buf = append(p.buf, ':')
		p.printValue(t.Elem, vals[i], verb, depth+1, ro)
	}
	if p.fl.sharpV {
		p.buf = append(p.buf, '}')
	} else {
		p.buf = append(p.buf, ']')
	}
}

// compareKeys orders map keys as Go's fmt does (internal/fmtsort).
func compareKeys(t *vm.Type, a, b vm.Value) int {
	switch t.Kind {
	case vm.KInt, vm.KInt8, vm.KInt16, vm.KInt32, vm.KInt64:
		return cmp.Compare(a.Int(), b.Int())
	case vm.KUint, vm.KUint8, vm.KUint16, vm.KUint32, vm.KUint64, vm.KUintptr:
		return cmp.Compare(a.N, b.N)
	case vm.KString:
		return cmp.Compare(a.String(), b.String())
	case vm.KFloat32, vm.KFloat64:
		return cmp.Compare(a.Float(), b.Float())
	case vm.KComplex64, vm.KComplex128:
		x, y := a.Complex(), b.Complex()
		if c := cmp.Compare(real(x), real(y)); c != 0 {
			return c
		}
		return cmp.Compare(imag(x), imag(y))
	case vm.KBool:
		switch {
		case a.Bool() == b.Bool():
			return 0
		case a.Bool():
			return 1
		}
		return -1
	case vm.KPointer, vm.KUnsafePointer, vm.KChan:
		return cmp.Compare(vm.Addr(a.R), vm.Addr(b.R))
	case vm.KStruct:
		xs, ys := a.Slice(), b.Slice()
		for i := range t.Fields {
			if c := compareKeys(t.Fields[i].Type, xs[i], ys[i]); c != 0 {
				return c
			}
		}
		return 0
	case vm.KArray:
		xs, ys := elemValues(t, a), elemValues(t, b)
		for i := range xs {
			if c := compareKeys(t.Elem, xs[i], ys[i]); c != 0 {
				return c
			}
		}
		return 0
	case vm.KInterface:
		x, y := a.Iface(), b.Iface()
		switch {
		case x == nil && y == nil:
			return 0
		case x == nil:
			return -1
		case y == nil:
			return 1
		}
		if x.T != y.T {
			if c := cmp.Compare(x.T.Name, y.T.Name); c != 0 {
				return c
			}
			return cmp.Compare(uintptr(unsafe.Pointer(x.T)), uintptr(unsafe.Pointer(y.T)))
		}
		return compareKeys(x.T, x.V, y.V)
	}
	return 0
}
