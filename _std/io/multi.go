package io

import (
	"errors"
)

// MultiReader returns a Reader that's the logical concatenation of the
// provided input readers.
func MultiReader(readers ...Reader) Reader {
	r := make([]Reader, len(readers))
	copy(r, readers)
	return &multiReader{r}
}

type multiReader struct {
	readers []Reader
}

func (mr *multiReader) Read(p []byte) (n int, err error) {
	for len(mr.readers) > 0 {
		if len(mr.readers) == 1 {
			if inner, ok := mr.readers[0].(*multiReader); ok {
				mr.readers = inner.readers
				continue
			}
		}
		n, err = mr.readers[0].Read(p)
		if err == EOF {
			mr.readers[0] = nil
			mr.readers = mr.readers[1:]
		}
		if n > 0 || err != EOF {
			if err == EOF && len(mr.readers) > 0 {
				err = nil
			}
			return
		}
	}
	return 0, EOF
}

// MultiWriter creates a writer that duplicates its writes to all the
// provided writers.
func MultiWriter(writers ...Writer) Writer {
	all := make([]Writer, 0, len(writers))
	for _, w := range writers {
		if mw, ok := w.(*multiWriter); ok {
			all = append(all, mw.writers...)
		} else {
			all = append(all, w)
		}
	}
	return &multiWriter{all}
}

type multiWriter struct {
	writers []Writer
}

func (t *multiWriter) Write(p []byte) (n int, err error) {
	for _, w := range t.writers {
		n, err = w.Write(p)
		if err != nil {
			return
		}
		if n != len(p) {
			err = ErrShortWrite
			return
		}
	}
	return len(p), nil
}

func (t *multiWriter) WriteString(s string) (n int, err error) {
	var p []byte
	for _, w := range t.writers {
		if sw, ok := w.(StringWriter); ok {
			n, err = sw.WriteString(s)
		} else {
			if p == nil {
				p = []byte(s)
			}
			n, err = w.Write(p)
		}
		if err != nil {
			return
		}
		if n != len(s) {
			err = ErrShortWrite
			return
		}
	}
	return len(s), nil
}

// SectionReader implements Read, Seek, and ReadAt on a section of an
// underlying ReaderAt.
type SectionReader struct {
	r     ReaderAt
	base  int64
	off   int64
	limit int64
	n     int64
}

// NewSectionReader returns a SectionReader that reads from r starting at
// offset off and stops with EOF after n bytes.
func NewSectionReader(r ReaderAt, off int64, n int64) *SectionReader {
	const maxint64 = 1<<63 - 1
	remaining := int64(maxint64)
	if off <= maxint64-n {
		remaining = n + off
	}
	return &SectionReader{r, off, off, remaining, n}
}

func (s *SectionReader) Read(p []byte) (n int, err error) {
	if s.off >= s.limit {
		return 0, EOF
	}
	if max := s.limit - s.off; int64(len(p)) > max {
		p = p[0:max]
	}
	n, err = s.r.ReadAt(p, s.off)
	s.off += int64(n)
	return
}

var errWhence = errors.New("Seek: invalid whence")
var errOffset = errors.New("Seek: invalid offset")

// Seek implements Seeker.
func (s *SectionReader) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	default:
		return 0, errWhence
	case SeekStart:
		offset += s.base
	case SeekCurrent:
		offset += s.off
	case SeekEnd:
		offset += s.limit
	}
	if offset < s.base {
		return 0, errOffset
	}
	s.off = offset
	return offset - s.base, nil
}

// ReadAt implements ReaderAt.
func (s *SectionReader) ReadAt(p []byte, off int64) (n int, err error) {
	if off < 0 || off >= s.Size() {
		return 0, EOF
	}
	off += s.base
	if max := s.limit - off; int64(len(p)) > max {
		p = p[0:max]
		n, err = s.r.ReadAt(p, off)
		if err == nil {
			err = EOF
		}
		return n, err
	}
	return s.r.ReadAt(p, off)
}

// Size returns the size of the section in bytes.
func (s *SectionReader) Size() int64 { return s.limit - s.base }

// Outer returns the underlying ReaderAt and offsets for the section.
func (s *SectionReader) Outer() (r ReaderAt, off int64, n int64) {
	return s.r, s.base, s.n
}

// An OffsetWriter maps writes at offset base to offset base+off in the
// underlying writer.
type OffsetWriter struct {
	w    WriterAt
	base int64
	off  int64
}

// NewOffsetWriter returns an OffsetWriter that writes to w starting at
// offset off.
func NewOffsetWriter(w WriterAt, off int64) *OffsetWriter {
	return &OffsetWriter{w, off, off}
}

