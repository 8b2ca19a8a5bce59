package typecodec

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// source is type-checked as package example.com/p: a sample of what
// programs declare, with the cases the codec must get right.
const source = `package p

import (
	"fmt"
	"io"
	"unsafe"
)

type List[T any] struct {
	next *List[T]
	Val  T
}

func (l *List[T]) Push(v T) *List[T] { return &List[T]{l, v} }
func (l List[T]) Len() int           { return 0 }
func (l List[T]) each(f func(T))     {}

type Pair[K comparable, V any] struct {
	Key K ` + "`json:\"key\"`" + `
	Val V ` + "`json:\"val,omitempty\"`" + `
}

func (p *Pair[K, V]) Set(v V)      { p.Val = v }
func (p Pair[K, V]) String() string { return fmt.Sprint(p.Key) }

type Number interface{ ~int | ~int64 | ~float64 }
type Ordered interface{ Number | ~string }

func Sum[N Number](xs ...N) N {
	var s N
	for _, x := range xs {
		s += x
	}
	return s
}

func Map[S ~[]E, E any, R any](s S, f func(E) R) []R { return nil }

func Max[T Ordered](a, b T) T { return a }

type Tree[T interface{ Less(T) bool }] struct {
	Left, Right *Tree[T]
	Val         T
}

func (t *Tree[T]) Insert(v T) *Tree[T] { return t }

type Self[T interface{ Clone() T }] struct{ v T }

type Rec[T any] struct{ kids []Rec[T] }

type I interface{ M() I }

type J interface {
	I
	io.Reader
	N(...int) (n int, err error)
	unexported()
}

type Node struct {
	next *Node
	Kids []*Node
	m    map[string]*Node
}

type A struct{ B *B }
type B struct {
	A   A
	Fns []func(*A) *B
}

type Base struct{ id int }

func (b Base) ID() int       { return b.id }
func (b *Base) SetID(id int) { b.id = id }

type Derived struct {
	Base
	*io.PipeReader
	name          string ` + "`tag:\"n\"`" + `
	Extra, extra2 int
}

func (d Derived) String() string { return d.name }

type Stringish string

func (s Stringish) String() string { return string(s) }

type Bytes []byte
type Runes []rune
type U8 []uint8

type Chans struct {
	a chan int
	b <-chan int
	c chan<- int
	d chan (<-chan int)
	e chan<- chan int
	f <-chan <-chan int
}

type Arr [4][2]byte
type Fn func(a int, b ...string) (int, error)
type Anyish struct {
	a any
	b interface{}
	c error
	d unsafe.Pointer
	e []any
	f map[any]interface{}
	g struct{}
	h [0]func()
}

type Alias = Derived
type GenAlias[T any] = List[T]
type FileInfos = []fmt.Stringer

type Getter[T any] interface{ Get() T }
type IntGetter struct{}

func (IntGetter) Get() int { return 0 }

type ListOf[T any] interface{ ~[]T; Len() int }
type Cmp interface {
	comparable
	Key() string
}

type unexported struct{ x int }

func (unexported) m() {}

var IntList List[int]
var PairSI Pair[string, int]
var PairSI2 Pair[string, int]
var NestedList List[List[string]]
var ByteList List[byte]
var GA GenAlias[string]
var Getters []Getter[Pair[int, Stringish]]
var FuncList List[func(a int) error]
var UP uintptr

// Instances whose type arguments are interfaces that embed named types:
// go/types computes those interfaces' type sets when it instantiates.
var Readers List[interface {
	io.Reader
	Extra()
}]
var Later Pair[Late, func(interface{ LateI }) error]

type Late struct{ l *List[interface{ LateI }] }
type LateI interface {
	M(Late)
	Embedded
}
type Embedded interface{ E() }

// append's signatures are variadic of a string and of a type parameter.
func appendString(b []byte, s string) []byte { return append(b, s...) }
func appendT[T ~string | ~[]byte](b []byte, s T) []byte { return append(b, s...) }

const C = 1 << 10
const S = "s"

func Local() any {
	type T struct{ x int }
	type Node struct{ v int }
	var l List[T]
	_ = l
	return struct {
		a T
		b Node
		c List[T]
		d *Pair[T, Node]
	}{}
}

func Local2() any {
	type T struct{ y string }
	type Node interface{ Node() Node }
	var n Node
	return []any{T{}, n}
}

func Generic[T any](x T) any {
	type Loc struct{ v T }
	return Loc{x}
}

func Multi() (int, string, error) { return 0, "", nil }

func use() {
	_ = Sum(1, 2)
	_ = Sum(1.5)
	_ = Map([]int{1}, func(int) string { return "" })
	_ = Max("a", "b")
	x, y, z := Multi()
	_, _, _ = x, y, z
	var t Tree[Stringish2]
	_ = t
	_ = Local()
	_ = Generic[Derived]
	_ = &Self[cloner]{}
	var r Rec[int]
	_ = r
}

type Stringish2 string

func (Stringish2) Less(Stringish2) bool { return false }

type cloner struct{}

func (cloner) Clone() cloner { return cloner{} }
`

