package std

import (
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"weak"

	"spindle/internal/vm"
)

// machData is the host-side state the guest std keeps per Machine (one
// run): open files, the guest type descriptors fmt needs. It is found
// through a weakly keyed table so a Machine that is dropped without
// CloseAll still gets its files closed by a cleanup.
type machData struct {
	mu sync.Mutex // CloseAll may run on another goroutine than the machine

	files     map[int]*hostFile
	nextFD    int
	stdClosed [3]bool

	env     []string // the run's environment, once Setenv and friends need it
	envInit bool

	// stateT is the guest type *fmt.pstate (a fmt.State implementation),
	// registered by fmt's init.
	stateT *vm.Type
}

var (
	machMu  sync.Mutex
	machTab = map[weak.Pointer[vm.Machine]]*machData{}
)

// lastMach caches the most recent mdata lookup: the table lookup (a weak
// pointer and a lock) is too slow for fmt's per-call path.
type machEnt struct {
	m *vm.Machine
	d *machData
}

var lastMach atomic.Pointer[machEnt]

// mdata returns m's host-side state, creating it on first use.
func mdata(m *vm.Machine) *machData {
	if e := lastMach.Load(); e != nil && e.m == m {
		return e.d
	}
	d := mdataSlow(m)
	lastMach.Store(&machEnt{m, d})
	return d
}

func mdataSlow(m *vm.Machine) *machData {
	k := weak.Make(m)
	machMu.Lock()
	d := machTab[k]
	if d == nil {
		d = &machData{files: map[int]*hostFile{}, nextFD: 3}
		machTab[k] = d
		runtime.AddCleanup(m, dropMachine, k)
	}
	machMu.Unlock()
	return d
}

func dropMachine(k weak.Pointer[vm.Machine]) {
	machMu.Lock()
	d := machTab[k]
	delete(machTab, k)
	machMu.Unlock()
	if d != nil {
		d.closeFiles()
	}
}

func (d *machData) closeFiles() {
	d.mu.Lock()
	files := d.files
	d.files = map[int]*hostFile{}
	d.mu.Unlock()
	for _, hf := range files {
		hf.close()
	}
}

// CloseAll releases everything the guest std holds for machine m: every
// file the program opened and did not close is closed. The VM calls it
// when a run ends.
func CloseAll(m *vm.Machine) {
	if e := lastMach.Load(); e != nil && e.m == m {
		lastMach.CompareAndSwap(e, nil)
	}
	machMu.Lock()
	k := weak.Make(m)
	d := machTab[k]
	delete(machTab, k)
	machMu.Unlock()
	if d != nil {
		d.closeFiles()
	}
}

// hostFile is one file a guest program opened.
type hostFile struct {
	f      *os.File
	name   string
	closed bool
}

func (hf *hostFile) close() error {
	if hf.closed {
		return os.ErrClosed
	}
	hf.closed = true
	if hf.f != nil {
		return hf.f.Close()
	}
	return nil
}
