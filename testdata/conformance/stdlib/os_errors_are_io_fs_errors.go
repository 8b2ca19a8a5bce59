// spindle's os and Go's own io/fs share their error values (internal/oserror):
// errors.Is(err, fs.ErrNotExist) holds for an os error, as in Go.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

func main() {
	_, err := os.Open("/nonexistent/x")
	fmt.Println(errors.Is(err, fs.ErrNotExist), errors.Is(err, os.ErrNotExist), os.IsNotExist(err))
	fmt.Println(fs.ErrNotExist == os.ErrNotExist, fs.ErrPermission == os.ErrPermission)
	err = os.Mkdir("/", 0o755)
	fmt.Println(errors.Is(err, fs.ErrExist))
}

// Output:
// true true true
// true true
// true