// checked is a type-checked program and the types to encode from it.
type checked struct {
	pkgs  []*types.Package // the packages, the first checked or imported first
	roots []types.Type
}

var (
	stdImportOnce sync.Once
	stdImporter   types.Importer
)

// sourceImporter returns the one importer of GOROOT's packages from
// source shared by the tests, so that each package is checked once.
func sourceImporter() types.Importer {
	stdImportOnce.Do(func() {
		// Without cgo, net and os/user are pure Go, and checking them
		// runs no C toolchain.
		build.Default.CgoEnabled = false
		stdImporter = importer.ForCompiler(token.NewFileSet(), "source", nil)
	})
	return stdImporter
}

var (
	sourceOnce sync.Once
	sourceProg checked
	sourceErr  error
)

// checkSource type-checks source and collects every type it mentions:
// those of expressions and objects, local and generic ones included.
func checkSource(t testing.TB) checked {
	sourceOnce.Do(func() {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", source, 0)
		if err != nil {
			sourceErr = err
			return
		}
		info := &types.Info{
			Types:     map[ast.Expr]types.TypeAndValue{},
			Defs:      map[*ast.Ident]types.Object{},
			Uses:      map[*ast.Ident]types.Object{},
			Instances: map[*ast.Ident]types.Instance{},
		}
		conf := types.Config{Importer: sourceImporter()}
		pkg, err := conf.Check("example.com/p", fset, []*ast.File{f}, info)
		if err != nil {
			sourceErr = err
			return
		}
		c := newCollector()
		// Walk the syntax for a deterministic order.
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case ast.Expr:
				if tv, ok := info.Types[n]; ok {
					c.add(tv.Type)
				}
				if id, ok := n.(*ast.Ident); ok {
					for _, obj := range []types.Object{info.Defs[id], info.Uses[id]} {
						if obj != nil {
							c.add(obj.Type())
						}
					}
					if inst, ok := info.Instances[id]; ok {
						c.add(inst.Type)
					}
				}
			}
			return true
		})
		c.addScope(pkg)
		sourceProg = checked{pkgs: []*types.Package{pkg}, roots: c.list}
	})
	if sourceErr != nil {
		t.Fatal(sourceErr)
	}
	return sourceProg
}

var (
	stdOnce sync.Once
	stdProg checked
	stdErr  error
)

// stdPackages are checked from GOROOT's source with their dependencies.
var stdPackages = []string{"net/http", "encoding/json", "reflect", "go/ast", "text/template"}

// checkStd returns every type reachable from the package-level objects of
// stdPackages and the packages they import.
func checkStd(t testing.TB) checked {
	stdOnce.Do(func() {
		stdProg, stdErr = closure(sourceImporter(), stdPackages...)
	})
	if stdErr != nil {
		t.Fatal(stdErr)
	}
	return stdProg
}

// closure imports the packages with paths and collects every type
// reachable from the package-level objects of them and their imports.
func closure(imp types.Importer, paths ...string) (checked, error) {
	seen := map[*types.Package]bool{}
	var pkgs []*types.Package
	var walk func(*types.Package)
	walk = func(p *types.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		pkgs = append(pkgs, p)
		for _, q := range p.Imports() {
			walk(q)
		}
	}
	for _, path := range paths {
		p, err := imp.Import(path)
		if err != nil {
			return checked{}, err
		}
		walk(p)
	}
	c := newCollector()
	for _, p := range pkgs {
		c.addScope(p)
	}
	return checked{pkgs: pkgs, roots: c.list}, nil
}

// A collector lists types and every type they reach, once each.
type collector struct {
	seen map[types.Type]bool
	list []types.Type
}

func newCollector() *collector { return &collector{seen: map[types.Type]bool{}} }

// addScope adds the types of p's package-level objects, and a pointer to
// each named type.
func (c *collector) addScope(p *types.Package) {
	for _, name := range p.Scope().Names() {
		obj := p.Scope().Lookup(name)
		c.add(obj.Type())
		if _, ok := obj.(*types.TypeName); ok {
			if n, ok := types.Unalias(obj.Type()).(*types.Named); ok {
				c.add(types.NewPointer(n))
			}
		}
	}
}

