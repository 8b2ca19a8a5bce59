package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"spindle"
	"spindle/examples/internal/servertest"
)

// startServer runs main.go on a free loopback port (see servertest.Start);
// stopping it also checks that no client was dropped as too slow.
func startServer(t *testing.T) (string, func()) {
	addr, stop := servertest.Start(t, spindle.RunOptions{Args: []string{"chat", "-addr", "127.0.0.1:0"}, Grants: servertest.Loopback})
	return addr, func() {
		if stderr := stop(); strings.Contains(stderr, "too slow") {
			t.Errorf("server dropped a client:\n%s", stderr)
		}
	}
}

type client struct {
	name string
	c    net.Conn
	r    *bufio.Reader
}

// readUntil reads lines until one satisfies ok, returning the lines read
// before it.
func (cl *client) readUntil(ok func(string) bool) ([]string, string, error) {
	var skipped []string
	for {
		line, err := cl.r.ReadString('\n')
		if err != nil {
			return skipped, "", fmt.Errorf("%s: %v after %d lines", cl.name, err, len(skipped))
		}
		line = strings.TrimSuffix(line, "\n")
		if ok(line) {
			return skipped, line, nil
		}
		skipped = append(skipped, line)
	}
}

func join(addr, name string, deadline time.Time) (*client, error) {
	c, err := net.DialTimeout("tcp", addr, 30*time.Second)
	if err != nil {
		return nil, err
	}
	c.SetDeadline(deadline)
	cl := &client{name: name, c: c, r: bufio.NewReader(c)}
	if line, err := cl.r.ReadString('\n'); err != nil || line != "* name?\n" {
		c.Close()
		return nil, fmt.Errorf("%s: prompt %q %v", name, line, err)
	}
	fmt.Fprintln(c, name)
	if _, _, err := cl.readUntil(func(l string) bool { return strings.HasPrefix(l, "* welcome "+name+",") }); err != nil {
		c.Close()
		return nil, err
	}
	return cl, nil
}

func clientCount(want int) int {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err == nil && lim.Cur < uint64(2*want+200) {
		return max(int(lim.Cur-200)/2, 10)
	}
	return want
}

func TestChatTwoClients(t *testing.T) {
	addr, stop := startServer(t)
	defer stop()
	deadline := time.Now().Add(30 * time.Second)
	ada, err := join(addr, "ada", deadline)
	if err != nil {
		t.Fatal(err)
	}
	defer ada.c.Close()
	bob, err := join(addr, "bob", deadline)
	if err != nil {
		t.Fatal(err)
	}
	expect := func(cl *client, want string) {
		t.Helper()
		line, err := cl.r.ReadString('\n')
		if err != nil || line != want+"\n" {
			t.Fatalf("%s got %q %v, want %q", cl.name, line, err, want)
		}
	}
	expect(ada, "* bob joined")
	fmt.Fprintln(bob.c, "hi ada")
	expect(ada, "bob: hi ada")
	fmt.Fprintln(ada.c, "hello bob")
	expect(bob, "ada: hello bob")
	bob.c.Close()
	expect(ada, "* bob left")
}

// TestChatBroadcast: 1,000 clients (200 with -short) join, each sends one
// line, and every client receives the line of every other client exactly
// once; the process's memory stays bounded.
func TestChatBroadcast(t *testing.T) {
	want := 1000
	if testing.Short() {
		want = 200
	}
	n := clientCount(want)
	addr, stop := startServer(t)
	defer stop()
	start := time.Now()
	deadline := start.Add(60 * time.Second)
	clients := make([]*client, n)
	errs := make(chan error, 2*n)
	var wg sync.WaitGroup
	// Everyone joins (and is welcomed, so is a member) before anyone talks.
	for i := range clients {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			cl, err := join(addr, fmt.Sprintf("c%03d", i), deadline)
			if err != nil {
				errs <- err
				return
			}
			clients[i] = cl
		}(i)
	}
	wg.Wait()
	for _, cl := range clients {
		if cl == nil {
			t.Fatal(<-errs)
		}
		defer cl.c.Close()
	}
	joined := time.Since(start)
	for _, cl := range clients {
		wg.Add(1)
		go func(cl *client) {
			defer wg.Done()
			if _, err := fmt.Fprintf(cl.c, "hello from %s\n", cl.name); err != nil {
				errs <- err
				return
			}
			seen := map[string]bool{}
			for len(seen) < n-1 {
				_, line, err := cl.readUntil(func(l string) bool { return !strings.HasPrefix(l, "* ") })
				if err != nil {
					errs <- err
					return
				}
				from, text, _ := strings.Cut(line, ": ")
				switch {
				case text != "hello from "+from:
					errs <- fmt.Errorf("%s got %q", cl.name, line)
					return
				case from == cl.name:
					errs <- fmt.Errorf("%s got its own line back", cl.name)
					return
				case seen[from]:
					errs <- fmt.Errorf("%s got %s's line twice", cl.name, from)
					return
				}
				seen[from] = true
			}
		}(cl)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	t.Logf("%d clients: joined in %v, %d broadcasts delivered in %v", n, joined.Round(time.Millisecond), n*(n-1), time.Since(start).Round(time.Millisecond))
	// Server and clients share this process: together they must stay far
	// below what a thread per connection would cost.
	if rss := vmRSS(t); rss > 512<<20 {
		t.Errorf("process RSS %d MiB after %d clients", rss>>20, n)
	}
}

// vmRSS reads the process's resident set size from /proc.
func vmRSS(t *testing.T) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status")
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			var kb int64
			fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), &kb)
			return kb << 10
		}
	}
	t.Skip("no VmRSS")
	return 0
}
