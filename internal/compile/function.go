package compile

// The compilation of one function: its state (funcCompiler) and the driver
// (compileFunc). layout gives every value a register (regalloc.go); then
// emitBody lowers the blocks in order (lower.go, branch.go, calls.go),
// patches the jumps, and seals and verifies the code.

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"spindle/internal/vm"
)

// funcCompiler is the state of compiling one function.
type funcCompiler struct {
	c  *Compiler
	f  *ssa.Function
	vf *vm.Func // f's shell, which compilation fills in
	// memPoints: follow each memory access with OpMemPoint
	// (Options.MemPoints, for the program's own packages).
	memPoints bool

	// regs maps every value that has a register to it (layout); nregs is
	// the number of registers given out so far, the frame size at the end.
	regs  map[ssa.Value]int32
	nregs int32
	// fused holds the integer comparisons emitted as part of the If that
	// ends their block (fusable, condJump).
	fused map[*ssa.BinOp]bool
	// straight: the function has no loop and no recover block, so pooled
	// registers are shared across blocks (isStraight, poolLocals).
	straight bool
	// rangeDerefs holds the positions of the `*p` range expressions Go
	// does not evaluate (see unevaluatedRange), computed on first use.
	rangeDerefs map[token.Pos]bool
	// unsafeRoots holds the values the unsafe.Slice, unsafe.String and
	// unsafe.Add calls read as their pointer's root (unsafeRoot): uses
	// go/ssa does not list, so they never take a pooled register.
	unsafeRoots map[ssa.Value]bool
	// spills maps read-only spilled parameters (see readOnlySpills) to the
	// parameter; their Alloc, Store and FieldAddrs emit nothing.
	spills map[*ssa.Alloc]*ssa.Parameter
	// builtLoads are the loads of composite literals built in a local
	// variable that nothing reads afterwards (see builtLiterals).
	builtLoads map[*ssa.UnOp]bool
	// instrPos is each instruction's index in its block (posIn).
	instrPos map[ssa.Instruction]int
	// constRegs maps a constant's key (see constReg) to its register.
	constRegs map[string]int32
	// globalRegs holds the register of each package-level variable's
	// address the function uses, loaded once at entry (emitBody).
	globalRegs map[*ssa.Global]int32
	// phiTempBase is the first of phiTempCount registers that the phi
	// moves of an edge go through when they conflict (edgeMoves).
	phiTempBase  int32
	phiTempCount int32

	// code and lines grow together (emit): each instruction and its source
	// line; line is the line of the instruction being lowered.
	code  []vm.Instr
	lines []int32
	line  int32
	// files and file are lines' and line's source files (//line
	// directives can change the file inside a function).
	files []string
	file  string
	// blockPC is each block's first pc, known once the block is emitted;
	// fixups are the jumps emitBody patches with them.
	blockPC     []int32
	fixups      []fixup
	typeIndexes map[*vm.Type]int32 // see typeIndex
	next        *ssa.BasicBlock    // block emitted after the current one
	// fills maps the first instruction of each constant fill, the one
	// its block keeps of it, to the fill (fill.go).
	fills map[ssa.Instruction]*fillRun
}

// fixup is the jump at pc to the start of block (a block Index).
type fixup struct {
	pc    int
	block int
}

// compileFunc compiles the body of f into its shell vf. A compileError is
// recorded and compilation goes on with the next function; any other panic
// is a compiler bug, raised again naming f.
func (c *Compiler) compileFunc(f *ssa.Function, vf *vm.Func) {
	defer func() {
		if r := recover(); r != nil {
			if ce, ok := r.(compileError); ok {
				c.errs = append(c.errs, string(ce))
				return
			}
			panic(fmt.Sprintf("compiling %s: %v", f, r))
		}
	}()
	fc := &funcCompiler{c: c, f: f, vf: vf, regs: map[ssa.Value]int32{}, constRegs: map[string]int32{}, globalRegs: map[*ssa.Global]int32{}, typeIndexes: map[*vm.Type]int32{}}
	if c.opts.MemPoints {
		pkg := f.Pkg
		if o := f.Origin(); o != nil {
			pkg = o.Pkg
		}
		fc.memPoints = pkg != nil && !c.std[pkg.Pkg]
	}
	fc.layout()
	fc.emitBody()
}

