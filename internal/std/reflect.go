package std

import (
	"go/types"
	"math"
	"slices"
	"strings"

	"spindle/internal/vm"
)

// Host side of the guest reflect package (_std/reflect): type
// descriptors and values. A guest reflect.Value is a struct of three
// fields: the *vm.Type, the value itself or (flagIndir) a pointer to its
// storage as the vm.Value the VM uses (*vm.Value, or *byte or *uint64
// into packed storage), and the flag word, whose low bits are the kind.

const (
	flagKindMask  = 1<<5 - 1
	flagStickyRO  = 1 << 5
	flagEmbedRO   = 1 << 6
	flagIndir     = 1 << 7
	flagAddr      = 1 << 8
	flagRO        = flagStickyRO | flagEmbedRO
	reflectBadArg = "BUG: reflect: "
)

var reflectFuncs = hostTable{
	"reflect.typeOf":       reflectTypeOf,
	"reflect.cachedType":   reflectCachedType,
	"reflect.tkind":        func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Uint(uint64(rtyp(a[0]).Kind)) },
	"reflect.tstring":      func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Str(rtyp(a[0]).Name) },
	"reflect.tname":        reflectTName,
	"reflect.tsize":        reflectTSize,
	"reflect.telem":        func(f *vm.Fiber, a, r []vm.Value) { r[0] = typeValue(rtyp(a[0]).Elem) },
	"reflect.tkey":         func(f *vm.Fiber, a, r []vm.Value) { r[0] = typeValue(rtyp(a[0]).Key) },
	"reflect.tlen":         func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Int(int64(rtyp(a[0]).Len)) },
	"reflect.tchandir":     reflectTChanDir,
	"reflect.tnumfield":    func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Int(int64(len(rtyp(a[0]).Fields))) },
	"reflect.tfield":       reflectTField,
	"reflect.tfunc":        reflectTFunc,
	"reflect.tin":          func(f *vm.Fiber, a, r []vm.Value) { r[0] = typeValue(rtyp(a[0]).Params[a[1].Int()]) },
	"reflect.tout":         func(f *vm.Fiber, a, r []vm.Value) { r[0] = typeValue(rtyp(a[0]).Results[a[1].Int()]) },
	"reflect.tnummethod":   func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Int(int64(len(rmethodsOf(f, rtyp(a[0]))))) },
	"reflect.tmethod":      reflectTMethod,
	"reflect.tmethodindex": reflectTMethodIndex,
	"reflect.timplements":  func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Bool(rtyp(a[0]).Implements(rtyp(a[1]))) },
	"reflect.tassignable": func(f *vm.Fiber, a, r []vm.Value) {
		r[0] = vm.Bool(types.AssignableTo(rtyp(a[0]).GoType, rtyp(a[1]).GoType))
	},
	"reflect.tconvertible": func(f *vm.Fiber, a, r []vm.Value) {
		r[0] = vm.Bool(types.ConvertibleTo(rtyp(a[0]).GoType, rtyp(a[1]).GoType))
	},
	"reflect.tcomparable": func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Bool(rtyp(a[0]).Comparable) },
	"reflect.ptrTo": func(f *vm.Fiber, a, r []vm.Value) {
		r[0] = typeValue(ptrTo(f, rtyp(a[0])))
	},
	"reflect.sliceOf": func(f *vm.Fiber, a, r []vm.Value) {
		r[0] = typeValue(typeFor(f, types.NewSlice(rtyp(a[0]).GoType)))
	},
	"reflect.mapOf": func(f *vm.Fiber, a, r []vm.Value) {
		r[0] = typeValue(typeFor(f, types.NewMap(rtyp(a[0]).GoType, rtyp(a[1]).GoType)))
	},
	"reflect.arrayOf": func(f *vm.Fiber, a, r []vm.Value) {
		r[0] = typeValue(typeFor(f, types.NewArray(rtyp(a[1]).GoType, a[0].Int())))
	},
	"reflect.chanOf": reflectChanOf,

	"reflect.valueOf":             reflectValueOf,
	"(reflect.Value).iface":       reflectIface,
	"(reflect.Value).elem":        reflectElem,
	"(reflect.Value).field":       reflectField,
	"(reflect.Value).index":       reflectIndex,
	"(reflect.Value).vlen":        func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Int(int64(vm.LenOf(rvOf(a[0]).load().R))) },
	"(reflect.Value).vcap":        func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Int(int64(vm.CapOf(rvOf(a[0]).load().R))) },
	"(reflect.Value).word":        func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Uint(rvOf(a[0]).load().N) },
	"(reflect.Value).str":         func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Str(rvOf(a[0]).load().String()) },
	"(reflect.Value).cplx":        func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Complex(rvOf(a[0]).load().Complex()) },
	"(reflect.Value).setWord":     func(f *vm.Fiber, a, r []vm.Value) { rvOf(a[0]).store(vm.Uint(a[1].N)) },
	"(reflect.Value).setStr":      func(f *vm.Fiber, a, r []vm.Value) { rvOf(a[0]).store(vm.Str(a[1].String())) },
	"(reflect.Value).setCplx":     func(f *vm.Fiber, a, r []vm.Value) { rvOf(a[0]).store(vm.Complex(a[1].Complex())) },
	"(reflect.Value).assign":      func(f *vm.Fiber, a, r []vm.Value) { rvOf(a[0]).store(rvOf(a[1]).load()) },
	"(reflect.Value).bytesOf":     func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Value{R: rvOf(a[0]).load().Bytes()} },
	"(reflect.Value).isNil":       func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Bool(vm.IsNil(rvOf(a[0]).load().R)) },
	"(reflect.Value).isZero":      func(f *vm.Fiber, a, r []vm.Value) { v := rvOf(a[0]); r[0] = vm.Bool(isZero(v.t, v.load())) },
	"(reflect.Value).setZero":     func(f *vm.Fiber, a, r []vm.Value) { v := rvOf(a[0]); v.store(v.t.Zero()) },
	"(reflect.Value).pointer":     reflectPointer,
	"(reflect.Value).addr":        reflectAddr,
	"(reflect.Value).slice3":      reflectSlice3,
	"(reflect.Value).setLen":      reflectSetLen,
	"(reflect.Value).mapIndex":    reflectMapIndex,
	"(reflect.Value).setMapIndex": reflectSetMapIndex,
	"(reflect.Value).mapClear": func(f *vm.Fiber, a, r []vm.Value) {
		m, _ := rvOf(a[0]).load().R.(*vm.Map)
		m.Clear()
	},
	"(reflect.Value).mapKeys":      reflectMapKeys,
	"(reflect.Value).mapIter":      reflectMapIter,
	"reflect.mapIterNext":          reflectMapIterNext,
	"reflect.newValue":             reflectNew,
	"reflect.zeroValue":            func(f *vm.Fiber, a, r []vm.Value) { t := rtyp(a[0]); r[0] = encodeRV(t, t.Zero(), kindFlag(t)) },
	"reflect.makeSlice":            reflectMakeSlice,
	"reflect.makeMap":              reflectMakeMap,
	"reflect.makeChan":             reflectMakeChan,
	"(reflect.Value).appendValues": reflectAppend,
	"reflect.copyValues":           reflectCopy,
	"(reflect.Value).grow":         reflectGrow,
	"(reflect.Value).convert":      reflectConvert,
	"(reflect.Value).call":         reflectCall,
	"reflect.methodFunc":           reflectMethodFunc,
	"(reflect.Value).methodValue":  reflectMethodValue,
	"(reflect.Value).equal":        reflectEqual,
	"(reflect.Value).swap":         reflectSwap,
	"(reflect.Value).chanOp":       reflectChanOp,
	"reflect.makeFunc":             reflectMakeFunc,
	"reflect.funcOf":               reflectFuncOf,
	"reflect.structOf":             reflectStructOf,
	"reflect.fastrand":             func(f *vm.Fiber, a, r []vm.Value) { r[0] = vm.Uint(f.M.Rand()) },
	"(reflect.Value).send":         reflectSend,
	"(reflect.Value).recv":         reflectRecv,
	"reflect.gosched":              runtimeGosched,
	"reflect.deepEqual":            reflectDeepEqual,
}

