// Package compile turns a type-checked guest program into VM bytecode:
// the loader's packages in, *vm.Program out.
//
// Owns: pruning the std functions a program cannot reach (prune.go), SSA
// construction with go/ssa (generics instantiated), run-time type
// descriptors (types.go), and per function (function.go) register
// allocation (regalloc.go), instruction selection (lower.go, branch.go,
// calls.go) and captured variables held by value (capture.go); binding
// bodyless functions to host functions (compile.go).
//
// Imports internal/loader (the parsed, type-checked packages) and
// internal/vm (the instruction set, value representation and type
// descriptors it emits). Must not import internal/std or the root
// package: the root package imports compile, and passes the guest std's
// host functions in as a HostTable, so the compiler runs with any table
// (its tests with none).
package compile

import (
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"spindle/internal/loader"
	"spindle/internal/vm"
)

// HostTable maps a bodyless function's ssa name ("strings.Index",
// "(*sync.Mutex).Lock") to its Go implementation.
type HostTable map[string]vm.HostFunc

// Options configure a compilation.
type Options struct {
	Host HostTable
	// Sanity runs ssa's sanity checker on every function (tests).
	Sanity bool
	// CheckHost, if set, is asked whether the host function bound to name
	// fits the guest declaration's signature.
	CheckHost func(name string, sig *types.Signature) error
	// MemPoints follows every load and store through a pointer, and
	// every map access, in the program's own packages (not the std's)
	// with OpMemPoint, where an exploring scheduler may preempt
	// (spindle test -explore-mem).
	MemPoints bool
}

// Compiler holds the state of one compilation.
type Compiler struct {
	opts  Options
	fset  *token.FileSet
	prog  *ssa.Program
	types *typeTable // the descriptors made (see typ)
	// funcs holds every function's shell (see fn); work, the functions
	// queued for compilation.
	funcs map[*ssa.Function]*vm.Func
	work  []*ssa.Function
	// globalIndex numbers the package-level variables (see global).
	globalIndex map[*ssa.Global]int32
	out         *vm.Program
	// errs collects the compile errors of every function.
	errs []string
	// methodsFilled marks the types whose method sets methods has filled.
	methodsFilled map[*vm.Type]bool
	// byVal caches which captured cells are held by value (capture.go).
	byVal map[*ssa.Alloc]bool
	// std holds the guest std's packages (their bodyless functions are
	// host functions; the program's own need CompileOptions.Host).
	std map[*types.Package]bool
	// goSource holds the std packages compiled from Go's own sources.
	goSource map[*types.Package]bool
	// linknamed holds the program's functions named by a //go:linkname.
	linknamed map[types.Object]bool
	// pulls maps a bodyless function of Go's own std sources to the
	// function of another std package its //go:linkname names.
	pulls map[*types.Func]*types.Func
	// reflect reports that the program imports reflect, which reaches
	// methods through types made at run time (methods).
	reflect bool
}