// emitBody emits the code: the loads of the globals' addresses, the blocks
// in the order of their Index (the order isStraight reasons about; a block
// falls through to the next), and, for a function with defers and no
// Recover block, a recovery path that runs the deferred calls and returns
// zero results. It then patches the jumps, rotates loops, and seals and
// verifies the code.
func (fc *funcCompiler) emitBody() {
	f := fc.f
	fc.blockPC = make([]int32, len(f.Blocks))
	fc.line, fc.file = fc.vf.Line, fc.vf.File
	// In register order, so the code and the globals' indexes are the
	// same in every compilation.
	globals := make([]*ssa.Global, 0, len(fc.globalRegs))
	for g := range fc.globalRegs {
		globals = append(globals, g)
	}
	slices.SortFunc(globals, func(a, b *ssa.Global) int { return cmp.Compare(fc.globalRegs[a], fc.globalRegs[b]) })
	for _, g := range globals {
		op := vm.OpGlobal
		if fc.c.typ(g.Type().(*types.Pointer).Elem()).LazyGlobal() {
			op = vm.OpGlobalLazy
		}
		fc.emit(op, fc.globalRegs[g], fc.c.global(g), 0)
	}
	for i, b := range f.Blocks {
		fc.next = nil
		if i+1 < len(f.Blocks) {
			fc.next = f.Blocks[i+1]
		}
		fc.blockPC[b.Index] = int32(len(fc.code))
		if b == f.Recover {
			fc.vf.RecoverPC = int32(len(fc.code))
			fc.emit(vm.OpRunDefers, 0, 0, 0)
		}
		for k, ins := range b.Instrs {
			p := ins.Pos()
			if _, ok := ins.(*ssa.RunDefers); ok {
				p = deferReturnPos(f, b.Instrs[k+1:])
			}
			if p.IsValid() {
				pos := fc.c.fset.Position(p)
				fc.line, fc.file = int32(pos.Line), lineFile(fc.c.fset, p, pos.Filename)
			}
			if run := fc.fills[ins]; run != nil {
				fc.emitFill(run)
				continue
			}
			fc.instr(ins)
		}
	}
	if fc.hasDefer() && f.Recover == nil {
		// Synthesised recovery path: finish the deferred calls, return zeros.
		fc.vf.RecoverPC = int32(len(fc.code))
		fc.emit(vm.OpRunDefers, 0, 0, 0)
		var res []int32
		for i, t := range fc.vf.ResultTypes {
			res = append(res, fc.constRegs[fmt.Sprintf("zero|%p|%d", t, i)])
		}
		fc.ret(res)
	}
	// Patch jumps; backward jumps charge a reduction.
	for _, fx := range fc.fixups {
		target := fc.blockPC[fx.block]
		ins := &fc.code[fx.pc]
		if target <= int32(fx.pc) {
			switch ins.Op {
			case vm.OpJump:
				ins.Op = vm.OpLoop
			default:
				// A conditional jump: route through a trampoline that charges the reduction.
				tramp := fc.emit(vm.OpLoop, 0, 0, 0)
				fc.code[tramp].A = target - int32(tramp+1)
				ins = &fc.code[fx.pc]
				target = int32(tramp)
			}
		}
		ins.A = target - int32(fx.pc+1) // jumps are relative to the next pc
	}
	rotateLoops(fc.code)
	fc.vf.Code = fc.code
	fc.vf.Lines = fc.lines
	for _, f := range fc.files {
		if f != fc.vf.File {
			fc.vf.Files = fc.files
			break
		}
	}
	fc.vf.NRegs = fc.nregs
	vm.Seal(fc.vf)
	if err := vm.Verify(fc.vf); err != nil {
		panic(compileError("BUG: " + err.Error()))
	}
}

// lineFile returns the file name a //line directive gave p as the
// directive wrote it: go/scanner joins a relative one to the directory of
// the file it is in, where gc keeps it as written (runtime.Caller
// reports "foo.go" for //line foo.go:1).
func lineFile(fset *token.FileSet, p token.Pos, adjusted string) string {
	raw := fset.PositionFor(p, false).Filename
	if adjusted == raw {
		return adjusted
	}
	if dir := filepath.Dir(raw); dir != "." {
		if rest, ok := strings.CutPrefix(adjusted, dir+string(filepath.Separator)); ok {
			return rest
		}
	}
	return adjusted
}

