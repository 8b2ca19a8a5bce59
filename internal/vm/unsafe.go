package vm

import (
	"math/bits"
	"runtime"
	"sync"
	"unique"
	"unsafe"
	"weak"
)

// unsafe.Slice, unsafe.String, unsafe.Add, unsafe.SliceData and
// unsafe.StringData.
//
// A pointer to an element is a Go pointer into the backing array (*byte,
// *uint64 or *Value), which does not say how far the array reaches, and
// spindle must never let the guest past its end. So the compiler traces
// the pointer argument of unsafe.Slice, unsafe.String and unsafe.Add back
// through conversions and unsafe.Add to where it was made in the same
// function (&x[i], unsafe.SliceData(s) or unsafe.StringData(s)) and passes
// that root's operand along (BuiltinOp.Root); the extent is the root's
// storage, checked against the pointer at run time. A pointer with no
// visible root (a parameter, a loaded or a phi'd pointer) reaches its own
// element only, unless unsafe.SliceData or unsafe.StringData made it: those
// remember their storage by address (views), so a pointer that travelled
// through a struct or an interface before unsafe.Slice or unsafe.String
// (log/slog keeps strings and attribute groups that way) still reaches its
// array.

// views maps the address of a pointer made by unsafe.SliceData or
// unsafe.StringData to its storage, held weakly: a view is found only while
// the pointer it was made for is alive (the one being looked up is).
var views sync.Map // uintptr -> view

// view is the storage behind a remembered pointer: w is a weak.Pointer[T]
// to its first element, n the elements from there to the end.
type view struct {
	w any
	n int
}

// rememberView records s (s[0] is the pointer handed to the guest).
func rememberView[T any](s []T) {
	p := &s[0]
	key := uintptr(unsafe.Pointer(p))
	if old, ok := views.Load(key); ok {
		if w, ok := old.(view).w.(weak.Pointer[T]); ok && w.Value() == p && old.(view).n >= len(s) {
			return // the common case: the same storage again
		}
	}
	views.Store(key, view{weak.Make(p), len(s)})
	runtime.AddCleanup(p, forgetView[T], key)
}

// forgetView drops a dead allocation's view, unless a new allocation at
// the same address has replaced it.
func forgetView[T any](key uintptr) {
	if old, ok := views.Load(key); ok {
		if w, ok := old.(view).w.(weak.Pointer[T]); !ok || w.Value() == nil {
			views.CompareAndDelete(key, old)
		}
	}
}

// viewExtent is extent for a pointer with no root: its remembered view.
func viewExtent(p any) (back, fwd uint64) {
	switch q := p.(type) {
	case *byte:
		return viewOf(q)
	case *uint64:
		return viewOf(q)
	case *Value:
		return viewOf(q)
	}
	return 0, 1
}

func viewOf[T any](q *T) (back, fwd uint64) {
	if q == nil {
		return 0, 1
	}
	v, ok := views.Load(uintptr(unsafe.Pointer(q)))
	if !ok {
		return 0, 1
	}
	if w, ok := v.(view).w.(weak.Pointer[T]); ok && w.Value() == q {
		return 0, uint64(v.(view).n)
	}
	return 0, 1
}

// rawAddr is an unsafe.Pointer made from an integer: it can be
// compared, printed and converted back, and unsafe.Slice and
// unsafe.String check their lengths against it as gc does, but nothing
// can be read or written through it, since spindle's values have no
// addresses.
//
// It is interned (unique.Handle), so that equal addresses have the same
// interface data word, which is what refIdentity compares, and refIdentity
// stays small enough to inline in the dispatch loop; Addr gives the
// address.
type rawAddr struct{ h unique.Handle[uintptr] }

// RawPointer returns the unsafe.Pointer made from integer addr.
func RawPointer(addr uint64) Value {
	if addr == 0 {
		return Value{}
	}
	return Value{R: rawAddr{unique.Make(uintptr(addr))}}
}

func (a rawAddr) addr() uintptr { return a.h.Value() }

// extent returns how many elements the array p points into has before
// p (back) and from p on, p's own included (fwd). root and rootType are
// the traced root's operand (a slice, a pointer to an array, or the
// string of an unsafe.StringData whose result is rootPtr); without one,
// p reaches its own element only.
func extent(p Value, op *BuiltinOp, args []Value) (back, fwd uint64) {
	if !op.Root {
		return viewExtent(p.R)
	}
	root, rootPtr := args[len(args)-2], args[len(args)-1]
	t := op.Types[len(args)-2]
	r := root.R
	switch t.Kind {
	case KString:
		// unsafe.StringData(root) made rootPtr: a copy of its bytes, whose
		// length it also keeps in N (both must agree: the extent is never
		// more than the copy).
		if q, ok := rootPtr.R.(*byte); ok && q != nil {
			return within(p.R, unsafe.Slice(q, min(uint64(len(root.String())), rootPtr.N)))
		}
		return 0, 1
	case KPointer: // to an array
		if q, ok := r.(*Value); ok && q != nil {
			r = q.R
		}
	}
	switch s := r.(type) {
	case []byte:
		return within(p.R, s[:cap(s)])
	case []uint64:
		return within(p.R, s[:cap(s)])
	case []Value:
		return within(p.R, s[:cap(s)])
	}
	return 0, 1
}

