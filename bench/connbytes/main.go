// Command connbytes measures the memory of an idle TCP connection on the
// server side: connection state plus the goroutine parked reading it. It
// listens, prints "base=..." once the probe connection was served (start
// the load then: a connection accepted earlier would count in base),
// waits until -n connections have each echoed one message and -settle
// more for them to park in io.Copy, collects, and prints the live heap
// plus goroutine stacks (HeapAlloc + StackInuse, see live) against the
// same figure before the first connection, divided by n. Kernel socket
// buffers are not counted (they are not the process's heap), nor pooled
// I/O buffers freed by the collections. bench/connbytes/compare.sh runs
// it natively and on spindle.
//
//	go run ./bench/connbytes -n 1000 &          # or: spindle run bench/connbytes/main.go -- -n 1000 &
//	go run ./bench/echoload -addr 127.0.0.1:7010 -probe   # then, once it printed base=:
//	go run ./bench/echoload -addr 127.0.0.1:7010 -conns 1000 -idle 5s
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"time"
)

// echoOnce echoes one 64-byte message (in a call of its own: its buffer
// is not part of the idle connection).
func echoOnce(c net.Conn) bool {
	buf := make([]byte, 64)
	k, err := io.ReadFull(c, buf)
	c.Write(buf[:k])
	return err == nil
}

// live is the heap in use plus goroutine stacks after four collections:
// natively two suffice, while spindle shrinks the stacks of fibers parked
// through a whole collection cycle (a pass after one collection marks
// them, the pass after the next shrinks them, and the one after that
// frees their old stacks). An idle server gets there by itself: Go's
// runtime collects at least every two minutes.
func live() uint64 {
	var ms runtime.MemStats
	for i := 0; i < 4; i++ {
		runtime.GC()
	}
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc + ms.StackInuse
}

func main() {
	n := flag.Int("n", 1000, "connections to wait for")
	addr := flag.String("addr", "127.0.0.1:7010", "address to listen on")
	settle := flag.Duration("settle", time.Second, "wait after the last connection echoed, before measuring")
	shape := flag.String("shape", "echo", "what a connection's goroutine does: echo (io.Copy(c, c)), chat (examples/chat's: a bufio.Scanner, and a writer goroutine with a bufio.Writer) or bufio (one goroutine echoing lines through a bufio.Reader and a bufio.Writer)")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "connbytes:", err)
		os.Exit(1)
	}
	// The probe connection (echoload -probe) is served before measuring,
	// so that what serving allocates once (code paths, pools) is in base.
	ready := make(chan bool)
	// One function per shape: a connection's goroutine holds nothing for
	// the shape it does not have.
	serve := func(c net.Conn) {
		ready <- echoOnce(c)
		io.Copy(c, c)
		c.Close()
	}
	switch *shape {
	case "chat":
		serve = func(c net.Conn) {
			ready <- echoOnce(c)
			chatServe(c)
			c.Close()
		}
	case "bufio":
		serve = func(c net.Conn) {
			ready <- echoOnce(c)
			bufioServe(c)
			c.Close()
		}
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
	// The load may start now: connections accepted before base was taken
	// would have been counted in it.
	fmt.Printf("base=%d\n", base)
	for i := 0; i < *n; i++ {
		<-ready
	}
	// Each goroutine sent ready before its io.Copy; give them all time to
	// get there and park (on a spindle shard they were runnable, holding
	// buffers, while main ran).
	time.Sleep(*settle)
	after := live()
	fmt.Printf("conns=%d base=%d after=%d bytes_per_conn=%d\n", *n, base, after, int64(after-base)/int64(*n))
}

// bufioServe echoes lines through a bufio.Reader and a bufio.Writer
// wrapped around the connection, the way line protocols are served.
func bufioServe(c net.Conn) {
	r, w := bufio.NewReader(c), bufio.NewWriter(c)
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		w.WriteString(line)
		if w.Flush() != nil {
			return
		}
	}
}

// chatServe is examples/chat's per-connection shape: a Scanner reading
// lines, and a writer goroutine with a bufio.Writer sending them back.
func chatServe(c net.Conn) {
	out := make(chan string, 16)
	go func() {
		w := bufio.NewWriter(c)
		for s := range out {
			w.WriteString(s)
			w.Flush()
		}
	}()
	sc := bufio.NewScanner(c)
	for sc.Scan() {
		out <- sc.Text() + "\n"
	}
	close(out)
}
