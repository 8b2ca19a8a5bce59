// Command connbytes measures the memory of an idle TCP connection on the
// server side: connection state plus the goroutine parked reading it. It
// listens, waits until -n connections have each echoed one message and
// sits in io.Copy, collects, and prints the live heap plus goroutine
// stacks (HeapAlloc + StackInuse) against the same figure before the
// first connection, divided by n. Kernel socket buffers are not counted
// (they are not the process's heap), nor pooled I/O buffers freed by the
// collections.
//
//	go run ./bench/connbytes -n 1000 &          # or: spindle run bench/connbytes/main.go -- -n 1000 &
//	go run ./bench/echoload -addr 127.0.0.1:7010 -conns 1000 -idle 10s
package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
)

// echoOnce echoes one 64-byte message (in a call of its own: its buffer
// is not part of the idle connection).
func echoOnce(c net.Conn) bool {
	buf := make([]byte, 64)
	k, err := io.ReadFull(c, buf)
	c.Write(buf[:k])
	return err == nil
}

// live is the heap in use plus goroutine stacks, after two collections.
func live() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc + ms.StackInuse
}

func main() {
	n := flag.Int("n", 1000, "connections to wait for")
	addr := flag.String("addr", "127.0.0.1:7010", "address to listen on")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "connbytes:", err)
		os.Exit(1)
	}
	// The probe connection (echoload -probe) is served before measuring,
	// so that what serving allocates once (code paths, pools) is in base.
	ready := make(chan bool)
	serve := func(c net.Conn) {
		ready <- echoOnce(c)
		io.Copy(c, c)
		c.Close()
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go serve(c)
		}
	}()
	<-ready // the probe
	base := live()
	for i := 0; i < *n; i++ {
		<-ready
	}
	after := live()
	fmt.Printf("conns=%d base=%d after=%d bytes_per_conn=%d\n", *n, base, after, int64(after-base)/int64(*n))
}