// Host functions here read every argument before writing a result: the
// two share the call's window.

// rtyp returns the descriptor a guest unsafe.Pointer holds.
func rtyp(v vm.Value) *vm.Type {
	t, _ := v.R.(*vm.Type)
	if t == nil {
		panic(vm.Fatal(reflectBadArg + "nil type descriptor"))
	}
	return t
}

// typeValue is t as a guest unsafe.Pointer (nil for no type).
func typeValue(t *vm.Type) vm.Value {
	if t == nil {
		return vm.Value{}
	}
	return vm.Value{R: t}
}

// typeFor returns the program's descriptor of t, made now if need be.
func typeFor(f *vm.Fiber, t types.Type) *vm.Type {
	if f.M.Prog.TypeFor == nil {
		panic(vm.Fatal(reflectBadArg + "program has no run-time type table"))
	}
	return f.M.Prog.TypeFor(t)
}

// reflectCachedType is cachedType(t unsafe.Pointer, tmpl Type) Type:
// the interface value holding rtype{t}, made from tmpl's dynamic type
// the first time and kept with the descriptor.
func reflectCachedType(f *vm.Fiber, a, r []vm.Value) {
	t := rtyp(a[0])
	if v := t.GuestType(); v.R != nil {
		r[0] = v
		return
	}
	tmpl := a[1].Iface()
	if tmpl == nil {
		panic(vm.Fatal(reflectBadArg + "no Type template"))
	}
	box, fs := vm.NewAgg(1)
	fs[0] = vm.Value{R: t}
	r[0] = t.SetGuestType(vm.Value{R: &vm.Iface{T: tmpl.T, V: box}})
}

// ptrTo returns the type *t.
func ptrTo(f *vm.Fiber, t *vm.Type) *vm.Type {
	return t.PtrTo(func() *vm.Type { return typeFor(f, types.NewPointer(t.GoType)) })
}

func reflectTypeOf(f *vm.Fiber, a, r []vm.Value) {
	if x := a[0].Iface(); x != nil {
		r[0] = vm.Value{R: x.T}
	} else {
		r[0] = vm.Value{}
	}
}

func reflectTName(f *vm.Fiber, a, r []vm.Value) {
	t := rtyp(a[0])
	var name, pkg string
	switch gt := types.Unalias(t.GoType).(type) {
	case *types.Named:
		name = t.Name
		if p := gt.Obj().Pkg(); p != nil {
			pkg = p.Path()
			// t.Name is "pkg.Name[args]": drop the package qualifier.
			if i := strings.IndexByte(name, '['); i >= 0 {
				head := name[:i]
				name = head[strings.LastIndexByte(head, '.')+1:] + name[i:]
			} else {
				name = name[strings.LastIndexByte(name, '.')+1:]
			}
		}
	case *types.Basic:
		name = t.Name
		if gt.Kind() == types.UnsafePointer {
			name, pkg = "Pointer", "unsafe"
		}
	}
	r[0], r[1] = vm.Str(name), vm.Str(pkg)
}

func reflectTSize(f *vm.Fiber, a, r []vm.Value) {
	t := rtyp(a[0])
	r[0], r[1] = vm.Uint(uint64(t.Size)), vm.Uint(uint64(t.Align))
}

func reflectTChanDir(f *vm.Fiber, a, r []vm.Value) {
	switch rtyp(a[0]).ChanDir {
	case 1:
		r[0] = vm.Int(2) // SendDir
	case 2:
		r[0] = vm.Int(1) // RecvDir
	default:
		r[0] = vm.Int(3)
	}
}

func reflectChanOf(f *vm.Fiber, a, r []vm.Value) {
	dir := types.SendRecv
	switch a[0].Int() {
	case 1:
		dir = types.RecvOnly
	case 2:
		dir = types.SendOnly
	}
	r[0] = typeValue(typeFor(f, types.NewChan(dir, rtyp(a[1]).GoType)))
}

var gcSizes = types.SizesFor("gc", "amd64")

