package vm

import (
	"errors"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"testing"
	"unicode"
	"unsafe"
)

var (
	tInt    = &Type{Kind: KInt, Name: "int", Comparable: true}
	tString = &Type{Kind: KString, Name: "string", Comparable: true}
	tPtr    = &Type{Kind: KPointer, Name: "*int", Elem: tInt, Comparable: true}
	tAny    = &Type{Kind: KInterface, Name: "interface {}", Comparable: true}
	// struct{ a int; p *int }
	tKey = &Type{Kind: KStruct, Name: "main.key", Comparable: true, Fields: []Field{
		{Name: "a", Type: tInt}, {Name: "p", Type: tPtr},
	}}
)

// testShared is a host object that may be referenced from several shards.
type testShared struct{ n int }

func (*testShared) ShareAcrossShards() {}

// testHost is a host object that cannot cross.
type testHost struct{ n int }

func mustCopy(t *testing.T, v Value) Value {
	t.Helper()
	c, err := CopyValue(v)
	if err != nil {
		t.Fatalf("CopyValue: %v", err)
	}
	return c
}

func addr[T any](p *T) uintptr { return uintptr(unsafe.Pointer(p)) }

func ptrVal(p *Value) Value    { return Value{R: p} }
func aggVal(vs ...Value) Value { return Value{R: vs} }
func sliceVal(s []Value) Value { return Value{R: s} }

// iso checks that a copy is isomorphic to its original: equal scalars and
// strings, the same types and code, and a bijection between the original's
// storage (every *Value target and every backing-array element) and the
// copy's that shares no storage. Lost aliasing (one original location
// copied twice) or added aliasing (two original locations copied to one)
// breaks the bijection.
type iso struct {
	t         *testing.T
	fwd, back map[uintptr]uintptr
	maps      map[*Map]*Map
	clos      map[*Closure]*Closure
	ifaces    map[*Iface]*Iface
}

func checkIso(t *testing.T, orig, cp Value) {
	t.Helper()
	k := &iso{t: t, fwd: map[uintptr]uintptr{}, back: map[uintptr]uintptr{},
		maps: map[*Map]*Map{}, clos: map[*Closure]*Closure{}, ifaces: map[*Iface]*Iface{}}
	k.value(orig, cp)
}

// pair records that original location a was copied to b and reports
// whether the pair is new (its contents still to compare).
func (k *iso) pair(a, b uintptr) bool {
	k.t.Helper()
	if _, ok := k.fwd[b]; ok || a == b {
		k.t.Errorf("copy shares storage with the original at %#x", b)
		return false
	}
	if _, ok := k.back[a]; ok {
		k.t.Errorf("original location %#x also appears in the copy", a)
		return false
	}
	fb, okf := k.fwd[a]
	ab, okb := k.back[b]
	if okf || okb {
		if fb != b || ab != a {
			k.t.Errorf("aliasing not preserved: %#x copied to %#x, before %#x->%#x and %#x<-%#x", a, b, a, fb, ab, b)
		}
		return false
	}
	k.fwd[a], k.back[b] = b, a
	return true
}

