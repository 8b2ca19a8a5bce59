package std

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"spindle/internal/vm"
)

// The guest fmt's scanning functions run the host fmt's scanner: each
// guest pointer operand gets a host variable of the same kind, which is
// copied back once scanned; a guest io.Reader is read through an adapter
// that calls its methods.

// scanDummy stands for operands the host scanner must reject; its name in
// the host's message is replaced by the guest type's.
type scanDummy struct{}

const dummyName = "std.scanDummy"

// hostTarget returns a host pointer standing for guest operand x.
func hostTarget(x *vm.Iface) any {
	if x == nil {
		return nil
	}
	if x.T.Kind != vm.KPointer {
		return scanDummy{}
	}
	switch x.T.Elem.Kind {
	case vm.KBool:
		return new(bool)
	case vm.KInt:
		return new(int)
	case vm.KInt8:
		return new(int8)
	case vm.KInt16:
		return new(int16)
	case vm.KInt32:
		return new(int32)
	case vm.KInt64:
		return new(int64)
	case vm.KUint:
		return new(uint)
	case vm.KUint8:
		return new(uint8)
	case vm.KUint16:
		return new(uint16)
	case vm.KUint32:
		return new(uint32)
	case vm.KUint64:
		return new(uint64)
	case vm.KUintptr:
		return new(uintptr)
	case vm.KFloat32:
		return new(float32)
	case vm.KFloat64:
		return new(float64)
	case vm.KComplex64:
		return new(complex64)
	case vm.KComplex128:
		return new(complex128)
	case vm.KString:
		return new(string)
	case vm.KSlice:
		if x.T.Elem.Elem.Kind == vm.KUint8 {
			return new([]byte)
		}
	}
	return new(scanDummy)
}

// storeBack copies a scanned host value into the guest variable.
func storeBack(x *vm.Iface, h any) {
	if !x.V.IsPtr() {
		return
	}
	var out vm.Value
	switch v := h.(type) {
	case *bool:
		out = vm.Bool(*v)
	case *int:
		out = vm.Int(int64(*v))
	case *int8:
		out = vm.Int(int64(*v))
	case *int16:
		out = vm.Int(int64(*v))
	case *int32:
		out = vm.Int(int64(*v))
	case *int64:
		out = vm.Int(*v)
	case *uint:
		out = vm.Uint(uint64(*v))
	case *uint8:
		out = vm.Uint(uint64(*v))
	case *uint16:
		out = vm.Uint(uint64(*v))
	case *uint32:
		out = vm.Uint(uint64(*v))
	case *uint64:
		out = vm.Uint(*v)
	case *uintptr:
		out = vm.Uint(uint64(*v))
	case *float32:
		out = vm.Float(float64(*v))
	case *float64:
		out = vm.Float(*v)
	case *complex64:
		out = vm.Complex(complex128(*v))
	case *complex128:
		out = vm.Complex(*v)
	case *string:
		out = vm.Str(*v)
	case *[]byte:
		out = BytesValue(*v)
	default:
		return
	}
	x.V.StoreThrough(out)
}

// guestErr carries a guest reader's error through the host scanner.
type guestErr struct {
	v   vm.Value
	msg string
}

func (e *guestErr) Error() string { return e.msg }

// guestReader reads from a guest io.Reader by calling its methods (or,
// for an *os.File that readsDirect, the machine's file directly).
type guestReader struct {
	f                          *vm.Fiber
	x                          *vm.Iface
	read, readRune, unreadRune *vm.Func
	fd                         int
	name                       string
}

func (g *guestReader) Read(p []byte) (int, error) {
	if g.fd >= 0 {
		data, err := fdRead(g.f.M, g.fd, g.name, len(p), 0, false)
		n := copy(p, data)
		if err != nil && err != io.EOF {
			return n, err
		}
		return n, err
	}
	buf := make([]byte, len(p))
	out := g.f.M.CallGuest(g.f, g.read, nil, g.x.V, OwnBytes(buf))
	n := int(out[0].Int())
	copy(p, buf[:min(max(n, 0), len(p))])
	return n, g.hostErr(out[1])
}