// within locates pointer p (an any holding a *T) in storage s.
func within[T any](p any, s []T) (back, fwd uint64) {
	q, ok := p.(*T)
	if !ok || q == nil || len(s) == 0 {
		return 0, 1
	}
	var zero T
	size := unsafe.Sizeof(zero)
	off := uintptr(unsafe.Pointer(q)) - uintptr(unsafe.Pointer(&s[0]))
	if off%size != 0 || off/size >= uintptr(len(s)) {
		return 0, 1
	}
	i := uint64(off / size)
	return i, uint64(len(s)) - i
}

// rootElem returns the element type of a root operand's storage (a
// slice or a pointer to an array), or nil.
func rootElem(t *Type) *Type {
	switch {
	case t.Kind == KSlice:
		return t.Elem
	case t.Kind == KPointer && t.Elem.Kind == KArray:
		return t.Elem.Elem
	}
	return nil
}

// unsafeRaw checks unsafe.Slice or unsafe.String of n elements of size
// at raw address a as gc does (the memory must not wrap past the end of
// the address space) and refuses a used result: there is nothing at a
// to point at.
func unsafeRaw(fn string, a rawAddr, n, size uint64, unused bool) Value {
	if hi, mem := bits.Mul64(n, size); hi != 0 || mem > -uint64(a.addr()) {
		panic(runtimeError(fn + ": len out of range"))
	}
	if !unused {
		panic(plainError(sprintf("spindle: %s of unsafe.Pointer(uintptr(%#x)), a pointer made from an integer (spindle's values have no addresses)", fn, a.addr())))
	}
	return Value{}
}

// unsafeLen reads a length argument of integer type t: ok is false when
// it is negative or past any allocation.
func unsafeLen(t *Type, v Value) (n uint64, ok bool) {
	if t.Kind.IsSigned() && int64(v.N) < 0 {
		return 0, false
	}
	return v.N, v.N <= 1<<48
}

// pastEnd is the panic of an unsafe.Slice or unsafe.String that would
// reach past what spindle can see of its pointer's array.
func pastEnd(fn string, n, fwd uint64, op *BuiltinOp) any {
	if !op.Root {
		return plainError(sprintf("spindle: %s of %d elements from a pointer whose array spindle cannot see (it reaches its own element only; make the pointer with &x[i] or unsafe.SliceData in the same function)", fn, n))
	}
	return plainError(sprintf("spindle: %s of %d elements reaches past the end of the array its pointer points into (%d elements from it)", fn, n, fwd))
}

// unsafeSlice implements unsafe.Slice(p, n).
func unsafeSlice(op *BuiltinOp, args []Value) Value {
	t, p := op.T, args[0]
	n, ok := unsafeLen(op.Types[1], args[1])
	if !ok {
		panic(runtimeError("unsafe.Slice: len out of range"))
	}
	if hi, lo := bits.Mul64(n, uint64(max(t.Elem.Size, 1))); hi != 0 || lo > 1<<48 {
		panic(runtimeError("unsafe.Slice: len out of range"))
	}
	if isNil(p.R) {
		if n != 0 {
			panic(runtimeError("unsafe.Slice: ptr is nil and len is not zero"))
		}
		return Value{}
	}
	if a, ok := p.R.(rawAddr); ok {
		return unsafeRaw("unsafe.Slice", a, n, uint64(t.Elem.Size), op.Unused)
	}
	_, fwd := extent(p, op, args)
	if n > fwd {
		panic(pastEnd("unsafe.Slice", n, fwd, op))
	}
	switch q := p.R.(type) {
	case *byte:
		if !t.PackedBytes() {
			break
		}
		return Value{R: unsafe.Slice(q, fwd)[:n:n]}
	case *uint64:
		if !t.PackedWords() {
			break
		}
		return Value{R: unsafe.Slice(q, fwd)[:n:n]}
	case *Value:
		if !t.Packed() {
			return Value{R: unsafe.Slice(q, fwd)[:n:n]}
		}
		switch {
		case n > 0:
			panic(plainError("spindle: unsafe.Slice of []" + t.Elem.Name + " over a variable that is not in a slice or array (spindle stores a lone " + t.Elem.Name + " as a value, not in " + t.Elem.Name + " memory)"))
		case t.PackedBytes():
			return Value{R: []byte{}}
		default:
			return Value{R: []uint64{}}
		}
	}
	panic(plainError("spindle: unsafe.Slice of []" + t.Elem.Name + " over memory of another layout (spindle does not reinterpret memory)"))
}

