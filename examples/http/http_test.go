package main

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"spindle"
	"spindle/examples/internal/servertest"
)

// get fetches url with client and returns the status and body.
func get(t *testing.T, client *http.Client, url string) (int, string) {
	t.Helper()
	resp, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// TestHTTPOneServer serves GET, POST and a parked handler on one shard,
// over keep-alive connections, with slow requests in flight while fast
// ones are answered.
func TestHTTPOneServer(t *testing.T) {
	addr, stop := servertest.Start(t, spindle.RunOptions{Args: []string{"http", "-addr", "127.0.0.1:0"}, Shards: 1, Grants: servertest.Loopback})
	defer stop()
	base := "http://" + addr
	client := &http.Client{Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	if code, body := get(t, client, base+"/"); code != 200 || body != "hello from shard 0\n" {
		t.Fatalf("GET /: %d %q", code, body)
	}
	resp, err := client.Post(base+"/echo", "text/plain", strings.NewReader("spindle"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(b) != "spindle" || resp.Header.Get("Content-Type") != "text/plain" {
		t.Fatalf("POST /echo: %d %q %q", resp.StatusCode, b, resp.Header.Get("Content-Type"))
	}
	if code, _ := get(t, client, base+"/missing"); code != 404 {
		t.Fatalf("GET /missing: %d", code)
	}
	// 20 slow requests park while 50 fast ones are served.
	var wg sync.WaitGroup
	errs := make(chan error, 70)
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if code, body := get(t, client, base+"/slow?ms=300"); code != 200 || body != "slept 300ms\n" {
				errs <- fmt.Errorf("slow: %d %q", code, body)
			}
		}()
	}
	for i := 0; i < 50; i++ {
		if code, _ := get(t, client, base+"/"); code != 200 {
			t.Fatalf("GET / during slow requests: %d", code)
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestHTTPServerPerShard runs a server on each of 2 shards on one port;
// every shard answers (the kernel spreads new connections).
func TestHTTPServerPerShard(t *testing.T) {
	addr, stop := servertest.Start(t, spindle.RunOptions{Args: []string{"http", "-pershard", "-addr", "127.0.0.1:0"}, Shards: 2, Grants: servertest.Loopback})
	defer stop()
	seen := map[string]bool{}
	for i := 0; i < 200 && len(seen) < 2; i++ {
		// A new connection each time, so the kernel picks a listener.
		client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
		code, body := get(t, client, "http://"+addr+"/")
		if code != 200 || !strings.HasPrefix(body, "hello from shard ") {
			t.Fatalf("GET /: %d %q", code, body)
		}
		seen[body] = true
	}
	if len(seen) != 2 {
		t.Fatalf("answers from %v, want both shards", seen)
	}
}
