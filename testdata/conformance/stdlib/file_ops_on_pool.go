package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// dir is the program's scratch directory; errors print it as $D.
var dir string

func show(what string, err error) {
	s := "<nil>"
	if err != nil {
		s = strings.ReplaceAll(err.Error(), dir, "$D")
	}
	fmt.Printf("%s: %s\n", what, s)
}

func main() {
	var err error
	dir, err = os.MkdirTemp("", "spindle-pool-*")
	if err != nil {
		fmt.Println("mkdirtemp:", err)
		return
	}
	defer os.RemoveAll(dir)
	p := func(name string) string { return dir + "/" + name }

	// Create, Write, WriteAt, Seek, Read, ReadAt, Sync, Stat, Truncate, Close.
	f, err := os.Create(p("a.txt"))
	show("create", err)
	n, err := f.Write([]byte("hello, pool\n"))
	fmt.Println("write", n, err)
	n, err = f.WriteAt([]byte("HELLO"), 0)
	fmt.Println("writeat", n, err)
	show("sync", f.Sync())
	off, err := f.Seek(0, io.SeekStart)
	fmt.Println("seek", off, err)
	buf := make([]byte, 5)
	n, err = f.Read(buf)
	fmt.Printf("read %d %q %v\n", n, buf[:n], err)
	n, err = f.ReadAt(buf, 7)
	fmt.Printf("readat %d %q %v\n", n, buf[:n], err)
	n, err = f.ReadAt(buf, 100)
	fmt.Printf("readat past end %d %v\n", n, err)
	fi, err := f.Stat()
	fmt.Println("fstat", fi.Name(), fi.Size(), fi.IsDir(), err)
	show("ftruncate", f.Truncate(5))
	show("close", f.Close())
	show("close again", f.Close())
	_, err = f.Write([]byte("x"))
	show("write after close", err)
	_, err = f.Read(buf)
	show("read after close", err)
	_, err = f.Stat()
	show("stat after close", err)

	// Open errors keep Go's texts.
	_, err = os.Open(p("missing"))
	show("open missing", err)
	fmt.Println("is not exist:", errors.Is(err, os.ErrNotExist), os.IsNotExist(err))
	_, err = os.OpenFile(p("a.txt"), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	show("open excl", err)
	fmt.Println("is exist:", os.IsExist(err))
	ro, _ := os.Open(p("a.txt"))
	_, err = ro.Write([]byte("x"))
	show("write read-only", err)
	ro.Close()

	// ReadFile, WriteFile, Truncate, Chmod, Stat, Lstat.
	data, err := os.ReadFile(p("a.txt"))
	fmt.Printf("readfile %q %v\n", data, err)
	show("writefile", os.WriteFile(p("b.txt"), []byte("bbb"), 0o600))
	show("truncate", os.Truncate(p("b.txt"), 2))
	data, _ = os.ReadFile(p("b.txt"))
	fmt.Printf("after truncate %q\n", data)
	show("chmod", os.Chmod(p("b.txt"), 0o640))
	fi, err = os.Stat(p("b.txt"))
	fmt.Println("stat", fi.Name(), fi.Size(), fi.Mode(), err)
	fi, err = os.Lstat(p("b.txt"))
	fmt.Println("lstat", fi.Name(), fi.Mode().IsRegular(), err)
	_, err = os.Stat(p("nope"))
	show("stat missing", err)
	_, err = os.ReadFile(p("nope"))
	show("readfile missing", err)
	show("writefile into missing dir", os.WriteFile(p("no/such"), nil, 0o644))
	show("truncate missing", os.Truncate(p("nope"), 0))
	show("chmod missing", os.Chmod(p("nope"), 0o644))

	// Directories.
	show("mkdir", os.Mkdir(p("sub"), 0o755))
	show("mkdir again", os.Mkdir(p("sub"), 0o755))
	show("mkdirall", os.MkdirAll(p("sub/x/y"), 0o755))
	show("mkdirall existing", os.MkdirAll(p("sub/x"), 0o755))
	show("mkdirall over file", os.MkdirAll(p("a.txt/z"), 0o755))
	show("writefile sub", os.WriteFile(p("sub/f1"), []byte("1"), 0o644))
	ents, err := os.ReadDir(p("sub"))
	for _, e := range ents {
		fmt.Println("entry", e.Name(), e.IsDir())
	}
	show("readdir", err)
	_, err = os.ReadDir(p("nope"))
	show("readdir missing", err)
	d, err := os.Open(p("sub"))
	show("open dir", err)
	names, err := d.Readdirnames(-1)
	fmt.Println("readdirnames", len(names), err)
	show("close dir", d.Close())
	f, _ = os.Open(p("a.txt"))
	_, err = f.ReadDir(-1)
	show("readdir on file", err)
	f.Close()

	// Remove, RemoveAll, Rename.
	show("remove nonempty", os.Remove(p("sub")))
	show("rename", os.Rename(p("b.txt"), p("sub/b.txt")))
	show("rename missing", os.Rename(p("b.txt"), p("c.txt")))
	_, err = os.Stat(p("sub/b.txt"))
	show("stat renamed", err)
	show("removeall", os.RemoveAll(p("sub")))
	show("removeall missing", os.RemoveAll(p("sub")))
	show("remove", os.Remove(p("a.txt")))
	show("remove missing", os.Remove(p("a.txt")))

	// Temp files.
	tf, err := os.CreateTemp(dir, "t-*.dat")
	show("createtemp", err)
	fmt.Println("temp name ok:", strings.HasPrefix(tf.Name(), dir+"/t-"), strings.HasSuffix(tf.Name(), ".dat"))
	tf.WriteString("temp")
	tf.Close()
	data, _ = os.ReadFile(tf.Name())
	fmt.Printf("temp data %q\n", data)
	_, err = os.CreateTemp(p("nope"), "x")
	fmt.Println("createtemp in missing dir fails:", err != nil, os.IsNotExist(err))
	td, err := os.MkdirTemp(dir, "d-*")
	show("mkdirtemp", err)
	fi, _ = os.Stat(td)
	fmt.Println("temp dir is dir:", fi.IsDir())

	// Many goroutines doing file work at once; each has its own file.
	const workers = 8
	results := make([]string, workers)
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := fmt.Sprintf("%s/w%d", td, i)
			if err := os.WriteFile(name, []byte(strings.Repeat("x", i)), 0o644); err != nil {
				results[i] = err.Error()
				return
			}
			f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				results[i] = err.Error()
				return
			}
			fmt.Fprintf(f, "+%d", i)
			f.Close()
			b, err := os.ReadFile(name)
			fi, _ := os.Stat(name)
			results[i] = fmt.Sprintf("%s %d %v", b, fi.Size(), err)
		}()
	}
	wg.Wait()
	for i, r := range results {
		fmt.Println(i, r)
	}
	ents, _ = os.ReadDir(td)
	fmt.Println("files:", len(ents))
	show("removeall temp", os.RemoveAll(td))
}

