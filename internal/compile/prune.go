package compile

import (
	"go/ast"
	"go/token"
	"go/types"

	"spindle/internal/loader"
)

// Pruning the guest std before SSA construction: go/ssa builds every
// function of every package it is given, and for a small program most of
// the std it imports is never called. Functions that no kept code refers
// to are left out of the syntax handed to ssa. Package initialisers,
// variable initialisers and everything in package main are kept; a std
// method is kept when kept code names it or names its receiver type (a
// value of a type no kept code mentions cannot exist, so neither can a
// call through an interface to its methods), and a type's declaration is
// followed when the type is (embedded fields bring their methods along).
// The compiler's own run-time error types are roots. The kept set is
// closed under references (types.Info.Uses), so no kept body refers to a
// dropped function.
//
// A std package variable whose initialiser is pure (built only of
// literals, references and calls of the functions in pureFuncs:
// unicode's tables) is initialised only when kept code refers to it, as
// gc's linker drops the initialisation of unreferenced global maps: every
// run would otherwise build every unicode table at start-up.

// pruner computes the kept functions over a set of packages.
type pruner struct {
	pkgs map[*types.Package]*loader.Package
	keep map[*types.Func]bool
	work []*types.Func
	body map[*types.Func]*ast.FuncDecl
	// methods lists each std type's methods, kept once the type is live;
	// specs holds std type declarations, followed once the type is live.
	methods map[*types.TypeName][]*types.Func
	specs   map[*types.TypeName]*ast.TypeSpec
	live    map[*types.TypeName]bool
	// pulls are linkname pulls (linkPulls): keeping one keeps its target.
	pulls map[*types.Func]*types.Func
	// lazyInit holds the pure initialisers of std variables, followed
	// (and run) once kept code refers to the variable (liveVar).
	lazyInit map[*types.Var]*types.Initializer
	liveVar  map[*types.Var]bool
}

// runtimeRoots are the runtime types the compiler uses directly.
var runtimeRoots = []string{"rtError", "PanicNilError", "hostError"}

func newPruner(pkgs []*loader.Package) *pruner {
	p := &pruner{pkgs: map[*types.Package]*loader.Package{}, keep: map[*types.Func]bool{}, body: map[*types.Func]*ast.FuncDecl{},
		methods: map[*types.TypeName][]*types.Func{}, specs: map[*types.TypeName]*ast.TypeSpec{}, live: map[*types.TypeName]bool{},
		lazyInit: map[*types.Var]*types.Initializer{}, liveVar: map[*types.Var]bool{}}
	for _, lp := range pkgs {
		p.pkgs[lp.Types] = lp
		for _, f := range lp.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					fn, ok := lp.Info.Defs[d.Name].(*types.Func)
					if !ok {
						continue
					}
					p.body[fn] = d
					if tn := recvTypeName(fn); tn != nil && lp.Std {
						p.methods[tn] = append(p.methods[tn], fn)
					}
				case *ast.GenDecl:
					for _, sp := range d.Specs {
						if ts, ok := sp.(*ast.TypeSpec); ok {
							if tn, ok := lp.Info.Defs[ts.Name].(*types.TypeName); ok {
								p.specs[tn] = ts
							}
						}
					}
				}
			}
		}
	}
	return p
}

// recvTypeName returns the defined type a method belongs to (nil for a
// function).
func recvTypeName(fn *types.Func) *types.TypeName {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

// run marks the roots of every package and closes the set.
func (p *pruner) run() {
	// The pure initialisers first: a reference met while marking the
	// roots must find its variable's (p.pkgs is a map: any package may
	// come first).
	for _, lp := range p.pkgs {
		if !lp.Std {
			continue
		}
		for _, in := range lp.Info.InitOrder {
			if len(in.Lhs) == 1 && in.Lhs[0].Name() != "_" && p.pure(lp, in.Rhs) {
				p.lazyInit[in.Lhs[0]] = in
			}
		}
	}
	for _, lp := range p.pkgs {
		for _, f := range lp.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					fn, _ := lp.Info.Defs[d.Name].(*types.Func)
					if fn == nil {
						continue
					}
					if d.Name.Name == "init" && d.Recv == nil || !lp.Std {
						p.mark(fn)
					}
				case *ast.GenDecl:
					switch {
					case !lp.Std || d.Tok == token.CONST:
						p.uses(lp, d)
					case d.Tok == token.VAR:
						// The variables' types; their initialisers below.
						for _, sp := range d.Specs {
							if vs, ok := sp.(*ast.ValueSpec); ok && vs.Type != nil {
								p.uses(lp, vs.Type)
							}
						}
					}
				}
			}
		}
		if lp.Std {
			// Variable initialisers run at init, unless pure.
			for _, in := range lp.Info.InitOrder {
				if len(in.Lhs) != 1 || p.lazyInit[in.Lhs[0]] == nil {
					p.uses(lp, in.Rhs)
				}
			}
		}
		if lp.Types.Path() == "runtime" {
			for _, name := range runtimeRoots {
				if tn, ok := lp.Types.Scope().Lookup(name).(*types.TypeName); ok {
					p.markType(tn)
				}
			}
		}
	}
	for len(p.work) > 0 {
		fn := p.work[len(p.work)-1]
		p.work = p.work[:len(p.work)-1]
		if fd := p.body[fn]; fd != nil {
			p.uses(p.pkgs[fn.Pkg()], fd)
		}
	}
}

