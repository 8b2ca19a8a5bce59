// Command httpload is a load generator for HTTP/1.1 servers such as
// examples/http. It opens -conns keep-alive connections (plain TCP, no
// net/http client) and, on each, sends -reqs requests
//
//	GET / HTTP/1.1\r\nHost: bench\r\n\r\n
//
// one at a time, reading each whole response (status line, headers and a
// Content-Length body) and checking it (status 200, a Content-Length, no
// "Connection: close", a body that starts with "hello") before sending the
// next. It prints one line:
//
//	conns=1000 reqs=100000 connect_s=0.12 wall_s=2.5 reqs_per_s=40000 p50_us=... p99_us=... max_us=...
//
// where connect_s is the time to open all connections and (with -warmup,
// the default) do one untimed request on each, wall_s covers the timed
// requests only, which start when that is done, and the latencies are
// per-request round trips (write start to the last body byte read).
//
// With -probe it only waits until the server answers: it dials (retrying
// until -timeout, or until the process -pid has exited), does one request
// and exits 0. With -idle D it opens -conns connections, does one request
// on each, prints "idle: N connections open" and holds them open for D
// before closing them, so that a script can measure the server's memory
// meanwhile.
//
// Every wait is bounded by -timeout (the whole run's deadline). Any dial,
// read or write error, malformed or unexpected response makes it exit 1.
// Loopback addresses only: it refuses to dial anything else.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

var (
	addr     = flag.String("addr", "127.0.0.1:8080", "server address (loopback only)")
	conns    = flag.Int("conns", 100, "concurrent keep-alive connections")
	reqs     = flag.Int("reqs", 100, "requests per connection (one at a time)")
	timeout  = flag.Duration("timeout", 60*time.Second, "deadline for the whole run, dial retries included")
	idle     = flag.Duration("idle", 0, "if > 0: open -conns connections, one request on each, hold them open this long, close")
	warmup   = flag.Bool("warmup", true, "one untimed request per connection before the timed ones (counted in connect_s)")
	probe    = flag.Bool("probe", false, "only wait until the server answers one request")
	dialPar  = flag.Int("dialpar", 256, "connections dialled in parallel")
	watch    = flag.Int("pid", 0, "if > 0: the server's process id; dial retries stop once it has exited")
	deadline time.Time
)

// request is what every connection sends, every time.
const request = "GET / HTTP/1.1\r\nHost: bench\r\n\r\n"

// maxBody bounds the Content-Length it accepts (the expected body is
// about 20 bytes).
const maxBody = 1 << 20

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "httpload:", err)
		os.Exit(1)
	}
}

func run() error {
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flag.Args())
	}
	if *conns < 1 || *reqs < 1 || *dialPar < 1 {
		return errors.New("-conns, -reqs and -dialpar must be positive")
	}
	if *timeout <= 0 {
		return errors.New("-timeout must be positive")
	}
	if err := checkLoopback(*addr); err != nil {
		return err
	}
	deadline = time.Now().Add(*timeout)
	if *idle > 0 {
		deadline = deadline.Add(*idle)
	}
	// Every wait below has this deadline; the watchdog is a backstop.
	time.AfterFunc(time.Until(deadline)+5*time.Second, func() {
		fmt.Fprintln(os.Stderr, "httpload: watchdog: still running 5s past the deadline")
		os.Exit(1)
	})
	if *probe {
		*conns = 1
	}
	if err := raiseNofile(uint64(*conns) + 64); err != nil {
		return err
	}

	t0 := time.Now()
	cs, err := dialAll(*conns)
	defer func() {
		for _, c := range cs {
			if c != nil {
				c.Close()
			}
		}
	}()
	if err != nil {
		return err
	}
	if *warmup && !*probe && *idle == 0 {
		// The server may still have connections in its accept queue when
		// the dials return; one request on each makes sure all are served.
		if _, err := load(cs, 1); err != nil {
			return fmt.Errorf("warm-up: %v", err)
		}
	}
	connect := time.Since(t0)

	switch {
	case *probe:
		_, err := load(cs, 1)
		return err
	case *idle > 0:
		if _, err := load(cs, 1); err != nil {
			return err
		}
		fmt.Printf("idle: %d connections open\n", len(cs))
		// Hold them; the deadline covers this wait too.
		time.Sleep(min(*idle, time.Until(deadline)))
		return nil
	}

	t1 := time.Now()
	lat, err := load(cs, *reqs)
	if err != nil {
		return err
	}
	wall := time.Since(t1)
	slices.Sort(lat)
	fmt.Printf("conns=%d reqs=%d connect_s=%.3f wall_s=%.3f reqs_per_s=%.0f p50_us=%.0f p99_us=%.0f max_us=%.0f\n",
		len(cs), len(lat), connect.Seconds(), wall.Seconds(),
		float64(len(lat))/wall.Seconds(),
		us(quantile(lat, 0.50)), us(quantile(lat, 0.99)), us(lat[len(lat)-1]))
	return nil
}

