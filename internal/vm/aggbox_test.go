package vm

import (
	"runtime"
	"testing"
)

// NewAgg's Value holds a []Value exactly as converting a fresh slice
// would: the same length and capacity, its elements the storage
// returned, and alive through the interface alone across collections.
func TestNewAgg(t *testing.T) {
	for n := 0; n <= aggBoxMax+2; n++ {
		v, fs := NewAgg(n)
		s, ok := v.R.([]Value)
		if !ok || len(s) != n || cap(s) != n || len(fs) != n {
			t.Fatalf("NewAgg(%d): R is %T len %d cap %d, storage len %d", n, v.R, len(s), cap(s), len(fs))
		}
		for i := range fs {
			fs[i] = Str(string(rune('a' + i)))
			if s[i].String() != fs[i].String() || &s[i] != &fs[i] {
				t.Fatalf("NewAgg(%d): element %d is not the storage returned", n, i)
			}
		}
	}
	// Only the Values keep the boxes alive.
	keep := make([]Value, 1000)
	for i := range keep {
		v, fs := NewAgg(i%aggBoxMax + 1)
		for j := range fs {
			fs[j] = Int(int64(i*10 + j))
		}
		keep[i] = v
	}
	for range 3 {
		runtime.GC()
		_ = make([]byte, 1<<20) // let freed memory be reused
	}
	for i, v := range keep {
		s := v.R.([]Value)
		if len(s) != i%aggBoxMax+1 {
			t.Fatalf("box %d: len %d", i, len(s))
		}
		for j := range s {
			if s[j].Int() != int64(i*10+j) {
				t.Fatalf("box %d element %d = %d after collections", i, j, s[j].Int())
			}
		}
	}
}

func BenchmarkNewAgg(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		v, fs := NewAgg(3)
		fs[0] = v
	}
}
