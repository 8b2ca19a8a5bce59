package bugs

import "time"

// FirstResult asks a backend and gives up after timeout; the backend's
// goroutine sends on an unbuffered channel, so when the timeout wins it
// blocks forever: a goroutine leak.
func FirstResult(backend func() int, timeout time.Duration) (int, bool) {
	ch := make(chan int) // the bug: unbuffered
	go func() { ch <- backend() }()
	select {
	case v := <-ch:
		return v, true
	case <-time.After(timeout):
		return 0, false
	}
}