func (c *collector) add(t types.Type) {
	if t == nil || c.seen[t] {
		return
	}
	c.seen[t] = true
	c.list = append(c.list, t)
	switch t := t.(type) {
	case *types.Alias:
		c.add(types.Unalias(t))
		if ta := t.TypeArgs(); ta != nil {
			for a := range ta.Types() {
				c.add(a)
			}
		}
	case *types.Named:
		c.add(t.Underlying())
		for m := range t.Methods() {
			c.add(m.Type())
		}
		for a := range t.TypeArgs().Types() {
			c.add(a)
		}
		for tp := range t.TypeParams().TypeParams() {
			c.add(tp)
		}
		c.add(t.Origin())
	case *types.Pointer:
		c.add(t.Elem())
	case *types.Slice:
		c.add(t.Elem())
	case *types.Array:
		c.add(t.Elem())
	case *types.Map:
		c.add(t.Key())
		c.add(t.Elem())
	case *types.Chan:
		c.add(t.Elem())
	case *types.Signature:
		for tp := range t.TypeParams().TypeParams() {
			c.add(tp)
		}
		for tp := range t.RecvTypeParams().TypeParams() {
			c.add(tp)
		}
		if t.Params().Len() > 0 {
			c.add(t.Params())
		}
		if t.Results().Len() > 0 {
			c.add(t.Results())
		}
	case *types.Tuple:
		for v := range t.Variables() {
			c.add(v.Type())
		}
	case *types.Struct:
		for f := range t.Fields() {
			c.add(f.Type())
		}
	case *types.Interface:
		for m := range t.ExplicitMethods() {
			c.add(m.Type())
		}
		for e := range t.EmbeddedTypes() {
			c.add(e)
		}
	case *types.Union:
		for term := range t.Terms() {
			c.add(term.Type())
		}
	case *types.TypeParam:
		c.add(t.Constraint())
	}
}

// roundTrip encodes roots, decodes them and checks that encoding the
// decoded types gives the same bytes.
func roundTrip(t testing.TB, roots []types.Type) ([]byte, []types.Type) {
	t.Helper()
	data, err := Encode(roots)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(dec) != len(roots) {
		t.Fatalf("decoded %d types, want %d", len(dec), len(roots))
	}
	again, err := Encode(dec)
	if err != nil {
		t.Fatalf("encoding the decoded types: %v", err)
	}
	if !bytes.Equal(again, data) {
		t.Errorf("encoding the decoded types gives other bytes (%d, want %d)", len(again), len(data))
	}
	return data, dec
}

// checkEquivalent checks each property of the package doc for roots and
// their decodings dec, and the pairwise ones for every step'th root.
func checkEquivalent(t *testing.T, roots, dec []types.Type, step int) {
	t.Helper()
	decPkgs := map[string]*types.Package{}
	for _, d := range dec {
		walkPackages(d, map[types.Type]bool{}, decPkgs)
	}
	pathQ := func(p *types.Package) string { return p.Path() }
	nameQ := func(p *types.Package) string { return p.Name() }
	nerr := 0
	errorf := func(format string, args ...any) {
		t.Helper()
		if nerr++; nerr <= 30 {
			t.Errorf(format, args...)
		}
	}
	decOf := map[types.Type]types.Type{}
	for k, r := range roots {
		o, d := types.Unalias(r), dec[k]
		if prev, ok := decOf[o]; ok && prev != d {
			errorf("%s decodes to two types", o)
		}
		decOf[o] = d
		if _, isAlias := d.(*types.Alias); isAlias || hasAlias(d, map[types.Type]bool{}) {
			errorf("%s decodes to %s, which has an alias", o, d)
		}
		if !hasAlias(o, map[types.Type]bool{}) {
			for _, q := range []types.Qualifier{nil, pathQ, nameQ} {
				if got, want := types.TypeString(d, q), types.TypeString(o, q); got != want {
					errorf("TypeString = %s, want %s", got, want)
				}
			}
			if p := pkgOf(o); p != nil {
				got := types.TypeString(d, types.RelativeTo(decPkgs[p.Path()]))
				if want := types.TypeString(o, types.RelativeTo(p)); got != want {
					errorf("TypeString relative to %s = %s, want %s", p.Path(), got, want)
				}
			}
		}
		if i, ok := universeIndex[o]; ok && d != universe[i] {
			errorf("universe type %s decodes to a new %s", o, d)
		}
		if msg := sameType(o, d); msg != "" {
			errorf("%s: %s", o, msg)
		}
	}

	// Named types that print alike are one object exactly if identical
	// (instances may be identical and not one pointer).
	named := map[string][]int{}
	for k, r := range roots {
		if n, ok := types.Unalias(r).(*types.Named); ok {
			s := types.TypeString(n, nil)
			named[s] = append(named[s], k)
		}
	}
	for _, ks := range named {
		for x, i := range ks {
			for _, j := range ks[:x] {
				oi, oj := types.Unalias(roots[i]), types.Unalias(roots[j])
				if same, ident := dec[i] == dec[j], types.Identical(oi, oj); same != ident || types.Identical(dec[i], dec[j]) != ident {
					errorf("named types %s and %s: identical %v, decoded to one object %v", oi, oj, ident, same)
				}
			}
		}
	}

	// Pairwise: every step'th root that is a type of values.
	var sample []int
	for k := 0; k < len(roots); k += step {
		switch types.Unalias(roots[k]).(type) {
		case *types.Tuple, *types.Union:
			continue
		}
		sample = append(sample, k)
	}
	for _, i := range sample {
		oi, di := types.Unalias(roots[i]), dec[i]
		ii, _ := oi.Underlying().(*types.Interface)
		di2, _ := di.Underlying().(*types.Interface)
		for _, j := range sample {
			oj, dj := types.Unalias(roots[j]), dec[j]
			if got, want := types.Identical(di, dj), types.Identical(oi, oj); got != want {
				errorf("Identical(%s, %s) = %v, want %v", di, dj, got, want)
			}
			if _, ok := oi.(*types.Named); ok && types.Identical(oi, oj) && di != dj {
				errorf("identical named types %s and %s decode to two objects", oi, oj)
			}
			if got, want := types.AssignableTo(dj, di), types.AssignableTo(oj, oi); got != want {
				errorf("AssignableTo(%s, %s) = %v, want %v", dj, di, got, want)
			}
			if got, want := types.ConvertibleTo(dj, di), types.ConvertibleTo(oj, oi); got != want {
				errorf("ConvertibleTo(%s, %s) = %v, want %v", dj, di, got, want)
			}
			if ii != nil {
				if got, want := types.Implements(dj, di2), types.Implements(oj, ii); got != want {
					errorf("Implements(%s, %s) = %v, want %v", dj, di, got, want)
				}
			}
		}
	}
	if nerr > 30 {
		t.Errorf("and %d more errors", nerr-30)
	}
	t.Logf("%d types, %d pairs", len(roots), len(sample)*len(sample))
}

