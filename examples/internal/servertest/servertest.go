// Package servertest runs an example server under spindle for the
// examples' tests: it starts examples/<name>/main.go on a free loopback
// port, hands over the address the server prints, and stops the run the
// way a user would (cancelling it), checking that the run ended cleanly
// and closed its listener.
package servertest

import (
	"bytes"
	"context"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"spindle"
)

// Loopback is what an example server needs: to listen on loopback
// addresses (its clients, the tests, dial from outside the run).
var Loopback = spindle.Grants{Listen: []string{"127.0.0.1:*"}}

// addrWriter is the guest's stdout: it hands over the first word after
// "listening on " in the first line that has it.
type addrWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	addr chan string
	sent bool
}

func (w *addrWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if w.sent {
		return len(p), nil
	}
	for _, line := range strings.SplitAfter(w.buf.String(), "\n") {
		if !strings.HasSuffix(line, "\n") {
			break
		}
		if _, rest, ok := strings.Cut(line, "listening on "); ok {
			w.addr <- strings.Fields(rest)[0]
			w.sent = true
			break
		}
	}
	return len(p), nil
}

// Start compiles main.go in the test's directory and runs it with o
// (whose Args should ask for port 0 on loopback), then waits for its
// "listening on ADDR" line. stop cancels the run, checks that it ended
// with status 1 and that ADDR no longer accepts connections, and returns
// the run's stderr for further checks.
func Start(t *testing.T, o spindle.RunOptions) (addr string, stop func() (stderr string)) {
	t.Helper()
	prog, err := spindle.Compile(spindle.CompileOptions{}, "main.go")
	if err != nil {
		t.Fatal(err)
	}
	out := &addrWriter{addr: make(chan string, 1)}
	var errb bytes.Buffer
	o.Stdout, o.Stderr, o.NoStarveWarning = out, &errb, true
	ctx, cancel := context.WithCancel(context.Background())
	run := prog.Start(ctx, o)
	ended := make(chan int, 1)
	go func() {
		code, _ := run.Wait()
		ended <- code
	}()
	select {
	case addr = <-out.addr:
	case code := <-ended:
		cancel()
		t.Fatalf("server exited with status %d before listening; stderr:\n%s", code, errb.String())
	case <-time.After(30 * time.Second):
		cancel()
		run.Wait()
		t.Fatalf("server did not start; stderr:\n%s", errb.String())
	}
	return addr, func() string {
		t.Helper()
		cancel()
		code, _ := run.Wait()
		if code != 1 {
			t.Errorf("cancelled run: exit %d, want 1; stderr:\n%s", code, errb.String())
		}
		// Every socket of the run is closed when it ends.
		if c, err := net.DialTimeout("tcp", addr, 5*time.Second); err == nil {
			c.Close()
			t.Errorf("listener %s still open after the run ended", addr)
		}
		return errb.String()
	}
}
