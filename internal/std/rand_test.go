package std

import (
	randv2 "math/rand/v2"
	"testing"

	"spindle/internal/vm"
)

// The guest PCG keeps its state in two uint64 fields and the host binding
// reads the advanced state back through the host PCG's binary encoding:
// check that the guest sequence is the host's.
func TestPCGBinding(t *testing.T) {
	fn := Host["(*math/rand/v2.PCG).Uint64"]
	if fn == nil {
		t.Fatal("no PCG binding")
	}
	state := &vm.Value{R: []vm.Value{vm.Uint(12345), vm.Uint(67890)}}
	want := randv2.NewPCG(12345, 67890)
	for i := 0; i < 100; i++ {
		args := []vm.Value{{R: state}}
		fn(nil, args, args)
		if got, w := args[0].N, want.Uint64(); got != w {
			t.Fatalf("step %d: got %d, want %d", i, got, w)
		}
	}
}

// sortValues must order like Go's slices.Sort, NaNs first.
func TestSortValuesFloat(t *testing.T) {
	nan := vm.Float(0)
	nan.N = 0x7ff8000000000001
	s := []vm.Value{vm.Float(2), nan, vm.Float(-1), vm.Float(0.5)}
	sortValues(s, vm.KFloat64)
	got := []float64{s[1].Float(), s[2].Float(), s[3].Float()}
	if s[0].Float() == s[0].Float() || got[0] != -1 || got[1] != 0.5 || got[2] != 2 {
		t.Fatalf("bad order: %v %v", s[0].Float(), got)
	}
}
