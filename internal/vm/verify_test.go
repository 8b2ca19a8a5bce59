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
