//go:build spindle

// Command shardecho is examples/echo on every shard: shard 0 listens with
// fiber.ListenShared (SO_REUSEPORT), then every other shard listens on the
// same address, and the kernel spreads incoming connections across them.
// Each connection gets a fiber on the shard that accepted it. It uses
// spindle's fiber package, so only spindle runs it (the go tool skips it).
//
//	SPINDLE_SHARDS=4 spindle run examples/shardecho/main.go -- -addr 127.0.0.1:7007
package main

import (
	"fiber"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:7007", "address to listen on (host:port; port 0 picks a free port)")
	flag.Parse()
	// Shard 0 listens first, so a port 0 request is resolved once and the
	// other shards join that port.
	ln, err := fiber.ListenShared("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "shardecho:", err)
		os.Exit(1)
	}
	bound := ln.Addr().String()
	servers := []*fiber.Fiber[string]{fiber.Spawn(func() string { return accept(ln) })}
	ready := fiber.NewShared[string]()
	for k := 1; k < fiber.ShardCount(); k++ {
		servers = append(servers, fiber.SpawnOn(k, listenAndServe, listenArgs{bound, ready}))
	}
	// Announce only once every shard listens.
	for k := 1; k < fiber.ShardCount(); k++ {
		if msg, _ := ready.Receive(); msg != "" {
			fmt.Fprintln(os.Stderr, "shardecho:", msg)
			os.Exit(1)
		}
	}
	fmt.Println("shardecho: listening on", bound, "with", fiber.ShardCount(), "shards")
	for _, s := range servers {
		if msg, _ := s.Join(); msg != "" {
			fmt.Fprintln(os.Stderr, "shardecho:", msg)
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
	return accept(ln)
}

// accept serves connections accepted on this shard until ln fails.
func accept(ln net.Listener) string {
	for {
		c, err := ln.Accept()
		if err != nil {
			return err.Error()
		}
		go serve(c)
	}
}

func serve(c net.Conn) {
	defer c.Close()
	io.Copy(c, c)
}