// Compile builds SSA for the loaded program and compiles everything
// reachable from main.main and the package initialisers. Once ctx is
// done it returns ctx's error: before and after the SSA construction,
// which runs to its end, and between functions.
func Compile(ctx context.Context, lp *loader.Program, opts Options) (out *vm.Program, err error) {
	mode := ssa.InstantiateGenerics
	if opts.Sanity {
		mode |= ssa.SanityCheckFunctions
	}
	prog := ssa.NewProgram(lp.Fset, mode)
	// Collect main and every package it reaches, the program's own and the
	// std's (the runtime package always: run-time errors are its types),
	// dependencies first.
	var order []*loader.Package
	seen := map[*types.Package]bool{}
	var visit func(tp *types.Package) error
	visit = func(tp *types.Package) error {
		if seen[tp] {
			return nil
		}
		seen[tp] = true
		for _, im := range tp.Imports() {
			if err := visit(im); err != nil {
				return err
			}
		}
		switch tp.Path() {
		case "unsafe":
			return nil
		case "main":
			order = append(order, lp.Main)
			return nil
		}
		if p := lp.Pkgs[tp.Path()]; p != nil {
			order = append(order, p)
			return nil
		}
		sp, err := lp.Std.Load(tp.Path())
		if err != nil {
			return err
		}
		order = append(order, sp)
		return nil
	}
	rt, err := lp.Std.Load("runtime")
	if err != nil {
		return nil, err
	}
	if err := visit(rt.Types); err != nil {
		return nil, err
	}
	if err := visit(lp.Main.Types); err != nil {
		return nil, err
	}
	std := map[*types.Package]bool{}
	goSource := map[*types.Package]bool{}
	linknamed := map[types.Object]bool{}
	byPath := map[string]*types.Package{}
	for _, p := range order {
		byPath[p.Types.Path()] = p.Types
	}
	pulls := map[*types.Func]*types.Func{}
	for _, p := range order {
		if p.GoSource {
			goSource[p.Types] = true
			linkPulls(p, byPath, pulls)
		}
		if p.Std {
			std[p.Types] = true
			continue
		}
		for _, f := range p.Files {
			for _, cg := range f.Comments {
				for _, cm := range cg.List {
					if rest, ok := strings.CutPrefix(cm.Text, "//go:linkname "); ok {
						if fs := strings.Fields(rest); len(fs) > 0 {
							if o := p.Types.Scope().Lookup(fs[0]); o != nil {
								linknamed[o] = true
							}
						}
					}
				}
			}
		}
	}
	// main's init calls every package's init in the spec's order; each
	// calls its own imports first, which have already run (go/ssa's init
	// calls a package's imports in the order it lists them).
	lp.Main.Types.SetImports(initOrder(order, lp.Main))
	pr := newPruner(order)
	pr.pulls = pulls
	pr.run()
	for tp := range seen {
		if tp == types.Unsafe {
			prog.CreatePackage(types.Unsafe, nil, nil, true)
		}
	}
	var mainPkg *ssa.Package
	for _, p := range order {
		sp := prog.CreatePackage(p.Types, pr.files(p), pr.info(p), true)
		if p == lp.Main {
			mainPkg = sp
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	prog.Build()
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	c := &Compiler{
		opts:          opts,
		fset:          lp.Fset,
		prog:          prog,
		funcs:         map[*ssa.Function]*vm.Func{},
		globalIndex:   map[*ssa.Global]int32{},
		out:           &vm.Program{},
		types:         newTypeTable(),
		methodsFilled: map[*vm.Type]bool{},
		byVal:         map[*ssa.Alloc]bool{},
		std:           std,
		goSource:      goSource,
		linknamed:     linknamed,
		pulls:         pulls,
	}
	for tp := range seen {
		if tp.Path() == "reflect" && std[tp] {
			c.reflect = true
		}
	}
	defer func() {
		if r := recover(); r != nil {
			if ce, ok := r.(compileError); ok {
				out, err = nil, loader.ErrorList{string(ce)}
				return
			}
			panic(r)
		}
	}()
	mainFn := mainPkg.Func("main")
	if mainFn == nil {
		return nil, loader.ErrorList{"function main is undeclared in the main package"}
	}
	c.out.Main = c.fn(mainFn)
	c.out.Init = c.fn(mainPkg.Func("init"))
	rtPkg := prog.ImportedPackage("runtime")
	c.out.RuntimeErrorType = c.typ(rtPkg.Type("rtError").Type())
	c.methods(c.out.RuntimeErrorType)
	c.out.PanicNilType = c.typ(types.NewPointer(rtPkg.Type("PanicNilError").Type()))
	c.methods(c.out.PanicNilType)
	c.out.HostErrorType = c.typ(types.NewPointer(rtPkg.Type("hostError").Type()))
	c.methods(c.out.HostErrorType)
	c.out.ErrorType = c.typ(types.Universe.Lookup("error").Type())
	for n := 0; len(c.work) > 0; n++ {
		if n%64 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		fn := c.work[len(c.work)-1]
		c.work = c.work[:len(c.work)-1]
		c.compileFunc(fn, c.funcs[fn])
	}
	if len(c.errs) > 0 {
		sort.Strings(c.errs)
		return nil, loader.ErrorList(c.errs)
	}
	vm.SizeStacks(c.out.Funcs())
	c.out.Globals = make([]*vm.Type, len(c.globalIndex))
	for g, i := range c.globalIndex {
		c.out.Globals[i] = c.typ(g.Type().(*types.Pointer).Elem())
	}
	for _, d := range c.types.desc {
		if d != nil {
			c.out.Types = append(c.out.Types, d)
		}
	}
	// Types made at run time (reflect) extend the compiler's table.
	tc := &Compiler{types: c.types}
	var mu sync.Mutex
	c.out.TypeFor = func(t types.Type) *vm.Type {
		mu.Lock()
		defer mu.Unlock()
		return tc.typ(t)
	}
	return c.out, nil
}

// initOrder returns the packages of order (dependencies first) but main
// in the order the spec initialises them: repeatedly the first, by import
// path, of those whose imports are all initialised.
func initOrder(order []*loader.Package, main *loader.Package) []*types.Package {
	done := map[*types.Package]bool{types.Unsafe: true}
	var pending []*types.Package
	for _, p := range order {
		if p != main {
			pending = append(pending, p.Types)
		}
	}
	sort.Slice(pending, func(i, j int) bool { return pending[i].Path() < pending[j].Path() })
	var out []*types.Package
	for len(pending) > 0 {
		k := 0
	find:
		for i, p := range pending {
			for _, im := range p.Imports() {
				if !done[im] {
					continue find
				}
			}
			k = i
			break
		}
		p := pending[k]
		done[p] = true
		out = append(out, p)
		pending = append(pending[:k], pending[k+1:]...)
	}
	return out
}

// linkPulls records the //go:linkname pulls of Go's own std package lp:
// a function declared without a body whose directive names a function of
// a package in the program (mime/multipart's readMIMEHeader is
// net/textproto's). The std's pulls of the runtime's internals are left
// to the host table.
func linkPulls(lp *loader.Package, byPath map[string]*types.Package, pulls map[*types.Func]*types.Func) {
	for _, f := range lp.Files {
		bodyless, body := map[string]bool{}, map[string]bool{}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				if fd.Body == nil {
					bodyless[fd.Name.Name] = true
				} else {
					body[fd.Name.Name] = true
				}
			}
		}
		if len(bodyless) == 0 && len(body) == 0 {
			continue
		}
		for _, cg := range f.Comments {
			for _, cm := range cg.List {
				rest, ok := strings.CutPrefix(cm.Text, "//go:linkname ")
				fs := strings.Fields(rest)
				if !ok || len(fs) != 2 {
					continue
				}
				if body[fs[0]] {
					// A push: this body is the other package's bodyless
					// declaration (testing's testingSynctestTest is
					// testing/synctest's).
					dot := strings.LastIndex(fs[1], ".")
					if dot < 0 {
						continue
					}
					tp := byPath[fs[1][:dot]]
					local, _ := lp.Types.Scope().Lookup(fs[0]).(*types.Func)
					if tp == nil || local == nil || tp == lp.Types {
						continue
					}
					if target, ok := tp.Scope().Lookup(fs[1][dot+1:]).(*types.Func); ok && types.Identical(target.Type(), local.Type()) {
						pulls[target] = local
					}
					continue
				}
				if !bodyless[fs[0]] {
					continue
				}
				dot := strings.LastIndex(fs[1], ".")
				if dot < 0 {
					continue
				}
				tp := byPath[fs[1][:dot]]
				local, _ := lp.Types.Scope().Lookup(fs[0]).(*types.Func)
				if tp == nil || local == nil {
					continue
				}
				if target, ok := tp.Scope().Lookup(fs[1][dot+1:]).(*types.Func); ok && target != local && types.Identical(target.Type(), local.Type()) {
					pulls[local] = target
				}
			}
		}
	}
}