// sameType compares what TypeString does not show of o and its decoding
// d, and reports a difference.
func sameType(o, d types.Type) string {
	if fmt.Sprintf("%T", o) != fmt.Sprintf("%T", d) {
		return fmt.Sprintf("decodes to a %T", d)
	}
	switch o := o.(type) {
	case *types.Named:
		d := d.(*types.Named)
		oo, do := o.Obj(), d.Obj()
		if oo.Name() != do.Name() || oo.Exported() != do.Exported() || (oo.Pkg() == nil) != (do.Pkg() == nil) {
			return "name or package differs"
		}
		if oo.Pkg() != nil {
			if oo.Pkg().Path() != do.Pkg().Path() || oo.Pkg().Name() != do.Pkg().Name() {
				return "package differs"
			}
			// Package-level types are in their package's scope; local
			// ones are not, and stay distinct from those.
			pkgLevel := oo.Parent() == oo.Pkg().Scope()
			if in := do.Pkg().Scope().Lookup(do.Name()) == do; in != pkgLevel {
				return fmt.Sprintf("in package scope: %v, want %v", in, pkgLevel)
			}
		}
		if o.TypeArgs().Len() != d.TypeArgs().Len() || o.TypeParams().Len() != d.TypeParams().Len() {
			return "type parameters or arguments differ"
		}
		if o.NumMethods() != d.NumMethods() {
			return fmt.Sprintf("%d methods, want %d", d.NumMethods(), o.NumMethods())
		}
		if got, want := types.TypeString(d.Underlying(), nil), types.TypeString(o.Underlying(), nil); got != want && !hasAlias(o.Underlying(), map[types.Type]bool{}) {
			return fmt.Sprintf("underlying type %s, want %s", got, want)
		}
		if msg := sameMethodSet(o, d); msg != "" {
			return msg
		}
		if o.TypeParams().Len() == 0 {
			return sameMethodSet(types.NewPointer(o), types.NewPointer(d))
		}
	case *types.Struct:
		d := d.(*types.Struct)
		for i := range o.NumFields() {
			of, df := o.Field(i), d.Field(i)
			if pkgPath(of.Pkg()) != pkgPath(df.Pkg()) || of.Embedded() != df.Embedded() || of.Exported() != df.Exported() || o.Tag(i) != d.Tag(i) {
				return fmt.Sprintf("field %s differs", of.Name())
			}
		}
	case *types.Interface:
		d := d.(*types.Interface)
		if o.NumExplicitMethods() != d.NumExplicitMethods() || o.NumEmbeddeds() != d.NumEmbeddeds() ||
			o.Empty() != d.Empty() || o.IsComparable() != d.IsComparable() || o.IsMethodSet() != d.IsMethodSet() ||
			o.IsImplicit() != d.IsImplicit() || o.NumMethods() != d.NumMethods() {
			return "interface differs"
		}
		for i := range o.NumMethods() {
			if o.Method(i).Id() != d.Method(i).Id() {
				return fmt.Sprintf("method %s differs", o.Method(i).Name())
			}
		}
	case *types.Signature:
		d := d.(*types.Signature)
		if o.Variadic() != d.Variadic() || o.TypeParams().Len() != d.TypeParams().Len() {
			return "signature differs"
		}
	case *types.TypeParam:
		d := d.(*types.TypeParam)
		if types.TypeString(o.Constraint(), nil) != types.TypeString(d.Constraint(), nil) && !hasAlias(o.Constraint(), map[types.Type]bool{}) {
			return fmt.Sprintf("constraint %s, want %s", d.Constraint(), o.Constraint())
		}
	}
	return ""
}

