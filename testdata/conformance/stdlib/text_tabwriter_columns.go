// Rule: text/tabwriter aligns tab-terminated cells into column blocks as
// Go's does: minwidth, padding, padchar, AlignRight, Debug, TabIndent,
// DiscardEmptyColumns, blocks broken by single-cell lines and form feeds,
// multi-byte text.
package main

import (
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
)

func show(name string, minwidth, tabwidth, padding int, padchar byte, flags uint, text string) {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, minwidth, tabwidth, padding, padchar, flags)
	fmt.Fprint(w, text)
	w.Flush()
	// Tabs and spaces made visible (and no trailing blanks for gofmt).
	out := strings.ReplaceAll(strings.ReplaceAll(b.String(), "\t", "<T>"), " ", "_")
	fmt.Printf("== %s\n%s", name, out)
	if !strings.HasSuffix(b.String(), "\n") {
		fmt.Println("<no newline>")
	}
}

func main() {
	table := "name\tsize\tkind\nmain.go\t1200\tfile\nREADME\t80\tfile\nsrc\t-\tdirectory\n"
	show("basic", 0, 8, 1, ' ', 0, table)
	show("minwidth+dots", 8, 8, 2, '.', 0, table)
	show("right", 5, 0, 1, ' ', tabwriter.AlignRight, "a\tbbb\tc\n1234\t5\t6\n")
	show("debug", 0, 8, 1, ' ', tabwriter.Debug, table)
	show("tabs", 0, 4, 0, '\t', 0, "x\tyy\tzzz\nlonger cell\ts\tt\n")
	show("blocks", 0, 8, 1, ' ', 0, "a\tb\nccc\td\nsingle cell line\neeeee\tf\n\fgg\th\n")
	show("empty columns", 0, 8, 1, ' ', tabwriter.DiscardEmptyColumns, "a\t\tb\nc\t\td\n")
	show("tabindent", 0, 4, 1, '-', tabwriter.TabIndent, "\t\tindented\tx\n\tless\ty\n")
	show("unicode", 0, 8, 1, ' ', 0, "日本\tx\nä\ty\n")
	show("no final newline", 0, 8, 1, ' ', 0, "a\tb\nc\td")
	show("vtab", 0, 8, 1, ' ', tabwriter.DiscardEmptyColumns, "a\v\vb\nc\v\vd\n")

	var sb strings.Builder
	w := tabwriter.NewWriter(&sb, 0, 8, 1, ' ', 0)
	fmt.Fprintln(w, "KEY\tVALUE\t")
	fmt.Fprintf(w, "%s\t%d\t\n", "alpha", 1)
	fmt.Fprintf(w, "%s\t%d\t\n", "b", 22222)
	err := w.Flush()
	os.Stdout.WriteString(strings.ReplaceAll(sb.String(), " ", "_"))
	fmt.Println(err)
}

// Output:
// == basic
// name____size_kind
// main.go_1200_file
// README__80___file
// src_____-____directory
// == minwidth+dots
// name.....size....kind
// main.go..1200....file
// README...80......file
// src......-.......directory
// == right
// ____a__bbbc
// _1234____56
// == debug
// name____|size_|kind
// main.go_|1200_|file
// README__|80___|file
// src_____|-____|directory
// == tabs
// x<T><T><T>yy<T>zzz
// longer_cell<T>s<T>t
// == blocks
// a___b
// ccc_d
// single_cell_line
// eeeee_f
//
// gg_h
// == empty columns
// a__b
// c__d
// == tabindent
// <T><T><T>indented-x
// <T>less-y
// == unicode
// 日本_x
// ä__y
// == no final newline
// a_b
// c_d<no newline>
// == vtab
// a_b
// c_d
// KEY___VALUE_
// alpha_1_____
// b_____22222_
// <nil>