func reflectTField(f *vm.Fiber, a, r []vm.Value) {
	t, i := rtyp(a[0]), int(a[1].Int())
	st := t.GoType.Underlying().(*types.Struct)
	fv := st.Field(i)
	fd := t.Fields[i]
	pkg := ""
	if !fd.Exported && fv.Pkg() != nil {
		pkg = fv.Pkg().Path()
	}
	var off int64
	if i > 0 {
		fields := make([]*types.Var, st.NumFields())
		for j := range fields {
			fields[j] = st.Field(j)
		}
		off = gcSizes.Offsetsof(fields)[i]
	}
	r[0], r[1], r[2], r[3], r[4], r[5] = vm.Str(fd.Name), vm.Str(pkg), typeValue(fd.Type), vm.Str(fd.Tag), vm.Uint(uint64(off)), vm.Bool(fd.Embedded)
}

func reflectTFunc(f *vm.Fiber, a, r []vm.Value) {
	t := rtyp(a[0])
	r[0], r[1], r[2] = vm.Int(int64(len(t.Params))), vm.Int(int64(len(t.Results))), vm.Bool(t.Variadic)
}

// rmethod is one method of a type as reflect numbers them: exported
// methods sorted by name (every method, for an interface type).
type rmethod struct {
	name, pkg string
	typ       *vm.Type // func type, the receiver first for a non-interface
	fn        *vm.Func // nil for interface types, or when not compiled
}

func rmethodsOf(f *vm.Fiber, t *vm.Type) []rmethod {
	if ms, ok := t.Derived().([]rmethod); ok {
		return ms
	}
	var out []rmethod
	if iface, ok := t.GoType.Underlying().(*types.Interface); ok {
		for i := 0; i < iface.NumMethods(); i++ {
			m := iface.Method(i)
			pkg := ""
			if !m.Exported() && m.Pkg() != nil {
				pkg = m.Pkg().Path()
			}
			out = append(out, rmethod{name: m.Name(), pkg: pkg, typ: typeFor(f, m.Type())})
		}
	} else {
		ms := types.NewMethodSet(t.GoType)
		for i := 0; i < ms.Len(); i++ {
			m := ms.At(i).Obj().(*types.Func)
			if !m.Exported() {
				continue
			}
			sig := m.Type().(*types.Signature)
			params := []*types.Var{types.NewParam(0, nil, "", t.GoType)}
			for j := 0; j < sig.Params().Len(); j++ {
				params = append(params, sig.Params().At(j))
			}
			ft := types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), sig.Results(), sig.Variadic())
			out = append(out, rmethod{name: m.Name(), typ: typeFor(f, ft), fn: t.Methods[m.Name()]})
		}
	}
	slices.SortStableFunc(out, func(x, y rmethod) int { return strings.Compare(x.name, y.name) })
	t.SetDerived(out)
	return out
}

func reflectTMethod(f *vm.Fiber, a, r []vm.Value) {
	m := rmethodsOf(f, rtyp(a[0]))[a[1].Int()]
	r[0], r[1], r[2] = vm.Str(m.name), vm.Str(m.pkg), typeValue(m.typ)
}

func reflectTMethodIndex(f *vm.Fiber, a, r []vm.Value) {
	t, name := rtyp(a[0]), a[1].String()
	r[0] = vm.Int(-1)
	for i, m := range rmethodsOf(f, t) {
		if m.name == name {
			r[0] = vm.Int(int64(i))
			return
		}
	}
}

// isReflectValue reports whether t is the guest's reflect.Value.
func isReflectValue(t *vm.Type) bool {
	if t.Kind != vm.KStruct || t.Name != "reflect.Value" {
		return false
	}
	n, ok := t.GoType.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "reflect"
}

// rv is a decoded guest reflect.Value.
type rv struct {
	t  *vm.Type
	p  vm.Value
	fl uint64
}

func rvOf(v vm.Value) rv {
	fs := v.Slice()
	if len(fs) != 3 {
		panic(vm.Fatal(reflectBadArg + "malformed Value"))
	}
	t, _ := fs[0].R.(*vm.Type)
	return rv{t, fs[1], fs[2].N}
}

func encodeRV(t *vm.Type, p vm.Value, fl uint64) vm.Value {
	if t == nil {
		return vm.Value{R: []vm.Value{{}, {}, {}}}
	}
	if fl&flagIndir == 0 && boxedKind(t.Kind) {
		// A scalar held directly goes in a box of its own, as gc's
		// reflect holds it: Values then compare with == as Go's do (the
		// guest compares p by its reference only).
		p, fl = vm.Value{R: &vm.Value{N: p.N, R: p.R}}, fl|flagIndir
	}
	v, fs := vm.NewAgg(3)
	fs[0], fs[1], fs[2] = vm.Value{R: t}, p, vm.Value{N: fl}
	return v
}

// boxedKind reports whether a Value of kind k holds its scalar in a box.
func boxedKind(k vm.Kind) bool {
	return k >= vm.KBool && k <= vm.KComplex128 || k == vm.KString
}

func kindFlag(t *vm.Type) uint64 { return uint64(t.Kind) }

// load returns the value v holds (for an aggregate in storage, the
// storage itself: callers that hand it out copy it).
func (v rv) load() vm.Value {
	if v.fl&flagIndir == 0 {
		return v.p
	}
	return loadPtr(v.t, v.p)
}

// loadPtr reads the value of type t that pointer p points at.
func loadPtr(t *vm.Type, p vm.Value) vm.Value {
	switch q := p.R.(type) {
	case *vm.Value:
		return *q
	case *byte:
		return vm.ByteElem(*q, t.Kind)
	case *uint64:
		return vm.Value{N: *q}
	}
	panic(vm.Fatal(reflectBadArg + "indirect Value without a pointer"))
}

// loadCopy is load, with aggregates copied out of their storage.
func (v rv) loadCopy() vm.Value {
	x := v.load()
	if v.fl&flagIndir != 0 && v.t.IsAgg() {
		return v.t.Copy(x)
	}
	return x
}

