package spindle

import (
	"context"
	"io"
	"sync"
	"testing"
)

// BenchmarkColdStartHello measures what a fresh `spindle run hello.go`
// pays inside the process: type-checking the std it imports, building SSA,
// compiling and running, with the process-wide std cache emptied before
// each iteration.
func BenchmarkColdStartHello(b *testing.B) {
	for i := 0; i < b.N; i++ {
		stdOnce = sync.Once{}
		stdLib = nil
		prog, err := Compile(CompileOptions{}, "bench/hello/main.go")
		if err != nil {
			b.Fatal(err)
		}
		if code, _ := prog.Run(context.Background(), RunOptions{Stdout: io.Discard, Stderr: io.Discard}); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
}
