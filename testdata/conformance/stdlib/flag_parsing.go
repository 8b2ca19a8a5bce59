// args: -name=spindle -v -count 3 --ratio=0.75 -tags a,b -dur 1500ms input.go extra

package main

import (
	"flag"
	"fmt"
	"strings"
	"time"
)

type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error {
	*l = append(*l, strings.Split(s, ",")...)
	return nil
}

func main() {
	name := flag.String("name", "default", "the name")
	verbose := flag.Bool("v", false, "verbose")
	count := flag.Int("count", 1, "how many")
	ratio := flag.Float64("ratio", 0.5, "a ratio")
	dur := flag.Duration("dur", time.Second, "a duration")
	unused := flag.String("unused", "fallback", "not set on the command line")
	var tags listFlag
	flag.Var(&tags, "tags", "comma-separated tags")
	flag.Parse()

	fmt.Println("name:", *name)
	fmt.Println("verbose:", *verbose)
	fmt.Println("count:", *count)
	fmt.Println("ratio:", *ratio)
	fmt.Println("dur:", *dur)
	fmt.Println("unused:", *unused)
	fmt.Println("tags:", tags, len(tags))
	fmt.Println("NArg:", flag.NArg(), "Args:", flag.Args(), "Arg(0):", flag.Arg(0))
	fmt.Println("NFlag:", flag.NFlag())

	var set []string
	flag.Visit(func(f *flag.Flag) { set = append(set, f.Name) })
	fmt.Println("visited:", set)
	f := flag.Lookup("count")
	fmt.Println(f.Name, f.Value, f.DefValue, f.Usage)

	// A separate FlagSet with an error.
	fs := flag.NewFlagSet("sub", flag.ContinueOnError)
	fs.SetOutput(new(strings.Builder))
	level := fs.Int("level", 0, "level")
	err := fs.Parse([]string{"-level", "notint"})
	fmt.Println("error:", err)
	err = fs.Parse([]string{"-level=4", "rest"})
	fmt.Println(err, *level, fs.Args())
	err = fs.Parse([]string{"-nosuch"})
	fmt.Println("error:", err)
}

// Output:
// name: spindle
// verbose: true
// count: 3
// ratio: 0.75
// dur: 1.5s
// unused: fallback
// tags: [a b] 2
// NArg: 2 Args: [input.go extra] Arg(0): input.go
// NFlag: 6
// visited: [count dur name ratio tags v]
// count 3 1 how many
// error: invalid value "notint" for flag -level: parse error
// <nil> 4 [rest]
// error: flag provided but not defined: -nosuch