// sameMethodSet compares the method sets of o and d.
func sameMethodSet(o, d types.Type) string {
	om, dm := types.NewMethodSet(o), types.NewMethodSet(d)
	if om.Len() != dm.Len() {
		return fmt.Sprintf("method set of %s: %d methods, want %d", d, dm.Len(), om.Len())
	}
	for i := range om.Len() {
		os, ds := om.At(i), dm.At(i)
		of, df := os.Obj().(*types.Func), ds.Obj().(*types.Func)
		if of.Id() != df.Id() || os.Kind() != ds.Kind() || os.Indirect() != ds.Indirect() ||
			fmt.Sprint(os.Index()) != fmt.Sprint(ds.Index()) || ptrRecv(of) != ptrRecv(df) {
			return fmt.Sprintf("method set of %s: %s, want %s", d, ds, os)
		}
		if !hasAlias(of.Type(), map[types.Type]bool{}) && types.TypeString(df.Type(), nil) != types.TypeString(of.Type(), nil) {
			return fmt.Sprintf("method set of %s: %s has type %s, want %s", d, df.Name(), df.Type(), of.Type())
		}
	}
	return ""
}

func ptrRecv(f *types.Func) bool {
	recv := f.Signature().Recv()
	if recv == nil {
		return false
	}
	_, ok := recv.Type().(*types.Pointer)
	return ok
}

func pkgPath(p *types.Package) string {
	if p == nil {
		return ""
	}
	return p.Path()
}

// pkgOf returns the package of t if it is named, else nil.
func pkgOf(t types.Type) *types.Package {
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Pkg()
	}
	return nil
}

// hasAlias reports whether an alias occurs in t, but for any, which
// prints as any without its alias too.
func hasAlias(t types.Type, seen map[types.Type]bool) bool {
	found := false
	visit(t, seen, func(t types.Type) {
		if a, ok := t.(*types.Alias); ok && a != types.Universe.Lookup("any").Type() {
			found = true
		}
	})
	return found
}

// walkPackages records the packages that occur in t by path.
func walkPackages(t types.Type, seen map[types.Type]bool, pkgs map[string]*types.Package) {
	visit(t, seen, func(t types.Type) {
		if p := pkgOf(t); p != nil {
			pkgs[p.Path()] = p
		}
	})
}

// visit calls f for t and the types t is made of, but for the methods of
// named types.
func visit(t types.Type, seen map[types.Type]bool, f func(types.Type)) {
	if t == nil || seen[t] {
		return
	}
	seen[t] = true
	f(t)
	v := func(t types.Type) { visit(t, seen, f) }
	switch t := t.(type) {
	case *types.Alias:
		v(t.Rhs())
	case *types.Named:
		for a := range t.TypeArgs().Types() {
			v(a)
		}
		v(t.Underlying())
	case *types.Pointer:
		v(t.Elem())
	case *types.Slice:
		v(t.Elem())
	case *types.Array:
		v(t.Elem())
	case *types.Map:
		v(t.Key())
		v(t.Elem())
	case *types.Chan:
		v(t.Elem())
	case *types.Signature:
		v(t.Params())
		v(t.Results())
	case *types.Tuple:
		for x := range t.Variables() {
			v(x.Type())
		}
	case *types.Struct:
		for x := range t.Fields() {
			v(x.Type())
		}
	case *types.Interface:
		for m := range t.ExplicitMethods() {
			v(m.Type())
		}
		for e := range t.EmbeddedTypes() {
			v(e)
		}
	case *types.Union:
		for term := range t.Terms() {
			v(term.Type())
		}
	case *types.TypeParam:
		v(t.Constraint())
	}
}