func (k *iso) value(x, y Value) {
	k.t.Helper()
	if x.N != y.N {
		k.t.Errorf("N: copy %d, original %d", y.N, x.N)
	}
	switch xr := x.R.(type) {
	case nil:
		if y.R != nil {
			k.t.Errorf("R: copy %T, original nil", y.R)
		}
	case string, complex128:
		if y.R != x.R {
			k.t.Errorf("R: copy %v, original %v", y.R, x.R)
		}
	case *Value:
		yr, ok := y.R.(*Value)
		if !ok || (xr == nil) != (yr == nil) {
			k.t.Errorf("pointer: copy %#v, original %#v", y.R, x.R)
			return
		}
		if xr != nil && k.pair(addr(xr), addr(yr)) {
			k.value(*xr, *yr)
		}
	case []Value:
		yr, ok := y.R.([]Value)
		if !ok || (xr == nil) != (yr == nil) || len(xr) != len(yr) || cap(xr) != cap(yr) {
			k.t.Errorf("slice: copy %#v, original %#v", y.R, x.R)
			return
		}
		xf, yf := xr[:cap(xr)], yr[:cap(yr)]
		for i := range xf {
			if k.pair(addr(&xf[i]), addr(&yf[i])) {
				k.value(xf[i], yf[i])
			}
		}
	case *Map:
		yr, ok := y.R.(*Map)
		if !ok || (xr == nil) != (yr == nil) {
			k.t.Errorf("map: copy %#v, original %#v", y.R, x.R)
			return
		}
		if xr == nil {
			return
		}
		if xr == yr {
			k.t.Errorf("map shared with the original")
			return
		}
		if d, seen := k.maps[xr]; seen {
			if d != yr {
				k.t.Errorf("map aliasing not preserved")
			}
			return
		}
		k.maps[xr] = yr
		if yr.KeyT != xr.KeyT || yr.ValT != xr.ValT || yr.Len() != xr.Len() {
			k.t.Errorf("map: copy %v/%v len %d, original %v/%v len %d", yr.KeyT, yr.ValT, yr.Len(), xr.KeyT, xr.ValT, xr.Len())
			return
		}
		xk, xv := xr.Entries()
		yk, yv := yr.Entries()
		for i := range xk {
			k.value(xk[i], yk[i])
			k.value(xv[i], yv[i])
			got, ok := yr.Lookup(yk[i])
			if !ok || got.N != yv[i].N || refIdentity(got.R) != refIdentity(yv[i].R) {
				k.t.Errorf("map copy: entry %d not found by its copied key", i)
			}
		}
	case *Closure:
		yr, ok := y.R.(*Closure)
		if !ok || (xr == nil) != (yr == nil) || xr != nil && (yr.Fn != xr.Fn || len(yr.Free) != len(xr.Free)) {
			k.t.Errorf("closure: copy %#v, original %#v", y.R, x.R)
			return
		}
		if xr == nil || len(xr.Free) == 0 {
			return
		}
		if d, seen := k.clos[xr]; seen {
			if d != yr {
				k.t.Errorf("closure copied twice")
			}
			return
		}
		k.clos[xr] = yr
		if &xr.Free[0] == &yr.Free[0] {
			k.t.Errorf("closure shares its free variables with the original")
		}
		for i := range xr.Free {
			k.value(xr.Free[i], yr.Free[i])
		}
	case *Iface:
		yr, ok := y.R.(*Iface)
		if ok && xr != nil && xr == yr {
			// A box holding a scalar or a string is immutable: it may be
			// shared (CopyValue does so for a whole message).
			switch xr.V.R.(type) {
			case nil, string, complex128, rawAddr:
				return
			}
		}
		if !ok || (xr == nil) != (yr == nil) || xr != nil && (xr == yr || xr.T != yr.T) {
			k.t.Errorf("iface: copy %#v, original %#v", y.R, x.R)
			return
		}
		if xr == nil {
			return
		}
		if d, seen := k.ifaces[xr]; seen {
			if d != yr {
				k.t.Errorf("iface copied twice")
			}
			return
		}
		k.ifaces[xr] = yr
		k.value(xr.V, yr.V)
	case []byte:
		yr, ok := y.R.([]byte)
		if !ok || (xr == nil) != (yr == nil) || len(xr) != len(yr) || cap(xr) != cap(yr) {
			k.t.Errorf("packed slice: copy %#v, original %#v", y.R, x.R)
			return
		}
		isoPacked(k, xr[:cap(xr)], yr[:cap(yr)])
	case []uint64:
		yr, ok := y.R.([]uint64)
		if !ok || (xr == nil) != (yr == nil) || len(xr) != len(yr) || cap(xr) != cap(yr) {
			k.t.Errorf("packed slice: copy %#v, original %#v", y.R, x.R)
			return
		}
		isoPacked(k, xr[:cap(xr)], yr[:cap(yr)])
	case *byte:
		yr, ok := y.R.(*byte)
		if !ok || (xr == nil) != (yr == nil) {
			k.t.Errorf("element pointer: copy %#v, original %#v", y.R, x.R)
			return
		}
		if xr != nil {
			isoPacked(k, unsafe.Slice(xr, 1), unsafe.Slice(yr, 1))
		}
	case *uint64:
		yr, ok := y.R.(*uint64)
		if !ok || (xr == nil) != (yr == nil) {
			k.t.Errorf("element pointer: copy %#v, original %#v", y.R, x.R)
			return
		}
		if xr != nil {
			isoPacked(k, unsafe.Slice(xr, 1), unsafe.Slice(yr, 1))
		}
	default:
		if x.R != y.R {
			k.t.Errorf("host object %T not shared", x.R)
		}
	}
}

