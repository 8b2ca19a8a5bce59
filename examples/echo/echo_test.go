package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"spindle"
)

// addrWriter is the guest's stdout: it hands over the address from the
// "listening on" line.
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
	if !w.sent {
		if line, ok := strings.CutSuffix(w.buf.String(), "\n"); ok {
			if _, addr, ok := strings.Cut(line, "listening on "); ok {
				w.addr <- addr
				w.sent = true
			}
		}
	}
	return len(p), nil
}

// startServer runs main.go under spindle on a free loopback port and
// returns its address and a function that stops it (cancelling the run)
// and checks that the run closed its listener.
func startServer(t *testing.T, extra ...string) (string, func()) {
	t.Helper()
	prog, err := spindle.Compile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	out := &addrWriter{addr: make(chan string, 1)}
	var stderr bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	args := append([]string{"echo", "-addr", "127.0.0.1:0"}, extra...)
	run := prog.Start(ctx, spindle.Options{Args: args, Stdout: out, Stderr: &stderr, NoStarveWarning: true})
	var addr string
	select {
	case addr = <-out.addr:
	case <-time.After(30 * time.Second):
		cancel()
		run.Wait()
		t.Fatalf("server did not start; stderr:\n%s", stderr.String())
	}
	return addr, func() {
		cancel()
		code, _ := run.Wait()
		if code != 1 {
			t.Errorf("cancelled run: exit %d, want 1; stderr:\n%s", code, stderr.String())
		}
		// Every socket of the run is closed when it ends.
		if c, err := net.DialTimeout("tcp", addr, 5*time.Second); err == nil {
			c.Close()
			t.Errorf("listener %s still open after the run ended", addr)
		}
	}
}

// maxConns bounds the connection count by the open-file limit (each
// connection costs two descriptors in this process).
func maxConns(want int) int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur < uint64(2*want+200) {
		return max(int(lim.Cur-200)/2, 10)
	}
	return want
}

func TestEchoOneClient(t *testing.T) {
	addr, stop := startServer(t)
	defer stop()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(30 * time.Second))
	r := bufio.NewReader(c)
	for _, msg := range []string{"hello\n", "spindle\n", strings.Repeat("x", 100000) + "\n"} {
		if _, err := io.WriteString(c, msg); err != nil {
			t.Fatal(err)
		}
		line, err := r.ReadString('\n')
		if err != nil || line != msg {
			t.Fatalf("echo of %d bytes: got %d bytes, %v", len(msg), len(line), err)
		}
	}
	c.(*net.TCPConn).CloseWrite()
	if rest, err := io.ReadAll(r); err != nil || len(rest) != 0 {
		t.Fatalf("after CloseWrite: %q %v", rest, err)
	}
}

// TestEchoManyConnections holds 1000 connections open at once (a server
// goroutine each), then round-trips a message on every one.
func TestEchoManyConnections(t *testing.T) {
	n := maxConns(1000)
	addr, stop := startServer(t)
	defer stop()
	start := time.Now()
	deadline := start.Add(60 * time.Second)
	conns := make([]net.Conn, n)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range conns {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			c, err := net.DialTimeout("tcp", addr, 30*time.Second)
			if err != nil {
				errs <- err
				return
			}
			c.SetDeadline(deadline)
			conns[i] = c
		}(i)
	}
	wg.Wait()
	dialed := time.Since(start)
	for i, c := range conns {
		if c == nil {
			t.Fatalf("connection %d failed: %v", i, <-errs)
		}
	}
	for i, c := range conns {
		wg.Add(1)
		go func(i int, c net.Conn) {
			defer wg.Done()
			defer c.Close()
			msg := fmt.Sprintf("message %d from client %d\n", i*i, i)
			if _, err := io.WriteString(c, msg); err != nil {
				errs <- err
				return
			}
			got := make([]byte, len(msg))
			if _, err := io.ReadFull(c, got); err != nil {
				errs <- fmt.Errorf("client %d: %v", i, err)
				return
			}
			if string(got) != msg {
				errs <- fmt.Errorf("client %d: got %q, want %q", i, got, msg)
			}
		}(i, c)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	t.Logf("%d connections: dialed in %v, all echoed in %v", n, dialed.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
}
