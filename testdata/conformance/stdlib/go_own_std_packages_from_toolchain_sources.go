// Packages spindle's guest std does not have come from Go's own sources
// in the toolchain: encoding/csv, text/tabwriter, html, encoding/base32,
// text/scanner, go/token and math/big, compiled as the program is.
package main

import (
	"encoding/base32"
	"encoding/csv"
	"fmt"
	"go/token"
	"html"
	"math/big"
	"os"
	"strings"
	"text/scanner"
	"text/tabwriter"
)

func main() {
	r := csv.NewReader(strings.NewReader("name,qty\n\"widget, large\",3\ngizmo,12\n"))
	recs, err := r.ReadAll()
	fmt.Println(recs, err)
	_, err = csv.NewReader(strings.NewReader("a,\"b\n")).ReadAll()
	fmt.Println(err)

	w := tabwriter.NewWriter(os.Stdout, 0, 8, 1, ' ', tabwriter.AlignRight)
	for _, rec := range recs {
		fmt.Fprintln(w, strings.Join(rec, "\t")+"\t")
	}
	w.Flush()

	fmt.Println(html.EscapeString(`<a href="x">&</a>`), html.UnescapeString("&lt;&amp;&#39;&eacute;"))
	enc := base32.StdEncoding.EncodeToString([]byte("spindle"))
	dec, _ := base32.StdEncoding.DecodeString(enc)
	fmt.Println(enc, string(dec))

	var s scanner.Scanner
	s.Init(strings.NewReader(`x := 3.5 + y // comment`))
	var toks []string
	for t := s.Scan(); t != scanner.EOF; t = s.Scan() {
		toks = append(toks, scanner.TokenString(t)+":"+s.TokenText())
	}
	fmt.Println(toks)
	fmt.Println(token.ADD, token.Lookup("func"), token.IsKeyword("go"))

	f := new(big.Int).MulRange(1, 30)
	q, m := new(big.Int).QuoRem(f, big.NewInt(1_000_000_007), new(big.Int))
	fmt.Println(f, q.BitLen(), m)
	x, _ := new(big.Float).SetPrec(100).SetString("1.5")
	fmt.Println(x.Text('g', 20), new(big.Rat).SetFrac64(10, 4))
}

// Output:
// [[name qty] [widget, large 3] [gizmo 12]] <nil>
// parse error on line 1, column 6: extraneous or missing " in quoted-field
//           name qty
//  widget, large   3
//          gizmo  12
// &lt;a href=&#34;x&#34;&gt;&amp;&lt;/a&gt; <&'é
// ONYGS3TENRSQ==== spindle
// [Ident:x ":":: "=":= Float:3.5 "+":+ Ident:y]
// + func true
// 265252859812191058636308480000000 78 109361473
// 1.5 5/2
