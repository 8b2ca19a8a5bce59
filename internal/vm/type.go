package vm

import (
	"go/types"
	"sync"
	"sync/atomic"
)

// Kind is the run-time shape of a guest type.
type Kind uint8

// Kinds, in reflect's order.
const (
	Invalid Kind = iota
	KBool
	KInt
	KInt8
	KInt16
	KInt32
	KInt64
	KUint
	KUint8
	KUint16
	KUint32
	KUint64
	KUintptr
	KFloat32
	KFloat64
	KComplex64
	KComplex128
	KArray
	KChan
	KFunc
	KInterface
	KMap
	KPointer
	KSlice
	KString
	KStruct
	KUnsafePointer
	KTuple // multiple results; never a guest value
)

// Type is the run-time descriptor of a guest type. Descriptors are interned
// per program: two descriptors are the same type iff they are the same
// pointer. Everything but the method cache is immutable after compile.
type Type struct {
	Kind   Kind
	Name   string // the type as %T prints it: "int", "main.T", "[]string"
	GoType types.Type
	Elem   *Type // array, chan, pointer, slice, map value
	Key    *Type // map key
	Len    int   // array length
	Size   int64 // size in bytes as gc lays it out on amd64 (for growth)
	Align  int64 // alignment in bytes, likewise (unsafe.Alignof)
	Fields []Field
	// Comparable reports whether == is defined (false for slices, maps,
	// funcs and aggregates containing them).
	Comparable bool
	// Named is the defined (named) type, if any; used by %v of errors etc.
	Named bool

	// Methods holds the method set of this type (value receivers for T,
	// both for *T), by name. Filled by the compiler for every type that is
	// converted to an interface.
	Methods map[string]*Func

	// ChanDir for chans: 0 both, 1 send-only, 2 recv-only.
	ChanDir int

	// Params and Results for func types.
	Params, Results []*Type
	Variadic        bool

	implMu sync.Mutex
	impl   map[*Type]bool // interface type -> whether this type implements it

	// derived holds what host code computes from the type once (reflect's
	// method table): Derived, SetDerived. It lives and dies with the type.
	derived atomic.Value

	// ptrTo caches the type *T once host code has made it (PtrTo).
	ptrTo atomic.Pointer[Type]
	// guestType caches reflect's Type interface value for this type
	// (GuestType).
	guestType atomic.Pointer[Iface]
}

// GuestType returns the guest interface value SetGuestType kept with t
// (reflect's Type of t), or the zero Value.
func (t *Type) GuestType() Value {
	if x := t.guestType.Load(); x != nil {
		return Value{R: x}
	}
	return Value{}
}

// SetGuestType keeps v, a non-nil guest interface value, with t unless
// one is kept already, and returns the one kept.
func (t *Type) SetGuestType(v Value) Value {
	if x, ok := v.R.(*Iface); ok && x != nil {
		t.guestType.CompareAndSwap(nil, x)
	}
	return t.GuestType()
}

// PtrTo returns the type *t, asking make for it the first time; the
// answer is kept with t (reflect's Addr, New and PointerTo ask once per
// value, and making it takes a look-up in the program's type table).
func (t *Type) PtrTo(make func() *Type) *Type {
	if p := t.ptrTo.Load(); p != nil {
		return p
	}
	p := make()
	t.ptrTo.Store(p)
	return p
}

// Derived returns what SetDerived stored (nil if nothing).
func (t *Type) Derived() any { return t.derived.Load() }

// SetDerived stores v, which host code derived from t; every call must
// store the same concrete type.
func (t *Type) SetDerived(v any) { t.derived.Store(v) }

// Field describes a struct field.
type Field struct {
	Name     string
	Type     *Type
	Embedded bool
	Exported bool
	Tag      string
}

// IsInteger reports whether k is an integer kind.
func (k Kind) IsInteger() bool { return k >= KInt && k <= KUintptr }

// IsSigned reports whether k is a signed integer kind.
func (k Kind) IsSigned() bool { return k >= KInt && k <= KInt64 }

// IsUnsigned reports whether k is an unsigned integer kind.
func (k Kind) IsUnsigned() bool { return k >= KUint && k <= KUintptr }

// IsFloat reports whether k is float32 or float64.
func (k Kind) IsFloat() bool { return k == KFloat32 || k == KFloat64 }

// IsComplex reports whether k is complex64 or complex128.
func (k Kind) IsComplex() bool { return k == KComplex64 || k == KComplex128 }