func (p *pruner) mark(fn *types.Func) {
	fn = fn.Origin()
	if !p.keep[fn] {
		p.keep[fn] = true
		p.work = append(p.work, fn)
		if t := p.pulls[fn]; t != nil {
			p.mark(t)
		}
	}
}

// uses marks every function referred to inside node n of package lp.
func (p *pruner) uses(lp *loader.Package, n ast.Node) {
	if lp == nil {
		return
	}
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			switch obj := lp.Info.Uses[id].(type) {
			case *types.Func:
				p.mark(obj)
			case *types.TypeName:
				p.markType(obj)
			case *types.Var:
				if in := p.lazyInit[obj]; in != nil && !p.liveVar[obj] {
					p.liveVar[obj] = true
					p.uses(p.pkgs[obj.Pkg()], in.Rhs)
				}
			}
		}
		return true
	})
}

// pure reports whether initialiser e of a std variable may be left out
// when nothing refers to the variable: it is made of literals, references
// to declared names, conversions and calls of lp's functions listed in
// pureFuncs.
func (p *pruner) pure(lp *loader.Package, e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case nil, *ast.Ident, *ast.BasicLit, *ast.CompositeLit, *ast.KeyValueExpr, *ast.ParenExpr, *ast.SelectorExpr,
			*ast.ArrayType, *ast.MapType, *ast.StarExpr:
		case *ast.UnaryExpr:
			ok = n.Op == token.AND
		case *ast.CallExpr:
			if tv, found := lp.Info.Types[n.Fun]; found && tv.IsType() {
				return true // a conversion
			}
			id, isID := n.Fun.(*ast.Ident)
			fn, isFn := lp.Info.Uses[id].(*types.Func)
			ok = isID && isFn && fn.Pkg() == lp.Types && pureFuncs[fn.Pkg().Path()+"."+fn.Name()]
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// pureFuncs are the std functions (spindle's own) that have no effect
// but their result, so a variable they initialise may go uninitialised
// while nothing refers to it.
var pureFuncs = map[string]bool{
	"unicode.table": true, "unicode.tableMap": true, "unicode.aliasMap": true, "unicode.caseRanges": true,
}

// info returns lp's type information for go/ssa: the cached one, or for
// a std package whose pure initialisers nothing kept refers to, a copy
// whose InitOrder leaves them out.
func (p *pruner) info(lp *loader.Package) *types.Info {
	if !lp.Std {
		return lp.Info
	}
	var order []*types.Initializer
	for _, in := range lp.Info.InitOrder {
		if len(in.Lhs) == 1 && p.lazyInit[in.Lhs[0]] != nil && !p.liveVar[in.Lhs[0]] {
			continue
		}
		order = append(order, in)
	}
	if len(order) == len(lp.Info.InitOrder) {
		return lp.Info
	}
	info := *lp.Info
	info.InitOrder = order
	return &info
}

// markType makes a std type live: its methods are kept and its
// declaration's references followed.
func (p *pruner) markType(tn *types.TypeName) {
	if p.live[tn] {
		return
	}
	p.live[tn] = true
	for _, m := range p.methods[tn] {
		p.mark(m)
	}
	if ts := p.specs[tn]; ts != nil {
		p.uses(p.pkgs[tn.Pkg()], ts)
	}
}

// files returns lp's files without the declarations of dropped functions
// (shallow copies: the cached syntax is shared by every compilation).
//
// The program's own packages keep their files as they are: go/ssa finds a
// file's Go version (loop variable semantics) by its *ast.File in
// Info.FileVersions, which a copy is not in.
func (p *pruner) files(lp *loader.Package) []*ast.File {
	if !lp.Std {
		return lp.Files
	}
	out := make([]*ast.File, len(lp.Files))
	for i, f := range lp.Files {
		var decls []ast.Decl
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := lp.Info.Defs[fd.Name].(*types.Func); ok && !p.keep[fn] {
					continue
				}
			}
			decls = append(decls, d)
		}
		nf := *f
		nf.Decls = decls
		out[i] = &nf
	}
	return out
}
