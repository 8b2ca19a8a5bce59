package std

import (
	"fmt"
	"math"
	"testing"

	"spindle/internal/vm"
)

// Tests of the host printing engine on hand-built guest values (no
// methods involved, so no machine is needed).

var (
	tInt    = &vm.Type{Kind: vm.KInt, Name: "int"}
	tUint8  = &vm.Type{Kind: vm.KUint8, Name: "uint8"}
	tString = &vm.Type{Kind: vm.KString, Name: "string"}
	tFloat  = &vm.Type{Kind: vm.KFloat64, Name: "float64"}
	tBytes  = &vm.Type{Kind: vm.KSlice, Name: "[]uint8", Elem: tUint8}
	tInts   = &vm.Type{Kind: vm.KSlice, Name: "[]int", Elem: tInt}
	tFloats = &vm.Type{Kind: vm.KSlice, Name: "[]float64", Elem: tFloat}
	tArr3   = &vm.Type{Kind: vm.KArray, Name: "[3]int", Elem: tInt, Len: 3}
	tPair   = &vm.Type{Kind: vm.KStruct, Name: "main.Pair", Named: true, Fields: []vm.Field{
		{Name: "A", Type: tInt, Exported: true}, {Name: "b", Type: tString}}}
)

func boxed(t *vm.Type, v vm.Value) vm.Value { return vm.Value{R: &vm.Iface{T: t, V: v}} }

func guestArgs(args ...any) []vm.Value {
	out := make([]vm.Value, len(args))
	for i, a := range args {
		switch x := a.(type) {
		case nil:
		case int:
			out[i] = boxed(tInt, vm.Int(int64(x)))
		case string:
			out[i] = boxed(tString, vm.Str(x))
		case float64:
			out[i] = boxed(tFloat, vm.Float(x))
		case []byte:
			out[i] = boxed(tBytes, BytesValue(x))
		case []int: // word-packed: vm.Type.PackedWords
			out[i] = boxed(tInts, Ints(x))
		case [3]int:
			out[i] = boxed(tArr3, Ints(x[:]))
		case []float64:
			w := make([]uint64, len(x))
			for j, f := range x {
				w[j] = math.Float64bits(f)
			}
			out[i] = boxed(tFloats, OwnWords(w))
		default:
			panic(fmt.Sprintf("guestArgs: %T", a))
		}
	}
	return out
}

func sprintf(format string, args ...any) string {
	p := newPrinter(nil)
	defer p.free()
	p.doPrintf(format, guestArgs(args...))
	return string(p.buf)
}

func TestPrintfMatchesHost(t *testing.T) {
	formats := []string{"%d", "%5d|%-5d|%05d", "%x %X %o %b %c %q %U", "%v %+v %#v", "%s %q %x % X", "%8.3f %e %g %G",
		"%*d", "%[2]d %[1]d", "%d %d", "%!", "%.*s", "%z", "%T", "%6.2v", "%#x %#o"}
	argsets := [][]any{{42, 7, 3}, {-1, 255, 65}, {"héllo", []byte("ab")}, {3.25, math.Inf(1), math.NaN()}, {[]int{1, -2}, nil}, {"s"}, {5, 12},
		{[]float64{-0.5, math.NaN(), math.Inf(-1), 1e21}, [3]int{-1, 0, math.MaxInt}}, {[]int(nil), []float64{}}}
	for _, f := range formats {
		for _, args := range argsets {
			want := fmt.Sprintf(f, args...)
			if got := sprintf(f, args...); got != want {
				t.Errorf("Sprintf(%q, %v) = %q, want %q", f, args, got, want)
			}
		}
	}
}

func TestPrintStruct(t *testing.T) {
	v := boxed(tPair, vm.Value{R: []vm.Value{vm.Int(1), vm.Str("x")}})
	for _, c := range []struct{ format, want string }{
		{"%v", "{1 x}"}, {"%+v", "{A:1 b:x}"}, {"%#v", `main.Pair{A:1, b:"x"}`}, {"%d", "{1 %!d(string=x)}"},
	} {
		p := newPrinter(nil)
		p.doPrintf(c.format, []vm.Value{v})
		if got := string(p.buf); got != c.want {
			t.Errorf("%s: got %q, want %q", c.format, got, c.want)
		}
		p.free()
	}
}

func BenchmarkPrintln(b *testing.B) {
	args := guestArgs("x", 12345)
	p := newPrinter(nil)
	for i := 0; i < b.N; i++ {
		p.buf = p.buf[:0]
		p.doPrintln(args)
	}
}
