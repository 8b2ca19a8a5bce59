package io

import "errors"

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
