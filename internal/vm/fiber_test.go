package vm

import (
	"testing"
	"unsafe"
)

// A parked goroutine's cost is its record plus its registers, one object
// (allocFiber); the record's size is part of the documented cost
// (docs/PERFORMANCE.md: 216 bytes, 288 with three registers and the size
// class). A field added to Fiber goes into fiberExt unless every fiber
// needs it; this test catches one that grows every fiber by accident.
func TestFiberRecordSize(t *testing.T) {
	if s := unsafe.Sizeof(Fiber{}); s > 216 {
		t.Errorf("Fiber is %d bytes, more than 216", s)
	}
}
