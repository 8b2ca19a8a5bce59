package vm

import "testing"

// These microbenchmarks chose the value representation (docs/DESIGN.md):
// a register is Value{N uint64; R any}. The alternatives measured are a
// register file of boxed interfaces (go/ssa/interp, yaegi style) and split
// files (scalars in a []uint64, references in a []any).

const benchRegs = 16

func BenchmarkRepValueAdd(b *testing.B) {
	regs := make([]Value, benchRegs)
	regs[1].N = 3
	for i := 0; i < b.N; i++ {
		regs[0].N = regs[0].N + regs[1].N
	}
	sinkU = regs[0].N
}

func BenchmarkRepBoxedAdd(b *testing.B) {
	regs := make([]any, benchRegs)
	regs[0], regs[1] = int64(0), int64(3)
	for i := 0; i < b.N; i++ {
		regs[0] = regs[0].(int64) + regs[1].(int64)
	}
	sinkA = regs[0]
}

func BenchmarkRepSplitAdd(b *testing.B) {
	ints := make([]uint64, benchRegs)
	ints[1] = 3
	for i := 0; i < b.N; i++ {
		ints[0] = ints[0] + ints[1]
	}
	sinkU = ints[0]
}

func BenchmarkRepValueMove(b *testing.B) {
	regs := make([]Value, benchRegs)
	regs[1] = Str("x")
	for i := 0; i < b.N; i++ {
		regs[i&7] = regs[(i+1)&7]
	}
	sinkV = regs[0]
}

func BenchmarkRepBoxedMove(b *testing.B) {
	regs := make([]any, benchRegs)
	regs[1] = "x"
	for i := 0; i < b.N; i++ {
		regs[i&7] = regs[(i+1)&7]
	}
	sinkA = regs[0]
}

// BenchmarkRepValueString measures building a string value: the boxing of
// the string header is the one allocation a string-producing op pays.
func BenchmarkRepValueString(b *testing.B) {
	regs := make([]Value, benchRegs)
	s := "abc"
	for i := 0; i < b.N; i++ {
		regs[i&7] = Str(s[:1+i%3])
	}
	sinkV = regs[0]
}

var (
	sinkU uint64
	sinkA any
	sinkV Value
)
