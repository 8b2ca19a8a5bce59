package std

import (
	"testing"
	"unsafe"
)

// An idle connection holds one socket record (its batched operations
// come and go: opSide); its size is part of the documented cost of an
// idle connection (docs/PERFORMANCE.md), so a field that grows it past its
// 240-byte size class should be a choice, not an accident.
func TestSocketRecordSize(t *testing.T) {
	if s := unsafe.Sizeof(hostSock{}); s > 240 {
		t.Errorf("hostSock is %d bytes, more than 240", s)
	}
	if s := unsafe.Sizeof(opSide{}); s > 16 {
		t.Errorf("opSide is %d bytes, more than 16", s)
	}
}