func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

// quantile is the nearest-rank q-quantile of sorted (non-empty) xs.
func quantile(xs []time.Duration, q float64) time.Duration {
	i := int(q*float64(len(xs))+0.999999999) - 1
	return xs[max(0, min(i, len(xs)-1))]
}

// checkLoopback refuses any address that is not a loopback IP.
func checkLoopback(a string) error {
	host, _, err := net.SplitHostPort(a)
	if err != nil {
		return fmt.Errorf("bad -addr %q: %v", a, err)
	}
	ip := net.ParseIP(host)
	if host == "localhost" {
		return nil
	}
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("-addr %q: only loopback addresses (127.0.0.0/8, ::1, localhost) are allowed", a)
	}
	return nil
}

// raiseNofile raises the soft RLIMIT_NOFILE to at least need (up to the
// hard limit, which it also tries to raise when needed).
func raiseNofile(need uint64) error {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil {
		return fmt.Errorf("getrlimit: %v", err)
	}
	if rl.Cur >= need {
		return nil
	}
	want := rl
	want.Cur = need
	if want.Max < need {
		want.Max = need
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err == nil {
		return nil
	}
	if rl.Max < need {
		return fmt.Errorf("need %d open files but RLIMIT_NOFILE hard limit is %d (raise it with ulimit -Hn as root)", need, rl.Max)
	}
	want = syscall.Rlimit{Cur: need, Max: rl.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err != nil {
		return fmt.Errorf("setrlimit NOFILE %d: %v", need, err)
	}
	return nil
}

// dialAll opens n connections, at most -dialpar at a time, each retried
// until the deadline (so it also waits for a server that is starting).
func dialAll(n int) ([]net.Conn, error) {
	cs := make([]net.Conn, n)
	var (
		next    atomic.Int64
		wg      sync.WaitGroup
		errOnce sync.Once
		first   error
	)
	ctx, cancel := context.WithDeadline(context.Background(), deadline)
	defer cancel()
	for range min(n, *dialPar) {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n || ctx.Err() != nil {
					return
				}
				c, err := dialRetry(ctx)
				if err != nil {
					errOnce.Do(func() { first = fmt.Errorf("dial %s (connection %d): %v", *addr, i, err); cancel() })
					return
				}
				cs[i] = c
			}
		})
	}
	wg.Wait()
	if first == nil {
		for i, c := range cs {
			if c == nil {
				first = fmt.Errorf("dial %s (connection %d): %v", *addr, i, ctx.Err())
				break
			}
		}
	}
	return cs, first
}

func dialRetry(ctx context.Context) (net.Conn, error) {
	var d net.Dialer
	backoff := 5 * time.Millisecond
	for {
		c, err := d.DialContext(ctx, "tcp", *addr)
		if err == nil {
			return c, nil
		}
		if ctx.Err() != nil {
			return nil, err
		}
		if *watch > 0 && !alive(*watch) {
			return nil, fmt.Errorf("%v (server process %d has exited)", err, *watch)
		}
		t := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, err
		case <-t.C:
		}
		backoff = min(2*backoff, 100*time.Millisecond)
	}
}

// alive reports whether process pid exists and is not a zombie.
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil // no /proc: zombies count as alive
	}
	// The state follows the parenthesised command name.
	i := bytes.LastIndexByte(b, ')')
	return i < 0 || i+2 >= len(b) || b[i+2] != 'Z'
}