// store writes x (a value of v's type) into v's storage.
func (v rv) store(x vm.Value) {
	if v.fl&flagIndir == 0 {
		panic(vm.Fatal(reflectBadArg + "store into a direct Value"))
	}
	if v.t.IsAgg() {
		cell, _ := v.p.R.(*vm.Value)
		if cell == nil {
			panic(vm.Fatal(reflectBadArg + "aggregate without a cell"))
		}
		v.t.Assign(cell, x)
		return
	}
	v.p.StoreThrough(x)
}

func reflectValueOf(f *vm.Fiber, a, r []vm.Value) {
	x := a[0].Iface()
	if x == nil {
		r[0] = encodeRV(nil, vm.Value{}, 0)
		return
	}
	r[0] = encodeRV(x.T, x.V, kindFlag(x.T))
}

func reflectIface(f *vm.Fiber, a, r []vm.Value) {
	v := rvOf(a[0])
	if v.t.Kind == vm.KInterface {
		r[0] = v.load()
		return
	}
	r[0] = vm.Value{R: &vm.Iface{T: v.t, V: v.loadCopy()}}
}

func reflectElem(f *vm.Fiber, a, r []vm.Value) {
	v := rvOf(a[0])
	x := v.load()
	ro := v.fl & flagRO
	if ro != 0 {
		ro = flagStickyRO
	}
	switch v.t.Kind {
	case vm.KPointer:
		if !x.IsPtr() {
			r[0] = encodeRV(nil, vm.Value{}, 0)
			return
		}
		et := v.t.Elem
		// As Go: a pointer's Elem keeps flagEmbedRO, so the exported
		// fields of an embedded *unexported struct stay settable.
		r[0] = encodeRV(et, vm.Value{R: x.R}, kindFlag(et)|flagIndir|flagAddr|v.fl&flagRO)
	case vm.KInterface:
		i := x.Iface()
		if i == nil {
			r[0] = encodeRV(nil, vm.Value{}, 0)
			return
		}
		r[0] = encodeRV(i.T, i.V, kindFlag(i.T)|ro)
	}
}

func reflectField(f *vm.Fiber, a, r []vm.Value) {
	v, i := rvOf(a[0]), int(a[1].Int())
	if uint(i) >= uint(len(v.t.Fields)) {
		r[0], r[1] = encodeRV(nil, vm.Value{}, 0), vm.Bool(false)
		return
	}
	r[1] = vm.Bool(true)
	fd := v.t.Fields[i]
	fl := kindFlag(fd.Type) | v.fl&(flagStickyRO|flagAddr|flagIndir)
	if !fd.Exported {
		if fd.Embedded {
			fl |= flagEmbedRO
		} else {
			fl |= flagStickyRO
		}
	}
	if fd.Name == "_" {
		// Blank fields are never written in Go: they read as zero.
		r[0] = encodeRV(fd.Type, fd.Type.Zero(), fl&^(flagIndir|flagAddr))
		return
	}
	if v.fl&flagIndir != 0 {
		cell, _ := v.p.R.(*vm.Value)
		fs := cell.Slice()
		r[0] = encodeRV(fd.Type, vm.Value{R: &fs[i]}, fl)
		return
	}
	r[0] = encodeRV(fd.Type, v.p.Slice()[i], fl)
}

// elemPtr returns a pointer to element i of storage s (a slice or
// array's R).
func elemPtr(s any, i int) vm.Value {
	switch s := s.(type) {
	case []vm.Value:
		return vm.Value{R: &s[i]}
	case []byte:
		return vm.Value{R: &s[i]}
	case []uint64:
		return vm.Value{R: &s[i]}
	}
	panic(vm.Fatal(reflectBadArg + "element of a non-slice"))
}

// elemAt returns element i of storage s of element type et.
func elemAt(et *vm.Type, s any, i int) vm.Value {
	switch s := s.(type) {
	case []vm.Value:
		return s[i]
	case []byte:
		return vm.ByteElem(s[i], et.Kind)
	case []uint64:
		return vm.Value{N: s[i]}
	}
	panic(vm.Fatal(reflectBadArg + "element of a non-slice"))
}

func reflectIndex(f *vm.Fiber, a, r []vm.Value) {
	v, i := rvOf(a[0]), int(a[1].Int())
	x := v.load()
	n := v.t.Len
	if v.t.Kind != vm.KArray {
		n = vm.LenOf(x.R)
	}
	if uint(i) >= uint(n) {
		r[0], r[1] = encodeRV(nil, vm.Value{}, 0), vm.Bool(false)
		return
	}
	r[1] = vm.Bool(true)
	ro := v.fl & flagRO
	if ro != 0 {
		ro = flagStickyRO
	}
	switch v.t.Kind {
	case vm.KString:
		u8 := typeFor(f, types.Typ[types.Uint8])
		r[0] = encodeRV(u8, vm.Value{N: uint64(x.String()[i])}, kindFlag(u8)|ro)
	case vm.KSlice:
		et := v.t.Elem
		r[0] = encodeRV(et, elemPtr(x.R, i), kindFlag(et)|flagIndir|flagAddr|ro)
	case vm.KArray:
		et := v.t.Elem
		if v.fl&flagIndir != 0 {
			r[0] = encodeRV(et, elemPtr(x.R, i), kindFlag(et)|flagIndir|v.fl&flagAddr|ro)
			return
		}
		r[0] = encodeRV(et, elemAt(et, x.R, i), kindFlag(et)|ro)
	}
}

func isZero(t *vm.Type, x vm.Value) bool {
	switch t.Kind {
	case vm.KString:
		return x.String() == ""
	case vm.KComplex64, vm.KComplex128:
		return x.Complex() == 0 // Go 1.22: -0 is zero
	case vm.KFloat32, vm.KFloat64:
		return math.Float64frombits(x.N) == 0
	case vm.KArray:
		n := t.Len
		for i := 0; i < n; i++ {
			if !isZero(t.Elem, elemAt(t.Elem, x.R, i)) {
				return false
			}
		}
		return true
	case vm.KStruct:
		fs := x.Slice()
		for i, fd := range t.Fields {
			if !isZero(fd.Type, fs[i]) {
				return false
			}
		}
		return true
	case vm.KPointer, vm.KChan, vm.KFunc, vm.KInterface, vm.KMap, vm.KSlice, vm.KUnsafePointer:
		return vm.IsNil(x.R)
	}
	return x.N == 0
}

