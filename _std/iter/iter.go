// Package iter is spindle's guest iter package: iterator types and the
// conversion of push iterators to pull iterators.
//
// Pull and Pull2 run the sequence in a goroutine of its own and hand each
// value over through channels (Go uses coroutines): the observable
// behaviour is the same, except that the goroutine counts in
// runtime.NumGoroutine and shows in deadlock dumps.
//
// Missing: nothing of the exported API.
package iter

import "runtime"

// Seq is an iterator over sequences of individual values.
type Seq[V any] func(yield func(V) bool)

// Seq2 is an iterator over sequences of pairs of values.
type Seq2[K, V any] func(yield func(K, V) bool)

// puller is the state shared by a pull iterator's next and stop functions
// and the goroutine running the sequence.
type puller struct {
	resume   chan bool     // caller -> sequence: true to continue, false to stop
	ready    chan struct{} // sequence -> caller: a value is ready, or the sequence ended
	started  bool
	done     bool // no more values: finished or stopped
	finished bool // the sequence's goroutine has ended
	running  bool // a next call is in progress
	panicked bool
	goexit   bool
	pval     any
}

func newPuller() *puller {
	return &puller{resume: make(chan bool), ready: make(chan struct{})}
}

// run runs seq (which calls yield) on the puller's goroutine.
func (p *puller) run(seq func()) {
	returned := false
	defer func() {
		if !returned {
			if r := recover(); r != nil {
				p.panicked, p.pval = true, r
			} else {
				p.goexit = true
			}
		}
		p.done = true
		p.finished = true
		p.ready <- struct{}{}
	}()
	seq()
	returned = true
}

// yield hands a value (already stored by the caller) to next and waits to
// be resumed.
func (p *puller) yield() bool {
	if p.done {
		return false
	}
	p.ready <- struct{}{}
	return <-p.resume && !p.done
}

// step resumes the sequence and waits for its next value or its end.
func (p *puller) step(seq func()) {
	if p.running {
		panic("iter.Pull: next called again reentrantly")
	}
	p.running = true
	if !p.started {
		p.started = true
		go p.run(seq)
	} else {
		p.resume <- true
	}
	<-p.ready
	p.running = false
	p.rethrow()
}

func (p *puller) stop() {
	if p.done {
		return
	}
	p.done = true
	if p.started && !p.finished {
		p.resume <- false
		<-p.ready
		p.rethrow()
	}
}

func (p *puller) rethrow() {
	if p.panicked {
		p.panicked = false
		v := p.pval
		p.pval = nil
		panic(v)
	}
	if p.goexit {
		p.goexit = false
		runtime.Goexit()
	}
}

// Pull converts the “push-style” iterator sequence seq into a “pull-style”
// iterator accessed by the two functions next and stop.
//
// Next returns the next value in the sequence and a boolean indicating
// whether the value is valid. When the sequence is over, next returns the
// zero value and false. Stop ends the iteration; it must be called when
// the caller is no longer interested in next values and next has not yet
// signaled that the sequence is over.
func Pull[V any](seq Seq[V]) (next func() (V, bool), stop func()) {
	p := newPuller()
	var (
		v  V
		ok bool
	)
	body := func() {
		seq(func(x V) bool {
			if p.done {
				return false
			}
			v, ok = x, true
			return p.yield()
		})
		var zero V
		v, ok = zero, false
	}
	next = func() (V, bool) {
		if p.done {
			var zero V
			return zero, false
		}
		p.step(body)
		r, rok := v, ok
		var zero V
		v, ok = zero, false
		return r, rok
	}
	return next, p.stop
}

// Pull2 converts the “push-style” iterator sequence seq into a
// “pull-style” iterator accessed by the two functions next and stop.
func Pull2[K, V any](seq Seq2[K, V]) (next func() (K, V, bool), stop func()) {
	p := newPuller()
	var (
		k  K
		v  V
		ok bool
	)
	body := func() {
		seq(func(x K, y V) bool {
			if p.done {
				return false
			}
			k, v, ok = x, y, true
			return p.yield()
		})
		var zk K
		var zv V
		k, v, ok = zk, zv, false
	}
	next = func() (K, V, bool) {
		if p.done {
			var zk K
			var zv V
			return zk, zv, false
		}
		p.step(body)
		rk, rv, rok := k, v, ok
		var zk K
		var zv V
		k, v, ok = zk, zv, false
		return rk, rv, rok
	}
	return next, p.stop
}