// isByte reports whether a value of kind k fits one byte: the element
// kinds of byte-packed slices and arrays.
func (k Kind) isByte() bool { return k == KUint8 || k == KInt8 || k == KBool }

// isWord reports whether a value of kind k is stored as one 64-bit word
// (its Value.N as it is): the element kinds of word-packed slices and
// arrays. The 2- and 4-byte kinds take a word too, not gc's 2 or 4 bytes:
// Value.N holds them sign- or zero-extended (float32 as float64 bits), so
// a word needs no conversion on load or store (docs/DESIGN.md). Not
// uintptr: one made from an unsafe.Pointer carries its object in R
// (spindle has no addresses), which a word cannot hold.
func (k Kind) isWord() bool {
	switch k {
	case KInt, KInt64, KUint, KUint64, KFloat64, KInt16, KInt32, KUint16, KUint32, KFloat32:
		return true
	}
	return false
}

// Packed reports whether t, a slice or array type, stores its elements
// packed, as Go lays them out: one byte each for bool, int8 and uint8
// elements ([]byte, [N]int8: R holds a []byte, an element pointer is a
// *byte), one 8-byte word each for the other integer kinds but uintptr
// and for floats ([]int, []rune, [N]float64: R holds a []uint64, the
// element's Value.N; an element pointer is a *uint64). Every other slice
// and array holds a []Value.
func (t *Type) Packed() bool {
	return (t.Kind == KSlice || t.Kind == KArray) && (t.Elem.Kind.isByte() || t.Elem.Kind.isWord())
}

// PackedWords reports whether t is a word-packed slice or array.
func (t *Type) PackedWords() bool {
	return (t.Kind == KSlice || t.Kind == KArray) && t.Elem.Kind.isWord()
}

// PackedBytes reports whether t is a byte-packed slice or array.
func (t *Type) PackedBytes() bool {
	return (t.Kind == KSlice || t.Kind == KArray) && t.Elem.Kind.isByte()
}

// ByteElem returns the Value of packed element b of kind k: sign-extended
// for int8, zero-extended otherwise.
func ByteElem(b byte, k Kind) Value {
	if k == KInt8 {
		return Value{N: uint64(int64(int8(b)))}
	}
	return Value{N: uint64(b)}
}

// Implements reports whether t's method set satisfies interface type it.
func (t *Type) Implements(it *Type) bool {
	t.implMu.Lock()
	defer t.implMu.Unlock()
	if ok, found := t.impl[it]; found {
		return ok
	}
	iface, _ := it.GoType.Underlying().(*types.Interface)
	ok := iface != nil && types.Implements(t.GoType, iface)
	if t.impl == nil {
		t.impl = map[*Type]bool{}
	}
	t.impl[it] = ok
	return ok
}

// Bits returns the width in bits of an integer or float kind (int and uint
// are 64 bits, as on amd64 and arm64).
func (k Kind) Bits() int {
	switch k {
	case KInt8, KUint8:
		return 8
	case KInt16, KUint16:
		return 16
	case KInt32, KUint32, KFloat32:
		return 32
	}
	return 64
}

// Zero returns the zero value of t. Aggregates get fresh storage.
func (t *Type) Zero() Value {
	switch t.Kind {
	case KArray:
		if t.Len > maxElems(t.Elem) {
			panic(runtimeError("array of " + t.Name + " exceeds spindle's allocation limit"))
		}
		if t.PackedBytes() {
			return Value{R: make([]byte, t.Len)}
		}
		if t.PackedWords() {
			return Value{R: make([]uint64, t.Len)}
		}
		out, elems := NewAgg(t.Len)
		if t.Elem.isAgg() {
			for i := range elems {
				elems[i] = t.Elem.Zero()
			}
		}
		return out
	case KStruct:
		out, fs := NewAgg(len(t.Fields))
		for i, f := range t.Fields {
			if f.Type.isAgg() {
				fs[i] = f.Type.Zero()
			}
		}
		return out
	}
	return Value{}
}

func (t *Type) isAgg() bool { return t.Kind == KArray || t.Kind == KStruct }

// LazyGlobal reports whether a package-level variable of type t gets its
// storage when code that uses it first runs (OpGlobalLazy) rather than
// when the run starts: a large array (crypto/internal/entropy's 32 MB
// scratch buffer, on every shard) costs nothing until touched, as gc's
// zero pages do.
func (t *Type) LazyGlobal() bool { return t.isAgg() && t.Size >= 1<<20 }

