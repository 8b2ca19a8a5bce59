// Command echo is a TCP echo server: every connection gets its own
// goroutine, which copies what it reads back to the client until the
// client closes its side.
//
//	spindle run examples/echo/main.go -addr 127.0.0.1:7007
//	go run ./examples/echo -addr 127.0.0.1:7007
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
	n, err := io.Copy(c, c)
	if verbose {
		log.Printf("%v: %d bytes echoed (%v)", c.RemoteAddr(), n, err)
	}
}