func (o *OffsetWriter) Write(p []byte) (n int, err error) {
	n, err = o.w.WriteAt(p, o.off)
	o.off += int64(n)
	return
}

func (o *OffsetWriter) WriteAt(p []byte, off int64) (n int, err error) {
	if off < 0 {
		return 0, errOffset
	}
	off += o.base
	return o.w.WriteAt(p, off)
}

func (o *OffsetWriter) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	default:
		return 0, errWhence
	case SeekStart:
		offset += o.base
	case SeekCurrent:
		offset += o.off
	}
	if offset < o.base {
		return 0, errOffset
	}
	o.off = offset
	return offset - o.base, nil
}

// ErrClosedPipe is the error used for read or write operations on a
// closed pipe.
var ErrClosedPipe = errors.New("io: read/write on closed pipe")

// pipe is the shared state of a PipeReader and PipeWriter: a write hands
// its bytes to readers through wr and learns through rd how many were
// taken.
type pipe struct {
	wrMu chan struct{} // serializes writers
	wr   chan []byte
	rd   chan int
	done chan struct{}
	mu   chan struct{} // guards closing
	rerr error
	werr error
}

func (p *pipe) lock()   { p.mu <- struct{}{} }
func (p *pipe) unlock() { <-p.mu }

func (p *pipe) closed() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

func (p *pipe) read(b []byte) (n int, err error) {
	select {
	case <-p.done:
		return 0, p.readCloseError()
	default:
	}
	select {
	case bw := <-p.wr:
		n := copy(b, bw)
		p.rd <- n
		return n, nil
	case <-p.done:
		return 0, p.readCloseError()
	}
}

func (p *pipe) readCloseError() error {
	if p.werr == nil && p.rerr != nil {
		return ErrClosedPipe
	}
	if p.werr != nil {
		return p.werr
	}
	return ErrClosedPipe
}

func (p *pipe) write(b []byte) (n int, err error) {
	select {
	case <-p.done:
		return 0, p.writeCloseError()
	default:
	}
	p.wrMu <- struct{}{}
	defer func() { <-p.wrMu }()
	for once := true; once || len(b) > 0; once = false {
		select {
		case p.wr <- b:
			k := <-p.rd
			b = b[k:]
			n += k
		case <-p.done:
			return n, p.writeCloseError()
		}
	}
	return n, nil
}

func (p *pipe) writeCloseError() error {
	if p.werr == nil && p.rerr != nil {
		return p.rerr
	}
	return ErrClosedPipe
}

func (p *pipe) closeRead(err error) error {
	if err == nil {
		err = ErrClosedPipe
	}
	p.lock()
	if p.rerr == nil {
		p.rerr = err
	}
	if !p.closed() {
		close(p.done)
	}
	p.unlock()
	return nil
}

func (p *pipe) closeWrite(err error) error {
	if err == nil {
		err = EOF
	}
	p.lock()
	if p.werr == nil {
		p.werr = err
	}
	if !p.closed() {
		close(p.done)
	}
	p.unlock()
	return nil
}

// A PipeReader is the read half of a pipe.
type PipeReader struct{ p *pipe }

// Read implements the standard Read interface.
func (r *PipeReader) Read(data []byte) (n int, err error) { return r.p.read(data) }

// Close closes the reader; subsequent writes return ErrClosedPipe.
func (r *PipeReader) Close() error { return r.CloseWithError(nil) }

// CloseWithError closes the reader; subsequent writes return err.
func (r *PipeReader) CloseWithError(err error) error { return r.p.closeRead(err) }

// A PipeWriter is the write half of a pipe.
type PipeWriter struct{ r PipeReader }

// Write implements the standard Write interface.
func (w *PipeWriter) Write(data []byte) (n int, err error) { return w.r.p.write(data) }

// Close closes the writer; subsequent reads return EOF.
func (w *PipeWriter) Close() error { return w.CloseWithError(nil) }

// CloseWithError closes the writer; subsequent reads return err (EOF if nil).
func (w *PipeWriter) CloseWithError(err error) error { return w.r.p.closeWrite(err) }

// Pipe creates a synchronous in-memory pipe.
func Pipe() (*PipeReader, *PipeWriter) {
	p := &pipe{
		wrMu: make(chan struct{}, 1),
		wr:   make(chan []byte),
		rd:   make(chan int),
		done: make(chan struct{}),
		mu:   make(chan struct{}, 1),
	}
	return &PipeReader{p}, &PipeWriter{PipeReader{p}}
}
