package vm

import (
	"sync"
	"sync/atomic"
)

// Wait reasons. A fiber keeps its last park's reason ("chan receive",
// "sleep", a host function's own) as a 16-bit index into a process-wide
// table of the reasons ever given, instead of a string header: eight
// bytes less in every fiber. Reasons are few and mostly literals; the
// table only grows, by copy on write, so readers need no lock. Past 65,535
// distinct reasons a park records the empty one.

type reasonTable struct {
	index map[string]uint16
	names []string
}

var (
	reasons   atomic.Pointer[reasonTable]
	reasonsMu sync.Mutex

	// The dispatch loop's own reasons.
	reasonChanSend = internReason("chan send")
	reasonChanRecv = internReason("chan receive")
)

// internReason returns the index of reason s, adding it if it is new.
func internReason(s string) uint16 {
	if t := reasons.Load(); t != nil {
		if i, ok := t.index[s]; ok {
			return i
		}
	}
	reasonsMu.Lock()
	defer reasonsMu.Unlock()
	t := reasons.Load()
	if t == nil {
		t = &reasonTable{index: map[string]uint16{"": 0}, names: []string{""}}
	}
	if i, ok := t.index[s]; ok {
		return i
	}
	if len(t.names) > 1<<16-1 {
		return 0
	}
	nt := &reasonTable{index: make(map[string]uint16, len(t.names)+1), names: append(t.names[:len(t.names):len(t.names)], s)}
	for k, v := range t.index {
		nt.index[k] = v
	}
	i := uint16(len(t.names))
	nt.index[s] = i
	reasons.Store(nt)
	return i
}

// reasonName returns the reason with index i.
func reasonName(i uint16) string { return reasons.Load().names[i] }

// reasonIndex is internReason with the machine's one-entry cache in front:
// a fiber that parks again and again mostly gives the same literal.
func (m *Machine) reasonIndex(s string) uint16 {
	if s != m.lastReason {
		m.lastReason, m.lastReasonIdx = s, internReason(s)
	}
	return m.lastReasonIdx
}
