// Package flate is Go's own compress/flate, compiled from the toolchain's
// sources, with spindle's Writer in place of Go's compressor (deflate.go,
// deflatefast.go, huffman_bit_writer.go, huffman_code.go and token.go are
// left out): the compression runs on the host, in gc's compress/flate of
// the same Go version, so the output is byte for byte Go's, at gc's speed.
// The guest writes the compressed bytes to the underlying writer itself,
// so a slow writer (a socket) parks only its goroutine. Go's inflate.go
// (the Reader) is compiled as it is. Without a Go toolchain only the
// Writer exists.
package flate

import (
	"errors"
	"fmt"
	"io"
	"unsafe"
)

const (
	NoCompression      = 0
	BestSpeed          = 1
	BestCompression    = 9
	DefaultCompression = -1

	// HuffmanOnly disables Lempel-Ziv match searching and only performs
	// Huffman entropy encoding.
	HuffmanOnly = -2
)

// Constants Go's inflate.go shares with the compressor's files.
const (
	maxMatchOffset = 1 << 15 // the largest match offset
	endBlockMarker = 256
)

var errWriterClosed = errors.New("flate: closed writer")

// A Writer takes data written to it and writes the compressed form of
// that data to an underlying writer (see NewWriter).
type Writer struct {
	c     unsafe.Pointer // the host's compressor (writes into a host buffer)
	w     io.Writer
	level int
	dict  []byte
	err   error
}

// Modes of compress.
const (
	modeWrite = iota
	modeFlush
	modeClose
	modeReset
)

// newCompressor returns the host's compressor at level, primed with dict.
func newCompressor(level int, dict []byte) unsafe.Pointer

// compress writes data to the host compressor c, then flushes, closes or
// resets it as mode says, and returns the compressed bytes it produced,
// one slice per write of Go's compressor to its underlying writer.
func compress(c unsafe.Pointer, data []byte, mode int) [][]byte

// NewWriter returns a new Writer compressing data at the given level.
// Following zlib, levels range from 1 (BestSpeed) to 9 (BestCompression);
// higher levels typically run slower but compress more. Level 0
// (NoCompression) does not attempt any compression; it only adds the
// necessary DEFLATE framing. Level -1 (DefaultCompression) uses the
// default compression level. Level -2 (HuffmanOnly) will use Huffman
// compression only.
//
// If level is in the range [-2, 9] then the error returned will be nil.
// Otherwise the error returned will be non-nil.
func NewWriter(w io.Writer, level int) (*Writer, error) {
	return newWriter(w, level, nil)
}

// NewWriterDict is like NewWriter but initializes the new Writer with a
// preset dictionary. The returned Writer behaves as if the dictionary had
// been written to it without producing any compressed output. The
// compressed data written to w can only be decompressed by a reader
// initialized with the same dictionary (see NewReaderDict).
func NewWriterDict(w io.Writer, level int, dict []byte) (*Writer, error) {
	return newWriter(w, level, append([]byte{}, dict...))
}

func newWriter(w io.Writer, level int, dict []byte) (*Writer, error) {
	if level < HuffmanOnly || level > BestCompression {
		return nil, fmt.Errorf("flate: invalid compression level %d: want value in range [-2, 9]", level)
	}
	// The host's compressor (about 1 MB: its window and hash chains)
	// is collected with the Writer, as Go's is.
	return &Writer{c: newCompressor(level, dict), w: w, level: level, dict: dict}, nil
}

// emit writes compressed bytes to the underlying writer, in Go's
// writes; an error sticks.
func (w *Writer) emit(out [][]byte) error {
	for _, b := range out {
		if _, err := w.w.Write(b); err != nil {
			w.err = err
			return err
		}
	}
	return nil
}

// Write writes data to w, which will eventually write the compressed form
// of data to its underlying writer.
func (w *Writer) Write(data []byte) (n int, err error) {
	if w.err != nil {
		return 0, w.err
	}
	if err := w.emit(compress(w.c, data, modeWrite)); err != nil {
		return 0, err
	}
	return len(data), nil
}

// Flush flushes any pending data to the underlying writer. Calling Flush
// when there is no pending data still causes the Writer to emit a sync
// marker of at least 4 bytes. If the underlying writer returns an error,
// Flush returns that error.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	return w.emit(compress(w.c, nil, modeFlush))
}

// Close flushes and closes the writer.
func (w *Writer) Close() error {
	if w.err == errWriterClosed {
		return nil
	}
	if w.err != nil {
		return w.err
	}
	if err := w.emit(compress(w.c, nil, modeClose)); err != nil {
		return err
	}
	w.err = errWriterClosed
	return nil
}

// Reset discards the writer's state and makes it equivalent to the result
// of NewWriter or NewWriterDict called with dst and w's level and
// dictionary.
func (w *Writer) Reset(dst io.Writer) {
	compress(w.c, nil, modeReset)
	w.w, w.err = dst, nil
}