func TestSource(t *testing.T) {
	prog := checkSource(t)
	_, dec := roundTrip(t, prog.roots)
	checkEquivalent(t, prog.roots, dec, 1)

	// The cases the source was written for.
	byString := map[string][]types.Type{}
	for k, r := range prog.roots {
		s := types.TypeString(types.Unalias(r), nil)
		byString[s] = append(byString[s], dec[k])
	}
	one := func(s string) types.Type {
		t.Helper()
		ts := byString[s]
		if len(ts) == 0 {
			t.Fatalf("no root %s", s)
		}
		return ts[0]
	}
	// Local types keep their names and stay distinct.
	locals := byString["example.com/p.T"]
	if len(locals) != 2 || locals[0] == locals[1] || types.Identical(locals[0], locals[1]) {
		t.Errorf("local types T: %v", locals)
	}
	nodes := byString["example.com/p.Node"]
	if len(nodes) != 3 {
		t.Errorf("%d types Node, want 3 (one package-level, two local)", len(nodes))
	}
	for i := range nodes {
		for j := range i {
			if types.Identical(nodes[i], nodes[j]) {
				t.Errorf("types Node %d and %d are identical", i, j)
			}
		}
	}
	// Identical instances are one object; instances have their methods.
	pair := one("example.com/p.Pair[string, int]")
	if n := len(byString["example.com/p.Pair[string, int]"]); n != 1 {
		t.Errorf("Pair[string, int] decodes to %d types", n)
	}
	if ms := types.NewMethodSet(types.NewPointer(pair)); ms.Len() != 2 || ms.At(0).Obj().Name() != "Set" {
		t.Errorf("method set of *Pair[string, int]: %v", ms)
	}
	if f, _, _ := types.LookupFieldOrMethod(pair, true, nil, "Set"); f == nil || types.TypeString(f.Type(), nil) != "func(v int)" {
		t.Errorf("Pair[string, int].Set = %v", f)
	}
	list := one("example.com/p.List[int]").(*types.Named)
	if list.Origin() == list || list.Origin().TypeParams().Len() != 1 {
		t.Errorf("List[int] is not an instance of a generic type")
	}
	// Universe types stay the universe's.
	errType := types.Universe.Lookup("error").Type()
	if e := one("error"); e != errType || !types.Identical(e, errType) {
		t.Errorf("error decodes to %v", e)
	}
	if a := one("any"); a != types.Unalias(types.Universe.Lookup("any").Type()) {
		t.Errorf("any decodes to a new %v", a)
	}
	if u := one("unsafe.Pointer"); u != types.Typ[types.UnsafePointer] {
		t.Errorf("unsafe.Pointer decodes to a new %v", u)
	}
	if b := one("[]byte").(*types.Slice).Elem(); b != types.Universe.Lookup("byte").Type() {
		t.Errorf("byte decodes to a new %v", b)
	}
	if u := one("untyped int"); u != types.Typ[types.UntypedInt] {
		t.Errorf("untyped int decodes to %v", u)
	}
	// Promoted methods, embedded fields and tags.
	derived := one("example.com/p.Derived")
	ms := types.NewMethodSet(types.NewPointer(derived))
	var names []string
	for sel := range ms.Methods() {
		if sel.Obj().Exported() {
			names = append(names, sel.Obj().Name())
		}
	}
	if got, want := strings.Join(names, " "), "Close CloseWithError ID Read SetID String"; got != want {
		t.Errorf("method set of *Derived: %s, want %s", got, want)
	}
	st := derived.Underlying().(*types.Struct)
	if !st.Field(0).Embedded() || st.Tag(2) != `tag:"n"` || st.Field(2).Pkg().Path() != "example.com/p" {
		t.Errorf("struct of Derived: %v", st)
	}
	// New types may be built from decoded ones.
	stringer := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	ptr := types.NewPointer(derived)
	if !types.Implements(types.NewSlice(ptr).Elem(), one("fmt.Stringer").Underlying().(*types.Interface)) || types.Implements(derived, stringer) {
		t.Errorf("Implements on built types")
	}
	sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(0, nil, "", ptr)), nil, false)
	if !types.Identical(sig, types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(0, nil, "x", types.NewPointer(derived))), nil, false)) {
		t.Errorf("signatures of decoded types are not identical")
	}
	// A recursive constraint: T's constraint mentions T.
	self := one("example.com/p.Self[T interface{Clone() T}]").(*types.Named)
	tp := self.TypeParams().At(0)
	if m := tp.Constraint().Underlying().(*types.Interface).Method(0); m.Signature().Results().At(0).Type() != tp {
		t.Errorf("constraint of Self's T does not mention T")
	}
}

func TestStd(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks net/http and its dependencies")
	}
	prog := checkStd(t)
	data, dec := roundTrip(t, prog.roots)
	t.Logf("%d packages, %d types: %d bytes", len(prog.pkgs), len(prog.roots), len(data))
	checkEquivalent(t, prog.roots, dec, len(prog.roots)/300)

	// Each package-level named type is in its decoded package's scope.
	decPkgs := map[string]*types.Package{}
	for _, d := range dec {
		walkPackages(d, map[types.Type]bool{}, decPkgs)
	}
	for _, p := range prog.pkgs {
		dp := decPkgs[p.Path()]
		for _, name := range p.Scope().Names() {
			obj, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			if _, named := obj.Type().(*types.Named); !named {
				continue
			}
			if dp == nil || dp.Scope().Lookup(name) == nil {
				t.Errorf("%s.%s is not in its decoded package", p.Path(), name)
			}
		}
	}
}

func TestDeterministic(t *testing.T) {
	roots := checkSource(t).roots
	a, err := Encode(roots)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Encode(roots)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Errorf("two encodings differ")
	}
}

// Roots decode to one type each time they are the same type, whatever
// their order.
func TestSameRoots(t *testing.T) {
	roots := checkSource(t).roots
	twice := append([]types.Type{}, roots...)
	for i := range roots {
		twice = append(twice, roots[len(roots)-1-i])
	}
	dec := decode(t, twice)
	for i := range roots {
		if dec[i] != dec[len(twice)-1-i] {
			t.Errorf("%s decodes to two types", twice[i])
		}
	}
}

func decode(t *testing.T, roots []types.Type) []types.Type {
	t.Helper()
	data, err := Encode(roots)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return dec
}

