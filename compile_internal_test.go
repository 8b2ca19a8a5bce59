package spindle

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"go.uber.org/goleak"
)

// errCountCtx is a context that cancels itself when its Err is asked for
// the n-th time: a compile sees it done at a known check, wherever that
// is (before it starts, between files, packages or functions).
type errCountCtx struct {
	context.Context
	cancel context.CancelFunc
	n      int32
	calls  atomic.Int32
}

func newErrCountCtx(n int32) *errCountCtx {
	ctx, cancel := context.WithCancel(context.Background())
	return &errCountCtx{Context: ctx, cancel: cancel, n: n}
}

func (c *errCountCtx) Err() error {
	if c.calls.Add(1) == c.n {
		c.cancel()
	}
	return c.Context.Err()
}

// A compile whose context is done returns its error, from whichever
// check sees it first; the compile left running in the background ends
// by itself (at its next check), leaving no goroutine behind.
func TestCompileCancelled(t *testing.T) {
	defer goleak.VerifyNone(t)
	var src strings.Builder
	src.WriteString("package main\n\nfunc main() { println(f0(1)) }\n")
	const funcs = 3000
	for i := 0; i < funcs; i++ {
		fmt.Fprintf(&src, "\nfunc f%d(x int) int {\n\tfor i := 0; i < x; i++ {\n\t\tx += i * %d\n\t}\n\treturn f%d(x)\n}\n", i, i, (i+1)%funcs)
	}
	file := File{Name: "big.go", Src: []byte(src.String())}
	// The first check is before anything starts, the next ones while it
	// parses, checks and compiles: 40 is among the compiler's function
	// loop's.
	for _, n := range []int32{1, 2, 3, 4, 40} {
		ctx := newErrCountCtx(n)
		_, err := CompileSourceContext(ctx, CompileOptions{}, file)
		if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "spindle: compile: ") {
			t.Errorf("cancelled at check %d: %v", n, err)
		}
		abandonedCompiles.Wait()
		ctx.cancel()
	}
	if _, err := CompileSourceContext(context.Background(), CompileOptions{}, file); err != nil {
		t.Fatalf("not cancelled: %v", err)
	}
}
