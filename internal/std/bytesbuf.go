package std

import "spindle/internal/vm"

// bytes.Buffer's writes on the host. Marshalling (encoding/json, fmt's
// Fprint into a Buffer, templates) writes a Buffer a byte or a short
// string at a time, and each guest write costs a call and half a dozen
// field loads and stores; the host does the same work on the Buffer's
// fields ([]byte buf, int off, int lastRead, _std/bytes/buffer.go) in
// one host call. The growth is Go's (and the guest's grow), step for
// step: an emptied buffer is reset, a nil one starts at 64 bytes, the
// unread part is moved down when that makes room, else a new buffer of
// at least twice the capacity, rounded up to a size class as Go's append
// rounds it.
var bytesBufFuncs = hostTable{
	"(*bytes.Buffer).WriteByte": func(f *vm.Fiber, args, res []vm.Value) {
		c := byte(args[1].N)
		buf, at := bufferWrite(f, args[0], 1)
		buf[at] = c
		res[0] = vm.Value{}
	},
	"(*bytes.Buffer).WriteString": func(f *vm.Fiber, args, res []vm.Value) {
		s := args[1].String()
		buf, at := bufferWrite(f, args[0], len(s))
		res[0], res[1] = vm.Int(int64(copy(buf[at:], s))), vm.Value{}
	},
	"(*bytes.Buffer).Write": func(f *vm.Fiber, args, res []vm.Value) {
		p := args[1].Bytes()
		buf, at := bufferWrite(f, args[0], len(p))
		res[0], res[1] = vm.Int(int64(copy(buf[at:], p))), vm.Value{}
	},
}

// bufferWrite makes room for n more bytes at the end of the guest Buffer
// bp points to, as Buffer.Write does, and returns its new buf (already
// stored in the Buffer) and the index where the n bytes go.
func bufferWrite(f *vm.Fiber, bp vm.Value, n int) ([]byte, int) {
	cell, _ := bp.R.(*vm.Value)
	if cell == nil {
		panic(vm.RuntimeError("invalid memory address or nil pointer dereference"))
	}
	fs := cell.Slice()
	buf, _ := fs[0].R.([]byte)
	off := int(fs[1].Int())
	fs[2] = vm.Int(0) // lastRead = opInvalid
	l := len(buf)
	if n <= cap(buf)-l {
		if buf != nil { // a nil buf stays nil (n is 0)
			buf = buf[:l+n]
			fs[0] = vm.Value{R: buf}
		}
		return buf, l
	}
	// Buffer.grow(n).
	m := l - off
	if m == 0 && off != 0 {
		buf, off = buf[:0], 0 // Reset
	}
	at := m
	switch {
	case len(buf)+n <= cap(buf):
		at = len(buf)
		buf = buf[:at+n]
	case buf == nil && n <= 64:
		buf, at = make([]byte, n, 64), 0
	default:
		c := cap(buf)
		if n <= c/2-m {
			copy(buf, buf[off:])
		} else if c > (1<<63-1)-c-n {
			panic(vm.PlainError("bytes.Buffer: too large"))
		} else {
			// Go's growSlice(buf[off:], off+n): twice the capacity left
			// past off, at least, rounded up to a size class by append.
			nc := max(m+off+n, 2*(c-off))
			f.M.ChargeAlloc(int64(nc))
			nb := append([]byte(nil), make([]byte, nc)...)
			buf = nb[:copy(nb, buf[off:])]
		}
		off = 0
		buf = buf[:m+n]
	}
	fs[0], fs[1] = vm.Value{}, vm.Int(int64(off))
	if buf != nil {
		fs[0] = vm.Value{R: buf}
	}
	return buf, at
}
