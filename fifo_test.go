package spindle_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"spindle"
)

// fifoProg opens a FIFO for reading in one goroutine, which blocks in open
// until a writer appears, while main keeps running and then becomes that
// writer. Opening and reading the FIFO park only the reading fiber (the
// work runs on the syscall pool): if they blocked the shard's thread, main
// could never open the writing end and the run would hang.
const fifoProg = `package main

import (
	"fmt"
	"os"
)

func main() {
	path := os.Args[1]
	started := make(chan bool)
	done := make(chan string)
	go func() {
		started <- true
		f, err := os.Open(path) // blocks until main opens the other end
		if err != nil {
			done <- "open: " + err.Error()
			return
		}
		defer f.Close()
		buf := make([]byte, 64)
		n, err := f.Read(buf) // blocks until main writes
		if err != nil {
			done <- "read: " + err.Error()
			return
		}
		done <- string(buf[:n])
	}()
	<-started
	n := 0
	for i := 0; i < 1000; i++ {
		n += i
	}
	fmt.Println("main ran", n)
	w, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		fmt.Println("open for writing:", err)
		return
	}
	if _, err := w.Write([]byte("through the fifo")); err != nil {
		fmt.Println("write:", err)
	}
	fmt.Println(<-done)
	fmt.Println("close:", w.Close())
}
`

func TestFIFOOpenAndReadOnSyscallPool(t *testing.T) {
	path := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "fifo.go", Src: []byte(fifoProg)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	type result struct {
		code int
		err  error
	}
	ended := make(chan result, 1)
	go func() {
		code, err := prog.Run(ctx, spindle.RunOptions{Args: []string{"fifo", path}, Stdout: &out, Stderr: &errb, Grants: spindle.GrantAll})
		ended <- result{code, err}
	}()
	select {
	case r := <-ended:
		want := "main ran 499500\nthrough the fifo\nclose: <nil>\n"
		if r.code != 0 || r.err != nil || out.String() != want {
			t.Fatalf("exit %d (%v), stdout %q, want %q; stderr:\n%s", r.code, r.err, out.String(), want, errb.String())
		}
		if strings.Contains(errb.String(), "BUG") {
			t.Fatalf("stderr:\n%s", errb.String())
		}
	case <-time.After(15 * time.Second):
		// A thread stuck in open(2) on the FIFO ignores the context: free
		// it by opening the FIFO's other end (O_RDWR never blocks) before
		// failing, so the run can end.
		if f, err := os.OpenFile(path, os.O_RDWR, 0); err == nil {
			f.Write([]byte("unblock"))
			defer f.Close()
		}
		t.Fatal("the run hung: opening or reading a FIFO blocked the shard's thread instead of parking its fiber")
	}
}

// Reads of standard input run on the syscall pool too; two fibers reading
// it at once must not read the host io.Reader concurrently (the race
// detector checks), and together they see every byte once.
func TestStdinReadsOnSyscallPool(t *testing.T) {
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "stdin.go", Src: []byte(`package main

import (
	"fmt"
	"os"
)

func main() {
	counts := make(chan int)
	for g := 0; g < 2; g++ {
		go func() {
			buf := make([]byte, 7)
			n := 0
			for {
				k, err := os.Stdin.Read(buf)
				n += k
				if err != nil {
					break
				}
			}
			counts <- n
		}()
	}
	fmt.Println(<-counts + <-counts)
}
`)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	in := strings.Repeat("0123456789", 2000)
	code, err := prog.Run(ctx, spindle.RunOptions{Stdin: strings.NewReader(in), Stdout: &out, Stderr: &errb})
	if code != 0 || err != nil || out.String() != "20000\n" {
		t.Fatalf("exit %d (%v), stdout %q; stderr:\n%s", code, err, out.String(), errb.String())
	}
}