// Types that are mutually recursive across packages, which Go's source
// cannot write but go/types can build.
func TestRecursionAcrossPackages(t *testing.T) {
	pa, pb := types.NewPackage("example.com/a", "a"), types.NewPackage("example.com/b", "b")
	a := types.NewNamed(types.NewTypeName(0, pa, "A", nil), nil, nil)
	b := types.NewNamed(types.NewTypeName(0, pb, "B", nil), nil, nil)
	a.SetUnderlying(types.NewStruct([]*types.Var{types.NewField(0, pa, "b", types.NewPointer(b), false)}, nil))
	b.SetUnderlying(types.NewStruct([]*types.Var{types.NewField(0, pb, "A", a, true)}, nil))
	recv := types.NewParam(0, pa, "x", types.NewPointer(a))
	a.AddMethod(types.NewFunc(0, pa, "Next", types.NewSignatureType(recv, nil, nil, nil, types.NewTuple(types.NewParam(0, pa, "", b)), false)))
	roots := []types.Type{a, b, types.NewPointer(b)}
	_, dec := roundTrip(t, roots)
	checkEquivalent(t, roots, dec, 1)
	da := dec[0].(*types.Named)
	next := types.NewMethodSet(dec[2]).At(0)
	if next.Obj().Name() != "Next" || next.Index()[0] != 0 || len(next.Index()) != 2 {
		t.Errorf("*B's promoted method: %v", next)
	}
	if da.Underlying().(*types.Struct).Field(0).Type().(*types.Pointer).Elem() != dec[1] {
		t.Errorf("A.b is not a *B")
	}
}

// Decodes may run at once: their results share no mutable state (go test
// -race checks).
func TestConcurrentDecode(t *testing.T) {
	data, err := Encode(checkSource(t).roots)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			dec, err := Decode(data)
			if err != nil {
				t.Error(err)
				return
			}
			use(dec)
		})
	}
	wg.Wait()
}

// Identical instances decode to one object, even when go/types made two,
// and print as the first one written.
func TestIdenticalInstances(t *testing.T) {
	list := checkSource(t).pkgs[0].Scope().Lookup("List").Type()
	inst := func(arg types.Type) types.Type {
		t.Helper()
		i, err := types.Instantiate(nil, list, []types.Type{arg}, true)
		if err != nil {
			t.Fatal(err)
		}
		return i
	}
	byteT := types.Universe.Lookup("byte").Type()
	roots := []types.Type{inst(types.Typ[types.Int]), inst(types.Typ[types.Int]), inst(byteT), inst(types.Typ[types.Uint8])}
	if roots[0] == roots[1] || roots[2] == roots[3] {
		t.Fatal("go/types made one instance of two calls")
	}
	dec := decode(t, roots)
	if dec[0] != dec[1] || dec[2] != dec[3] || dec[0] == dec[2] {
		t.Errorf("instances decode to %p %p %p %p", dec[0], dec[1], dec[2], dec[3])
	}
	if got := types.TypeString(dec[3], nil); got != "example.com/p.List[byte]" {
		t.Errorf("List[uint8] decodes to %s, want the first identical one, List[byte]", got)
	}
}

// The signature of a method of a named type that is not an instance, as a
// root, decodes to the decoded method's; other signatures lose their
// receivers.
func TestMethodRoots(t *testing.T) {
	prog := checkSource(t)
	derived := prog.pkgs[0].Scope().Lookup("Derived").Type().(*types.Named)
	list := prog.pkgs[0].Scope().Lookup("IntList").Type().(*types.Named)
	reader := prog.pkgs[0].Scope().Lookup("J").Type().Underlying().(*types.Interface)
	var roots []types.Type
	roots = append(roots, derived, derived.Method(0).Type(), list, list.Method(0).Type(), list.Origin().Method(1).Type(), reader.Method(0).Type())
	dec := decode(t, roots)
	if d := dec[0].(*types.Named); dec[1] != d.Method(0).Type() {
		t.Errorf("Derived's method decodes apart from the type")
	}
	if sig, m := dec[3].(*types.Signature), dec[2].(*types.Named).Method(0).Type(); sig.Recv() != nil || !types.Identical(sig, m) {
		t.Errorf("List[int]'s method decodes to %v with receiver %v, want %v", sig, sig.Recv(), m)
	}
	if sig := dec[4].(*types.Signature); sig != dec[2].(*types.Named).Origin().Method(1).Type() || sig.RecvTypeParams().Len() != 1 {
		t.Errorf("List's method decodes apart from the type")
	}
	if sig := dec[5].(*types.Signature); sig.Recv() != nil || types.TypeString(sig, nil) != types.TypeString(roots[5], nil) {
		t.Errorf("interface method decodes to %v with receiver %v", sig, sig.Recv())
	}
}