// deferReturnPos is where deferred calls run on a normal return, as gc
// reports it (runtime.Caller in a deferred function): the return statement
// that follows (rest), or the closing brace of the body it falls off.
func deferReturnPos(f *ssa.Function, rest []ssa.Instruction) token.Pos {
	for _, ins := range rest {
		if r, ok := ins.(*ssa.Return); ok && r.Pos().IsValid() {
			return r.Pos()
		}
	}
	switch s := f.Syntax().(type) {
	case *ast.FuncDecl:
		if s.Body != nil {
			return s.Body.Rbrace
		}
	case *ast.FuncLit:
		return s.Body.Rbrace
	}
	return token.NoPos
}

// hasDefer reports whether the function has a defer statement.
func (fc *funcCompiler) hasDefer() bool {
	for _, b := range fc.f.Blocks {
		for _, ins := range b.Instrs {
			if _, ok := ins.(*ssa.Defer); ok {
				return true
			}
		}
	}
	return false
}

// emit appends an instruction at the current source line and returns its
// pc.
// memPoint follows a load, store or map access with a memory
// synchronisation point where the function has them.
func (fc *funcCompiler) memPoint() {
	if fc.memPoints {
		fc.emit(vm.OpMemPoint, 0, 0, 0)
	}
}

func (fc *funcCompiler) emit(op vm.Op, a, b, c int32) int {
	fc.code = append(fc.code, vm.Instr{Op: op, A: a, B: b, C: c})
	fc.lines = append(fc.lines, fc.line)
	fc.files = append(fc.files, fc.file)
	return len(fc.code) - 1
}

// jump emits jump op with operand b to the start of target; emitBody
// patches its offset.
func (fc *funcCompiler) jump(op vm.Op, b int32, target *ssa.BasicBlock) {
	pc := fc.emit(op, 0, b, 0)
	fc.fixups = append(fc.fixups, fixup{pc: pc, block: target.Index})
}

// ret emits a return of the registers res.
func (fc *funcCompiler) ret(res []int32) {
	if len(res) == 0 {
		fc.emit(vm.OpRet0, 0, 0, -1)
		return
	}
	fc.vf.Lists = append(fc.vf.Lists, res)
	idx := int32(len(fc.vf.Lists) - 1)
	if len(res) == 1 {
		fc.emit(vm.OpRet1, 0, res[0], idx)
		return
	}
	fc.emit(vm.OpReturn, 0, 0, idx)
}

// reg returns v's register; a value without one is a compiler bug.
func (fc *funcCompiler) reg(v ssa.Value) int32 {
	r, ok := fc.regs[v]
	if !ok {
		panic(compileError(fmt.Sprintf("BUG: %s: no register for %s (%T) in %s", fc.pos(v.Pos()), v.Name(), v, fc.f)))
	}
	return r
}

// typeIndex returns t's index in the function's type table (vm.Func.Types),
// the operand by which instructions name a type.
func (fc *funcCompiler) typeIndex(t *vm.Type) int32 {
	if i, ok := fc.typeIndexes[t]; ok {
		return i
	}
	i := int32(len(fc.vf.Types))
	fc.vf.Types = append(fc.vf.Types, t)
	fc.typeIndexes[t] = i
	return i
}

// goTypeIndex is typeIndex of the run-time descriptor of t.
func (fc *funcCompiler) goTypeIndex(t types.Type) int32 { return fc.typeIndex(fc.c.typ(t)) }

// pos renders p as file:line:column, for messages.
func (fc *funcCompiler) pos(p token.Pos) string {
	return fc.c.fset.Position(p).String()
}

// indexIn returns the position of ins in block b, or -1.
// posIn returns ins's index in its block of fc's function: indexIn from
// a table made once per function, for the checks asked of every
// instruction (a block of n field stores would otherwise cost n²).
func (fc *funcCompiler) posIn(ins ssa.Instruction) int {
	if fc.instrPos == nil {
		fc.instrPos = map[ssa.Instruction]int{}
		for _, b := range fc.f.Blocks {
			for k, x := range b.Instrs {
				fc.instrPos[x] = k
			}
		}
	}
	if k, ok := fc.instrPos[ins]; ok {
		return k
	}
	return indexIn(ins.Block(), ins)
}

func indexIn(b *ssa.BasicBlock, ins ssa.Instruction) int {
	for i, x := range b.Instrs {
		if x == ins {
			return i
		}
	}
	return -1
}
