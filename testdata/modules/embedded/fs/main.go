// Command fs embeds directories into an embed.FS (Go's own embed package,
// filled by spindle's loader) and walks and serves them through io/fs.
package main

import (
	"embed"
	"fmt"
	"io/fs"
)

//go:embed static a.txt
var content embed.FS

//go:embed all:static
var all embed.FS

func main() {
	b, err := content.ReadFile("static/index.html")
	fmt.Printf("%q %v\n", b, err)
	fs.WalkDir(content, ".", func(p string, d fs.DirEntry, err error) error {
		fmt.Println(p, d.IsDir())
		return nil
	})
	ents, _ := all.ReadDir("static")
	for _, e := range ents {
		fmt.Println("all:", e.Name(), e.IsDir())
	}
	_, err = content.Open("nope")
	fmt.Println(err)
	sub, _ := fs.Sub(content, "static")
	data, _ := fs.ReadFile(sub, "css/site.css")
	fmt.Printf("%q\n", data)
	m, _ := fs.Glob(content, "static/*.html")
	fmt.Println(m)
}
