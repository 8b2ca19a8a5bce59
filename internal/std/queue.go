package std

// queue is a FIFO: a slice consumed from head, reset when it empties and
// compacted when more than half of it is consumed, so a queue that never
// drains does not grow without bound. It holds the wait queues of the
// sync primitives (fifo) and the buffers of fiber and Shared channels.
type queue[T any] struct {
	buf  []T
	head int
}

func (q *queue[T]) len() int { return len(q.buf) - q.head }

func (q *queue[T]) push(v T) {
	if q.head > 32 && q.head > len(q.buf)/2 {
		n := copy(q.buf, q.buf[q.head:])
		clear(q.buf[n:])
		q.buf = q.buf[:n]
		q.head = 0
	}
	q.buf = append(q.buf, v)
}

// pop removes the first element; ok is false if the queue is empty.
func (q *queue[T]) pop() (v T, ok bool) {
	if q.head == len(q.buf) {
		return v, false
	}
	v = q.buf[q.head]
	var zero T
	q.buf[q.head] = zero
	q.head++
	if q.head == len(q.buf) {
		q.buf = q.buf[:0]
		q.head = 0
	}
	return v, true
}