// hasPointers reports whether gc's layout of t holds pointers (its
// allocations are scanned, and larger ones carry a malloc header).
func (t *Type) hasPointers() bool {
	switch t.Kind {
	case KString, KSlice, KPointer, KMap, KChan, KFunc, KInterface, KUnsafePointer:
		return true
	case KArray:
		return t.Len > 0 && t.Elem.hasPointers()
	case KStruct:
		for _, f := range t.Fields {
			if f.Type.hasPointers() {
				return true
			}
		}
	}
	return false
}

// IsAgg reports whether t is an array or struct type (copied on Load/Store).
func (t *Type) IsAgg() bool { return t.isAgg() }

// Copy returns a copy of v (of type t) that shares no mutable storage with
// it: aggregates are copied deeply (but not through pointers).
func (t *Type) Copy(v Value) Value {
	switch t.Kind {
	case KArray:
		switch r := v.R.(type) {
		case []byte:
			return Value{R: append([]byte(nil), r...)}
		case []uint64:
			return Value{R: append([]uint64(nil), r...)}
		}
		src, _ := v.R.([]Value)
		out, dst := NewAgg(len(src))
		if t.Elem.isAgg() {
			for i := range src {
				dst[i] = t.Elem.Copy(src[i])
			}
		} else {
			copy(dst, src)
		}
		return out
	case KStruct:
		src, _ := v.R.([]Value)
		out, dst := NewAgg(len(src))
		for i := range src {
			if t.Fields[i].Type.isAgg() {
				dst[i] = t.Fields[i].Type.Copy(src[i])
			} else {
				dst[i] = src[i]
			}
		}
		return out
	}
	return v
}

// holds reports whether v has the shape of a value of type t: an
// aggregate's element and field slots, recursively (scalars and
// references are not told apart). unsafe.Pointer conversions check it.
func (t *Type) holds(v Value) bool {
	switch t.Kind {
	case KArray:
		if t.Packed() {
			if t.Len == 0 {
				return lenOf(v.R) == 0 // a [0]T variable's shared storage
			}
			if t.PackedWords() {
				w, ok := v.R.([]uint64)
				return ok && len(w) == t.Len
			}
			b, ok := v.R.([]byte)
			return ok && len(b) == t.Len
		}
		s, ok := v.R.([]Value)
		if !ok || len(s) != t.Len {
			return false
		}
		if t.Elem.isAgg() {
			for _, e := range s {
				if !t.Elem.holds(e) {
					return false
				}
			}
		}
	case KStruct:
		s, ok := v.R.([]Value)
		if !ok || len(s) != len(t.Fields) {
			return false
		}
		for i, f := range t.Fields {
			if f.Type.isAgg() && !f.Type.holds(s[i]) {
				return false
			}
		}
	}
	return true
}

// Assign stores v (of aggregate type t) into the storage at dst in place,
// so pointers to dst's fields or elements see the new value.
func (t *Type) Assign(dst *Value, v Value) {
	switch d := dst.R.(type) {
	case []byte:
		if s, _ := v.R.([]byte); len(d) == len(s) {
			copy(d, s)
			return
		}
		*dst = t.Copy(v)
		return
	case []uint64:
		if s, _ := v.R.([]uint64); len(d) == len(s) {
			copy(d, s)
			return
		}
		*dst = t.Copy(v)
		return
	}
	d, ok := dst.R.([]Value)
	src, _ := v.R.([]Value)
	if !ok || len(d) != len(src) {
		*dst = t.Copy(v)
		return
	}
	if len(src) == 0 || &d[0] == &src[0] {
		return
	}
	switch t.Kind {
	case KArray:
		if t.Elem.isAgg() {
			for i := range src {
				t.Elem.Assign(&d[i], src[i])
			}
			return
		}
		copy(d, src)
	case KStruct:
		for i := range src {
			if ft := t.Fields[i].Type; ft.isAgg() {
				ft.Assign(&d[i], src[i])
			} else {
				d[i] = src[i]
			}
		}
	default:
		*dst = v
	}
}

// isEmptyAgg reports whether t is an array or struct with no elements or
// fields: all variables of such types share one address (Machine.zerobase).
func (t *Type) isEmptyAgg() bool {
	return (t.Kind == KArray && t.Len == 0) || (t.Kind == KStruct && len(t.Fields) == 0)
}
