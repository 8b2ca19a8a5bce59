// Rule: fmt.Print, Println and Printf write to whatever os.Stdout holds at
// the call, as in Go: a reassigned Stdout receives the output, a closed
// one reports the write error, and a nil one reports "invalid argument".
// (spindle's fmt does not import os; os's init binds its streams.)
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Println("to the terminal")
	tmp, err := os.CreateTemp(os.TempDir(), "spindle-stdout-*.txt")
	if err != nil {
		fmt.Println("createtemp:", err)
		return
	}
	path := tmp.Name()
	defer os.Remove(path)
	saved := os.Stdout
	os.Stdout = tmp
	fmt.Print("print ", 1, "\n")
	fmt.Println("println", 2)
	fmt.Printf("printf %d\n", 3)
	tmp.Close()
	n, errClosed := fmt.Println("after close")
	os.Stdout = nil
	n2, errNil := fmt.Printf("nil %d\n", 4)
	os.Stdout = saved
	fmt.Println("closed:", n, errClosed != nil)
	fmt.Println("nil:", n2, errNil)
	data, err := os.ReadFile(path)
	fmt.Printf("file: %q %v\n", data, err)
}

// Output:
// to the terminal
// closed: 0 true
// nil: 0 invalid argument
// file: "print 1\nprintln 2\nprintf 3\n" <nil>
