package spindle_test

import (
	"bufio"
	"context"
	"io"
	"syscall"
	"testing"
	"time"

	"go.uber.org/goleak"

	"spindle"
)

// TestRunningSignal: Running.Signal delivers a signal to the channels the
// program registered with os/signal and reports whether it handled it;
// an unregistered or ignored signal is reported as such, and nothing is
// left running afterwards.
func TestRunningSignal(t *testing.T) {
	defer goleak.VerifyNone(t)
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "sig.go", Src: []byte(`package main

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGUSR1)
	signal.Ignore(syscall.SIGHUP)
	fmt.Println("ready")
	fmt.Println("got", <-c)
}
`)})
	if err != nil {
		t.Fatal(err)
	}
	// A minute at most: if a signal never arrives, the run is cancelled
	// and its end closes the pipe, so the reads below fail, not hang.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	pr, pw := io.Pipe()
	run := prog.Start(ctx, spindle.RunOptions{Stdout: pw})
	go func() {
		run.Wait()
		pw.Close()
	}()
	r := bufio.NewReader(pr)
	if line, _ := r.ReadString('\n'); line != "ready\n" {
		t.Fatalf("got %q", line)
	}
	if run.Signal(syscall.SIGUSR2) {
		t.Error("SIGUSR2 reported handled; the program did not register it")
	}
	if !run.Signal(syscall.SIGHUP) {
		t.Error("SIGHUP reported unhandled; the program ignores it")
	}
	if !run.Signal(syscall.SIGUSR1) {
		t.Error("SIGUSR1 reported unhandled")
	}
	if line, _ := r.ReadString('\n'); line != "got user defined signal 1\n" {
		t.Errorf("got %q", line)
	}
	go io.Copy(io.Discard, r)
	if code, err := run.Wait(); code != 0 || err != nil {
		t.Errorf("exit %d, %v", code, err)
	}
	if run.Signal(syscall.SIGUSR1) {
		t.Error("a signal after the run ended was reported handled")
	}
}