// compileError is a panic value carrying an error in the guest program (or
// a "BUG: " in the compiler), recovered by compileFunc and Compile.
type compileError string

// fn returns the vm.Func shell for f, queueing it for compilation.
func (c *Compiler) fn(f *ssa.Function) *vm.Func {
	if f == nil {
		return nil
	}
	if vf := c.funcs[f]; vf != nil {
		return vf
	}
	if o, ok := f.Object().(*types.Func); ok && f.Blocks == nil && c.pulls[o] != nil {
		if tf := c.prog.FuncValue(c.pulls[o]); tf != nil && tf != f && tf.Blocks != nil {
			// A linkname pull is the function it names, as gc links it.
			vf := c.fn(tf)
			c.funcs[f] = vf
			return vf
		}
	}
	vf := &vm.Func{Name: funcName(f), RecoverPC: -1}
	for _, w := range []string{"bound method wrapper", "wrapper for", "thunk for"} {
		if strings.HasPrefix(f.Synthetic, w) {
			vf.Wrapper = true
		}
	}
	if pos := c.fset.Position(f.Pos()); pos.IsValid() {
		vf.File = pos.Filename
		vf.Line = int32(pos.Line)
	}
	vf.Static = &vm.Closure{Fn: vf}
	sig := f.Signature
	vf.NResults = int32(sig.Results().Len())
	for i := 0; i < sig.Results().Len(); i++ {
		vf.ResultTypes = append(vf.ResultTypes, c.typ(sig.Results().At(i).Type()))
	}
	c.funcs[f] = vf
	if f.Blocks == nil && f.Name() == "init" && f.Signature.Recv() == nil && f.Signature.Params().Len() == 0 {
		// A package initialiser without a body (unsafe's) does nothing.
		vf.Code = []vm.Instr{{Op: vm.OpRet0, C: -1}}
		vf.Lines = []int32{vf.Line}
		vf.NRegs = 0
		vm.Seal(vf)
		return vf
	}
	// A generic builtin has a placeholder body (go/types requires one for
	// a generic function); an instance whose origin the host table binds
	// is the host function, its type arguments only fixing the static
	// types of the raw values it moves (fiber_chan_send[T] and friends).
	// A function of Go's own std sources that the host table names is
	// the host's even with a body: a compiler intrinsic whose Go body only
	// panics (crypto/internal/constanttime.boolToUint8).
	hostOverride := f.Pkg != nil && c.goSource[f.Pkg.Pkg] && c.opts.Host[f.String()] != nil
	if o := f.Origin(); f.Blocks == nil || hostOverride || (o != nil && c.opts.Host[o.String()] != nil) {
		np := sig.Params().Len()
		if sig.Recv() != nil {
			np++
		}
		vf.NParams = int32(np)
		name := f.String()
		if o := f.Origin(); o != nil {
			name = o.String()
		}
		h, key := c.opts.Host[name], name
		if h == nil {
			key = f.String()
			h = c.opts.Host[key]
		}
		if check := c.opts.CheckHost; check != nil && h != nil {
			if err := check(name, sig); err != nil {
				c.errs = append(c.errs, fmt.Sprintf("%s: %v", c.fset.Position(f.Pos()), err))
			}
		}
		if h == nil && f.Pkg != nil && !c.std[f.Pkg.Pkg] {
			// The program's own: gc would link assembly or another
			// package's symbol, which spindle has neither of.
			msg := "missing function body"
			if f.Object() != nil && c.linknamed[f.Object()] {
				msg = "//go:linkname is not supported: spindle cannot link " + f.Name() + " to another package's internals"
			}
			c.errs = append(c.errs, fmt.Sprintf("%s: %s", c.fset.Position(f.Pos()), msg))
		} else if h == nil && f.Pkg != nil && c.goSource[f.Pkg.Pkg] {
			c.errs = append(c.errs, fmt.Sprintf("%s: package %s (Go's own source) needs %s, which has no Go body (assembly or a runtime link), and spindle cannot run it", c.fset.Position(f.Pos()), f.Pkg.Pkg.Path(), name))
		} else if h == nil {
			c.errs = append(c.errs, fmt.Sprintf("BUG: no host implementation for bodyless function %s", name))
			h = func(*vm.Fiber, []vm.Value, []vm.Value) {
				panic(vm.Fatal("missing host function " + name))
			}
		}
		vf.Host = h
		if h != nil {
			vf.HostName = key
		}
		return vf
	}
	c.work = append(c.work, f)
	return vf
}

