package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"spindle/internal/traceview"
)

var helpTrace = `usage: spindle trace [-http addr] [-o page.html] trace.json

Trace serves the execution trace that spindle run -trace or spindle test
-trace wrote as a timeline page: a track per shard and goroutine, running
spans, waits coloured by their reason, go statements as arrows, stack-
shrink passes and the host's collection pauses, and a table of the time
spent waiting by reason. The page is self-contained (it needs no network);
the trace itself is at /trace.json, for Perfetto or chrome://tracing.

	-http addr   serve on addr (default localhost:0, a free port); the
	             address is printed, and the server runs until interrupted
	-o file      write the page to file instead of serving it
`

// traceCommand is spindle trace.
func traceCommand(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("trace", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, helpTrace) }
	addr := fs.String("http", "localhost:0", "")
	out := fs.String("o", "", "")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	file := fs.Arg(0)
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(stderr, "spindle trace:", err)
		return 1
	}
	tr, err := traceview.Parse(data)
	if err != nil {
		fmt.Fprintf(stderr, "spindle trace: %s: %v\n", file, err)
		return 1
	}
	title := filepath.Base(file)
	if *out != "" {
		page, err := tr.Page(title)
		if err == nil {
			err = os.WriteFile(*out, page, 0o666)
		}
		if err != nil {
			fmt.Fprintln(stderr, "spindle trace:", err)
			return 1
		}
		return 0
	}
	h, err := tr.Handler(title)
	if err != nil {
		fmt.Fprintln(stderr, "spindle trace:", err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "spindle trace:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	srv := &http.Server{Handler: h}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	fmt.Fprintf(stderr, "spindle trace: serving %s at http://%s/\n", file, ln.Addr())
	if err := srv.Serve(ln); err != http.ErrServerClosed {
		fmt.Fprintln(stderr, "spindle trace:", err)
		return 1
	}
	return 0
}