// load runs m requests on every connection concurrently and returns all
// round-trip times (unsorted).
func load(cs []net.Conn, m int) ([]time.Duration, error) {
	lat := make([]time.Duration, len(cs)*m)
	var (
		wg      sync.WaitGroup
		errOnce sync.Once
		first   error
		failed  atomic.Bool
	)
	for i, c := range cs {
		wg.Go(func() {
			if err := session(c, lat[i*m:(i+1)*m], &failed); err != nil {
				errOnce.Do(func() {
					first = fmt.Errorf("connection %d: %v", i, err)
					failed.Store(true)
					// Unblock the others.
					for _, c := range cs {
						c.SetDeadline(time.Now())
					}
				})
			}
		})
	}
	wg.Wait()
	return lat, first
}

// session does len(lat) requests on c, recording each one's time. The
// reader is local to the call: a complete response leaves nothing
// buffered (the server sends nothing unasked), which readResponse checks.
func session(c net.Conn, lat []time.Duration, failed *atomic.Bool) error {
	if err := c.SetDeadline(deadline); err != nil {
		return err
	}
	br := bufio.NewReaderSize(c, 4096)
	var body []byte
	for k := range lat {
		if failed.Load() {
			return nil
		}
		t := time.Now()
		if _, err := io.WriteString(c, request); err != nil {
			return fmt.Errorf("request %d: write: %v", k, err)
		}
		var err error
		body, err = readResponse(br, body[:0])
		if err != nil {
			return fmt.Errorf("request %d: %v", k, err)
		}
		lat[k] = time.Since(t)
		if !bytes.HasPrefix(body, []byte("hello")) {
			return fmt.Errorf("request %d: body %q does not start with \"hello\"", k, trunc(body))
		}
		if br.Buffered() != 0 {
			return fmt.Errorf("request %d: %d unexpected bytes after the response", k, br.Buffered())
		}
	}
	return nil
}

// readResponse reads one HTTP/1.1 response from br: a "HTTP/1.1 200"
// status line, headers up to the empty line, and a body of exactly
// Content-Length bytes, which it appends to body. A response without
// Content-Length (chunked, or delimited by closing), with "Connection:
// close", or with any other status is an error.
func readResponse(br *bufio.Reader, body []byte) ([]byte, error) {
	line, err := readLine(br)
	if err != nil {
		return body, fmt.Errorf("read status line: %v", err)
	}
	proto, rest, _ := bytes.Cut(line, []byte(" "))
	code, _, _ := bytes.Cut(rest, []byte(" "))
	if !bytes.Equal(proto, []byte("HTTP/1.1")) || !bytes.Equal(code, []byte("200")) {
		return body, fmt.Errorf("status line %q, want HTTP/1.1 200", trunc(line))
	}
	length := -1
	for n := 0; ; n++ {
		line, err := readLine(br)
		if err != nil {
			return body, fmt.Errorf("read header: %v", err)
		}
		if len(line) == 0 {
			break
		}
		if n == 100 {
			return body, errors.New("more than 100 header lines")
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return body, fmt.Errorf("malformed header line %q", trunc(line))
		}
		value = bytes.TrimSpace(value)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			v, err := strconv.Atoi(string(value))
			if err != nil || v < 0 || v > maxBody || length >= 0 && v != length {
				return body, fmt.Errorf("bad Content-Length %q", value)
			}
			length = v
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			return body, fmt.Errorf("Transfer-Encoding %q: want a Content-Length body", value)
		case bytes.EqualFold(name, []byte("Connection")):
			if bytes.EqualFold(value, []byte("close")) {
				return body, errors.New("server closes the connection (Connection: close)")
			}
		}
	}
	if length < 0 {
		return body, errors.New("response has no Content-Length")
	}
	n := len(body)
	body = slices.Grow(body, length)[:n+length]
	if _, err := io.ReadFull(br, body[n:]); err != nil {
		return body, fmt.Errorf("read body (%d bytes): %v", length, err)
	}
	return body, nil
}

// readLine reads one CRLF-terminated line (at most the reader's buffer)
// and returns it without the CRLF; the slice is valid until the next read.
func readLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if err != nil {
		if err == bufio.ErrBufferFull {
			return nil, errors.New("line longer than 4096 bytes")
		}
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	if len(line) < 2 || line[len(line)-2] != '\r' {
		return nil, fmt.Errorf("line %q not terminated by CRLF", trunc(line))
	}
	return line[:len(line)-2], nil
}

// trunc shortens b for an error message.
func trunc(b []byte) []byte {
	if len(b) > 80 {
		return b[:80]
	}
	return b
}
