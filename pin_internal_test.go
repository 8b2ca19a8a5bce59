package spindle

import (
	"bytes"
	"context"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// A pinned run gives its threads back with the affinity they had: shard 0
// runs on the caller's thread, which the host goes on using.
func TestPinnedRunRestoresThreadAffinity(t *testing.T) {
	runtime.LockOSThread() // the run's Lock/Unlock nest inside: the thread stays ours
	defer runtime.UnlockOSThread()
	var before unix.CPUSet
	if err := unix.SchedGetaffinity(0, &before); err != nil || before.Count() < 2 {
		t.Skipf("needs a thread allowed on two CPUs (%d, %v)", before.Count(), err)
	}
	prog, err := CompileSource(CompileOptions{}, File{Name: "p.go", Src: []byte("package main\n\nfunc main() {}\n")})
	if err != nil {
		t.Fatal(err)
	}
	if code := prog.group(context.Background(), RunOptions{Pin: true, Shards: 2}).Run(); code != 0 {
		t.Fatalf("exit %d", code)
	}
	var after unix.CPUSet
	if err := unix.SchedGetaffinity(0, &after); err != nil {
		t.Fatal(err)
	}
	if after != before {
		t.Errorf("affinity after the run: %d CPUs, before: %d", after.Count(), before.Count())
	}
}

// An event loop RunOptions does not know ends the run at once with an
// error, before any guest code runs.
func TestUnknownEventLoopIsAnError(t *testing.T) {
	prog, err := CompileSource(CompileOptions{}, File{Name: "p.go", Src: []byte("package main\n\nfunc main() { println(\"ran\") }\n")})
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	r := prog.Start(context.Background(), RunOptions{EventLoop: "kqueue", Stderr: &stderr})
	code, err := r.Wait()
	if code != 2 || err == nil || err.Error() != `spindle: event loop "kqueue": want batch, epoll or uring` {
		t.Errorf("exit %d, %v", code, err)
	}
	if stderr.Len() > 0 {
		t.Errorf("the program ran: %q", stderr.String())
	}
	if d := r.Dump(); d != "" {
		t.Errorf("Dump of a run that never started: %q", d)
	}
}
