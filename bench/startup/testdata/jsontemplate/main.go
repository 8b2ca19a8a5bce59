package main

import (
	"encoding/json"
	"os"
	"text/template"
)

type T struct {
	Name string `json:"name"`
	N    int    `json:"n,omitempty"`
}

func main() {
	b, _ := json.Marshal(T{"x", 3})
	os.Stdout.Write(append(b, '\n'))
	t := template.Must(template.New("t").Parse("{{.Name}} {{.N}}\n"))
	t.Execute(os.Stdout, T{"y", 4})
}
