package vm

import (
	"strings"
	"testing"
)

// TestVerifyBackwardJumps checks that a backward jump must charge a
// reduction: one that does not would spin without a preemption point, out
// of reach of the fuel and CPU limits, timeouts and cancellation.
func TestVerifyBackwardJumps(t *testing.T) {
	tests := []struct {
		name string
		code []Instr
		ok   bool
	}{
		{"jump to itself", []Instr{{Op: OpJump, A: -1}}, false},
		{"loop to itself", []Instr{{Op: OpLoop, A: -1}}, true},
		{"forward jump", []Instr{{Op: OpJump, A: 0}, {Op: OpRet0, C: -1}}, true},
		{"brtrue back", []Instr{{Op: OpNop}, {Op: OpBrTrue, A: -2, B: 0}, {Op: OpRet0, C: -1}}, false},
		{"jeq back", []Instr{{Op: OpJEq, A: -1, B: 0, C: 1}, {Op: OpRet0, C: -1}}, false},
		{"jltsi forward", []Instr{{Op: OpJLtSI, A: 1, B: 0, C: 5}, {Op: OpNop}, {Op: OpRet0, C: -1}}, true},
		{"loopjne back", []Instr{{Op: OpNop}, {Op: OpLoopJNe, A: -2, B: 0, C: 1}, {Op: OpRet0, C: -1}}, true},
		{"loopjlesi back", []Instr{{Op: OpLoopJLeSI, A: -1, B: 0, C: 3}, {Op: OpRet0, C: -1}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fn := &Func{Name: "main.f", NRegs: 2, RecoverPC: -1, Code: tt.code, Lines: make([]int32, len(tt.code))}
			Seal(fn)
			err := Verify(fn)
			if (err == nil) != tt.ok {
				t.Fatalf("Verify = %v, want ok %v", err, tt.ok)
			}
			if err != nil && !strings.Contains(err.Error(), "charges no reduction") {
				t.Errorf("Verify = %v, want a backward-jump error", err)
			}
		})
	}
}

// TestVerifyFrameLayout checks the frame's regions: parameters, free
// variables and constants must lie in the frame, counted without
// overflow. Starting a fiber copies its arguments, free variables and
// constants there.
func TestVerifyFrameLayout(t *testing.T) {
	tests := []struct {
		name                  string
		nregs, nparams, nfree int32
		constBase, nconsts    int32
		ok                    bool
	}{
		{"fits", 6, 2, 1, 3, 3, true},
		{"params past the frame", 2, 3, 0, 0, 0, false},
		{"negative free variables", 4, 8, -5, 0, 0, false},
		{"negative parameters", 4, -1, 2, 0, 0, false},
		{"overflowing sum", 4, 1 << 30, 1<<31 - 1<<30, 0, 0, false},
		{"constants past the frame", 4, 0, 0, 2, 3, false},
		{"negative constant base", 4, 0, 0, -1, 1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fn := &Func{Name: "main.f", NRegs: tt.nregs, NParams: tt.nparams, NFree: tt.nfree, ConstBase: tt.constBase,
				Consts: make([]Value, tt.nconsts), RecoverPC: -1, Code: []Instr{{Op: OpRet0, C: -1}}, Lines: []int32{1}}
			Seal(fn)
			if err := Verify(fn); (err == nil) != tt.ok {
				t.Fatalf("Verify = %v, want ok %v", err, tt.ok)
			}
		})
	}
}

// TestVerifySelectResults checks that a select's result registers (index,
// recvOK, a value per receive case) lie in the frame, counted from its
// cases: SelectOp.NRecv must agree with them.
func TestVerifySelectResults(t *testing.T) {
	tests := []struct {
		name  string
		a     int32
		cases []SelectCase
		nrecv int
		ok    bool
	}{
		{"two receives fit", 0, []SelectCase{{Chan: 4}, {Chan: 5}, {Send: true, Chan: 4, Val: 5}}, 2, true},
		{"last value at the frame's end", 2, []SelectCase{{Chan: 0}, {Chan: 1}}, 2, true},
		{"value past the frame", 3, []SelectCase{{Chan: 0}, {Chan: 1}}, 2, false},
		{"NRecv short of the cases", 3, []SelectCase{{Chan: 0}, {Chan: 1}}, 0, false},
		{"NRecv past the cases", 0, []SelectCase{{Chan: 0}}, 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fn := &Func{Name: "main.f", NRegs: 6, RecoverPC: -1,
				Selects: []SelectOp{{Cases: tt.cases, NRecv: tt.nrecv, Blocking: true}},
				Code:    []Instr{{Op: OpSelect, A: tt.a, C: 0}, {Op: OpRet0, C: -1}}, Lines: []int32{1, 1}}
			Seal(fn)
			if err := Verify(fn); (err == nil) != tt.ok {
				t.Fatalf("Verify = %v, want ok %v", err, tt.ok)
			}
		})
	}
}
