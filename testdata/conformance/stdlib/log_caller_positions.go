// Rule: log's Lshortfile and Llongfile name the file and line of the call
// that logged (Output's calldepth counts frames up from Output's caller),
// as runtime.Caller sees them.
package main

import (
	"log"
	"os"
	"path/filepath"
	"strings"
)

func helper(l *log.Logger) {
	l.Output(2, "reported at the helper's caller")
}

func main() {
	log.SetOutput(os.Stdout)
	log.SetFlags(log.Lshortfile)
	log.Println("from main")
	log.Printf("formatted %d", 2)
	l := log.New(os.Stdout, "[l] ", log.Lshortfile|log.Lmsgprefix)
	l.Print("own logger")
	helper(l)
	func() {
		l.Println("in a function literal")
	}()
	var b strings.Builder
	long := log.New(&b, "", log.Llongfile)
	long.Print("long")
	file, rest, _ := strings.Cut(b.String(), ":")
	log.Print(filepath.Base(file) == "log_caller_positions.go" || filepath.IsAbs(file), " ", strings.TrimSpace(rest))
}

// Output:
// log_caller_positions.go:20: from main
// log_caller_positions.go:21: formatted 2
// log_caller_positions.go:23: [l] own logger
// log_caller_positions.go:24: [l] reported at the helper's caller
// log_caller_positions.go:26: [l] in a function literal
// log_caller_positions.go:32: true 30: long
