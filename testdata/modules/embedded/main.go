// Command embedded embeds files into string and []byte variables, and
// has a file that build constraints exclude. It imports only the
// standard library and has no go.mod of its own: it needs no go command.
package main

import (
	_ "embed"
	"fmt"
)

//go:embed hello.txt
var hello string

//go:embed hello.txt
var helloBytes []byte

var (
	//go:embed "static/index.html"
	index string
)

var initial = len(hello) // package variables see the content

func main() {
	fmt.Printf("%q %d %q %d\n", hello, len(helloBytes), index, initial)
	helloBytes[0] = 'H'
	fmt.Println(string(helloBytes[:5]), hello[:5], platform)
}