// hostErr converts a guest error result: io.EOF is recognised by its text.
func (g *guestReader) hostErr(v vm.Value) error {
	x := v.Iface()
	if x == nil {
		return nil
	}
	msg := "error"
	if mi := methodsOf(g.f.M, x.T); mi != nil && mi.errorM != nil {
		msg = g.f.M.CallGuest(g.f, mi.errorM, nil, x.V)[0].String()
	}
	if msg == "EOF" {
		return io.EOF
	}
	return &guestErr{v: v, msg: msg}
}

type guestRuneScanner struct{ *guestReader }

func (g guestRuneScanner) ReadRune() (r rune, size int, err error) {
	out := g.f.M.CallGuest(g.f, g.readRune, nil, g.x.V)
	return rune(out[0].Int()), int(out[1].Int()), g.hostErr(out[2])
}

func (g guestRuneScanner) UnreadRune() error {
	out := g.f.M.CallGuest(g.f, g.unreadRune, nil, g.x.V)
	return g.hostErr(out[0])
}

// bufioRunes reads runes straight out of a guest *bufio.Reader's buffer,
// calling its methods only when the buffer must be refilled. The field
// indexes follow _std/bufio's Reader: buf, rd, r, w, err, lastByte,
// lastRuneSize.
type bufioRunes struct{ guestRuneScanner }

func (g bufioRunes) ReadRune() (rune, int, error) {
	if p := g.x.V.Ptr(); p != nil {
		fs := p.Slice()
		buf, r, w := fs[0].Bytes(), int(fs[2].Int()), int(fs[3].Int())
		if r < w && w <= len(buf) {
			c := rune(buf[r])
			size := 1
			if c >= utf8.RuneSelf {
				if !utf8.FullRune(buf[r:w]) {
					return g.guestRuneScanner.ReadRune()
				}
				c, size = utf8.DecodeRune(buf[r:w])
			}
			r += size
			fs[2] = vm.Int(int64(r))
			fs[5] = vm.Int(int64(buf[r-1]))
			fs[6] = vm.Int(int64(size))
			return c, size, nil
		}
	}
	return g.guestRuneScanner.ReadRune()
}

func (g bufioRunes) UnreadRune() error {
	if p := g.x.V.Ptr(); p != nil {
		fs := p.Slice()
		r, last := fs[2].Int(), fs[6].Int()
		if last >= 0 && r >= last {
			fs[2] = vm.Int(r - last)
			fs[5] = vm.Int(-1)
			fs[6] = vm.Int(-1)
			return nil
		}
	}
	return g.guestRuneScanner.UnreadRune()
}

// fromStdin marks a scan kind that reads descriptor 0 (fmt's scan).
const fromStdin = 8

func newGuestReader(f *vm.Fiber, x *vm.Iface) io.Reader {
	g := &guestReader{f: f, x: x, fd: -1}
	g.read = x.T.Methods["Read"]
	g.readRune = x.T.Methods["ReadRune"]
	g.unreadRune = x.T.Methods["UnreadRune"]
	if g.readRune != nil && g.unreadRune != nil {
		if x.T.Name == "*bufio.Reader" {
			return bufioRunes{guestRuneScanner{g}}
		}
		return guestRuneScanner{g}
	}
	return g
}

// A scan of a file that may block (readsDirect does not hold: standard
// input from a pipe, a terminal or an embedding program's reader; a FIFO)
// runs whole on the syscall pool while its fiber parks, as Go's blocks
// only its goroutine: the host scanner reads the host file (poolReader)
// into the host operands, which are stored into the guest's on the
// resumed call. Nothing else of the guest's is touched off its thread.

// poolReader reads a guest file's host side on a pool worker: the
// *os.File behind it, or the run's standard input.
type poolReader struct {
	file hostIO
	in   io.Reader
	d    *machineState
	name string
}

func (r *poolReader) Read(p []byte) (int, error) {
	if r.file == nil {
		return readStdin(r.in, r.d, r.name, p)
	}
	k, err := r.file.Read(p)
	return k, fileErr(err, r.file, r.name)
}

// scanJob is a pooled scan's result: the host operands and the scanner's.
type scanJob struct {
	hs  []any
	n   int
	err error
}