// unsafeString implements unsafe.String(p, n). The string shares the
// bytes, as in Go (they must not be modified while it is in use).
func unsafeString(op *BuiltinOp, args []Value) Value {
	p := args[0]
	n, ok := unsafeLen(op.Types[1], args[1])
	if !ok {
		panic(runtimeError("unsafe.String: len out of range"))
	}
	if isNil(p.R) {
		if n != 0 {
			panic(runtimeError("unsafe.String: ptr is nil and len is not zero"))
		}
		return Str("")
	}
	if a, ok := p.R.(rawAddr); ok {
		return unsafeRaw("unsafe.String", a, n, 1, op.Unused)
	}
	if n == 0 {
		return Str("")
	}
	_, fwd := extent(p, op, args)
	if n > fwd {
		panic(pastEnd("unsafe.String", n, fwd, op))
	}
	switch q := p.R.(type) {
	case *byte:
		return Str(unsafe.String(q, n))
	case *Value:
		// A lone byte variable: its one byte, copied (the string does
		// not see later writes, which Go forbids anyway).
		return Str(string([]byte{byte(q.N)}))
	}
	panic(plainError("spindle: unsafe.String of a pointer that does not point into guest memory"))
}

// unsafeStringData implements unsafe.StringData(s): a pointer to a copy
// of s's bytes. A spindle string may live in the host's read-only
// memory, where a write through the pointer (which Go forbids, and gc
// punishes with a fault) would take the host down; the copy keeps
// unsafe.String(unsafe.StringData(s), len(s)) == s.
func unsafeStringData(s Value) Value {
	str := s.String()
	if str == "" {
		return Value{}
	}
	// N: the copy's length, which extent checks the root string against.
	b := []byte(str)
	rememberView(b)
	return Value{N: uint64(len(str)), R: &b[0]}
}

// unsafeSliceData implements unsafe.SliceData(s) for s of type t.
func unsafeSliceData(t *Type, s Value) Value {
	switch x := s.R.(type) {
	case nil:
		return Value{}
	case []byte:
		if cap(x) == 0 {
			return Value{R: new(byte)}
		}
		rememberView(x[:cap(x)])
		return Value{R: &x[:1][0]}
	case []uint64:
		if cap(x) == 0 {
			return Value{R: new(uint64)}
		}
		rememberView(x[:cap(x)])
		return Value{R: &x[:1][0]}
	case []Value:
		if cap(x) == 0 {
			v := t.Elem.Zero()
			return Value{R: &v}
		}
		rememberView(x[:cap(x)])
		return Value{R: &x[:1][0]}
	}
	panic(bugf("unsafe.SliceData of %T", s.R))
}

// unsafeAdd implements unsafe.Add(p, n): within the array p points into
// (one of bytes or 8-byte words), as spindle has no addresses to add to.
func unsafeAdd(op *BuiltinOp, args []Value) Value {
	p, nv := args[0], args[1]
	off := int64(nv.N) // an unsigned length wraps, as uintptr(len) does in gc
	if off == 0 {
		return p
	}
	b, f := extent(p, op, args)
	back, fwd := int64(b), int64(f)
	switch q := p.R.(type) {
	case *byte:
		if off >= -back && off < fwd {
			return Value{R: (*byte)(unsafe.Add(unsafe.Pointer(q), off))}
		}
	case *uint64:
		// A word holds one element, whatever its size in gc (a 4-byte
		// int32 too): the step is the element's gc size, which only the
		// root's type says.
		size := int64(8)
		if op.Root {
			if e := rootElem(op.Types[len(args)-2]); e != nil {
				size = max(e.Size, 1)
			}
		}
		if off%size != 0 {
			panic(plainError(sprintf("spindle: unsafe.Add of %d bytes to a pointer into an array of %d-byte elements (spindle does not reinterpret memory)", off, size)))
		}
		if k := off / size; k >= -back && k < fwd {
			return Value{R: (*uint64)(unsafe.Add(unsafe.Pointer(q), k*8))}
		}
	case rawAddr:
		return RawPointer(uint64(q.addr()) + uint64(off))
	case nil:
		return RawPointer(uint64(off))
	default:
		panic(plainError("spindle: unsafe.Add to a pointer that is not into an array of bytes or 8-byte words (spindle does not lay other values out as gc does)"))
	}
	if !op.Root {
		panic(plainError(sprintf("spindle: unsafe.Add of %d bytes to a pointer whose array spindle cannot see (make the pointer with &x[i] or unsafe.SliceData in the same function)", off)))
	}
	panic(plainError(sprintf("spindle: unsafe.Add of %d bytes moves the pointer outside the array it points into", off)))
}
