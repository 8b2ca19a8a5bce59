package spindle_test

import (
	"bytes"
	"context"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"spindle"
)

// The socket conformance programs pass on both event-loop backends.
func TestNetOnBothBackends(t *testing.T) {
	files, _ := filepath.Glob("testdata/conformance/net/*.go")
	if len(files) == 0 {
		t.Fatal("no net programs")
	}
	for _, backend := range []string{"epoll", "uring"} {
		t.Run(backend, func(t *testing.T) {
			t.Setenv("SPINDLE_IO", backend)
			for _, path := range files {
				c := parseCase(t, path)
				stdout, stderr, code := runGuestOpts(t, path, spindle.Options{Args: c.args, NoStarveWarning: true})
				t.Run(filepath.Base(path), func(t *testing.T) { checkCase(t, c, stdout, stderr, code) })
			}
		})
	}
}

// 10,000 connections opened and closed leave no file descriptor, host
// goroutine or timer behind.
func TestTenThousandConnectionsLeakNothing(t *testing.T) {
	defer goleak.VerifyNone(t)
	src := `package main

import (
	"fmt"
	"net"
	"os"
	"time"
)

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	fmt.Println(ln.Addr())
	done := make(chan bool)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				done <- true
				return
			}
			go func() {
				c.SetReadDeadline(time.Now().Add(10 * time.Second))
				buf := make([]byte, 8)
				n, _ := c.Read(buf)
				c.Write(buf[:n])
				c.Close()
			}()
		}
	}()
	n := 0
	for i := 0; i < 10000; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			fmt.Println(err)
			os.Exit(1)
		}
		c.Write([]byte("ping"))
		buf := make([]byte, 8)
		k, _ := c.Read(buf)
		if string(buf[:k]) == "ping" {
			n++
		}
		c.Close()
	}
	ln.Close()
	<-done
	fmt.Println("echoed", n)
}
`
	dir := t.TempDir()
	path := filepath.Join(dir, "conns.go")
	os.WriteFile(path, []byte(src), 0o644)
	prog, err := spindle.Compile(path)
	if err != nil {
		t.Fatal(err)
	}
	// One run first, for whatever the host runtime keeps for good.
	if code, _ := prog.Run(context.Background(), spindle.Options{NoStarveWarning: true}); code != 0 {
		t.Fatalf("warm-up run exited %d", code)
	}
	before := openFDs(t)
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	code, _ := prog.Run(ctx, spindle.Options{Stdout: &out, NoStarveWarning: true})
	if code != 0 || !strings.HasSuffix(out.String(), "echoed 10000\n") {
		t.Fatalf("exit %d, output %q", code, out.String())
	}
	if after := openFDs(t); after != before {
		t.Errorf("%d file descriptors open after the run, %d before", after, before)
	}
	// The listener's port is closed: nobody accepts any more.
	addr := strings.TrimSpace(strings.SplitN(out.String(), "\n", 2)[0])
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Errorf("listener %s still accepts after the run", addr)
	}
}