// isoPacked pairs the elements of packed storage x with their copies y.
func isoPacked[T byte | uint64](k *iso, x, y []T) {
	k.t.Helper()
	for i := range x {
		if k.pair(addr(&x[i]), addr(&y[i])) && x[i] != y[i] {
			k.t.Errorf("packed element: copy %d, original %d", y[i], x[i])
		}
	}
}

func TestCopyValueScalars(t *testing.T) {
	s := strings.Repeat("spindle", 3)
	for _, v := range []Value{{}, Int(-7), Uint(1 << 63), Bool(true), Float(2.5), Complex(1 + 2i), Str(s), {N: 3, R: "x"}} {
		c := mustCopy(t, v)
		if c != v {
			t.Errorf("CopyValue(%#v) = %#v", v, c)
		}
	}
	c := mustCopy(t, Str(s))
	if unsafe.StringData(c.String()) != unsafe.StringData(s) {
		t.Errorf("string was copied, want it shared")
	}
}

func TestCopyValueNestedStruct(t *testing.T) {
	// struct{ a int; s string; in struct{ arr [3]int; f float64 } }
	orig := aggVal(Int(1), Str("name"), aggVal(aggVal(Int(10), Int(20), Int(30)), Float(1.5)))
	c := mustCopy(t, orig)
	checkIso(t, orig, c)
	arr := c.Slice()[2].Slice()[0].Slice()
	arr[1] = Int(99)
	if got := orig.Slice()[2].Slice()[0].Slice()[1].Int(); got != 20 {
		t.Errorf("mutating the copy changed the original: %d", got)
	}
	if c.Slice()[1].String() != "name" || c.Slice()[2].Slice()[1].Float() != 1.5 {
		t.Errorf("copy lost fields: %#v", c)
	}
}

func ints(n int) []Value {
	s := make([]Value, n)
	for i := range s {
		s[i] = Int(int64(i))
	}
	return s
}

func TestCopyValueSharedBackingSameStart(t *testing.T) {
	arr := ints(8)
	orig := aggVal(sliceVal(arr[:3]), sliceVal(arr[:6]), sliceVal(arr))
	c := mustCopy(t, orig)
	checkIso(t, orig, c)
	f := c.Slice()
	a, b, d := f[0].Slice(), f[1].Slice(), f[2].Slice()
	if len(a) != 3 || cap(a) != 8 || len(b) != 6 || len(d) != 8 {
		t.Fatalf("len/cap not kept: %d/%d %d %d", len(a), cap(a), len(b), len(d))
	}
	a[2] = Int(42)
	if b[2].Int() != 42 || d[2].Int() != 42 {
		t.Errorf("write through one copied slice not visible through the others")
	}
	if arr[2].Int() != 2 {
		t.Errorf("write to the copy changed the original")
	}
}

