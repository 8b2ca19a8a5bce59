package spindle

import (
	"context"
	"io"
	"os"
	"sync/atomic"
	"time"
)

// A run's standard output and error, when they are an embedder's writers
// (not files), reach them through asyncOutput: the shards queue what
// they write, in order across both streams, and one goroutine of the run
// writes it. A writer that blocks (an io.Pipe nobody reads) then blocks
// only that goroutine: once the queue is full the shards wait for room or
// for the run's cancellation, so a blocked writer holds a run back but
// cannot make it uncancellable. When the run ends, what is queued is
// written before Wait returns, unless the run was cancelled and the
// writer is still blocked a second later; its goroutine then ends when
// the writer returns. Files are written directly (a child process is
// given them as they are).

// outputQueue is how many writes may wait for a blocked writer.
const outputQueue = 64

type asyncOutput struct {
	ctx    context.Context
	q      chan outChunk
	done   chan struct{} // closed when the goroutine has written everything
	closed atomic.Bool
}

// outChunk is one write; a nil w ends the goroutine.
type outChunk struct {
	w io.Writer
	b []byte
}

// wrapOutput returns o's writers, the embedder's behind an asyncOutput
// (nil if none needs one).
func wrapOutput(ctx context.Context, stdout, stderr io.Writer) (io.Writer, io.Writer, *asyncOutput) {
	direct := func(w io.Writer) bool {
		_, file := w.(*os.File)
		return w == nil || w == io.Discard || file
	}
	if direct(stdout) && direct(stderr) {
		return stdout, stderr, nil
	}
	a := &asyncOutput{ctx: ctx, q: make(chan outChunk, outputQueue), done: make(chan struct{})}
	go a.run()
	if !direct(stdout) {
		stdout = asyncStream{a, stdout}
	}
	if !direct(stderr) {
		stderr = asyncStream{a, stderr}
	}
	return stdout, stderr, a
}

func (a *asyncOutput) run() {
	defer close(a.done)
	for c := range a.q {
		if c.w == nil {
			return
		}
		c.w.Write(c.b)
	}
}

// close writes what is queued and ends the goroutine: it waits for that
// unless the run was cancelled and a second has passed since.
func (a *asyncOutput) close() {
	a.closed.Store(true)
	go func() { a.q <- outChunk{} }() // the queue may be full
	select {
	case <-a.done:
		return
	case <-a.ctx.Done():
	}
	t := time.NewTimer(time.Second)
	defer t.Stop()
	select {
	case <-a.done:
	case <-t.C:
	}
}

// asyncStream is one stream of an asyncOutput.
type asyncStream struct {
	a *asyncOutput
	w io.Writer
}

func (s asyncStream) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if s.a.closed.Load() {
		return 0, os.ErrClosed
	}
	c := outChunk{s.w, append([]byte(nil), p...)} // the caller reuses p
	select {
	case s.a.q <- c:
		return len(p), nil
	default:
	}
	select {
	case s.a.q <- c:
		return len(p), nil
	case <-s.a.ctx.Done():
		select { // room may have come with the cancellation: keep it
		case s.a.q <- c:
			return len(p), nil
		default:
			return 0, s.a.ctx.Err()
		}
	}
}
