package typecodec

import (
	"go/types"
	"strings"
	"sync"
	"testing"
)

// An empty tuple root (a descriptor of no results) round-trips.
func TestEmptyTupleRoot(t *testing.T) {
	b, err := Encode([]types.Type{types.NewTuple()})
	if err != nil {
		t.Fatal(err)
	}
	ts, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if tu, ok := ts[0].(*types.Tuple); !ok || tu.Len() != 0 {
		t.Fatalf("decoded %v", ts[0])
	}
}

// One Decode's results are used by several goroutines at once, as
// reflect and fmt use them from several shards: method sets, underlying
// types, printing and the relations go/types computes (run with -race).
func TestConcurrentUseOfOneDecode(t *testing.T) {
	c := checkSource(t)
	b, err := Encode(c.roots)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i, x := range ts {
				types.NewMethodSet(x)
				types.NewMethodSet(types.NewPointer(x))
				_ = x.Underlying()
				_ = types.TypeString(x, nil)
				if n, ok := x.(*types.Named); ok {
					for m := range n.Methods() {
						_ = m.Type()
					}
				}
				y := ts[(i*7+g)%len(ts)]
				if it, ok := y.Underlying().(*types.Interface); ok {
					types.Implements(x, it)
				}
				types.Identical(x, y)
				types.AssignableTo(x, y)
				types.ConvertibleTo(x, y)
			}
		}()
	}
	wg.Wait()
}

// Nested instances that share their arguments (X = P[Y, Y], Y = P[Z, Z], ...)
// are small to encode but exponential for go/types to hash: past a bound,
// Decode refuses them at once instead of hashing for ever.
func TestDecodeRefusesExponentialInstances(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	k := types.NewTypeParam(types.NewTypeName(0, pkg, "K", nil), types.Universe.Lookup("any").Type())
	v := types.NewTypeParam(types.NewTypeName(0, pkg, "V", nil), types.Universe.Lookup("any").Type())
	p := types.NewNamed(types.NewTypeName(0, pkg, "P", nil), nil, nil)
	p.SetTypeParams([]*types.TypeParam{k, v})
	p.SetUnderlying(types.NewStruct(nil, nil))
	x := types.Type(types.Typ[types.Int])
	for i := 0; i < 17; i++ {
		inst, err := types.Instantiate(nil, p, []types.Type{x, x}, false)
		if err != nil {
			t.Fatal(err)
		}
		x = inst
	}
	b, err := Encode([]types.Type{x})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(b); err == nil {
		t.Fatal("decoded an instance 2^17 types big to hash")
	}
}

// An instantiation cycle (type T[P any] interface{ T[*P] }), which the
// type checker refuses but a damaged or hand-made entry could hold, is an
// error: go/types would expand T[*P], T[**P], ... until the stack ran out.
func TestDecodeRefusesInstantiationCycle(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	p := types.NewTypeParam(types.NewTypeName(0, pkg, "P", nil), types.Universe.Lookup("any").Type())
	tn := types.NewNamed(types.NewTypeName(0, pkg, "T", nil), nil, nil)
	tn.SetTypeParams([]*types.TypeParam{p})
	inst, err := types.Instantiate(nil, tn, []types.Type{types.NewPointer(p)}, false)
	if err != nil {
		t.Fatal(err)
	}
	tn.SetUnderlying(types.NewInterfaceType(nil, []types.Type{inst}))
	b, err := Encode([]types.Type{tn})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decode(b); err == nil || !strings.Contains(err.Error(), "instantiation cycle") {
		t.Fatalf("Decode = %v, want an instantiation cycle", err)
	}
}