// reflectPointer is Value.Pointer: a func's entry pc, which
// runtime.FuncForPC maps back to it (callers.go), else the address.
func reflectPointer(f *vm.Fiber, a, r []vm.Value) {
	v := rvOf(a[0])
	x := v.load()
	if cl, ok := x.R.(*vm.Closure); ok && cl != nil && v.t.Kind == vm.KFunc {
		r[0] = vm.Uint(uint64(pcOf(vm.Caller{Func: cl.Fn})))
		return
	}
	r[0] = vm.Uint(uint64(vm.Addr(x.R)))
}

func reflectAddr(f *vm.Fiber, a, r []vm.Value) {
	v := rvOf(a[0])
	pt := ptrTo(f, v.t)
	r[0] = encodeRV(pt, vm.Value{R: v.p.R}, kindFlag(pt)|v.fl&flagRO)
}

func reflectSlice3(f *vm.Fiber, a, r []vm.Value) {
	v := rvOf(a[0])
	i, j, k := int(a[1].Int()), int(a[2].Int()), int(a[3].Int())
	x := v.load()
	t := v.t
	ro := v.fl & flagRO
	if ro != 0 {
		ro = flagStickyRO
	}
	if t.Kind == vm.KString {
		r[0] = encodeRV(t, vm.Str(x.String()[i:j]), kindFlag(t)|ro)
		return
	}
	if t.Kind == vm.KArray {
		t = typeFor(f, types.NewSlice(t.Elem.GoType))
	}
	r[0] = encodeRV(t, vm.Value{R: sliceRef(x.R, i, j, k)}, kindFlag(t)|ro)
}

// sliceRef slices storage s as s[i:j] (k < 0) or s[i:j:k].
func sliceRef(s any, i, j, k int) any {
	switch s := s.(type) {
	case []vm.Value:
		if k < 0 {
			return s[i:j]
		}
		return s[i:j:k]
	case []byte:
		if k < 0 {
			return s[i:j]
		}
		return s[i:j:k]
	case []uint64:
		if k < 0 {
			return s[i:j]
		}
		return s[i:j:k]
	}
	if i == 0 && j == 0 {
		return s // nil slice
	}
	panic(vm.Fatal(reflectBadArg + "slice of a non-slice"))
}

func reflectSetLen(f *vm.Fiber, a, r []vm.Value) {
	v := rvOf(a[0])
	v.store(vm.Value{R: sliceRef(v.load().R, 0, int(a[1].Int()), -1)})
}

func reflectMapIndex(f *vm.Fiber, a, r []vm.Value) {
	v, k := rvOf(a[0]), rvOf(a[1])
	m, _ := v.load().R.(*vm.Map)
	e, ok := m.Lookup(k.load())
	if !ok {
		r[0] = encodeRV(nil, vm.Value{}, 0)
		return
	}
	et := v.t.Elem
	if et.IsAgg() {
		e = et.Copy(e)
	}
	r[0] = encodeRV(et, e, kindFlag(et)|v.fl&flagRO)
}

func reflectSetMapIndex(f *vm.Fiber, a, r []vm.Value) {
	v, k, e := rvOf(a[0]), rvOf(a[1]), rvOf(a[2])
	m, _ := v.load().R.(*vm.Map)
	if e.t == nil {
		m.Delete(k.loadCopy())
		return
	}
	if m == nil {
		panic(vm.PlainError("assignment to entry in nil map"))
	}
	m.Store(k.loadCopy(), e.loadCopy())
}

func reflectMapKeys(f *vm.Fiber, a, r []vm.Value) {
	v := rvOf(a[0])
	m, _ := v.load().R.(*vm.Map)
	keys, _ := m.Entries()
	kt := v.t.Key
	out := make([]vm.Value, len(keys))
	for i, k := range keys {
		out[i] = encodeRV(kt, k, kindFlag(kt)|v.fl&flagRO)
	}
	r[0] = vm.Value{R: out}
}

// mapIter is a MapIter's host state.
type mapIter struct {
	it     *vm.MapIter
	kt, et *vm.Type
	ro     uint64
}

func reflectMapIter(f *vm.Fiber, a, r []vm.Value) {
	v := rvOf(a[0])
	m, _ := v.load().R.(*vm.Map)
	r[0] = vm.Value{R: &mapIter{it: m.Iter(f.M.Rand()), kt: v.t.Key, et: v.t.Elem, ro: v.fl & flagRO}}
}

func reflectMapIterNext(f *vm.Fiber, a, r []vm.Value) {
	it, _ := a[0].R.(*mapIter)
	k, e, ok := it.it.Next()
	if !ok {
		r[0], r[1], r[2] = encodeRV(nil, vm.Value{}, 0), encodeRV(nil, vm.Value{}, 0), vm.Bool(false)
		return
	}
	if it.et.IsAgg() {
		e = it.et.Copy(e)
	}
	r[0], r[1], r[2] = encodeRV(it.kt, k, kindFlag(it.kt)|it.ro), encodeRV(it.et, e, kindFlag(it.et)|it.ro), vm.Bool(true)
}

func reflectNew(f *vm.Fiber, a, r []vm.Value) {
	t := rtyp(a[0])
	c := new(vm.Value)
	if t.IsAgg() {
		*c = t.Zero()
	}
	pt := ptrTo(f, t)
	r[0] = encodeRV(pt, vm.Value{R: c}, kindFlag(pt))
}

func reflectMakeSlice(f *vm.Fiber, a, r []vm.Value) {
	t := rtyp(a[0])
	r[0] = encodeRV(t, vm.MakeSlice(f.M, t, int(a[1].Int()), int(a[2].Int())), kindFlag(t))
}

func reflectMakeMap(f *vm.Fiber, a, r []vm.Value) {
	t := rtyp(a[0])
	r[0] = encodeRV(t, vm.Value{R: vm.NewMap(t.Key, t.Elem, int(a[1].Int()))}, kindFlag(t))
}

