package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
)

func main() {
	l := log.New(os.Stdout, "prefix: ", 0)
	l.Println("hello", 42)
	l.Printf("formatted %q %d", "x", 7)
	l.Print("no newline added twice\n")
	l.Print("a", "b", 1, 2)

	l.SetPrefix("[app] ")
	l.Println("new prefix")
	fmt.Printf("prefix=%q flags=%d\n", l.Prefix(), l.Flags())

	l.SetFlags(log.Lmsgprefix)
	l.SetPrefix("INFO ")
	l.Println("msgprefix flag")

	var buf bytes.Buffer
	bl := log.New(&buf, "buf: ", 0)
	bl.Println("line 1")
	bl.Println("line 2")
	fmt.Printf("%q\n", buf.String())

	// SetOutput on a logger.
	bl.SetOutput(os.Stdout)
	bl.Println("now to stdout")
	fmt.Println(bl.Writer() == os.Stdout)

	// Default logger redirected to stdout with no timestamp.
	log.SetOutput(os.Stdout)
	log.SetFlags(0)
	log.SetPrefix("std: ")
	log.Println("standard logger")
	log.Printf("%d items", 3)
}

// Output:
// prefix: hello 42
// prefix: formatted "x" 7
// prefix: no newline added twice
// prefix: ab1 2
// [app] new prefix
// prefix="[app] " flags=0
// INFO msgprefix flag
// "buf: line 1\nbuf: line 2\n"
// buf: now to stdout
// true
// std: standard logger
// std: 3 items