func TestCopyValueSharedBackingOffsets(t *testing.T) {
	// Interior views first, the view at the array's start last, and
	// full slice expressions whose ranges end at different addresses.
	arr := ints(10)
	views := [][]Value{arr[5:7], arr[2:4:6], arr[3:9:9], arr[1:], arr[:0], arr[0:2:2]}
	var fields []Value
	for _, s := range views {
		fields = append(fields, sliceVal(s))
	}
	orig := aggVal(fields...)
	c := mustCopy(t, orig)
	checkIso(t, orig, c)
	cv := c.Slice()
	s52, s24, s39, s1, s00 := cv[0].Slice(), cv[1].Slice(), cv[2].Slice(), cv[3].Slice(), cv[4].Slice()
	if s00 == nil || len(s00) != 0 || cap(s00) != 10 {
		t.Errorf("arr[:0]: len %d cap %d nil %v", len(s00), cap(s00), s00 == nil)
	}
	s24[1] = Int(-3) // arr[3]
	if s39[0].Int() != -3 || s1[2].Int() != -3 || s00[:4][3].Int() != -3 {
		t.Errorf("write at index 3 not visible through every copied view")
	}
	s39[3] = Int(-6) // arr[6]
	if s52[1].Int() != -6 || s1[5].Int() != -6 {
		t.Errorf("write at index 6 not visible through every copied view")
	}
	if arr[3].Int() != 3 || arr[6].Int() != 6 {
		t.Errorf("writes to the copy changed the original")
	}
	if &s1[0] != &s00[:2][1] {
		t.Errorf("copied views are not one array")
	}
}

func TestCopyValueWholeCapacity(t *testing.T) {
	arr := ints(6)
	c := mustCopy(t, sliceVal(arr[1:2]))
	s := c.Slice()
	if len(s) != 1 || cap(s) != 5 {
		t.Fatalf("len %d cap %d, want 1 5", len(s), cap(s))
	}
	for i, v := range s[:cap(s)] {
		if v.Int() != int64(i+1) {
			t.Errorf("element %d beyond len = %d, want %d", i, v.Int(), i+1)
		}
	}
}

func TestCopyValueEmptySlices(t *testing.T) {
	var nilSlice []Value
	orig := aggVal(sliceVal(nilSlice), sliceVal([]Value{}), sliceVal(make([]Value, 0, 3)))
	c := mustCopy(t, orig)
	f := c.Slice()
	if s, ok := f[0].R.([]Value); !ok || s != nil {
		t.Errorf("nil slice copied as %#v", f[0].R)
	}
	if s, ok := f[1].R.([]Value); !ok || s == nil || len(s) != 0 {
		t.Errorf("empty slice copied as %#v", f[1].R)
	}
	if s := f[2].Slice(); s == nil || len(s) != 0 || cap(s) != 3 {
		t.Errorf("make([]T, 0, 3) copied with len %d cap %d", len(s), cap(s))
	}
	// The zero-size aggregate sentinel and pointers to it.
	m := Machine{zerobase: Value{R: []Value{}}}
	z := mustCopy(t, ptrVal(&m.zerobase))
	if p := z.Ptr(); p == nil || p == &m.zerobase || p.R.([]Value) == nil {
		t.Errorf("pointer to zerobase copied as %#v", z.R)
	}
}

func TestCopyValuePointerIntoAggregate(t *testing.T) {
	for _, pointerFirst := range []bool{false, true} {
		// struct{ p *int; arr [4]int } with p = &arr[2], and a pointer to
		// the struct's own field a.
		arr := ints(4)
		st := aggVal(Value{}, sliceVal(arr), Int(7))
		fields := st.Slice()
		fields[0] = ptrVal(&arr[2])
		var orig Value
		if pointerFirst {
			orig = aggVal(ptrVal(&fields[2]), ptrVal(&fields[0]), st)
		} else {
			orig = aggVal(st, ptrVal(&fields[2]), ptrVal(&fields[0]))
		}
		c := mustCopy(t, orig)
		checkIso(t, orig, c)
		cf := c.Slice()
		var cst, pa, pp Value
		if pointerFirst {
			pa, pp, cst = cf[0], cf[1], cf[2]
		} else {
			cst, pa, pp = cf[0], cf[1], cf[2]
		}
		cfields := cst.Slice()
		carr := cfields[1].Slice()
		if cfields[0].Ptr() != &carr[2] {
			t.Errorf("pointerFirst=%v: p does not point into the copied array", pointerFirst)
		}
		if pa.Ptr() != &cfields[2] || pp.Ptr() != &cfields[0] {
			t.Errorf("pointerFirst=%v: pointers to fields do not point into the copied struct", pointerFirst)
		}
		cfields[0].Ptr().N = 100
		if carr[2].Int() != 100 || arr[2].Int() != 2 {
			t.Errorf("pointerFirst=%v: write through copied pointer: copy %d, original %d", pointerFirst, carr[2].Int(), arr[2].Int())
		}
	}
}

