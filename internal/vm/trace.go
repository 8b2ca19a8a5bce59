package vm

import (
	"encoding/json"
	"io"
	"runtime/debug"
	"strconv"
	"time"
)

// Execution traces (Config.Trace): each machine records, while it runs,
// one span per slice a fiber runs, one per stretch a fiber waits between
// slices (named for its wait reason: chan receive, sync.Mutex.Lock,
// sleep, IO wait...; "runnable" for a fiber preempted or woken and not
// yet run), and a flow arrow from each go statement to the new fiber's
// first slice. WriteTrace writes them as Chrome trace-event JSON, which
// Perfetto and chrome://tracing open: a process per shard, a thread per
// fiber, with a "runtime" track per shard for its stack-shrink passes
// after collections and a track for the host's collection pauses.
// Recording costs a clock reading and an append per slice, and
// nothing when tracing is off; the dispatch loop's in-place switch to a
// woken fiber is off while tracing, so that each slice is seen.

// tracer is a machine's trace buffer.
type tracer struct {
	start  time.Time
	events []traceEvent
	// waitFrom is when each fiber (by id) last stopped running, and why.
	waitFrom map[int64]traceWait
	// spawned holds the go statements whose fibers have not run yet.
	spawned map[int64]traceSpawn
	flows   int64
}

type traceWait struct {
	at     int64 // µs since start
	reason string
}

type traceSpawn struct {
	at     int64
	parent int64
}

// traceEvent is one Chrome trace event.
type traceEvent struct {
	Name string         `json:"name"`
	Cat  string         `json:"cat,omitempty"`
	Ph   string         `json:"ph"`
	Ts   int64          `json:"ts"`
	Dur  int64          `json:"dur,omitempty"`
	Pid  int            `json:"pid"`
	Tid  int64          `json:"tid"`
	ID   int64          `json:"id,omitempty"`
	Bp   string         `json:"bp,omitempty"`
	Args map[string]any `json:"args,omitempty"`
}

func (t *tracer) now() int64 { return time.Since(t.start).Microseconds() }

// traceSliceStart notes that f starts a slice: the wait that ended, and
// the arrow from the go statement that started it.
func (m *Machine) traceSliceStart(f *Fiber) int64 {
	t := m.trace
	now := t.now()
	if w, ok := t.waitFrom[f.ID]; ok {
		delete(t.waitFrom, f.ID)
		t.events = append(t.events, traceEvent{Name: w.reason, Cat: "wait", Ph: "X", Ts: w.at, Dur: max(now-w.at, 1), Pid: m.shard, Tid: f.ID + 1})
	}
	if s, ok := t.spawned[f.ID]; ok {
		delete(t.spawned, f.ID)
		t.flows++
		t.events = append(t.events,
			traceEvent{Name: "go", Cat: "spawn", Ph: "s", Ts: s.at, Pid: m.shard, Tid: s.parent + 1, ID: t.flows},
			traceEvent{Name: "go", Cat: "spawn", Ph: "f", Bp: "e", Ts: now, Pid: m.shard, Tid: f.ID + 1, ID: t.flows})
	}
	return now
}

// traceSliceEnd records f's slice from start, which ended with st.
func (m *Machine) traceSliceEnd(f *Fiber, start int64, st status) {
	t := m.trace
	now := t.now()
	t.events = append(t.events, traceEvent{Name: "running", Cat: "run", Ph: "X", Ts: start, Dur: max(now-start, 1), Pid: m.shard, Tid: f.ID + 1})
	switch {
	case st == stDone || f.state == Dead:
	case f.state == Parked:
		t.waitFrom[f.ID] = traceWait{now, f.WaitReason()}
	default:
		t.waitFrom[f.ID] = traceWait{now, "runnable"}
	}
}

// traceSpawn notes a go statement of the running fiber starting child.
func (m *Machine) traceSpawn(parent *Fiber, child int64) {
	t := m.trace
	now := t.now()
	t.spawned[child] = traceSpawn{now, parent.ID}
	t.waitFrom[child] = traceWait{now, "runnable"}
}

// traceGC records a stack-shrink pass (shrink.go), which runs on the
// shard between slices after a collection, on the shard's own track.
func (m *Machine) traceGC(start int64, shrunk int) {
	t := m.trace
	t.events = append(t.events, traceEvent{Name: "GC: stack shrink", Cat: "gc", Ph: "X", Ts: start, Dur: max(t.now()-start, 1), Pid: m.shard, Tid: 0,
		Args: map[string]any{"stacks shrunk": shrunk, "collection": gcCycles.Load()}})
}

// hostGCPid is the trace's process for the host's collections.
const hostGCPid = -1

// WriteTrace writes the trace events of the machines (a run's shards)
// as Chrome trace-event JSON, on one clock: microseconds since the first
// shard started. The host's stop-the-world collection pauses during the
// run (the last 256, as debug.ReadGCStats keeps them) get a track of
// their own, since they stop every shard. It writes nothing for machines
// that did not trace.
func WriteTrace(w io.Writer, shards []*Machine) error {
	events := []traceEvent{}
	var base time.Time
	for _, m := range shards {
		if m.trace != nil && (base.IsZero() || m.trace.start.Before(base)) {
			base = m.trace.start
		}
	}
	for _, m := range shards {
		if m.trace == nil {
			continue
		}
		shift := m.trace.start.Sub(base).Microseconds()
		events = append(events, traceEvent{Name: "process_name", Ph: "M", Pid: m.shard, Args: map[string]any{"name": "shard " + strconv.Itoa(m.shard)}})
		seen := map[int64]bool{}
		for _, e := range m.trace.events {
			if !seen[e.Tid] {
				seen[e.Tid] = true
				name := "goroutine " + strconv.FormatInt(e.Tid, 10)
				if e.Tid == 0 {
					name = "runtime"
				}
				events = append(events, traceEvent{Name: "thread_name", Ph: "M", Pid: m.shard, Tid: e.Tid, Args: map[string]any{"name": name}})
			}
			e.Ts += shift
			events = append(events, e)
		}
	}
	if !base.IsZero() {
		events = appendHostGC(events, base)
	}
	return json.NewEncoder(w).Encode(map[string]any{"traceEvents": events, "displayTimeUnit": "ms"})
}

// appendHostGC adds the host's collection pauses since base.
func appendHostGC(events []traceEvent, base time.Time) []traceEvent {
	var st debug.GCStats
	debug.ReadGCStats(&st)
	named := false
	for i := len(st.PauseEnd) - 1; i >= 0; i-- { // oldest first
		if i >= len(st.Pause) {
			continue
		}
		end := st.PauseEnd[i].Sub(base).Microseconds()
		dur := st.Pause[i].Microseconds()
		if end-dur < 0 {
			continue
		}
		if !named {
			named = true
			events = append(events,
				traceEvent{Name: "process_name", Ph: "M", Pid: hostGCPid, Args: map[string]any{"name": "host GC"}},
				traceEvent{Name: "thread_name", Ph: "M", Pid: hostGCPid, Args: map[string]any{"name": "stop-the-world pauses"}})
		}
		events = append(events, traceEvent{Name: "GC pause", Cat: "gc", Ph: "X", Ts: end - dur, Dur: max(dur, 1), Pid: hostGCPid,
			Args: map[string]any{"pause": st.Pause[i].String()}})
	}
	return events
}
