package typecodec

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// fuzzSource is type-checked for the fuzzer's seeds: it imports nothing
// but unsafe, so that checking it is quick.
const fuzzSource = `package f

import "unsafe"

type List[T any] struct {
	next *List[T]
	Val  T
}

func (l *List[T]) Push(v T) *List[T] { return &List[T]{l, v} }

type Number interface{ ~int | ~float64 }

func Sum[N Number](xs ...N) N { return xs[0] }

type I interface{ M(...int) (I, error) }

type Base struct{ id int }

func (b *Base) ID() int { return b.id }

type S struct {
	Base
	p  unsafe.Pointer ` + "`tag:\"p\"`" + `
	c  <-chan map[string][2]byte
	l  List[*S]
	f  func(any, interface{ I; N() }) I
}

type Cmp[K comparable] interface{ ~[]K }

func Local() any {
	type S struct{ x int }
	return S{}
}

var Ints List[int]
`

// corpus returns encodings to corrupt: of fuzzSource's types, and of a
// few types apart.
func corpus(t testing.TB) [][]byte {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "f.go", fuzzSource, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	conf := types.Config{Importer: unsafeImporter{}}
	pkg, err := conf.Check("example.com/f", fset, []*ast.File{file}, info)
	if err != nil {
		t.Fatal(err)
	}
	c := newCollector()
	ast.Inspect(file, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			c.add(info.Types[e].Type)
		}
		return true
	})
	c.addScope(pkg)
	var out [][]byte
	for _, roots := range [][]types.Type{
		c.list,
		{types.Universe.Lookup("error").Type()},
		{types.NewSlice(types.Typ[types.Int]), types.NewMap(types.Typ[types.String], types.Typ[types.Bool])},
	} {
		data, err := Encode(roots)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

// unsafeImporter imports package unsafe only.
type unsafeImporter struct{}

func (unsafeImporter) Import(path string) (*types.Package, error) {
	if path != "unsafe" {
		return nil, fmt.Errorf("cannot import %s", path)
	}
	return types.Unsafe, nil
}

// use calls on decoded types what a client may, so that a type Decode
// should have refused panics here.
func use(ts []types.Type) {
	errIface := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	for _, t := range ts {
		_ = types.TypeString(t, nil)
		_ = t.Underlying()
		switch t.(type) {
		case *types.Tuple, *types.Union:
			continue
		}
		ms := types.NewMethodSet(t)
		for sel := range ms.Methods() {
			_ = sel.Type().String()
		}
		_ = types.NewMethodSet(types.NewPointer(t))
		_ = types.Identical(t, ts[0])
		_ = types.Implements(t, errIface)
		_ = types.AssignableTo(t, ts[0])
		_ = types.Comparable(t)
		if n, ok := t.(*types.Named); ok {
			for m := range n.Methods() {
				_ = m.Signature().String()
			}
		}
		if it, ok := t.Underlying().(*types.Interface); ok {
			_ = it.NumMethods()
			_ = it.IsComparable()
		}
	}
}

// Truncating an encoding is an error, and changing a byte makes Decode
// neither panic nor return types that panic when used. (FuzzDecode tries
// more.) In the long encoding, a sample of the places is tried.
func TestCorrupt(t *testing.T) {
	for _, data := range corpus(t) {
		step := 1 + len(data)/500
		for n := 0; n < len(data); n += step {
			if _, err := Decode(data[:n]); err == nil {
				t.Fatalf("Decode of %d of %d bytes succeeded", n, len(data))
			}
		}
		buf := make([]byte, len(data))
		for i := 0; i < len(data); i += step {
			for _, b := range []byte{0, 0x7f, 0xff, data[i] ^ 1, data[i] + 1} {
				copy(buf, data)
				buf[i] = b
				if ts, err := Decode(buf); err == nil {
					use(ts)
				}
			}
		}
	}
	for _, data := range [][]byte{nil, []byte("go/types"), []byte("go/types\x00\x02"), []byte("go/types\x00\x01")} {
		if _, err := Decode(data); err == nil {
			t.Errorf("Decode(%q) succeeded", data)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, data := range corpus(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ts, err := Decode(data)
		if err != nil {
			return
		}
		use(ts)
	})
}