func reflectMakeChan(f *vm.Fiber, a, r []vm.Value) {
	t := rtyp(a[0])
	r[0] = encodeRV(t, vm.Value{R: vm.NewChan(t.Elem, int(a[1].Int()))}, kindFlag(t))
}

// valuesSlice returns the guest []reflect.Value xs as a slice of
// element type et holding their values.
func valuesSlice(t *vm.Type, xs []vm.Value) vm.Value {
	s := vm.MakeSlice(nil, t, len(xs), len(xs)) // as many as the guest already holds
	for i, x := range xs {
		p := rv{t.Elem, elemPtr(s.R, i), flagIndir}
		p.store(rvOf(x).load())
	}
	return s
}

func reflectAppend(f *vm.Fiber, a, r []vm.Value) {
	v := rvOf(a[0])
	src := valuesSlice(v.t, a[1].Slice())
	r[0] = encodeRV(v.t, vm.Append(f.M, v.t.Elem, v.load(), src), kindFlag(v.t))
}

func reflectCopy(f *vm.Fiber, a, r []vm.Value) {
	d, s := rvOf(a[0]), rvOf(a[1])
	r[0] = vm.Int(int64(vm.CopySlice(d.t.Elem, d.load(), s.load())))
}

func reflectGrow(f *vm.Fiber, a, r []vm.Value) {
	v, n := rvOf(a[0]), int(a[1].Int())
	x := v.load()
	l, c := vm.LenOf(x.R), vm.CapOf(x.R)
	// Append past the capacity, keeping what lies between len and cap
	// (Go's growslice copies it too), then slice back to len.
	full := vm.Value{R: sliceRef(x.R, 0, c, -1)}
	g := vm.Append(f.M, v.t.Elem, full, vm.MakeSlice(f.M, v.t, l+n-c, l+n-c))
	r[0] = encodeRV(v.t, vm.Value{R: sliceRef(g.R, 0, l, -1)}, kindFlag(v.t))
}

func reflectConvert(f *vm.Fiber, a, r []vm.Value) {
	v, t := rvOf(a[0]), rtyp(a[1])
	fl := kindFlag(t) | v.fl&flagRO
	if fl&flagRO != 0 {
		fl = fl&^flagRO | flagStickyRO
	}
	r[0] = encodeRV(t, convertValue(v, t), fl)
}

// convertValue converts v to type t (ConvertibleTo holds).
func convertValue(v rv, t *vm.Type) vm.Value {
	from := v.t
	x := v.loadCopy()
	if t.Kind == vm.KInterface {
		if from.Kind == vm.KInterface {
			return x
		}
		return vm.Value{R: &vm.Iface{T: from, V: x}}
	}
	fk, tk := from.Kind, t.Kind
	switch {
	case tk == vm.KString && (fk.IsInteger()):
		return vm.ConvertString(vm.ConvRuneToString, x)
	case tk == vm.KString && fk == vm.KSlice:
		if from.Elem.Kind == vm.KUint8 {
			return vm.ConvertString(vm.ConvBytesToString, x)
		}
		return vm.ConvertString(vm.ConvRunesToString, x)
	case fk == vm.KString && tk == vm.KSlice:
		if t.Elem.Kind == vm.KUint8 {
			return vm.ConvertString(vm.ConvStringToBytes, x)
		}
		return vm.ConvertString(vm.ConvStringToRunes, x)
	case fk == vm.KSlice && tk == vm.KArray:
		return vm.ConvertSlice(t, x, false)
	case fk == vm.KSlice && tk == vm.KPointer && t.Elem.Kind == vm.KArray:
		return vm.ConvertSlice(t, x, true)
	case fk.IsComplex() && tk.IsComplex():
		c := x.Complex()
		if tk == vm.KComplex64 {
			c = complex128(complex64(c))
		}
		return vm.Complex(c)
	case (fk.IsInteger() || fk.IsFloat()) && (tk.IsInteger() || tk.IsFloat()):
		return vm.Value{N: convertNumber(fk, tk, x.N)}
	}
	return x
}

// convertNumber converts n, a value of kind fk, to kind tk as Go's
// conversions do on amd64.
func convertNumber(fk, tk vm.Kind, n uint64) uint64 {
	var i int64
	var u uint64
	var fl float64
	switch {
	case fk.IsFloat():
		fl = math.Float64frombits(n)
		i = int64(fl)
		u = f2u(fl)
	case fk.IsSigned():
		i = int64(n)
		u = n
		fl = float64(i)
	default:
		i = int64(n)
		u = n
		fl = float64(u)
	}
	switch tk {
	case vm.KFloat64:
		return math.Float64bits(fl)
	case vm.KFloat32:
		switch {
		case fk.IsFloat():
			return math.Float64bits(float64(float32(fl)))
		case fk.IsSigned():
			return math.Float64bits(float64(float32(i)))
		default:
			return math.Float64bits(float64(float32(u)))
		}
	case vm.KInt8:
		return uint64(int64(int8(i)))
	case vm.KInt16:
		return uint64(int64(int16(i)))
	case vm.KInt32:
		return uint64(int64(int32(i)))
	case vm.KInt, vm.KInt64:
		return uint64(i)
	case vm.KUint8:
		return uint64(uint8(u))
	case vm.KUint16:
		return uint64(uint16(u))
	case vm.KUint32:
		return uint64(uint32(u))
	}
	return u
}

// f2u converts like Go's uint64(float64) on amd64.
func f2u(x float64) uint64 {
	if x < 1<<63 {
		return uint64(int64(x))
	}
	return uint64(int64(x-(1<<63))) ^ (1 << 63)
}

// resultValues returns the guest []reflect.Value of results res of types
// ts.
func resultValues(ts []*vm.Type, res []vm.Value) vm.Value {
	out := make([]vm.Value, len(res))
	for i, x := range res {
		out[i] = encodeRV(ts[i], x, kindFlag(ts[i]))
	}
	return vm.Value{R: out}
}

