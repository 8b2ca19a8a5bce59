// Third-party modules that reach reflect: a TOML decoder, a YAML decoder,
// a CLI framework with help templates, a diff library and
// a Markdown renderer.
package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/pmezard/go-difflib/difflib"
	"github.com/spf13/cobra"
	"github.com/yuin/goldmark"
	"gopkg.in/yaml.v3"
)

type Config struct {
	Title   string
	Owner   struct{ Name string }
	Servers map[string]struct {
		IP   string
		Port int
	}
	Ports []int `toml:"ports" yaml:"ports"`
}

func main() {
	var c Config
	md, err := toml.Decode(`title = "demo"
ports = [8000, 8001]
[owner]
name = "Ann"
[servers.alpha]
ip = "10.0.0.1"
port = 22
`, &c)
	fmt.Println(err, c.Title, c.Owner.Name, c.Servers["alpha"].IP, c.Servers["alpha"].Port, c.Ports, len(md.Keys()))
	var buf bytes.Buffer
	toml.NewEncoder(&buf).Encode(map[string]any{"a": 1, "b": []string{"x"}, "t": map[string]int{"k": 2}})
	fmt.Print(buf.String())

	var y struct {
		Name  string         `yaml:"name"`
		Ports []int          `yaml:"ports"`
		Meta  map[string]any `yaml:"meta"`
	}
	err = yaml.Unmarshal([]byte("name: svc\nports: [1, 2]\nmeta:\n  a: true\n  b: [x, y]\n"), &y)
	fmt.Println(err, y.Name, y.Ports, y.Meta["a"], y.Meta["b"])
	out, _ := yaml.Marshal(map[string]any{"z": 1, "list": []string{"p", "q"}, "nested": map[string]int{"n": 2}})
	fmt.Print(string(out))

	diff := difflib.UnifiedDiff{A: difflib.SplitLines("a\nb\nc\n"), B: difflib.SplitLines("a\nB\nc\nd\n"), FromFile: "old", ToFile: "new", Context: 1}
	text, _ := difflib.GetUnifiedDiffString(diff)
	fmt.Print(text)

	var html bytes.Buffer
	goldmark.Convert([]byte("# Title\n\nSome *emphasis* and `code`.\n\n- one\n- two\n\n[link](https://go.dev)\n"), &html)
	fmt.Print(html.String())

	var verbose bool
	root := &cobra.Command{Use: "tool", Short: "A demo tool", Run: func(cmd *cobra.Command, args []string) {
		fmt.Println("run with", args, "verbose:", verbose)
	}}
	root.Flags().BoolVarP(&verbose, "verbose", "v", false, "verbose output")
	root.AddCommand(&cobra.Command{Use: "greet [name]", Short: "Say hello", Args: cobra.ExactArgs(1), Run: func(cmd *cobra.Command, args []string) {
		fmt.Println("hello,", strings.ToUpper(args[0]))
	}})
	root.SetOut(os.Stdout)
	root.SetArgs([]string{"-v", "x"})
	root.Execute()
	root.SetArgs([]string{"greet", "bob"})
	root.Execute()
	root.SetArgs([]string{"--help"})
	root.Execute()
}
