package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"spindle"
	"spindle/examples/internal/servertest"
)

// startServer runs main.go on a free loopback port (see servertest.Start).
func startServer(t *testing.T, extra ...string) (string, func() string) {
	return servertest.Start(t, spindle.RunOptions{Args: append([]string{"echo", "-addr", "127.0.0.1:0"}, extra...), Grants: servertest.Loopback})
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