func reflectCall(f *vm.Fiber, a, r []vm.Value) {
	v := rvOf(a[0])
	cl, _ := v.load().R.(*vm.Closure)
	in := a[1].Slice()
	args := make([]vm.Value, len(in))
	for i, x := range in {
		args[i] = rvOf(x).loadCopy()
	}
	res := f.M.CallGuest(f, cl.Fn, cl.Free, args...)
	r[0] = resultValues(v.t.Results, slices.Clone(res))
}

// boundMethod returns a func value that calls fn with recv prepended.
// boundMethod returns a func value that calls fn with the receiver
// recv() gives at each call (Go reads an addressable receiver then).
func boundMethod(name string, ft *vm.Type, fn *vm.Func, recv func() vm.Value) vm.Value {
	hf := &vm.Func{Name: name, NParams: int32(len(ft.Params)), NResults: int32(len(ft.Results)), ResultTypes: ft.Results, Captures: true}
	hf.Host = func(f *vm.Fiber, args, res []vm.Value) {
		in := append([]vm.Value{recv()}, args...)
		out := f.M.CallGuest(f, fn, nil, in...)
		copy(res, out)
	}
	return vm.Value{R: &vm.Closure{Fn: hf}}
}

// methodFn returns method m's compiled function, or panics saying why
// there is none.
func methodFn(t *vm.Type, m rmethod) *vm.Func {
	if m.fn == nil {
		panic(vm.PlainError("reflect: method " + t.Name + "." + m.name + " was not compiled (spindle keeps the methods of types converted to interfaces)"))
	}
	return m.fn
}

func reflectMethodFunc(f *vm.Fiber, a, r []vm.Value) {
	t := rtyp(a[0])
	m := rmethodsOf(f, t)[a[1].Int()]
	fn := methodFn(t, m)
	r[0] = encodeRV(m.typ, vm.Value{R: &vm.Closure{Fn: fn}}, kindFlag(m.typ))
}

func reflectMethodValue(f *vm.Fiber, a, r []vm.Value) {
	v, i := rvOf(a[0]), int(a[1].Int())
	t := v.t
	recv := v.loadCopy
	m := rmethodsOf(f, t)[i]
	var fn *vm.Func
	var ft *vm.Type
	if t.Kind == vm.KInterface {
		x := v.load().Iface()
		dyn := x.T.Methods[m.name]
		if dyn == nil {
			panic(vm.PlainError("reflect: method " + x.T.Name + "." + m.name + " was not compiled"))
		}
		fn, ft, recv = dyn, m.typ, func() vm.Value { return x.V }
	} else {
		fn = methodFn(t, m)
		// The method's type without its receiver.
		sig := m.typ.GoType.(*types.Signature)
		ps := make([]*types.Var, 0, sig.Params().Len()-1)
		for j := 1; j < sig.Params().Len(); j++ {
			ps = append(ps, sig.Params().At(j))
		}
		ft = typeFor(f, types.NewSignatureType(nil, nil, nil, types.NewTuple(ps...), sig.Results(), sig.Variadic()))
	}
	r[0] = encodeRV(ft, boundMethod(t.Name+"."+m.name+"-fm", ft, fn, recv), kindFlag(ft)|v.fl&flagRO)
}

func reflectEqual(f *vm.Fiber, a, r []vm.Value) {
	v, u := rvOf(a[0]), rvOf(a[1])
	r[0] = vm.Bool(vm.Equal(v.t, v.load(), u.load()))
}

func reflectSwap(f *vm.Fiber, a, r []vm.Value) {
	v, i, j := rvOf(a[0]), int(a[1].Int()), int(a[2].Int())
	switch s := v.load().R.(type) {
	case []vm.Value:
		s[i], s[j] = s[j], s[i]
	case []byte:
		s[i], s[j] = s[j], s[i]
	case []uint64:
		s[i], s[j] = s[j], s[i]
	}
}

func reflectChanOp(f *vm.Fiber, a, r []vm.Value) {
	v, op, x := rvOf(a[0]), a[1].Int(), rvOf(a[2])
	c, _ := v.load().R.(*vm.Chan)
	r[0], r[1] = encodeRV(nil, vm.Value{}, 0), vm.Bool(false)
	switch op {
	case 0:
		f.M.Close(c)
	case 1:
		if c.Closed() {
			panic(vm.PlainError("send on closed channel"))
		}
		r[1] = vm.Bool(c.TrySend(x.loadCopy()))
	case 2:
		x, ok, done := c.TryRecv()
		if done {
			et := v.t.Elem
			r[0], r[1] = encodeRV(et, x, kindFlag(et)), vm.Bool(ok)
		}
	}
}

func reflectDeepEqual(f *vm.Fiber, a, r []vm.Value) {
	x, y := a[0].Iface(), a[1].Iface()
	if x == nil || y == nil {
		r[0] = vm.Bool(x == y)
		return
	}
	if x.T != y.T {
		r[0] = vm.Bool(false)
		return
	}
	r[0] = vm.Bool(deepEqual(x.T, x.V, y.V, map[deepVisit]bool{}))
}

type deepVisit struct {
	a, b uintptr
	t    *vm.Type
}