// offloadScan starts a scan of the guest file fd on the pool and reports
// true, or reports false when the scan must read on the machine's thread
// (readsDirect: it cannot block, or fails at once).
func offloadScan(f *vm.Fiber, fd int, name string, kind int64, format string, hs []any) bool {
	if readsDirect(f.M, fd) {
		return false
	}
	d := stateOf(f.M)
	r := &poolReader{in: f.M.Config.Stdin, d: d, name: name}
	if fd != 0 {
		r.file = d.files[fd].f
	}
	work := func() any {
		n, err := hostScan(r, kind, format, hs)
		return &scanJob{hs: hs, n: n, err: err}
	}
	if stdinWaits(f.M, fd) {
		f.M.OffloadWait(f, "syscall", work)
	} else {
		f.M.Offload(f, "syscall", work)
	}
	return true
}

// hostScan runs the host scanner of kind (0 Scan, 1 Scanln, 2 Scanf) on r.
func hostScan(r io.Reader, kind int64, format string, hs []any) (int, error) {
	switch kind {
	case 0:
		return fmt.Fscan(r, hs...)
	case 1:
		return fmt.Fscanln(r, hs...)
	}
	return fmt.Fscanf(r, format, hs...)
}

var scanFuncs = hostTable{
	"fmt.scan": fmtScan,
}

func fmtScan(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		j, _ := f.HostState().(*scanJob)
		f.SetHostState(nil)
		if j == nil {
			j = &scanJob{err: errLostResult}
		}
		scanResults(args[5].Slice(), j.hs, j.n, j.err, res)
		return
	}
	kind, fromReader, rv, str, format, a := args[0].Int(), args[1].Bool(), args[2], args[3].String(), args[4].String(), args[5].Slice()
	hs := make([]any, len(a))
	for i, v := range a {
		hs[i] = hostTarget(v.Iface())
	}
	var n int
	var err error
	if fromReader {
		var r io.Reader
		fd, name := -1, ""
		if kind&fromStdin != 0 {
			// Scan and friends in a program without package os.
			kind &^= fromStdin
			fd, name = 0, "/dev/stdin"
		} else {
			x := rv.Iface()
			if x == nil {
				panic(vm.RuntimeError("invalid memory address or nil pointer dereference"))
			}
			if x.T.Name == "*os.File" && x.V.Ptr() != nil {
				fd, name = guestFile(x.V)
			} else {
				r = newGuestReader(f, x)
			}
		}
		if fd >= 0 {
			if offloadScan(f, fd, name, kind, format, hs) {
				return // parked: the results are written on the resumed call
			}
			r = &guestReader{f: f, fd: fd, name: name}
		}
		n, err = hostScan(r, kind, format, hs)
	} else {
		switch kind {
		case 0:
			n, err = fmt.Sscan(str, hs...)
		case 1:
			n, err = fmt.Sscanln(str, hs...)
		default:
			n, err = fmt.Sscanf(str, format, hs...)
		}
	}
	scanResults(a, hs, n, err, res)
}

// scanResults stores the n scanned host operands hs into the guest's
// operands a and writes the scan's results. a is read before res is
// written (they may overlap the call's arguments).
func scanResults(a []vm.Value, hs []any, n int, err error, res []vm.Value) {
	xs := make([]*vm.Iface, len(a))
	for i, v := range a {
		xs[i] = v.Iface()
	}
	for i := 0; i < n && i < len(xs) && i < len(hs); i++ {
		if xs[i] != nil {
			storeBack(xs[i], hs[i])
		}
	}
	res[0] = vm.Int(int64(n))
	res[1], res[2], res[3] = vm.Value{}, vm.Value{}, vm.Value{}
	var ge *guestErr
	switch {
	case err == nil:
	case err == io.EOF:
		res[1] = vm.Int(1)
	case err == io.ErrUnexpectedEOF:
		res[1] = vm.Int(2)
	case errors.As(err, &ge):
		res[1], res[3] = vm.Int(4), ge.v
	default:
		msg := err.Error()
		if strings.Contains(msg, dummyName) {
			for _, x := range xs {
				if x != nil {
					if _, ok := hostTarget(x).(*scanDummy); ok || x.T.Kind != vm.KPointer {
						msg = strings.Replace(strings.Replace(msg, "*"+dummyName, x.T.Name, 1), dummyName, x.T.Name, 1)
						break
					}
				}
			}
		}
		res[1], res[2] = vm.Int(3), vm.Str(msg)
	}
}
