package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
)

func main() {
	// Create a uniquely named file in os.TempDir(); its name is not printed.
	tmp, err := os.CreateTemp(os.TempDir(), "spindle-conf-*.txt")
	if err != nil {
		fmt.Println("createtemp:", err)
		return
	}
	path := tmp.Name()
	tmp.Close()
	defer os.Remove(path)
	fmt.Println("in temp dir:", strings.HasPrefix(path, os.TempDir()))

	err = os.WriteFile(path, []byte("line one\nline two\n"), 0o644)
	fmt.Println("write err:", err)

	data, err := os.ReadFile(path)
	fmt.Printf("%q %v\n", data, err)

	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	fmt.Println("open err:", err)
	n, err := f.WriteString("line three\n")
	fmt.Println(n, err)
	fmt.Println("close err:", f.Close())

	f, _ = os.Open(path)
	sc := bufio.NewScanner(f)
	count := 0
	for sc.Scan() {
		count++
		fmt.Println(count, sc.Text())
	}
	f.Close()

	info, err := os.Stat(path)
	fmt.Println(info.Size(), info.IsDir(), err)

	// Writing to a closed file fails.
	_, err = f.WriteString("x")
	fmt.Println("write after close fails:", err != nil, errors.Is(err, os.ErrClosed))

	fmt.Println("remove:", os.Remove(path))
	_, err = os.ReadFile(path)
	fmt.Println("not exist after remove:", errors.Is(err, os.ErrNotExist))
	_, err = os.Stat(path)
	fmt.Println(os.IsNotExist(err))
	fmt.Println("second remove fails:", os.Remove(path) != nil)
}

// Output:
// in temp dir: true
// write err: <nil>
// "line one\nline two\n" <nil>
// open err: <nil>
// 11 <nil>
// close err: <nil>
// 1 line one
// 2 line two
// 3 line three
// 29 false <nil>
// write after close fails: true true
// remove: <nil>
// not exist after remove: true
// true
// second remove fails: true