// funcName renders f as Go's tracebacks do: main.f, main.(*T).M, main.f.func1.
func funcName(f *ssa.Function) string {
	s := f.String()
	s = strings.TrimPrefix(s, "(")
	if i := strings.Index(s, ")."); i >= 0 && strings.HasPrefix(f.String(), "(") {
		recv := s[:i]
		ptr := strings.HasPrefix(recv, "*")
		recv = strings.TrimPrefix(recv, "*")
		pkg, targs := "", ""
		if b := strings.Index(recv, "["); b >= 0 {
			// A generic receiver: gc prints its type arguments as [...].
			recv, targs = recv[:b], "[...]"
		}
		if j := strings.LastIndex(recv, "."); j >= 0 {
			pkg, recv = recv[:j], recv[j+1:]
		}
		recv += targs
		if ptr {
			recv = "(*" + recv + ")"
		}
		return goFuncSuffixes(symPath(pkg) + "." + recv + s[i+1:])
	}
	if f.Pkg != nil {
		if p := f.Pkg.Pkg.Path(); strings.HasPrefix(s, p+".") {
			s = symPath(p) + s[len(p):]
		}
	}
	return goFuncSuffixes(s)
}

// symPath writes an import path as gc's symbol names have it (and
// runtime.Func.Name and tracebacks show it): the dots of its last
// element escaped, "gopkg.in/yaml%2ev3".
func symPath(p string) string {
	i := strings.LastIndex(p, "/") + 1
	if !strings.Contains(p[i:], ".") {
		return p
	}
	return p[:i] + strings.ReplaceAll(p[i:], ".", "%2e")
}

