// json: encoding/json round trips of a 1 MB document of nested structs.
// N round trips (os.Args[1], default N; json.Marshal, then json.Unmarshal into a fresh value);
// `json N setup` only builds the document. Prints the document's size and
// a checksum of what was decoded.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
)

type Attr struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

type Item struct {
	ID       int      `json:"id"`
	Name     string   `json:"name"`
	Tags     []string `json:"tags"`
	Price    float64  `json:"price"`
	InStock  bool     `json:"in_stock"`
	Attrs    []Attr   `json:"attrs"`
	Children []Child  `json:"children,omitempty"`
}

// Child is an Item one level down (a separate type: yaegi cannot run a
// recursive struct type through encoding/json).
type Child struct {
	ID      int      `json:"id"`
	Name    string   `json:"name"`
	Tags    []string `json:"tags"`
	Price   float64  `json:"price"`
	InStock bool     `json:"in_stock"`
	Attrs   []Attr   `json:"attrs"`
}

type Doc struct {
	Version string         `json:"version"`
	Items   []Item         `json:"items"`
	Index   map[string]int `json:"index"`
}

func build() Doc {
	d := Doc{Version: "1.0", Index: map[string]int{}}
	for i := 0; i < 2100; i++ {
		it := Item{ID: i, Name: "item-" + strconv.Itoa(i), Tags: []string{"a", "bb", "ccc"}, Price: float64(i) * 1.25, InStock: i%3 == 0,
			Attrs: []Attr{{"color", "red"}, {"size", strconv.Itoa(i % 7)}}}
		for j := 0; j < 3; j++ {
			it.Children = append(it.Children, Child{ID: i*10 + j, Name: "child", Tags: []string{"x"}, Price: 0.5, Attrs: []Attr{{"k", "v"}}})
		}
		d.Items = append(d.Items, it)
		d.Index[it.Name] = i
	}
	return d
}

// N is the default number of round trips (a peer host such as yaegi-host
// -n rewrites it).
const N = 5

func main() {
	n := N
	if len(os.Args) > 1 {
		if v, err := strconv.Atoi(os.Args[1]); err == nil {
			n = v
		}
	}
	d := build()
	if len(os.Args) > 2 && os.Args[2] == "setup" {
		fmt.Println(len(d.Items))
		return
	}
	size, sum := 0, 0
	for r := 0; r < n; r++ {
		b, err := json.Marshal(d)
		if err != nil {
			panic(err)
		}
		size = len(b)
		var back Doc
		if err := json.Unmarshal(b, &back); err != nil {
			panic(err)
		}
		sum += len(back.Items) + back.Index["item-7"] + back.Items[42].Children[2].ID
	}
	fmt.Println(size, sum)
}
