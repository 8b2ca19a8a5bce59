package compile

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"spindle/internal/vm"
)

// Constant fills: a composite literal of a packed array stores each
// element on its own (&a[i] then *p = c, two instructions per element),
// which for Go's precomputed tables (nistec's P-256 table is 88,000
// bytes, x/text's tries tens of thousands) costs seconds of compiling
// and megabytes of code. A run of such stores of constants to
// consecutive indexes becomes one OpFill, copying a constant blob.

// minFill is the shortest run of stores made into a fill.
const minFill = 8

// fillRun is one OpFill: n consecutive elements from index lo of the
// array X points at, set to blob's (a string for byte-packed elements,
// a []uint64 for word-packed ones).
type fillRun struct {
	x    ssa.Value
	lo   int64
	blob vm.Value
}

// findFills records the fill runs of fc.f in fc.fills, by the run's first
// instruction, and drops the rest of each run from its block: the first
// stays as the run's place, and nothing else in the run gets a register
// or emits code. (The dropped instructions stay among the referrers of
// the array's value, as uses of it.)
func (fc *funcCompiler) findFills() {
	for _, b := range fc.f.Blocks {
		ins := b.Instrs
		out := ins[:0]
		for k := 0; k < len(ins); {
			n := fc.fillLen(ins[k:])
			if n < minFill {
				out = append(out, ins[k])
				k++
				continue
			}
			first := ins[k].(*ssa.IndexAddr)
			elem := fc.c.typ(first.Type().(*types.Pointer).Elem())
			run := &fillRun{x: first.X, lo: constIndex(first)}
			val := func(j int) uint64 {
				st := ins[k+2*j+1].(*ssa.Store)
				return fc.constValue(st.Val.(*ssa.Const), st).N
			}
			if elem.Kind == vm.KUint8 || elem.Kind == vm.KInt8 || elem.Kind == vm.KBool {
				blob := make([]byte, n)
				for j := range blob {
					blob[j] = byte(val(j))
				}
				run.blob = vm.Value{R: string(blob)}
			} else {
				blob := make([]uint64, n)
				for j := range blob {
					blob[j] = val(j)
				}
				run.blob = vm.Value{R: blob}
			}
			if fc.fills == nil {
				fc.fills = map[ssa.Instruction]*fillRun{}
			}
			fc.fills[first] = run
			out = append(out, first)
			k += 2 * n
		}
		clear(ins[len(out):])
		b.Instrs = out
	}
}

// fillLen returns the number of consecutive constant element stores that
// ins starts with: pairs of &x[i] (x a package-level variable or an
// allocation of a packed array, i constant and one more than the last)
// and a store of a constant through it, its only use.
func (fc *funcCompiler) fillLen(ins []ssa.Instruction) int {
	n := 0
	var x ssa.Value
	var next int64
	for len(ins) >= 2 {
		ia, ok := ins[0].(*ssa.IndexAddr)
		st, ok2 := ins[1].(*ssa.Store)
		if !ok || !ok2 || st.Addr != ia || ia.Referrers() == nil || len(*ia.Referrers()) != 1 {
			break
		}
		if _, ok := st.Val.(*ssa.Const); !ok {
			break
		}
		if _, ok := ia.Index.(*ssa.Const); !ok {
			break
		}
		if n == 0 {
			switch ia.X.(type) {
			case *ssa.Global, *ssa.Alloc:
			default:
				return 0
			}
			pt, ok := ia.X.Type().Underlying().(*types.Pointer)
			if !ok {
				return 0
			}
			if at, ok := pt.Elem().Underlying().(*types.Array); !ok || !fc.c.typ(at).Packed() {
				return 0
			}
			x, next = ia.X, constIndex(ia)
		} else if ia.X != x || constIndex(ia) != next {
			break
		}
		n++
		next++
		ins = ins[2:]
	}
	return n
}

// constIndex returns the constant index of ia.
func constIndex(ia *ssa.IndexAddr) int64 {
	return ia.Index.(*ssa.Const).Int64()
}

// emitFill emits the OpFill of run.
func (fc *funcCompiler) emitFill(run *fillRun) {
	blob := fc.constReg(run.blob, fmt.Sprintf("fill|%p", run))
	fc.emit(vm.OpFill, fc.reg(run.x), blob, int32(run.lo))
}