// goFuncSuffixes renames ssa's synthetic suffixes to gc's: f$1 -> f.func1,
// T.M$bound -> T.M-fm.
func goFuncSuffixes(s string) string {
	// A package initialiser: ssa's init#1 is gc's init.0.
	if i := strings.LastIndex(s, ".init#"); i >= 0 {
		if n, err := strconv.Atoi(s[i+len(".init#"):]); err == nil {
			return s[:i] + ".init." + strconv.Itoa(n-1)
		}
	}
	var b strings.Builder
	closure := false
	for {
		i := strings.IndexByte(s, '$')
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i+1:]
		j := 0
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		switch {
		case j > 0 && closure:
			// A closure inside a closure: gc's main.f.func1.2.
			b.WriteString("." + s[:j])
			s = s[j:]
		case j > 0:
			b.WriteString(".func" + s[:j])
			s = s[j:]
			closure = true
		case strings.HasPrefix(s, "bound"):
			b.WriteString("-fm") // a method value
			s = s[5:]
		case strings.HasPrefix(s, "thunk"):
			s = s[5:] // a method expression: gc names it as the method
		default:
			b.WriteByte('.')
		}
	}
}

// global returns the index of package-level variable g.
func (c *Compiler) global(g *ssa.Global) int32 {
	if i, ok := c.globalIndex[g]; ok {
		return i
	}
	i := int32(len(c.globalIndex))
	c.globalIndex[g] = i
	return i
}

// methods fills t.Methods with t's method set and queues the methods. It
// does the same for the types a value of t contains (elements, fields,
// pointees), since host code such as fmt walks into them and calls their
// String and Error methods.
func (c *Compiler) methods(t *vm.Type) {
	if c.methodsFilled[t] {
		return
	}
	c.methodsFilled[t] = true
	for _, f := range t.Fields {
		c.methods(f.Type)
	}
	for _, et := range []*vm.Type{t.Elem, t.Key} {
		if et != nil {
			c.methods(et)
		}
	}
	if c.reflect {
		// Value.Call and Method hand out values of parameter and
		// result types the compiler never saw converted.
		for _, pt := range append(append([]*vm.Type(nil), t.Params...), t.Results...) {
			c.methods(pt)
		}
	}
	if types.IsInterface(t.GoType) {
		return
	}
	if c.reflect && t.Named && t.Kind != vm.KPointer {
		// reflect reaches *T's methods from a T (Value.Addr,
		// PointerTo(t).Implements), as encoding/json does.
		c.methods(c.typ(types.NewPointer(t.GoType)))
	}
	ms := c.prog.MethodSets.MethodSet(t.GoType)
	if ms.Len() == 0 {
		return
	}
	if t.Methods == nil {
		t.Methods = map[string]*vm.Func{}
	}
	for i := 0; i < ms.Len(); i++ {
		sel := ms.At(i)
		fn := c.prog.MethodValue(sel)
		if fn == nil {
			continue
		}
		t.Methods[sel.Obj().Name()] = c.fn(fn)
		if c.reflect {
			c.methods(c.typ(sel.Obj().Type()))
		}
	}
}
