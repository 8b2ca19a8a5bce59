//go:build spindle

// Command http serves HTTP with Go's own net/http, every connection a
// fiber. By default one server runs on shard 0; with -pershard every shard
// runs its own server on the same port (fiber.ListenShared: SO_REUSEPORT,
// the kernel spreads connections across the shards), as examples/shardecho
// does for TCP. It uses spindle's fiber package, so only spindle runs it
// (the go tool skips it).
//
//	spindle run examples/http/main.go -addr 127.0.0.1:8080
//	spindle run -shards 4 examples/http/main.go -pershard -addr 127.0.0.1:8080
//
// GET / says hello and which shard served it; POST /echo returns the
// request body; GET /slow?ms=N answers after N milliseconds (the fiber
// parks; the shard serves others meanwhile).
package main

import (
	"fiber"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"
)

func handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "hello from shard %d\n", fiber.Shard())
	})
	mux.HandleFunc("POST /echo", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", r.Header.Get("Content-Type"))
		io.Copy(w, r.Body)
	})
	mux.HandleFunc("GET /slow", func(w http.ResponseWriter, r *http.Request) {
		ms, _ := strconv.Atoi(r.URL.Query().Get("ms"))
		select {
		case <-time.After(time.Duration(ms) * time.Millisecond):
			fmt.Fprintf(w, "slept %dms\n", ms)
		case <-r.Context().Done():
		}
	})
	return mux
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on (host:port; port 0 picks a free port)")
	perShard := flag.Bool("pershard", false, "run a server on every shard (SO_REUSEPORT)")
	flag.Parse()
	if !*perShard {
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			fmt.Fprintln(os.Stderr, "http:", err)
			os.Exit(1)
		}
		fmt.Println("http: listening on", ln.Addr(), "with 1 server")
		err = (&http.Server{Handler: handler(), ReadHeaderTimeout: 10 * time.Second}).Serve(ln)
		fmt.Fprintln(os.Stderr, "http:", err)
		os.Exit(1)
	}
	// Shard 0 listens first, so a port 0 request is resolved once and the
	// other shards join that port.
	ln, err := fiber.ListenShared("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "http:", err)
		os.Exit(1)
	}
	bound := ln.Addr().String()
	servers := []*fiber.Fiber[string]{fiber.Spawn(func() string { return serve(ln) })}
	ready := fiber.NewShared[string]()
	for k := 1; k < fiber.ShardCount(); k++ {
		servers = append(servers, fiber.SpawnOn(k, listenAndServe, listenArgs{bound, ready}))
	}
	for k := 1; k < fiber.ShardCount(); k++ {
		if msg, _ := ready.Receive(); msg != "" {
			fmt.Fprintln(os.Stderr, "http:", msg)
			os.Exit(1)
		}
	}
	fmt.Println("http: listening on", bound, "with", fiber.ShardCount(), "servers")
	for _, s := range servers {
		if msg, _ := s.Join(); msg != "" {
			fmt.Fprintln(os.Stderr, "http:", msg)
			os.Exit(1)
		}
	}
}

type listenArgs struct {
	Addr  string
	Ready *fiber.Shared[string] // "" once listening, else the error
}

// listenAndServe runs on one shard: it joins the shared port, reports,
// and serves.
func listenAndServe(a listenArgs) string {
	ln, err := fiber.ListenShared("tcp", a.Addr)
	if err != nil {
		a.Ready.Send(err.Error())
		return ""
	}
	a.Ready.Send("")
	return serve(ln)
}

// serve runs this shard's server (its own ServeMux, since package-level
// state is per shard) until ln fails.
func serve(ln net.Listener) string {
	srv := &http.Server{Handler: handler(), ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln).Error()
}