func TestCopyValueCycles(t *testing.T) {
	// A struct holding a pointer to itself.
	self := new(Value)
	*self = aggVal(Int(1), ptrVal(self))
	c := mustCopy(t, ptrVal(self))
	checkIso(t, ptrVal(self), c)
	cp := c.Ptr()
	if cp == self || cp.Slice()[1].Ptr() != cp {
		t.Errorf("self-pointer not preserved")
	}

	// A ring: node{v int; next *node}, the last pointing to the first.
	nodes := make([]*Value, 5)
	for i := range nodes {
		nodes[i] = new(Value)
	}
	for i, n := range nodes {
		*n = aggVal(Int(int64(i)), ptrVal(nodes[(i+1)%len(nodes)]))
	}
	c = mustCopy(t, ptrVal(nodes[2]))
	checkIso(t, ptrVal(nodes[2]), c)
	p := c.Ptr()
	for i := range len(nodes) {
		if want := int64((2 + i) % len(nodes)); p.Slice()[0].Int() != want {
			t.Fatalf("ring node %d = %d, want %d", i, p.Slice()[0].Int(), want)
		}
		p = p.Slice()[1].Ptr()
	}
	if p != c.Ptr() {
		t.Errorf("ring not closed in the copy")
	}
}

func TestCopyValueLongListIterative(t *testing.T) {
	// A recursive copy would need far more than 1 MiB of host stack.
	const n = 100_000
	head := new(Value)
	p := head
	for i := range n {
		next := new(Value)
		*p = aggVal(Int(int64(i)), Str("x"), ptrVal(next))
		p = next
	}
	*p = aggVal(Int(n), Str("x"), ptrVal(head))
	old := debug.SetMaxStack(1 << 20)
	c, err := CopyValue(ptrVal(head))
	debug.SetMaxStack(old)
	if err != nil {
		t.Fatal(err)
	}
	q := c.Ptr()
	for i := range n + 1 {
		f := q.Slice()
		if f[0].Int() != int64(i) {
			t.Fatalf("node %d = %d", i, f[0].Int())
		}
		q = f[2].Ptr()
	}
	if q != c.Ptr() {
		t.Errorf("list cycle not preserved")
	}
}

func TestCopyValueMaps(t *testing.T) {
	shared := &Value{N: 5}
	byName := NewMap(tString, tPtr, 0)
	byName.Store(Str("b"), ptrVal(shared))
	byName.Store(Str("a"), ptrVal(shared))
	byName.Store(Str("c"), ptrVal(&Value{N: 9}))
	byInt := NewMap(tInt, tString, 0)
	for i := range 20 {
		byInt.Store(Int(int64(i*7)), Str(strings.Repeat("v", i)))
	}
	byInt.Delete(Int(14))
	orig := aggVal(Value{R: byName}, Value{R: byInt}, ptrVal(shared), Value{R: byName})
	c := mustCopy(t, orig)
	checkIso(t, orig, c)
	f := c.Slice()
	cm := f[0].R.(*Map)
	if f[3].R.(*Map) != cm {
		t.Errorf("two references to one map copied to two maps")
	}
	keys, _ := cm.Entries()
	if len(keys) != 3 || keys[0].String() != "b" || keys[1].String() != "a" || keys[2].String() != "c" {
		t.Errorf("insertion order not kept: %v", keys)
	}
	a, _ := cm.Lookup(Str("a"))
	b, _ := cm.Lookup(Str("b"))
	if a.Ptr() != b.Ptr() || a.Ptr() != f[2].Ptr() || a.Ptr() == shared {
		t.Errorf("aliased pointer values not preserved")
	}
	a.Ptr().N = 6
	if shared.N != 5 {
		t.Errorf("write through the copy changed the original")
	}
	im := f[1].R.(*Map)
	if im.Len() != 19 {
		t.Errorf("int map len %d, want 19", im.Len())
	}
	if _, ok := im.Lookup(Int(14)); ok {
		t.Errorf("deleted entry copied")
	}
	if v, ok := im.Lookup(Int(21)); !ok || v.String() != "vvv" {
		t.Errorf("m[21] = %q, %v", v.String(), ok)
	}
}

