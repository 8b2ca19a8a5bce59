// Command native is the native-Go baseline for bench/httpload: the GET /
// handler of examples/http (which only spindle runs: it imports package
// fiber) on one net/http server, with the same http.Server settings. Its
// answer is the same bytes as examples/http's on shard 0, "hello from
// shard 0\n", so the load generator sees identical responses.
//
//	go run ./bench/httpload/native -addr 127.0.0.1:8080
//
// Its one flag is -addr, whose default is the line `const defaultAddr =
// ...`, so that a host that passes the program no arguments (the yaegi
// host bench/httpload/run.sh uses for its yaegi row) can rewrite it.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"
)

const defaultAddr = "127.0.0.1:8080"

func handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "hello from shard %d\n", 0)
	})
	return mux
}

func main() {
	addr := flag.String("addr", defaultAddr, "address to listen on (host:port; port 0 picks a free port)")
	flag.Parse()
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
