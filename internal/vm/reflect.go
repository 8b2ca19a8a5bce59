package vm

// Entry points for the host side of the guest reflect package
// (internal/std/reflect.go): the VM's own operations on values, exported
// so that reflection does what the instructions do.

// IsNil reports whether r, the reference of a pointer, slice, map, chan,
// func or interface value, is nil.
func IsNil(r any) bool { return isNil(r) }

// LenOf returns len of a string, slice, map or chan value's reference.
func LenOf(r any) int { return lenOf(r) }

// CapOf returns cap of a slice or chan value's reference.
func CapOf(r any) int { return capOf(r) }

// MakeSlice returns make(t, n, c) for slice type t (bounds checked as
// makeslice does, and against m's memory limit).
func MakeSlice(m *Machine, t *Type, n, c int) Value {
	regs := []Value{Int(int64(n)), Int(int64(c))}
	return m.makeSlice(&MakeOp{T: t, Len: 0, Cap: 1}, regs)
}

// Append returns append(dst, src...) for slices of element type elem
// (src a slice of the same representation), growing as gc does (and
// checked against m's memory limit).
func Append(m *Machine, elem *Type, dst, src Value) Value {
	return m.appendValues(&AppendOp{Elem: elem}, dst, src)
}

// CopySlice is the copy built-in for slices of element type elem (src
// may be a string when elem is a byte).
func CopySlice(elem *Type, dst, src Value) int { return copyValues(elem, dst, src) }

// NewChan returns make(chan elem, size).
func NewChan(elem *Type, size int) *Chan { return newChan(elem, size) }

// ConvertSlice converts a slice value to the array (toPtr: pointer to
// array) type to, sharing storage for the pointer as the guest's
// conversion does.
func ConvertSlice(to *Type, v Value, toPtr bool) Value {
	k := ConvSliceToArray
	if toPtr {
		k = ConvSliceToArrayPtr
	}
	return convert(&Conv{Kind: k, To: to}, v)
}

// Bytes conversions as the guest's string(b), []byte(s), []rune(s),
// string(runes) and string(rune) do them.
func ConvertString(k ConvKind, v Value) Value { return convert(&Conv{Kind: k}, v) }

// Closed reports whether c has been closed.
func (c *Chan) Closed() bool { return c != nil && c.closed }

// ChanSend sends v on c for fiber f running a host function, as the
// guest's send does: it reports false when f parked, in which case the
// host function returns and is called again, in completion mode, once a
// receiver (or close: "send on closed channel") wakes f.
func (m *Machine) ChanSend(f *Fiber, c *Chan, v Value) bool { return m.chanSend(f, c, v) }

// ChanRecv receives from c for fiber f running a host function, as the
// guest's receive does; done is false when f parked (see ChanSend).
func (m *Machine) ChanRecv(f *Fiber, c *Chan) (v Value, ok, done bool) { return m.chanRecv(f, c) }