func TestCopyValueMapPointerAndStructKeys(t *testing.T) {
	k1, k2 := &Value{N: 1}, &Value{N: 2}
	byPtr := NewMap(tPtr, tInt, 0)
	byPtr.Store(ptrVal(k1), Int(10))
	byPtr.Store(ptrVal(k2), Int(20))
	byKey := NewMap(tKey, tInt, 0)
	byKey.Store(aggVal(Int(1), ptrVal(k1)), Int(100))
	byKey.Store(aggVal(Int(1), ptrVal(k2)), Int(200))
	byIface := NewMap(tAny, tInt, 0)
	byIface.Store(Value{R: &Iface{T: tPtr, V: ptrVal(k2)}}, Int(2000))
	byIface.Store(Value{R: &Iface{T: tString, V: Str("k")}}, Int(3000))
	// The map comes before the pointers it is keyed by.
	orig := aggVal(Value{R: byPtr}, Value{R: byKey}, Value{R: byIface}, ptrVal(k1), ptrVal(k2))
	c := mustCopy(t, orig)
	checkIso(t, orig, c)
	f := c.Slice()
	ck1, ck2 := f[3].Ptr(), f[4].Ptr()
	cp, ck, ci := f[0].R.(*Map), f[1].R.(*Map), f[2].R.(*Map)
	if v, ok := cp.Lookup(ptrVal(ck2)); !ok || v.Int() != 20 {
		t.Errorf("pointer key: copy[k2'] = %d, %v", v.Int(), ok)
	}
	if _, ok := cp.Lookup(ptrVal(k1)); ok {
		t.Errorf("copied map is keyed by the original pointer")
	}
	if v, ok := ck.Lookup(aggVal(Int(1), ptrVal(ck1))); !ok || v.Int() != 100 {
		t.Errorf("struct key: copy[{1, k1'}] = %d, %v", v.Int(), ok)
	}
	if v, ok := ci.Lookup(Value{R: &Iface{T: tPtr, V: ptrVal(ck2)}}); !ok || v.Int() != 2000 {
		t.Errorf("interface key: copy[k2'] = %d, %v", v.Int(), ok)
	}
	if v, ok := ci.Lookup(Value{R: &Iface{T: tString, V: Str("k")}}); !ok || v.Int() != 3000 {
		t.Errorf("interface key: copy[\"k\"] = %d, %v", v.Int(), ok)
	}
}

func TestCopyValueNestedAndNilMaps(t *testing.T) {
	tMap := &Type{Kind: KMap, Name: "map[int]int", Key: tInt, Elem: tInt}
	inner := NewMap(tInt, tInt, 0)
	inner.Store(Int(1), Int(2))
	outer := NewMap(tString, tMap, 0)
	outer.Store(Str("x"), Value{R: inner})
	outer.Store(Str("y"), Value{R: inner})
	outer.Store(Str("nil"), Value{R: (*Map)(nil)})
	c := mustCopy(t, Value{R: outer})
	checkIso(t, Value{R: outer}, c)
	cm := c.R.(*Map)
	x, _ := cm.Lookup(Str("x"))
	y, _ := cm.Lookup(Str("y"))
	if x.R.(*Map) != y.R.(*Map) || x.R.(*Map) == inner {
		t.Errorf("nested map aliasing not preserved")
	}
	if n, _ := cm.Lookup(Str("nil")); n.R.(*Map) != nil {
		t.Errorf("nil map copied as %#v", n.R)
	}
}

