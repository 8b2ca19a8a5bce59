package compile

import (
	"go/ast"
	"go/types"

	"spindle/internal/loader"
)

// Pruning the guest std before SSA construction: go/ssa builds every
// function of every package it is given, and for a small program most of
// the std it imports is never called. Package-level functions (not
// methods) that no kept code refers to are left out of the syntax handed
// to ssa; methods, package initialisers and everything in package main
// are always kept (methods can be reached through interfaces). The kept
// set is closed under references (types.Info.Uses), so no kept body
// refers to a dropped function.

// pruner computes the kept functions over a set of packages.
type pruner struct {
	pkgs map[*types.Package]*loader.Package
	keep map[*types.Func]bool
	work []*types.Func
	body map[*types.Func]*ast.FuncDecl
}

func newPruner(pkgs []*loader.Package) *pruner {
	p := &pruner{pkgs: map[*types.Package]*loader.Package{}, keep: map[*types.Func]bool{}, body: map[*types.Func]*ast.FuncDecl{}}
	for _, lp := range pkgs {
		p.pkgs[lp.Types] = lp
		for _, f := range lp.Files {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					if fn, ok := lp.Info.Defs[fd.Name].(*types.Func); ok {
						p.body[fn] = fd
					}
				}
			}
		}
	}
	return p
}

// run marks the roots of every package and closes the set.
func (p *pruner) run() {
	for _, lp := range p.pkgs {
		for _, f := range lp.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					fn, _ := lp.Info.Defs[d.Name].(*types.Func)
					if fn == nil {
						continue
					}
					if d.Recv != nil || d.Name.Name == "init" || !lp.Std {
						p.mark(fn)
					}
				case *ast.GenDecl:
					p.uses(lp, d) // variable initialisers run at init
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
	}
}

// uses marks every function referred to inside node n of package lp.
func (p *pruner) uses(lp *loader.Package, n ast.Node) {
	if lp == nil {
		return
	}
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if fn, ok := lp.Info.Uses[id].(*types.Func); ok {
				p.mark(fn)
			}
		}
		return true
	})
}

// files returns lp's files without the declarations of dropped functions
// (shallow copies: the cached syntax is shared by every compilation).
func (p *pruner) files(lp *loader.Package) []*ast.File {
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
