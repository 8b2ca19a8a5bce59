package compile

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math/rand/v2"
	"testing"
)

// The type table puts two types in one class exactly when types.Identical
// holds, whatever the order it meets them in: every pair of the types of
// a program's expressions, and of their parts, is checked both ways.
func TestTypeClassesAreIdentity(t *testing.T) {
	const src = `package p

import "strings"

type I interface{ M() int }
type J interface{ M() int }

// Cycles that no named type ends: interface{T} embeds T, whose m
// returns interface{T}.
type T interface{ m() interface{ T } }
type U interface{ m() interface{ U } }
type V interface{ m() []interface{ V } }

type G[X any] struct{ x X }
type L[X any] struct{ next *L[X] }
type N int
type S struct{ next *S }

func gen[X any, Y comparable](x X, y Y) {}
func gen2[Z any, W comparable](z Z, w W) {}

type C interface{ ~int | ~string }
type D interface{ comparable }

var (
	_ []int
	_ []int
	_ []*[]*[]int
	_ []*[]*[]int
	_ [3]int
	_ [4]int
	_ [3]byte
	_ [3]uint8
	_ map[string][]rune
	_ map[string][]int32
	_ chan int
	_ <-chan int
	_ chan<- int
	_ chan (<-chan int)
	_ func(int, ...string) (bool, error)
	_ func(a int, b ...string) (ok bool, err error)
	_ func(int, []string) (bool, error)
	_ func()
	_ struct{ A int }
	_ struct{ A int }
	_ struct{ a int }
	_ struct{ A int "tag" }
	_ struct{ N }
	_ struct{ N N }
	_ struct{ strings.Builder }
	_ interface{}
	_ any
	_ interface{ M() int }
	_ interface{ N() int }
	_ interface{ m() int }
	_ interface{ I }
	_ interface{ J; M() int }
	_ interface{ m() interface{ T } }
	_ interface{ T }
	_ interface{ U }
	_ interface{ V }
	_ []interface{ V }
	_ G[int]
	_ G[int]
	_ G[[]int]
	_ G[N]
	_ *L[string]
	_ *L[string]
	_ L[G[int]]
	_ = gen[int, string]
	_ = gen2[int, string]
	_ = gen[[]int, N]
	_ *S
	_ func(interface{ T }) interface{ U }
	_ func(interface{ U }) interface{ T }
)

func f[X any](x X) {
	var _ []X
	var _ []X
	var _ G[X]
	var _ G[X]
	var _ func(X) X
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	// The types met, and their parts, each go/types value once.
	var all []types.Type
	seen := map[types.Type]bool{}
	var add func(types.Type)
	add = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		all = append(all, t)
		switch t := t.(type) {
		case *types.Pointer:
			add(t.Elem())
		case *types.Slice:
			add(t.Elem())
		case *types.Array:
			add(t.Elem())
		case *types.Map:
			add(t.Key())
			add(t.Elem())
		case *types.Chan:
			add(t.Elem())
		case *types.Signature:
			add(t.Params())
			add(t.Results())
		case *types.Tuple:
			for i := 0; i < t.Len(); i++ {
				add(t.At(i).Type())
			}
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				add(t.Field(i).Type())
			}
		case *types.Interface:
			for i := 0; i < t.NumMethods(); i++ {
				add(t.Method(i).Type())
			}
		case *types.Named:
			for i := 0; i < t.TypeArgs().Len(); i++ {
				add(t.TypeArgs().At(i))
			}
			add(t.Underlying())
		}
	}
	// In source order, deterministically.
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if obj := info.Defs[n]; obj != nil {
				add(types.Unalias(obj.Type()))
			}
		case ast.Expr:
			if tv, ok := info.Types[n]; ok {
				add(types.Unalias(tv.Type))
			}
		}
		return true
	})
	if len(all) < 50 {
		t.Fatalf("only %d types", len(all))
	}
	// Met in source order, in reverse, and shuffled: a cycle is entered
	// wherever the first of its types met is.
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 20; round++ {
		order := rng.Perm(len(all))
		if round < 2 {
			for i := range order {
				order[i] = i
				if round == 1 {
					order[i] = len(all) - 1 - i
				}
			}
		}
		tt := newTypeTable()
		class := make([]int32, len(all))
		for _, i := range order {
			class[i] = tt.classOf(all[i])
		}
		for i, a := range all {
			for j, b := range all[:i] {
				if got, want := class[i] == class[j], types.Identical(a, b); got != want {
					t.Fatalf("round %d: same class %v, types.Identical %v:\n\t%s\n\t%s", round, got, want, a, b)
				}
			}
		}
	}
}

// Sizes and alignments are gc's (types.SizesFor("gc", "amd64")).
func TestTypeLayoutIsGcs(t *testing.T) {
	const src = `package p

import "sync/atomic"

type E struct{}
type P struct {
	a byte
	b int64
	c byte
}

var (
	_ struct{}
	_ [0]int64
	_ [3]struct{}
	_ [5]byte
	_ [2][3]int32
	_ struct{ a, b byte }
	_ struct{ a byte; b E }
	_ struct{ a int32; b [0]int64 }
	_ struct{ a byte; b complex64 }
	_ struct{ a byte; b complex128 }
	_ struct{ a [0]int64; b byte }
	_ struct{ x P; y byte }
	_ struct{ a atomic.Int64; b byte }
	_ struct{ a byte; b string; c []int; d any; e map[int]int; f func() }
	_ [1]struct{ a byte; s struct{ b int16; c [3]byte } }
)
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	tt := newTypeTable()
	n := 0
	for _, tv := range info.Types {
		if !tv.IsType() || !hasSize(tv.Type) {
			continue
		}
		n++
		size, align := tt.layout(tv.Type)
		if ws, wa := sizes.Sizeof(tv.Type), sizes.Alignof(tv.Type); size != ws || align != wa {
			t.Errorf("%s: size %d align %d, want %d %d", tv.Type, size, align, ws, wa)
		}
	}
	if n < 15 {
		t.Fatalf("only %d types", n)
	}
}
