package std

import (
	"math"
	"slices"
	"testing"

	"spindle/internal/vm"
)

// Word-packed slices ([]int, []uint64, []float64: vm.Type.PackedWords)
// sort in place in their []uint64 storage, as Go's slices.Sort would.
func TestSortWords(t *testing.T) {
	tU64 := &vm.Type{Kind: vm.KUint64, Name: "uint64"}
	nan := math.Float64frombits(0x7ff8000000000001)
	negZero := math.Copysign(0, -1)
	floats := []float64{2, nan, -1, 0, negZero, math.Inf(1), 0.5, math.Inf(-1), negZero, nan}
	ints := []int{5, -3, math.MinInt, 0, math.MaxInt, -3, 7}
	uints := []uint64{1 << 63, 3, 0, math.MaxUint64, 2}

	fw := make([]uint64, len(floats))
	for i, f := range floats {
		fw[i] = math.Float64bits(f)
	}
	sortOf := func(st *vm.Type, v vm.Value) {
		args := []vm.Value{boxed(st, v)}
		slicesSortOrdered(nil, args, nil)
		res := []vm.Value{{}}
		sortIsSortedOrdered(nil, args, res)
		if !res[0].Bool() {
			t.Errorf("%s: not sorted after sorting", st.Name)
		}
	}
	sortOf(tFloats, OwnWords(fw))
	want := slices.Clone(floats)
	slices.Sort(want)
	for i := range fw {
		if fw[i] != math.Float64bits(want[i]) && !(math.IsNaN(want[i]) && math.IsNaN(math.Float64frombits(fw[i]))) {
			t.Fatalf("float64s: element %d is %v, want %v", i, math.Float64frombits(fw[i]), want[i])
		}
	}

	iv := Ints(ints)
	sortOf(tInts, iv)
	wantI := slices.Clone(ints)
	slices.Sort(wantI)
	for i, w := range iv.Words() {
		if int(int64(w)) != wantI[i] {
			t.Fatalf("ints: element %d is %d, want %d", i, int64(w), wantI[i])
		}
	}

	uw := slices.Clone(uints)
	sortOf(&vm.Type{Kind: vm.KSlice, Name: "[]uint64", Elem: tU64}, OwnWords(uw))
	wantU := slices.Clone(uints)
	slices.Sort(wantU)
	if !slices.Equal(uw, wantU) {
		t.Fatalf("uint64s: %v, want %v", uw, wantU)
	}

	res := []vm.Value{{}}
	sortIsSortedOrdered(nil, []vm.Value{boxed(tInts, Ints([]int{1, -1}))}, res)
	if res[0].Bool() {
		t.Errorf("[1 -1] reported sorted")
	}
}

// sort.Slice's permutation moves word-packed elements, reading a
// word-packed []int permutation.
func TestPermuteWords(t *testing.T) {
	s := Ints([]int{10, 20, 30, 40})
	sortPermute(nil, []vm.Value{boxed(tInts, s), Ints([]int{3, 1, 0, 2})}, nil)
	got := s.Words()
	if want := []uint64{40, 20, 10, 30}; !slices.Equal(got, want) {
		t.Fatalf("permute: %v, want %v", got, want)
	}
}

// Map keys of a word-packed array type order element by element.
func TestCompareKeysWordArray(t *testing.T) {
	a, b := Ints([]int{1, -5, 3}), Ints([]int{1, 2, 0})
	if c := compareKeys(tArr3, a, b); c != -1 {
		t.Fatalf("compareKeys([1 -5 3], [1 2 0]) = %d, want -1", c)
	}
	if c := compareKeys(tArr3, b, b); c != 0 {
		t.Fatalf("compareKeys(x, x) = %d, want 0", c)
	}
}
