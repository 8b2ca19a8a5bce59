package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"
)

func main() {
	// The conformance harness runs programs with an empty environment.
	if os.Getenv("PATH") == "" {
		os.Setenv("PATH", "/usr/local/bin:/usr/bin:/bin")
	}
	out, err := exec.Command("echo", "hello", "world").Output()
	fmt.Printf("output: %q %v\n", out, err)

	cmd := exec.Command("sh", "-c", "echo to-stderr >&2; echo to-stdout; exit 3")
	comb, err := cmd.CombinedOutput()
	fmt.Printf("combined: %q\n", comb)
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		fmt.Println("exit error:", ee, ee.ExitCode(), ee.Exited(), ee.Success())
	}

	cmd = exec.Command("tr", "a-z", "A-Z")
	cmd.Stdin = strings.NewReader("shout this\n")
	var buf bytes.Buffer
	cmd.Stdout = &buf
	if err := cmd.Run(); err != nil {
		panic(err)
	}
	fmt.Print("tr: ", buf.String())

	cmd = exec.Command("cat")
	in, _ := cmd.StdinPipe()
	pout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	io.WriteString(in, "through pipes\n")
	in.Close()
	b, _ := io.ReadAll(pout)
	fmt.Printf("pipes: %q wait=%v\n", b, cmd.Wait())

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	err = exec.CommandContext(ctx, "sleep", "10").Run()
	fmt.Println("context:", err, time.Since(start) < 5*time.Second, ctx.Err())

	_, err = exec.LookPath("definitely-not-a-command-xyz")
	fmt.Println("lookpath:", err)
	p, err := exec.LookPath("sh")
	fmt.Println("sh found:", p != "", err)
	err = exec.Command("definitely-not-a-command-xyz").Run()
	fmt.Println("run missing:", err)

	cmd = exec.Command("sh", "-c", "echo $GREETING from $PWD")
	cmd.Env = append(os.Environ(), "GREETING=hi")
	cmd.Dir = "/tmp"
	out, _ = cmd.Output()
	fmt.Printf("env+dir: %s", out)

	cmd = exec.Command("echo", "direct to stdout")
	cmd.Stdout = os.Stdout
	cmd.Run()
	fmt.Println("after child")
	fmt.Println(cmd.ProcessState.String(), cmd.ProcessState.ExitCode())

	// A megabyte through a child's stdin with fmt.Fprint (a pipe: the
	// write parks when the pipe is full) while a goroutine drains it.
	cmd = exec.Command("cat")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Start()
	n := make(chan int64)
	go func() {
		c, _ := io.Copy(io.Discard, stdout)
		n <- c
	}()
	fmt.Fprint(stdin, strings.Repeat("x", 1<<20))
	stdin.Close()
	fmt.Println("cat copied", <-n, cmd.Wait())

	// Standard streams in each other's slots.
	cmd = exec.Command("sh", "-c", "echo to-stdout-via-stderr >&2")
	cmd.Stderr = os.Stdout
	fmt.Println("swapped:", cmd.Run())

	self, _ := os.FindProcess(os.Getpid())
	fmt.Println("signal 0 to self:", self.Signal(syscall.Signal(0)))
	cmd = exec.Command("true")
	cmd.Dir = "/definitely/not/a/dir"
	fmt.Println("bad dir:", cmd.Run())
}

// Output:
// output: "hello world\n" <nil>
// combined: "to-stderr\nto-stdout\n"
// exit error: exit status 3 3 true false
// tr: SHOUT THIS
// pipes: "through pipes\n" wait=<nil>
// context: signal: killed true context deadline exceeded
// lookpath: exec: "definitely-not-a-command-xyz": executable file not found in $PATH
// sh found: true <nil>
// run missing: exec: "definitely-not-a-command-xyz": executable file not found in $PATH
// env+dir: hi from /tmp
// direct to stdout
// after child
// exit status 0 0
// cat copied 1048576 <nil>
// to-stdout-via-stderr
// swapped: <nil>
// signal 0 to self: <nil>
// bad dir: chdir /definitely/not/a/dir: no such file or directory