// Output:
// create: <nil>
// write 12 <nil>
// writeat 5 <nil>
// sync: <nil>
// seek 0 <nil>
// read 5 "HELLO" <nil>
// readat 5 "pool\n" <nil>
// readat past end 0 EOF
// fstat a.txt 12 false <nil>
// ftruncate: <nil>
// close: <nil>
// close again: close $D/a.txt: file already closed
// write after close: write $D/a.txt: file already closed
// read after close: read $D/a.txt: file already closed
// stat after close: stat $D/a.txt: file already closed
// open missing: open $D/missing: no such file or directory
// is not exist: true true
// open excl: open $D/a.txt: file exists
// is exist: true
// write read-only: write $D/a.txt: bad file descriptor
// readfile "HELLO" <nil>
// writefile: <nil>
// truncate: <nil>
// after truncate "bb"
// chmod: <nil>
// stat b.txt 2 -rw-r----- <nil>
// lstat b.txt true <nil>
// stat missing: stat $D/nope: no such file or directory
// readfile missing: open $D/nope: no such file or directory
// writefile into missing dir: open $D/no/such: no such file or directory
// truncate missing: truncate $D/nope: no such file or directory
// chmod missing: chmod $D/nope: no such file or directory
// mkdir: <nil>
// mkdir again: mkdir $D/sub: file exists
// mkdirall: <nil>
// mkdirall existing: <nil>
// mkdirall over file: mkdir $D/a.txt: not a directory
// writefile sub: <nil>
// entry f1 false
// entry x true
// readdir: <nil>
// readdir missing: open $D/nope: no such file or directory
// open dir: <nil>
// readdirnames 2 <nil>
// close dir: <nil>
// readdir on file: readdirent $D/a.txt: not a directory
// remove nonempty: remove $D/sub: directory not empty
// rename: <nil>
// rename missing: rename $D/b.txt $D/c.txt: no such file or directory
// stat renamed: <nil>
// removeall: <nil>
// removeall missing: <nil>
// remove: <nil>
// remove missing: remove $D/a.txt: no such file or directory
// createtemp: <nil>
// temp name ok: true true
// temp data "temp"
// createtemp in missing dir fails: true true
// mkdirtemp: <nil>
// temp dir is dir: true
// 0 +0 2 <nil>
// 1 x+1 3 <nil>
// 2 xx+2 4 <nil>
// 3 xxx+3 5 <nil>
// 4 xxxx+4 6 <nil>
// 5 xxxxx+5 7 <nil>
// 6 xxxxxx+6 8 <nil>
// 7 xxxxxxx+7 9 <nil>
// files: 8
// removeall temp: <nil>