func TestCopyValueInterfaces(t *testing.T) {
	tStruct := &Type{Kind: KStruct, Name: "main.S", Fields: []Field{{Name: "a", Type: tInt}}}
	tPS := &Type{Kind: KPointer, Name: "*main.S", Elem: tStruct}
	target := &Value{R: []Value{Int(1)}}
	byPtr := &Iface{T: tPS, V: ptrVal(target)}
	byVal := &Iface{T: tStruct, V: aggVal(Int(3))}
	orig := aggVal(Value{R: byPtr}, Value{R: byVal}, ptrVal(target), Value{R: (*Iface)(nil)})
	c := mustCopy(t, orig)
	checkIso(t, orig, c)
	f := c.Slice()
	cx := f[0].Iface()
	if cx == byPtr || cx.T != tPS || cx.V.Ptr() != f[2].Ptr() || cx.V.Ptr() == target {
		t.Errorf("interface holding a pointer: %#v", cx)
	}
	cv := f[1].Iface()
	cv.V.Slice()[0] = Int(4)
	if byVal.V.Slice()[0].Int() != 3 {
		t.Errorf("interface's aggregate shared with the original")
	}
	if f[3].Iface() != nil {
		t.Errorf("nil interface copied as %#v", f[3].R)
	}
	// A nil interface box as the whole message.
	if c, err := CopyValue(Value{R: (*Iface)(nil)}); err != nil || c.Iface() != nil {
		t.Errorf("nil *Iface message: %#v, %v", c, err)
	}
}

func TestCopyValueClosures(t *testing.T) {
	fn := &Func{Name: "main.f"}
	static := &Closure{Fn: fn}
	cell := &Value{N: 1}
	f1 := &Closure{Fn: fn, Free: []Value{Int(5), ptrVal(cell), Str("s")}}
	f2 := &Closure{Fn: fn, Free: []Value{ptrVal(cell), Value{R: static}}}
	orig := aggVal(Value{R: f1}, Value{R: f2}, Value{R: static})
	c := mustCopy(t, orig)
	checkIso(t, orig, c)
	f := c.Slice()
	c1, c2 := f[0].R.(*Closure), f[1].R.(*Closure)
	if c1 == f1 || c1.Fn != fn {
		t.Errorf("closure not copied or code not shared")
	}
	if c1.Free[1].Ptr() != c2.Free[0].Ptr() || c1.Free[1].Ptr() == cell {
		t.Errorf("captured variable shared by two closures not preserved")
	}
	if f[2].R.(*Closure) != static {
		t.Errorf("closure without free variables not shared")
	}

	_, err := CopyValue(Value{R: &Closure{Fn: fn, Free: []Value{Value{R: &Chan{}}}}})
	var ce *CrossError
	if !errors.As(err, &ce) || ce.What != "chan" {
		t.Errorf("closure capturing a channel: err = %v", err)
	}
}

func TestCopyValueChan(t *testing.T) {
	ch := &Chan{}
	for _, v := range []Value{
		{R: ch},
		aggVal(Int(1), sliceVal([]Value{Str("a"), {R: ch}})),
		ptrVal(&Value{R: &Iface{T: tAny, V: Value{R: ch}}}),
	} {
		_, err := CopyValue(v)
		var ce *CrossError
		if !errors.As(err, &ce) || ce.What != "chan" {
			t.Errorf("CopyValue(%#v): err = %v, want a *CrossError for chan", v, err)
			continue
		}
		if got, want := err.Error(), "fiber: value of type chan cannot cross shards"; got != want {
			t.Errorf("message %q, want %q", got, want)
		}
	}
	m := NewMap(tInt, tAny, 0)
	m.Store(Int(1), Value{R: ch})
	if _, err := CopyValue(Value{R: m}); err == nil {
		t.Errorf("channel inside a map crossed")
	}
	if c, err := CopyValue(Value{R: (*Chan)(nil)}); err != nil || c.R.(*Chan) != nil {
		t.Errorf("nil chan: %#v, %v", c, err)
	}
}

