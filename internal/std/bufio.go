package std

import (
	"bytes"
	"io"
	"unicode"
	"unicode/utf8"

	"spindle/internal/vm"
)

// Host side of the guest bufio package: a fast path for Scanner.Scan when
// it reads an *os.File with ScanLines or ScanWords. It runs the guest
// Scan's algorithm on the Scanner's own fields, so it can stop at any
// point (an error to report, a token too long, a read that may block)
// and leave the rest to the guest code. Field indexes follow _std/bufio's
// Scanner: r, split, maxTokenSize, token, buf, start, end, err, empties,
// scanCalled, done.

const (
	scR = iota
	scSplit
	scMax
	scToken
	scBuf
	scStart
	scEnd
	scErr
	scEmpties
	scCalled
	scDone
)

// splitLines is ScanLines over the guest's bytes: advance, token bounds,
// and whether there is a token.
func splitLines(data []byte, atEOF bool) (adv, lo, hi int, tok bool) {
	if atEOF && len(data) == 0 {
		return 0, 0, 0, false
	}
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		hi = i
		if hi > 0 && data[hi-1] == '\r' {
			hi--
		}
		return i + 1, 0, hi, true
	}
	if atEOF {
		hi = len(data)
		if hi > 0 && data[hi-1] == '\r' {
			hi--
		}
		return len(data), 0, hi, true
	}
	return 0, 0, 0, false
}

// decodeRune is utf8.DecodeRune with an ASCII fast path.
func decodeRune(data []byte) (rune, int) {
	if c := data[0]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return utf8.DecodeRune(data)
}

// splitWords is ScanWords over the guest's bytes.
func splitWords(data []byte, atEOF bool) (adv, lo, hi int, tok bool) {
	start := 0
	for start < len(data) {
		r, w := decodeRune(data[start:])
		if !unicode.IsSpace(r) {
			break
		}
		start += w
	}
	for i := start; i < len(data); {
		r, w := decodeRune(data[i:])
		if unicode.IsSpace(r) {
			return i + w, start, i, true
		}
		i += w
	}
	if atEOF && len(data) > start {
		return len(data), start, len(data), true
	}
	return start, 0, 0, false
}

var bufioFuncs = hostTable{
	"(*bufio.Scanner).scanFast": scannerScanFast,
}

func scannerScanFast(f *vm.Fiber, args, res []vm.Value) {
	p, eof := args[0].Ptr(), args[1]
	res[0], res[1], res[2] = vm.Value{}, vm.Value{}, vm.Value{}
	if p == nil {
		return
	}
	fs := p.Slice()
	if fs[scDone].Bool() {
		return
	}
	rd := fs[scR].Iface()
	sp, _ := fs[scSplit].R.(*vm.Closure)
	if rd == nil || rd.T.Name != "*os.File" || rd.V.Ptr() == nil || sp == nil {
		return
	}
	var split func([]byte, bool) (int, int, int, bool)
	switch sp.Fn.Name {
	case "bufio.ScanLines":
		split = splitLines
	case "bufio.ScanWords":
		split = splitWords
	default:
		return
	}
	fd, name := guestFile(rd.V)
	// A read that may block (a pipe, a terminal, standard input from an
	// embedding program's reader) is the guest code's: with room made in
	// the buffer, this returns read true, the guest calls os.File.Read,
	// which parks only its fiber, and then this again.
	direct := readsDirect(f.M, fd)
	fs[scCalled] = vm.Bool(true)
	done := func(ok bool) { res[0], res[1] = vm.Bool(true), vm.Bool(ok) }
	for {
		buf := fs[scBuf].Bytes() // the guest's buffer itself: read into in place
		start, end := int(fs[scStart].Int()), int(fs[scEnd].Int())
		errSet := fs[scErr].Iface() != nil
		if end > start || errSet {
			adv, lo, hi, tok := split(buf[start:end], errSet)
			fs[scStart] = vm.Int(int64(start + adv))
			if tok {
				fs[scToken] = vm.Value{R: buf[start+lo : start+hi]}
				if !errSet || adv > 0 {
					fs[scEmpties] = vm.Value{}
				} else {
					n := fs[scEmpties].Int() + 1
					fs[scEmpties] = vm.Int(n)
					if n > 100 {
						return // the guest code panics
					}
				}
				done(true)
				return
			}
			fs[scToken] = vm.Value{}
			start += adv
		}
		if errSet {
			fs[scStart], fs[scEnd] = vm.Value{}, vm.Value{}
			done(false)
			return
		}
		if start > 0 && (end == len(buf) || start > len(buf)/2) {
			copy(buf, buf[start:end])
			end -= start
			start = 0
		}
		if end == len(buf) {
			max := int(fs[scMax].Int())
			if len(buf) >= max || len(buf) > 1<<40 {
				fs[scStart], fs[scEnd] = vm.Int(int64(start)), vm.Int(int64(end))
				return // ErrTooLong: the guest code reports it
			}
			size := len(buf) * 2
			if size == 0 {
				size = 4096
			}
			size = min(size, max)
			nb := make([]byte, size)
			copy(nb, buf[start:end])
			end -= start
			start = 0
			buf = nb
			fs[scBuf] = vm.Value{R: nb}
		}
		fs[scStart], fs[scEnd] = vm.Int(int64(start)), vm.Int(int64(end))
		if !direct {
			res[2] = vm.Bool(true) // the guest code reads into buf[end:]
			return
		}
		k, err := fdReadInto(f.M, fd, name, buf[end:], 0, false)
		if err != nil && err != io.EOF {
			return // the guest code reads again and reports the error
		}
		end += k
		fs[scEnd] = vm.Int(int64(end))
		if err == io.EOF {
			if x := fs[scErr].Iface(); x == nil {
				fs[scErr] = eof
			}
		} else if k > 0 {
			fs[scEmpties] = vm.Value{}
		}
	}
}
