package bugs

import "sync"

// Queue is a one-slot hand-off whose Put signals without the lock held
// and sets the flag after signalling: a lost wakeup when Take checks the
// flag, Put signals, and only then Take waits.
type Queue struct {
	mu    sync.Mutex
	cond  *sync.Cond
	ready bool
	val   int
}

// NewQueue returns an empty queue.
func NewQueue() *Queue {
	q := &Queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// Put hands v over.
func (q *Queue) Put(v int) {
	q.val = v
	q.cond.Signal() // the bug: the flag is set after the signal
	q.mu.Lock()
	q.ready = true
	q.mu.Unlock()
}

// Take waits for a value.
func (q *Queue) Take() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.ready { // the bug: if, not for
		q.cond.Wait()
	}
	return q.val
}
