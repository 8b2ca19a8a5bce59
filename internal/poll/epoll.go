//go:build linux

package poll

import (
	"fmt"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Modes of New.
const (
	ModeBatch = "batch" // epoll, reads and writes batched on an io_uring (the default)
	ModeEpoll = "epoll" // epoll, every read and write a system call
	ModeURing = "uring" // io_uring for readiness too
)

// CheckMode reports whether mode names a poller ("" is ModeBatch).
func CheckMode(mode string) error {
	switch mode {
	case "", ModeBatch, ModeEpoll, ModeURing:
		return nil
	}
	return fmt.Errorf("event loop %q: want batch, epoll or uring", mode)
}

// New returns a poller of the given mode: batch ("" too), epoll or uring. A
// failed io_uring setup (an old kernel, a sandbox forbidding it) falls back
// to plain epoll.
func New(mode string) (Poller, error) {
	if err := CheckMode(mode); err != nil {
		return nil, err
	}
	switch mode {
	case "", ModeBatch:
		p, err := newEpoll()
		if err != nil {
			return nil, err
		}
		p.ops, _ = newBatch() // nil (no batch) where it fails
		return p, nil
	case "epoll":
	case "uring":
		if p, err := newURing(); err == nil {
			return p, nil
		}
	}
	return newEpoll()
}

// epoller is the epoll backend: fds registered edge-triggered for reads and
// writes, plus an eventfd for Wake.
type epoller struct {
	epfd   int
	cbs    map[int]func(Event)
	events []unix.EpollEvent
	waker
	batcher
}

func newEpoll() (*epoller, error) {
	epfd, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("epoll_create1: %w", err)
	}
	wfd, err := unix.Eventfd(0, unix.EFD_NONBLOCK|unix.EFD_CLOEXEC)
	if err != nil {
		unix.Close(epfd)
		return nil, fmt.Errorf("eventfd: %w", err)
	}
	p := &epoller{epfd: epfd, waker: waker{wakefd: wfd}, cbs: map[int]func(Event){}, events: make([]unix.EpollEvent, 128)}
	ev := unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(wfd)}
	if err := unix.EpollCtl(epfd, unix.EPOLL_CTL_ADD, wfd, &ev); err != nil {
		p.Close()
		return nil, fmt.Errorf("epoll_ctl: %w", err)
	}
	return p, nil
}

func (p *epoller) Backend() string {
	if p.ops != nil {
		return "batch"
	}
	return "epoll"
}

func (p *epoller) Register(fd int, cb func(Event)) error {
	ev := unix.EpollEvent{Events: unix.EPOLLIN | unix.EPOLLPRI | unix.EPOLLOUT | unix.EPOLLRDHUP | unix.EPOLLET, Fd: int32(fd)}
	if err := unix.EpollCtl(p.epfd, unix.EPOLL_CTL_ADD, fd, &ev); err != nil {
		return err
	}
	p.cbs[fd] = cb
	return nil
}

func (p *epoller) Unregister(fd int) error {
	delete(p.cbs, fd)
	return unix.EpollCtl(p.epfd, unix.EPOLL_CTL_DEL, fd, nil)
}

func (p *epoller) Wait(timeout time.Duration) (int, error) {
	nops, timeout, err := p.flushFirst(timeout)
	if err != nil {
		return nops, err
	}
	ms := -1
	if timeout >= 0 {
		ms = int((timeout + time.Millisecond - 1) / time.Millisecond)
	}
	for {
		n, err := unix.EpollWait(p.epfd, p.events, ms)
		if err == unix.EINTR {
			if ms == 0 {
				return nops, nil
			}
			continue
		}
		if err != nil {
			return 0, err
		}
		handled := 0
		for _, ev := range p.events[:n] {
			fd := int(ev.Fd)
			if fd == p.wakefd {
				var buf [8]byte
				unix.Read(p.wakefd, buf[:])
				continue
			}
			cb := p.cbs[fd]
			if cb == nil {
				continue
			}
			cb(pollEvent(ev.Events))
			handled++
		}
		return nops + handled, nil
	}
}

func (p *epoller) Close() error {
	if !p.shut() {
		return nil
	}
	p.ops.close()
	unix.Close(p.wakefd)
	return unix.Close(p.epfd)
}

// waker is a poller's eventfd: Wake writes it from any thread until the
// poller is shut.
type waker struct {
	wakefd int
	mu     sync.Mutex // guards closed against Wake from other threads
	closed bool
}

func (w *waker) Wake() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.closed {
		return
	}
	one := [8]byte{1}
	unix.Write(w.wakefd, one[:])
}

// shut stops Wake from writing (the eventfd is about to be closed); it
// reports false if the poller was already shut.
func (w *waker) shut() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	was := w.closed
	w.closed = true
	return !was
}

// pollEvent maps an epoll or poll mask (Linux gives the bits the same
// values) to Events; both backends use it.
func pollEvent(mask uint32) Event {
	var e Event
	if mask&(unix.EPOLLIN|unix.EPOLLPRI) != 0 {
		e |= Readable
	}
	if mask&unix.EPOLLPRI != 0 {
		e |= Urgent
	}
	if mask&unix.EPOLLOUT != 0 {
		e |= Writable
	}
	if mask&(unix.EPOLLHUP|unix.EPOLLERR|unix.EPOLLRDHUP) != 0 {
		e |= HangUp | Readable | Writable
	}
	return e
}

// The poll(2) and epoll bits pollEvent reads are the same numbers.
const (
	_ = uint(unix.POLLIN-unix.EPOLLIN) + uint(unix.EPOLLIN-unix.POLLIN)
	_ = uint(unix.POLLPRI-unix.EPOLLPRI) + uint(unix.EPOLLPRI-unix.POLLPRI)
	_ = uint(unix.POLLOUT-unix.EPOLLOUT) + uint(unix.EPOLLOUT-unix.POLLOUT)
	_ = uint(unix.POLLERR-unix.EPOLLERR) + uint(unix.EPOLLERR-unix.POLLERR)
	_ = uint(unix.POLLHUP-unix.EPOLLHUP) + uint(unix.EPOLLHUP-unix.POLLHUP)
	_ = uint(unix.POLLRDHUP-unix.EPOLLRDHUP) + uint(unix.EPOLLRDHUP-unix.POLLRDHUP)
)
