package spindle_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"testing"

	"spindle"
)

// heapPerElement runs a guest that allocates n elements of the slice type
// elem and keeps them while parked, and returns the host heap's growth per
// element.
func heapPerElement(t testing.TB, elem string, n int) float64 {
	t.Helper()
	src := fmt.Sprintf(`package main

import "os"

var keep []%s

func main() {
	keep = make([]%s, %d)
	os.Stdout.WriteString("ready\n")
	select {}
}
`, elem, elem, n)
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "elems.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	pr, pw := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	r := prog.Start(ctx, spindle.RunOptions{Stdout: pw, Shards: 1})
	defer func() {
		cancel()
		r.Wait()
		pw.Close()
	}()
	if line, err := bufio.NewReader(pr).ReadString('\n'); err != nil || line != "ready\n" {
		t.Fatalf("guest said %q, %v", line, err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	return float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(n)
}

// Slices of one-byte elements are packed one byte each, as gc lays them
// out, and slices of the other integer kinds and floats one 8-byte word
// each (gc: 2, 4 or 8 bytes): not one 24-byte Value per element.
func TestPackedSliceElementBytes(t *testing.T) {
	for _, tc := range []struct {
		elem string
		want float64
	}{
		{"byte", 1}, {"int8", 1}, {"bool", 1},
		{"int", 8}, {"int64", 8}, {"uint64", 8}, {"float64", 8},
		{"int32", 8}, {"rune", 8}, {"uint16", 8}, {"float32", 8},
	} {
		per := heapPerElement(t, tc.elem, 4<<20)
		t.Logf("[]%s: %.2f bytes per element", tc.elem, per)
		if per < tc.want/2 || per > tc.want*1.5 {
			t.Errorf("[]%s: %.2f bytes per element, want about %v", tc.elem, per, tc.want)
		}
	}
}

// BenchmarkSliceElementBytes reports the host heap per element of a guest
// slice (bytes/elem), the cost issue of the value model.
func BenchmarkSliceElementBytes(b *testing.B) {
	for _, elem := range []string{"byte", "int64", "int32", "float32", "string"} {
		b.Run(elem, func(b *testing.B) {
			var per float64
			for i := 0; i < b.N; i++ {
				per = heapPerElement(b, elem, 1<<20)
			}
			b.ReportMetric(per, "bytes/elem")
		})
	}
}
