// Command native is the native-Go baseline for bench/echoload: the same
// goroutine-per-connection TCP echo server as examples/echo, with the same
// flags, except that each connection is copied through a 32 KiB buffer
// (io.Copy's generic path) instead of splice(2).
//
// examples/echo builds natively as it is, but there io.Copy(c, c) finds
// that *net.TCPConn implements io.ReaderFrom and splices socket to socket
// through a pipe held for the connection's lifetime: three descriptors per
// connection, so at 10000 connections it runs out of descriptors under a
// 20000 RLIMIT_NOFILE and exits ("accept4: too many open files"). Hiding
// ReaderFrom/WriterTo makes io.Copy allocate a 32 KiB buffer and loop
// Read/Write: one read and one write system call per message, as
// spindle's io.Copy between two connections makes (its TCPConn.ReadFrom and
// WriteTo copy socket to socket through one host buffer, without a pipe).
//
//	go run ./bench/echoload/native -addr 127.0.0.1:7007
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"os"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:7007", "address to listen on (host:port; port 0 picks a free port)")
	verbose := flag.Bool("v", false, "log each connection")
	flag.Parse()

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "echo:", err)
		os.Exit(1)
	}
	fmt.Println("echo: listening on", ln.Addr())
	for {
		c, err := ln.Accept()
		if err != nil {
			fmt.Fprintln(os.Stderr, "echo:", err)
			os.Exit(1)
		}
		go serve(c, *verbose)
	}
}

// serve echoes one connection.
func serve(c net.Conn, verbose bool) {
	defer c.Close()
	// The anonymous structs carry only Read and Write, so io.Copy neither
	// splices nor uses ReadFrom/WriteTo.
	n, err := io.Copy(struct{ io.Writer }{c}, struct{ io.Reader }{c})
	if verbose {
		log.Printf("%v: %d bytes echoed (%v)", c.RemoteAddr(), n, err)
	}
}
