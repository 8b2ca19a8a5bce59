package vm

import "testing"

// The run queue ring keeps FIFO order across growth and shrinking, puts
// pushFront entries first, and zeroes every slot it gives up, so a popped
// entry keeps nothing alive.
func TestRunQueueRing(t *testing.T) {
	var q runq
	fs := make([]*Fiber, 3*runqKeep)
	for i := range fs {
		fs[i] = &Fiber{ID: int64(i)}
	}
	// Interleave pushes and shifts so the ring wraps before it grows.
	next, want := 0, 0
	for next < len(fs) {
		for range 3 {
			if next < len(fs) {
				q.push(runEntry{f: fs[next]})
				next++
			}
		}
		if e := q.shift(); e.f != fs[want] {
			t.Fatalf("shift: got fiber %d, want %d", e.f.ID, want)
		}
		want++
	}
	peak := len(q.buf)
	front := &Fiber{ID: -1}
	q.pushFront(runEntry{f: front})
	if e := q.shift(); e.f != front {
		t.Fatalf("pushFront: got fiber %d first", e.f.ID)
	}
	last := &Fiber{ID: -2}
	q.push(runEntry{f: last})
	if q.dropBack(fs[0]) || !q.dropBack(last) || q.dropBack(last) {
		t.Fatal("dropBack removed the wrong entry")
	}
	for q.n > 0 {
		if e := q.shift(); e.f != fs[want] {
			t.Fatalf("shift: got fiber %d, want %d", e.f.ID, want)
		}
		want++
	}
	if want != len(fs) {
		t.Fatalf("%d fibers came out, want %d", want, len(fs))
	}
	if len(q.buf) >= peak || len(q.buf) > runqKeep {
		t.Errorf("ring of %d entries after the burst (peak %d)", len(q.buf), peak)
	}
	for i, e := range q.buf {
		if e != (runEntry{}) {
			t.Fatalf("slot %d of an empty ring still holds %+v", i, e)
		}
	}
}

// A spawnRec carries fn.NParams+fn.NFree values in the same allocation;
// one with more values than maxSpawnVals is not made.
func TestSpawnRecordValues(t *testing.T) {
	m := &Machine{}
	for n := range maxSpawnVals + 2 {
		fn := &Func{NParams: int32(n / 2), NFree: int32(n - n/2)}
		s := m.newSpawn(fn)
		if n > maxSpawnVals {
			if s != nil {
				t.Errorf("%d values: got a record", n)
			}
			continue
		}
		vals := s.vals()
		if len(vals) != n {
			t.Fatalf("%d values: vals() has %d", n, len(vals))
		}
		for i := range vals {
			vals[i] = Int(int64(i))
		}
		if s.fn != fn {
			t.Errorf("%d values: writing the values overwrote the record", n)
		}
	}
}

// Wait reasons are interned: the same text gives the same index, a new
// one a new index, and the index gives the text back.
func TestWaitReasonsInterned(t *testing.T) {
	a := internReason("test reason a")
	b := internReason("test reason b")
	if a == b || a == 0 || b == 0 {
		t.Fatalf("indices %d, %d", a, b)
	}
	if internReason("test reason "+"a") != a || reasonName(a) != "test reason a" || reasonName(b) != "test reason b" {
		t.Fatal("interning is not stable")
	}
	if reasonName(reasonChanSend) != "chan send" || internReason("") != 0 {
		t.Fatal("predefined reasons")
	}
}

// The go-statement list of fibers is singly linked and swept lazily:
// ended fibers stay on it until the dead outnumber the live (plus a
// margin), every live fiber is always on it, and a record reused while
// still on it is not linked twice. A fiber that can have a handle is on
// the other list and leaves it as soon as it ends.
func TestFiberListSweep(t *testing.T) {
	m := &Machine{}
	var fs []*Fiber
	for range 1000 {
		f := &Fiber{flags: fRecyclable}
		m.linkAll(f)
		m.nfibers++
		fs = append(fs, f)
	}
	listed := func() (live, dead int) {
		seen := map[*Fiber]bool{}
		for f := m.allHead; f != nil; f = f.allNext {
			if seen[f] {
				t.Fatal("a fiber is on the list twice")
			}
			seen[f] = true
			if f.state == Dead {
				dead++
			} else {
				live++
			}
		}
		return live, dead
	}
	for i, f := range fs {
		if i%10 != 0 {
			f.state = Dead
			m.unlinkAll(f)
			m.unlinkAll(f) // a second end counts once
		}
	}
	live, dead := listed()
	if live != 100 || m.nfibers != 100 {
		t.Fatalf("%d live fibers listed, %d counted, want 100", live, m.nfibers)
	}
	if dead > m.nfibers+64 || dead != m.deadLinked {
		t.Fatalf("%d dead fibers listed (%d counted) beside %d live", dead, m.deadLinked, live)
	}
	// Reuse a dead record that is still listed.
	var reused *Fiber
	for f := m.allHead; f != nil; f = f.allNext {
		if f.state == Dead {
			reused = f
			break
		}
	}
	if reused == nil {
		t.Fatal("no dead fiber left on the list to reuse")
	}
	reused.state = Runnable
	m.linkAll(reused)
	m.nfibers++
	if live2, dead2 := listed(); live2 != 101 || dead2 != dead-1 || m.deadLinked != dead-1 {
		t.Fatalf("after reuse: %d live, %d dead listed, %d dead counted", live2, dead2, m.deadLinked)
	}
}

func TestHandlesListUnlinksAtOnce(t *testing.T) {
	m := &Machine{}
	fs := []*Fiber{{}, {}, {}}
	for _, f := range fs {
		m.linkAll(f)
		m.nfibers++
	}
	fs[1].state = Dead
	m.unlinkAll(fs[1])
	var got []*Fiber
	m.eachFiber(func(f *Fiber) { got = append(got, f) })
	if len(got) != 2 || got[0] != fs[2] || got[1] != fs[0] || m.nfibers != 2 || m.allHead != nil {
		t.Fatalf("listed %v, counted %d", got, m.nfibers)
	}
	if x := fs[1].ext; x.allPrev != nil || x.allNext != nil {
		t.Fatal("an ended fiber keeps its list links")
	}
}
