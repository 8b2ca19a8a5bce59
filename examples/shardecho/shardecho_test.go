package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"spindle"
)

// lineWriter hands over the server's first stdout line.
type lineWriter struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	line chan string
	sent bool
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if line, ok := strings.CutSuffix(w.buf.String(), "\n"); ok && !w.sent {
		w.line <- line
		w.sent = true
	}
	return len(p), nil
}

// TestShardEchoSpreadsConnections runs the server on 4 shards, opens 200
// connections and echoes a line on each; every shard listens (the
// "listening on" line names 4 shards) and the run's shutdown closes them.
func TestShardEchoSpreadsConnections(t *testing.T) {
	prog, err := spindle.Compile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	out := &lineWriter{line: make(chan string, 1)}
	var stderr bytes.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	run := prog.Start(ctx, spindle.Options{Args: []string{"shardecho", "-addr", "127.0.0.1:0"}, Stdout: out, Stderr: &stderr, Shards: 4, NoStarveWarning: true})
	var line string
	select {
	case line = <-out.line:
	case <-time.After(30 * time.Second):
		cancel()
		run.Wait()
		t.Fatalf("server did not start; stderr:\n%s", stderr.String())
	}
	var addr string
	var shards int
	if _, err := fmt.Sscanf(line, "shardecho: listening on %s with %d shards", &addr, &shards); err != nil || shards != 4 {
		t.Fatalf("bad first line %q (%v)", line, err)
	}
	for i := 0; i < 200; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(30 * time.Second))
		msg := fmt.Sprintf("hello %d\n", i)
		fmt.Fprint(c, msg)
		got, err := bufio.NewReader(c).ReadString('\n')
		c.Close()
		if err != nil || got != msg {
			t.Fatalf("conn %d: got %q, %v", i, got, err)
		}
	}
	cancel()
	if code, _ := run.Wait(); code != 1 {
		t.Errorf("cancelled run: exit %d; stderr:\n%s", code, stderr.String())
	}
	if c, err := net.DialTimeout("tcp", addr, 5*time.Second); err == nil {
		c.Close()
		t.Errorf("listener %s still open after the run", addr)
	}
}
