// Rule: path and path/filepath clean, join, split and match paths as Go
// does (lexically), and filepath.Walk, Glob, Rel and Abs read a real
// directory tree.
package main

import (
	"errors"
	"fmt"
	"io/ioutil"
	"os"
	"path"
	"path/filepath"
	"strings"
)

func main() {
	for _, p := range []string{"", ".", "/", "a/b/../c", "/../a", "a//b/./c/", "../../x", "a/..", "/a/b/..", "a/../..", "./a/./b/", "/.."} {
		fmt.Printf("Clean(%q) = %q\n", p, path.Clean(p))
	}
	fmt.Println(path.Join("a", "", "b/", "../c"), path.Join(), path.Join("", ""), path.Join("/", "x"))
	for _, p := range []string{"a/b/c.txt", "/", "", "a/", "noslash", "x.tar.gz", "a.b/c"} {
		d, f := path.Split(p)
		fmt.Printf("%q: dir %q file %q base %q Dir %q ext %q abs %v\n", p, d, f, path.Base(p), path.Dir(p), path.Ext(p), path.IsAbs(p))
	}
	for _, c := range [][2]string{
		{"*.go", "main.go"}, {"*.go", "dir/main.go"}, {"a?c", "abc"}, {"a?c", "a/c"},
		{"[a-c]x", "bx"}, {"[^a-c]x", "bx"}, {"[^a-c]x", "dx"}, {`\*`, "*"}, {"*", ""},
		{"a*b*c", "axxbyyc"}, {"a*b*c", "axxbyy"}, {"[日本]語", "本語"}, {"?", "日"},
		{"[", "a"}, {"a[", "b"}, {"[a-", "a"}, {`a\`, "a"}, {"[]a]", "a"}, {"[z-a]", "q"},
	} {
		m, err := path.Match(c[0], c[1])
		fmt.Printf("Match(%q, %q) = %v %v\n", c[0], c[1], m, err)
	}
	fmt.Println(errors.Is(filepath.ErrBadPattern, path.ErrBadPattern), filepath.SplitList("/bin:/usr/bin"), len(filepath.SplitList("")))
	for _, c := range [][2]string{{"/a/b", "/a/b/c/d"}, {"/a/b/c", "/a/x"}, {"a", "a"}, {"a/b", "c"}, {"/a", "b"}, {"..", "a"}} {
		r, err := filepath.Rel(c[0], c[1])
		fmt.Printf("Rel(%q, %q) = %q %v\n", c[0], c[1], r, err)
	}

	root, err := os.MkdirTemp("", "spindle-walk-*")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(root)
	for _, d := range []string{"a/b", "a/skip", "c"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	for _, f := range []string{"a/1.txt", "a/b/2.txt", "a/skip/3.txt", "c/4.go", "top.go"} {
		ioutil.WriteFile(filepath.Join(root, f), []byte(f), 0o644)
	}
	err = filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if info.IsDir() && info.Name() == "skip" {
			fmt.Println("skip", rel)
			return filepath.SkipDir
		}
		fmt.Println("walk", rel, info.IsDir())
		return nil
	})
	fmt.Println("walk err", err)
	matches, err := filepath.Glob(filepath.Join(root, "*", "*.txt"))
	for _, m := range matches {
		fmt.Println("glob", strings.TrimPrefix(m, root))
	}
	fmt.Println("glob err", err)
	infos, err := ioutil.ReadDir(filepath.Join(root, "a"))
	for _, fi := range infos {
		fmt.Println("readdir", fi.Name(), fi.IsDir())
	}
	abs, _ := filepath.Abs("x/../y")
	wd, _ := os.Getwd()
	fmt.Println(abs == filepath.Join(wd, "y"))
}

// Output:
// Clean("") = "."
// Clean(".") = "."
// Clean("/") = "/"
// Clean("a/b/../c") = "a/c"
// Clean("/../a") = "/a"
// Clean("a//b/./c/") = "a/b/c"
// Clean("../../x") = "../../x"
// Clean("a/..") = "."
// Clean("/a/b/..") = "/a"
// Clean("a/../..") = ".."
// Clean("./a/./b/") = "a/b"
// Clean("/..") = "/"
// a/c   /x
// "a/b/c.txt": dir "a/b/" file "c.txt" base "c.txt" Dir "a/b" ext ".txt" abs false
// "/": dir "/" file "" base "/" Dir "/" ext "" abs true
// "": dir "" file "" base "." Dir "." ext "" abs false
// "a/": dir "a/" file "" base "a" Dir "a" ext "" abs false
// "noslash": dir "" file "noslash" base "noslash" Dir "." ext "" abs false
// "x.tar.gz": dir "" file "x.tar.gz" base "x.tar.gz" Dir "." ext ".gz" abs false
// "a.b/c": dir "a.b/" file "c" base "c" Dir "a.b" ext "" abs false
// Match("*.go", "main.go") = true <nil>
// Match("*.go", "dir/main.go") = false <nil>
// Match("a?c", "abc") = true <nil>
// Match("a?c", "a/c") = false <nil>
// Match("[a-c]x", "bx") = true <nil>
// Match("[^a-c]x", "bx") = false <nil>
// Match("[^a-c]x", "dx") = true <nil>
// Match("\\*", "*") = true <nil>
// Match("*", "") = true <nil>
// Match("a*b*c", "axxbyyc") = true <nil>
// Match("a*b*c", "axxbyy") = false <nil>
// Match("[日本]語", "本語") = true <nil>
// Match("?", "日") = true <nil>
// Match("[", "a") = false syntax error in pattern
// Match("a[", "b") = false syntax error in pattern
// Match("[a-", "a") = false syntax error in pattern
// Match("a\\", "a") = false syntax error in pattern
// Match("[]a]", "a") = false syntax error in pattern
// Match("[z-a]", "q") = false <nil>
// false [/bin /usr/bin] 0
// Rel("/a/b", "/a/b/c/d") = "c/d" <nil>
// Rel("/a/b/c", "/a/x") = "../../x" <nil>
// Rel("a", "a") = "." <nil>
// Rel("a/b", "c") = "../../c" <nil>
// Rel("/a", "b") = "" Rel: can't make b relative to /a
// Rel("..", "a") = "" Rel: can't make a relative to ..
// walk . true
// walk a true
// walk a/1.txt false
// walk a/b true
// walk a/b/2.txt false
// skip a/skip
// walk c true
// walk c/4.go false
// walk top.go false
// walk err <nil>
// glob /a/1.txt
// glob err <nil>
// readdir 1.txt false
// readdir b true
// readdir skip true
// true
