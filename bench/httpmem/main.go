// Command httpmem measures what a net/http server spends in memory per
// request and per idle keep-alive connection, from the runtime's own
// counters (runtime.MemStats), natively or under spindle:
//
//	go run ./bench/httpmem -mode requests &            # or: spindle run bench/httpmem/main.go -mode requests &
//	go run ./bench/httpload -addr 127.0.0.1:7020 -conns 100 -reqs 620
//
//	go run ./bench/httpmem -mode idle -n 1000 &        # then, once it printed base=:
//	go run ./bench/httpload -addr 127.0.0.1:7020 -conns 1000 -idle 4s
//
// Its handler is examples/http's GET /. In requests mode it prints the
// bytes and objects allocated per request (TotalAlloc and Mallocs)
// between its 10,000th and 60,000th request. In idle mode it measures a
// base (heap in use plus goroutine stacks after four collections) once
// its own probe request was answered, prints base=, waits until -n more
// connections have each had a request answered and gone idle, waits
// -settle, and prints the same figure less the base per connection: the
// live memory an idle keep-alive connection holds, then the bytes
// allocated per connection meanwhile (its first request included;
// goroutine stacks, which Go does not count in TotalAlloc, excluded).
// Kernel socket buffers are not counted. RSS (bench/httpload) counts
// garbage not yet collected too; this counts only what is live. Each
// connection goes idle once (one request each), which is what it counts.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

const (
	firstReq = 10000 // requests measured from this one ...
	lastReq  = 60000 // ... to this one
)

func main() {
	addr := flag.String("addr", "127.0.0.1:7020", "address to listen on")
	mode := flag.String("mode", "requests", "requests: allocation per request; idle: live memory per idle connection")
	n := flag.Int("n", 1000, "idle mode: connections to wait for")
	settle := flag.Duration("settle", 500*time.Millisecond, "idle mode: wait this long once they are idle")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "httpmem:", err)
		os.Exit(1)
	}
	var reqs atomic.Int64
	var mu sync.Mutex // orders the two handlers' uses of before
	var before runtime.MemStats
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		if *mode == "requests" {
			switch reqs.Add(1) {
			case firstReq:
				mu.Lock()
				runtime.ReadMemStats(&before)
				mu.Unlock()
			case lastReq:
				var after runtime.MemStats
				runtime.ReadMemStats(&after)
				k := uint64(lastReq - firstReq)
				mu.Lock()
				fmt.Printf("bytes/req=%d allocs/req=%d\n", (after.TotalAlloc-before.TotalAlloc)/k, (after.Mallocs-before.Mallocs)/k)
				mu.Unlock()
			}
		}
		fmt.Fprintf(w, "hello from shard %d\n", 0)
	})
	switch *mode {
	case "requests":
		fmt.Printf("httpmem: listening on %s; send at least %d requests\n", ln.Addr(), lastReq)
		http.Serve(ln, mux)
	case "idle":
		idle(ln, mux, *n, *settle)
	default:
		fmt.Fprintln(os.Stderr, "httpmem: -mode is requests or idle")
		os.Exit(2)
	}
}

// idle serves until n connections besides its own probe's have gone idle,
// and prints the live memory per connection.
func idle(ln net.Listener, h http.Handler, n int, settle time.Duration) {
	var idleConns atomic.Int64
	done := make(chan struct{})
	srv := &http.Server{Handler: h, ConnState: func(c net.Conn, s http.ConnState) {
		if s == http.StateIdle && idleConns.Add(1) == int64(n)+1 { // +1: the probe's
			close(done)
		}
	}}
	go srv.Serve(ln)
	resp, err := http.Get("http://" + ln.Addr().String() + "/")
	if err != nil {
		fmt.Fprintln(os.Stderr, "httpmem: probe:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	http.DefaultClient.CloseIdleConnections()
	base, allocBase := live()
	fmt.Printf("base=%d\n", base)
	<-done
	time.Sleep(settle)
	l, alloc := live()
	fmt.Printf("live bytes/idle conn=%d allocated bytes/conn=%d\n", (int64(l)-int64(base))/int64(n), (alloc-allocBase)/uint64(n))
	os.Exit(0)
}

// live is the heap in use plus goroutine stacks after four collections
// (spindle shrinks the stacks of fibers parked through a whole collection
// cycle, which takes it three; see bench/connbytes), and the bytes
// allocated so far.
func live() (inUse, allocated uint64) {
	for range 4 {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc + ms.StackInuse, ms.TotalAlloc
}