// deepEqual is reflect.DeepEqual's relation on values a and b of type t.
func deepEqual(t *vm.Type, a, b vm.Value, visited map[deepVisit]bool) bool {
	switch t.Kind {
	case vm.KArray:
		for i := 0; i < t.Len; i++ {
			if !deepEqual(t.Elem, elemAt(t.Elem, a.R, i), elemAt(t.Elem, b.R, i), visited) {
				return false
			}
		}
		return true
	case vm.KSlice:
		if vm.IsNil(a.R) != vm.IsNil(b.R) {
			return false
		}
		n := vm.LenOf(a.R)
		if n != vm.LenOf(b.R) {
			return false
		}
		if vm.Addr(a.R) == vm.Addr(b.R) {
			return true
		}
		if n > 0 {
			// Slices can be cyclic too ([]any holding itself).
			k := deepVisit{vm.Addr(a.R), vm.Addr(b.R), t}
			if visited[k] {
				return true
			}
			visited[k] = true
		}
		for i := 0; i < n; i++ {
			if !deepEqual(t.Elem, elemAt(t.Elem, a.R, i), elemAt(t.Elem, b.R, i), visited) {
				return false
			}
		}
		return true
	case vm.KInterface:
		x, y := a.Iface(), b.Iface()
		if x == nil || y == nil {
			return x == y
		}
		return x.T == y.T && deepEqual(x.T, x.V, y.V, visited)
	case vm.KPointer:
		pa, pb := vm.Addr(a.R), vm.Addr(b.R)
		if pa == pb {
			return true
		}
		if !a.IsPtr() || !b.IsPtr() {
			return false
		}
		k := deepVisit{pa, pb, t}
		if visited[k] {
			return true
		}
		visited[k] = true
		return deepEqual(t.Elem, loadPtr(t.Elem, a), loadPtr(t.Elem, b), visited)
	case vm.KStruct:
		xs, ys := a.Slice(), b.Slice()
		for i, fd := range t.Fields {
			if !deepEqual(fd.Type, xs[i], ys[i], visited) {
				return false
			}
		}
		return true
	case vm.KMap:
		ma, _ := a.R.(*vm.Map)
		mb, _ := b.R.(*vm.Map)
		if (ma == nil) != (mb == nil) || ma.Len() != mb.Len() {
			return false
		}
		if ma == mb {
			return true
		}
		k := deepVisit{vm.Addr(a.R), vm.Addr(b.R), t}
		if visited[k] {
			return true
		}
		visited[k] = true
		keys, vals := ma.Entries()
		for i, key := range keys {
			vb, ok := mb.Lookup(key)
			if !ok || !deepEqual(t.Elem, vals[i], vb, visited) {
				return false
			}
		}
		return true
	case vm.KFunc:
		return vm.IsNil(a.R) && vm.IsNil(b.R)
	}
	return vm.Equal(t, a, b)
}

func reflectMakeFunc(f *vm.Fiber, a, r []vm.Value) {
	ft := rtyp(a[0])
	impl, _ := a[1].R.(*vm.Closure)
	if impl == nil {
		panic(vm.PlainError("reflect: call of MakeFunc with nil function"))
	}
	hf := &vm.Func{Name: "reflect.makeFuncStub", NParams: int32(len(ft.Params)), NResults: int32(len(ft.Results)), ResultTypes: ft.Results, Captures: true}
	hf.Host = func(f *vm.Fiber, args, res []vm.Value) {
		in := make([]vm.Value, len(args))
		for i, x := range args {
			in[i] = encodeRV(ft.Params[i], x, kindFlag(ft.Params[i]))
		}
		out := f.M.CallGuest(f, impl.Fn, impl.Free, vm.Value{R: in})
		outs := out[0].Slice()
		if len(outs) != len(ft.Results) {
			panic(vm.PlainError("reflect: wrong return count from function created by MakeFunc"))
		}
		vals := make([]vm.Value, len(outs))
		for i, o := range outs {
			v := rvOf(o)
			if v.t == nil {
				panic(vm.PlainError("reflect: function created by MakeFunc using " + ft.Name + " returned zero Value"))
			}
			if v.fl&flagRO != 0 {
				panic(vm.PlainError("reflect: function created by MakeFunc using " + ft.Name + " returned value obtained from unexported field"))
			}
			want := ft.Results[i]
			if v.t != want {
				if !types.AssignableTo(v.t.GoType, want.GoType) {
					panic(vm.PlainError("reflect: function created by MakeFunc using " + ft.Name + " returned wrong type: have " + v.t.Name + " for " + want.Name))
				}
				vals[i] = convertValue(v, want)
				continue
			}
			vals[i] = v.loadCopy()
		}
		copy(res, vals)
	}
	r[0] = encodeRV(ft, vm.Value{R: &vm.Closure{Fn: hf}}, kindFlag(ft))
}

// typeVars returns the guest []unsafe.Pointer ts as parameters.
func typeVars(ts []vm.Value) []*types.Var {
	vs := make([]*types.Var, len(ts))
	for i, t := range ts {
		vs[i] = types.NewParam(0, nil, "", rtyp(t).GoType)
	}
	return vs
}

func reflectFuncOf(f *vm.Fiber, a, r []vm.Value) {
	in, out, variadic := typeVars(a[0].Slice()), typeVars(a[1].Slice()), a[2].Bool()
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(in...), types.NewTuple(out...), variadic)
	r[0] = typeValue(typeFor(f, sig))
}

func reflectStructOf(f *vm.Fiber, a, r []vm.Value) {
	names, pkgs, tags, typs, emb := a[0].Slice(), a[1].Slice(), a[2].Slice(), a[3].Slice(), a[4].Bytes()
	fields := make([]*types.Var, len(names))
	tagList := make([]string, len(names))
	for i := range names {
		var pkg *types.Package
		if p := pkgs[i].String(); p != "" {
			pkg = types.NewPackage(p, p[strings.LastIndexByte(p, '/')+1:])
		}
		fields[i] = types.NewField(0, pkg, names[i].String(), rtyp(typs[i]).GoType, emb[i] != 0)
		tagList[i] = tags[i].String()
	}
	r[0] = typeValue(typeFor(f, types.NewStruct(fields, tagList)))
}

// reflectSend is Value.Send: a send that parks the fiber, as the guest's
// own does (the host call re-executes in completion mode once woken).
func reflectSend(f *vm.Fiber, a, r []vm.Value) {
	v, x := rvOf(a[0]), rvOf(a[1])
	c, _ := v.load().R.(*vm.Chan)
	// On resumption chanSend only completes (it reads its own flag).
	f.M.ChanSend(f, c, x.loadCopy())
}

// reflectRecv is Value.Recv, parking like reflectSend.
func reflectRecv(f *vm.Fiber, a, r []vm.Value) {
	v := rvOf(a[0])
	c, _ := v.load().R.(*vm.Chan)
	x, ok, done := f.M.ChanRecv(f, c)
	if !done {
		return
	}
	et := v.t.Elem
	r[0], r[1] = encodeRV(et, x, kindFlag(et)), vm.Bool(ok)
}
