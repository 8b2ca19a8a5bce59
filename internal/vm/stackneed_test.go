package vm

import "testing"

func TestSizeStacks(t *testing.T) {
	host := &Func{Name: "h", NResults: 1, Host: func(*Fiber, []Value, []Value) {}}
	leaf := &Func{Name: "leaf", NRegs: 5, Calls: []CallSite{{Kind: CallStatic, Fn: host, Args: []int32{0, 1, 2}}}}
	mid := &Func{Name: "mid", NRegs: 7, Calls: []CallSite{{Kind: CallStatic, Fn: leaf}, {Kind: CallClosure}}}
	rec := &Func{Name: "rec", NRegs: 4}
	rec.Calls = []CallSite{{Kind: CallStatic, Fn: rec}, {Kind: CallStatic, Fn: leaf}}
	big := &Func{Name: "big", NRegs: 60, Calls: []CallSite{{Kind: CallStatic, Fn: mid}}}
	huge := &Func{Name: "huge", NRegs: 100, Calls: []CallSite{{Kind: CallStatic, Fn: mid}}}
	SizeStacks([]*Func{big, mid, rec, huge, leaf, host})
	for _, c := range []struct {
		fn   *Func
		want int32
	}{
		{leaf, 5 + 4},       // registers + host window (3 args) + guard
		{mid, 7 + 5 + 4},    // + leaf's chain; the closure call is not followed
		{rec, 4 + 5 + 4},    // the recursive call counts as nothing
		{big, stackNeedCap}, // capped
		{huge, 100 + 1},     // never below the function's own frame
		{host, 0},           // host functions get none
	} {
		if c.fn.StackNeed != c.want {
			t.Errorf("%s: StackNeed %d, want %d", c.fn.Name, c.fn.StackNeed, c.want)
		}
	}
}