func TestEncodeErrors(t *testing.T) {
	p := types.NewPackage("example.com/e", "e")
	tests := []struct {
		name string
		typ  types.Type
		want string
	}{
		{"nil", nil, "nil type"},
		{"foreign", foreign{}, "cannot encode"},
		{"no underlying", types.NewNamed(types.NewTypeName(0, p, "N", nil), nil, nil), "no underlying"},
		{"no constraint", types.NewSlice(types.NewTypeParam(types.NewTypeName(0, p, "T", nil), nil)), "no constraint"},
		{"nested in foreign", types.NewMap(types.Typ[types.Int], foreign{}), "cannot encode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Encode([]types.Type{types.Typ[types.Int], tt.typ})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Encode: %v, want an error with %q", err, tt.want)
			}
		})
	}
	deep := types.Type(types.Typ[types.Int])
	for range maxDepth + 1 {
		deep = types.NewSlice(deep)
	}
	if _, err := Encode([]types.Type{deep}); err == nil || !strings.Contains(err.Error(), "nested") {
		t.Errorf("Encode of a type nested %d deep: %v", maxDepth+1, err)
	}
	deep = types.Typ[types.Int]
	for range 2000 {
		deep = types.NewSlice(deep)
	}
	if dec := decode(t, []types.Type{deep}); !types.Identical(dec[0], deep) {
		t.Errorf("a type nested 2,000 deep decodes to another")
	}
}

// foreign is a types.Type that go/types does not define.
type foreign struct{}

func (foreign) Underlying() types.Type { return foreign{} }
func (foreign) String() string         { return "foreign" }

// The decoding happens in another process, which shares no object with
// the encoder: the child prints what it decoded and the parent compares.
func TestOtherProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary again")
	}
	if file := os.Getenv("TYPECODEC_DECODE"); file != "" {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		dec, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Print(describe(dec))
		return
	}
	roots := checkSource(t).roots
	data, err := Encode(roots)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "types")
	if err := os.WriteFile(file, data, 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestOtherProcess$")
	cmd.Env = append(os.Environ(), "TYPECODEC_DECODE="+file)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	got, _, _ := strings.Cut(string(out), "PASS\n")
	// What has aliases prints otherwise once decoded: for those, the
	// other process must agree with this one's decoding.
	dec, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]types.Type, len(roots))
	for k, r := range roots {
		want[k] = types.Unalias(r)
		if hasAlias(want[k], map[types.Type]bool{}) {
			want[k] = dec[k]
		}
	}
	if w := describe(want); got != w {
		t.Errorf("the other process decoded\n%s\nwant\n%s", got, w)
	}
}

// describe prints each type with its method set, and which of the types
// are identical.
func describe(ts []types.Type) string {
	var b strings.Builder
	for i, t := range ts {
		fmt.Fprintf(&b, "%d: %s\n", i, types.TypeString(t, nil))
		if _, ok := t.(*types.Tuple); ok {
			continue
		}
		for sel := range types.NewMethodSet(t).Methods() {
			fmt.Fprintf(&b, "\t%s\n", sel)
		}
		for j := range i {
			if _, ok := ts[j].(*types.Tuple); !ok && types.Identical(t, ts[j]) {
				fmt.Fprintf(&b, "\t= %d\n", j)
			}
		}
	}
	return b.String()
}

// BenchmarkDecode decodes the types of net/http's closure, and of the
// closure of stdPackages: the roots are every type reachable from their
// package-level objects, the entries the distinct types Decode builds. The
// types are encoded by a fresh importer and dropped, so that the heap is
// about as small as a process starting.
func BenchmarkDecode(b *testing.B) {
	for _, bench := range []struct {
		name  string
		paths []string
	}{
		{"net-http", []string{"net/http"}},
		{"std", stdPackages},
	} {
		b.Run(bench.name, func(b *testing.B) {
			data, n := encodedClosure(b, bench.paths...)
			runtime.GC()
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := Decode(data); err != nil {
					b.Fatal(err)
				}
			}
			d := new(decoder)
			d.header(data)
			b.ReportMetric(float64(n), "roots")
			b.ReportMetric(float64(len(d.types)-len(universe)), "entries")
		})
	}
}

// encoded holds the results of encodedClosure.
var encoded = map[string]struct {
	data []byte
	n    int
}{}

// encodedClosure returns the encoding of closure(paths) and the number of
// types in it.
func encodedClosure(b *testing.B, paths ...string) ([]byte, int) {
	key := strings.Join(paths, " ")
	if e, ok := encoded[key]; ok {
		return e.data, e.n
	}
	sourceImporter() // sets up build.Default
	prog, err := closure(importer.ForCompiler(token.NewFileSet(), "source", nil), paths...)
	if err != nil {
		b.Fatal(err)
	}
	data, err := Encode(prog.roots)
	if err != nil {
		b.Fatal(err)
	}
	encoded[key] = struct {
		data []byte
		n    int
	}{data, len(prog.roots)}
	return data, len(prog.roots)
}

func BenchmarkEncode(b *testing.B) {
	prog := checkStd(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Encode(prog.roots); err != nil {
			b.Fatal(err)
		}
	}
}