func TestCopyValueUnknownHostObject(t *testing.T) {
	_, err := CopyValue(aggVal(Int(1), Value{R: &testHost{}}))
	var ce *CrossError
	if !errors.As(err, &ce) || ce.What != "host object *vm.testHost" {
		t.Fatalf("err = %v, want a *CrossError naming *vm.testHost", err)
	}
	if got, want := err.Error(), "fiber: value of type host object *vm.testHost cannot cross shards"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	for _, r := range []any{&MapIter{}, &strIter{}, &strings.Builder{}} {
		if _, err := CopyValue(Value{R: r}); err == nil {
			t.Errorf("%T crossed", r)
		}
	}
}

func TestCopyValueSharedObjects(t *testing.T) {
	sh := &testShared{n: 1}
	repl := strings.NewReplacer("a", "b")
	orig := aggVal(Value{R: sh}, Value{R: unicode.Latin}, Value{R: repl}, Value{R: tInt})
	c := mustCopy(t, orig)
	f := c.Slice()
	if f[0].R.(*testShared) != sh {
		t.Errorf("Shareable copied, want shared")
	}
	if f[1].R.(*unicode.RangeTable) != unicode.Latin || f[2].R.(*strings.Replacer) != repl || f[3].R.(*Type) != tInt {
		t.Errorf("immutable host objects not shared")
	}
	if &f[0] == &orig.Slice()[0] {
		t.Errorf("the aggregate holding them was not copied")
	}
}

// TestCopyValueRandomGraphs copies random graphs of arrays, interior
// pointers, overlapping slices, maps and interfaces, reached in random
// order, and checks the copy is isomorphic to the original.
func TestCopyValueRandomGraphs(t *testing.T) {
	for seed := range uint64(200) {
		rng := rand.New(rand.NewPCG(seed, 1))
		arrays := make([][]Value, 1+rng.IntN(6))
		for i := range arrays {
			arrays[i] = make([]Value, 1+rng.IntN(8))
		}
		cells := make([]*Value, 1+rng.IntN(4))
		for i := range cells {
			cells[i] = new(Value)
		}
		maps := make([]*Map, 1+rng.IntN(2))
		for i := range maps {
			maps[i] = NewMap(tInt, tAny, 0)
		}
		pmap := NewMap(tPtr, tInt, 0)
		ref := func() Value {
			a := arrays[rng.IntN(len(arrays))]
			i := rng.IntN(len(a))
			j := i + rng.IntN(len(a)-i+1)
			switch rng.IntN(10) {
			case 0:
				return Int(rng.Int64N(100))
			case 1:
				return Str("s")
			case 2:
				return ptrVal(&a[i])
			case 3:
				return ptrVal(cells[rng.IntN(len(cells))])
			case 4:
				return sliceVal(a[i:j])
			case 5:
				return sliceVal(a[i : j : j+rng.IntN(len(a)-j+1)])
			case 6:
				return Value{R: maps[rng.IntN(len(maps))]}
			case 7:
				return Value{R: pmap}
			case 8:
				return Value{R: &Iface{T: tPtr, V: ptrVal(&a[i])}}
			}
			return Value{}
		}
		for _, a := range arrays {
			for i := range a {
				a[i] = ref()
			}
		}
		for _, p := range cells {
			*p = ref()
		}
		for _, m := range maps {
			for k := range rng.IntN(4) {
				m.Store(Int(int64(k)), Value{R: &Iface{T: tAny, V: ref()}})
			}
		}
		for range rng.IntN(4) {
			a := arrays[rng.IntN(len(arrays))]
			pmap.Store(ptrVal(&a[rng.IntN(len(a))]), Int(rng.Int64N(10)))
		}
		root := make([]Value, 1+rng.IntN(6))
		for i := range root {
			root[i] = ref()
		}
		orig := sliceVal(root)
		c, err := CopyValue(orig)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		checkIso(t, orig, c)
		if t.Failed() {
			t.Fatalf("seed %d failed", seed)
		}
	}
}

func BenchmarkCopyValue(b *testing.B) {
	// struct{ name string; xs []int } with 16 elements.
	v := aggVal(Str("spindle"), sliceVal(ints(16)))
	b.ReportAllocs()
	for b.Loop() {
		c, err := CopyValue(v)
		if err != nil {
			b.Fatal(err)
		}
		sinkA = c.R
	}
}
