package std

import (
	"bytes"
	"compress/flate"

	"spindle/internal/vm"
)

// Host side of spindle's compress/flate Writer (_std/compress/flate): gc's
// own compressor, writing into host segments the guest takes after each
// call and writes to its underlying writer itself.

var flateFuncs = hostTable{
	"compress/flate.newCompressor": flateNewCompressor,
	"compress/flate.compress":      flateCompress,
}

// hostCompressor is one guest Writer's compressor. out keeps each of
// the compressor's writes as a segment, which the guest writes with one
// Write each: the underlying writer sees Go's sequence of writes (and so
// fails where it would under Go).
type hostCompressor struct {
	w   *flate.Writer
	out segments
}

type segments []vm.Value

func (s *segments) Write(p []byte) (int, error) {
	*s = append(*s, OwnBytes(bytes.Clone(p)))
	return len(p), nil
}

func flateNewCompressor(f *vm.Fiber, args, res []vm.Value) {
	level, dict := int(args[0].Int()), Bytes(args[1])
	c := &hostCompressor{}
	var err error
	if dict != nil {
		c.w, err = flate.NewWriterDict(&c.out, level, dict)
	} else {
		c.w, err = flate.NewWriter(&c.out, level)
	}
	if err != nil {
		panic(vm.Fatal("spindle: compress/flate: " + err.Error())) // the guest checked the level
	}
	res[0] = vm.Value{R: c}
}

// Modes of compress, as _std/compress/flate numbers them.
const (
	flateWrite = iota
	flateFlush
	flateClose
	flateReset
)

func flateCompress(f *vm.Fiber, args, res []vm.Value) {
	c, _ := args[0].R.(*hostCompressor)
	data, mode := args[1].Bytes(), int(args[2].Int())
	if c == nil {
		panic(vm.RuntimeError("invalid memory address or nil pointer dereference"))
	}
	switch mode {
	case flateWrite:
		c.w.Write(data) // into c.out: cannot fail
	case flateFlush:
		c.w.Flush()
	case flateClose:
		c.w.Close()
	case flateReset:
		c.w.Reset(&c.out)
		c.out = nil
	}
	res[0] = vm.Value{R: []vm.Value(c.out)}
	c.out = nil
}
