// text/template and html/template are Go's own packages compiled from the
// toolchain's sources over spindle's reflect: fields, methods, funcs,
// range over slices and maps, pipelines, and html/template's contextual
// escaping.
package main

import (
	htmltemplate "html/template"
	"os"
	"strings"
	"text/template"
)

type Item struct {
	Name  string
	Price float64
	Tags  []string
}

func (i Item) Upper() string { return strings.ToUpper(i.Name) }

func (i *Item) Discount(pct int) float64 { return i.Price * float64(100-pct) / 100 }

func main() {
	funcs := template.FuncMap{"join": strings.Join, "add": func(a, b int) int { return a + b }}
	t := template.Must(template.New("x").Funcs(funcs).Parse(`{{range $i, $e := .}}{{add $i 1}}. {{.Name}} ({{.Upper}}) {{printf "%.2f" .Price}} [{{join .Tags ", "}}]{{if gt .Price 10.0}} expensive{{else}} cheap{{end}}
{{end}}{{len .}} items{{with index . 0}} first={{.Name}}{{end}}
{{define "sub"}}<{{.}}>{{end}}{{template "sub" "nested"}} {{"quoted" | printf "%q"}} {{slice "abcdef" 1 3}} {{eq 1 1}} {{and 1 0}} {{or 0 "x"}}
`))
	items := []Item{{"apple", 1.5, []string{"fruit", "red"}}, {"tv", 300, nil}}
	if err := t.Execute(os.Stdout, items); err != nil {
		panic(err)
	}
	m := map[string]int{"b": 2, "a": 1}
	template.Must(template.New("m").Parse("{{range $k, $v := .}}{{$k}}={{$v}} {{end}}{{.a}}\n")).Execute(os.Stdout, m)
	template.Must(template.New("p").Parse("{{.Discount 20}}\n")).Execute(os.Stdout, &items[1])
	err := template.Must(template.New("e").Parse("{{.Missing}}\n")).Execute(os.Stdout, items[0])
	os.Stdout.WriteString(err.Error() + "\n")
	_, err = template.New("bad").Parse("{{if}}")
	os.Stdout.WriteString(err.Error() + "\n")

	h := htmltemplate.Must(htmltemplate.New("h").Parse(`<a href="/search?q={{.Q}}" title="{{.T}}">{{.Body}}</a><script>var x = {{.JS}};</script>
`))
	h.Execute(os.Stdout, map[string]any{"Q": "a b&c", "T": `"quoted"`, "Body": "<b>bold</b>", "JS": map[string]int{"n": 1}})
}

// Output:
// 1. apple (APPLE) 1.50 [fruit, red] cheap
// 2. tv (TV) 300.00 [] expensive
// 2 items first=apple
// <nested> "quoted" bc true 0 x
// a=1 b=2 1
// 240
// template: e:1:2: executing "e" at <.Missing>: can't evaluate field Missing in type main.Item
// template: bad:1: missing value for if
// <a href="/search?q=a%20b%26c" title="&#34;quoted&#34;">&lt;b&gt;bold&lt;/b&gt;</a><script>var x = {"n":1};</script>
