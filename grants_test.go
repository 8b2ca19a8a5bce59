package spindle_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/sys/unix"

	"spindle"
)

// runGranted runs the guest program src with o (its output streams
// added) and returns what it printed and its exit status.
func runGranted(t *testing.T, src string, o spindle.RunOptions) (stdout, stderr string, code int) {
	t.Helper()
	prog, err := spindle.CompileSource(spindle.CompileOptions{}, spindle.File{Name: "main.go", Src: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	o.Stdout, o.Stderr = &out, &errb
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	code, err = prog.Run(ctx, o)
	if err != nil {
		t.Fatalf("run: %v\nstderr:\n%s", err, errb.String())
	}
	return out.String(), errb.String(), code
}

// checkGranted runs src and wants exit status 0 and exactly want on
// standard output.
func checkGranted(t *testing.T, src string, o spindle.RunOptions, want string) {
	t.Helper()
	out, errs, code := runGranted(t, src, o)
	if code != 0 || out != want {
		t.Errorf("exit %d, output:\n%s\nwant:\n%s\nstderr:\n%s", code, out, want, errs)
	}
}

// A run without grants can print, read its standard input and see its
// own environment; every call that reaches the host's file system,
// network or processes fails as Go reports EACCES.
func TestGrantsNoneByDefault(t *testing.T) {
	src := `package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
)

func main() {
	line, _ := bufio.NewReader(os.Stdin).ReadString('\n')
	fmt.Print("stdin: ", line)
	fmt.Println("env:", os.Getenv("GREETING"), os.Getenv("HOME") == "")
	_, err := os.ReadFile("/etc/passwd")
	fmt.Println(err, errors.Is(err, fs.ErrPermission), os.IsPermission(err))
	_, err = os.Open("/proc/self/environ")
	fmt.Println(err)
	fmt.Println(os.WriteFile("/tmp/spindle-denied", nil, 0o644))
	_, err = os.Create("new.txt")
	fmt.Println(err)
	_, err = os.ReadDir("/")
	fmt.Println(err)
	_, err = os.Stat("/")
	fmt.Println(err)
	fmt.Println(os.Getwd())
	fmt.Println(os.Chdir("/tmp"))
	fmt.Println(os.Mkdir("d", 0o755))
	fmt.Println(os.Remove("d"))
	fmt.Println(os.Rename("a", "b"))
	_, err = os.MkdirTemp("", "x")
	fmt.Println(err != nil && errors.Is(err, fs.ErrPermission))
	_, err = net.Dial("tcp", "127.0.0.1:1")
	fmt.Println(err, errors.Is(err, fs.ErrPermission))
	_, err = net.Listen("tcp", "127.0.0.1:0")
	fmt.Println(err)
	_, err = net.ListenPacket("udp", "127.0.0.1:0")
	fmt.Println(err)
	_, err = net.Dial("tcp", "example.com:80")
	fmt.Println(err)
	fmt.Println(exec.Command("/bin/true").Run())
	_, err = exec.LookPath("/bin/true")
	fmt.Println(err)
	host, err := os.Hostname()
	fmt.Printf("%q %v\n", host, err)
	_, err = net.Interfaces()
	fmt.Println(err)
	_, err = net.InterfaceAddrs()
	fmt.Println(err)
}
`
	want := `stdin: hello
env: hi true
open /etc/passwd: permission denied true true
open /proc/self/environ: permission denied
open /tmp/spindle-denied: permission denied
open new.txt: permission denied
open /: permission denied
stat /: permission denied
/ <nil>
chdir /tmp: permission denied
mkdir d: permission denied
remove d: permission denied
rename a b: permission denied
true
dial tcp 127.0.0.1:1: connect: permission denied true
listen tcp 127.0.0.1:0: bind: permission denied
listen udp 127.0.0.1:0: bind: permission denied
dial tcp: lookup example.com: permission denied
fork/exec /bin/true: permission denied
exec: "/bin/true": stat /bin/true: permission denied
"" open /proc/sys/kernel/hostname: permission denied
route ip+net: netlinkrib: permission denied
route ip+net: netlinkrib: permission denied
`
	checkGranted(t, src, spindle.RunOptions{Stdin: strings.NewReader("hello\n"), Env: []string{"GREETING=hi"}}, want)
}

// Root confines the file system to a directory: no path leads out of
// it, whether absolute, through "..", through a symlink or from a
// working directory moved by os.Chdir; inside it everything works.
func TestGrantsRoot(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	root, _ = filepath.EvalSymlinks(root) // the run's directory names no link
	must(t, os.WriteFile(filepath.Join(root, "a.txt"), []byte("in root"), 0o644))
	must(t, os.Mkdir(filepath.Join(root, "sub"), 0o755))
	must(t, os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o644))
	must(t, os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(root, "link")))
	must(t, os.Symlink(outside, filepath.Join(root, "linkdir")))
	must(t, os.Symlink(filepath.Join(root, "a.txt"), filepath.Join(root, "inlink")))
	must(t, os.Symlink("sub/../a.txt", filepath.Join(root, "rellink")))
	must(t, os.Symlink("../"+filepath.Base(outside)+"/secret.txt", filepath.Join(root, "uplink")))
	rel, err := filepath.Rel(root, filepath.Join(outside, "secret.txt"))
	must(t, err)
	src := `package main

import (
	"fmt"
	"os"
	"strings"
)

func read(name string) {
	b, err := os.ReadFile(name)
	if err != nil {
		fmt.Println(strings.ReplaceAll(err.Error(), os.Args[1], "ROOT"))
		return
	}
	fmt.Printf("%s: %s\n", strings.ReplaceAll(name, os.Args[1], "ROOT"), b)
}

func main() {
	root, rel := os.Args[1], os.Args[2]
	wd, _ := os.Getwd()
	fmt.Println("wd is root:", wd == root)
	read("a.txt")
	read(root + "/a.txt")
	read("sub/../a.txt")
	read("inlink")
	read("rellink")
	read(rel)
	read(os.Args[3])
	read("link")
	read("uplink")
	read("linkdir/secret.txt")
	read("/etc/passwd")
	read("/proc/self/environ")
	fmt.Println(os.WriteFile("linkdir/planted", []byte("x"), 0o644))
	fmt.Println(os.Chdir("sub"))
	read("../a.txt")
	fmt.Println(os.Chdir(".."))
	wd, _ = os.Getwd()
	fmt.Println("wd is root:", wd == root)
	fmt.Println(os.Chdir(".."))
	read("../a.txt")

	fmt.Println(os.WriteFile("new.txt", []byte("new"), 0o644))
	read("new.txt")
	fmt.Println(os.MkdirAll("x/y/z", 0o755))
	fmt.Println(os.WriteFile("x/y/z/f", []byte("deep"), 0o644))
	fmt.Println(os.Rename("x/y/z/f", "x/g"))
	read("x/g")
	ents, err := os.ReadDir("x")
	for _, e := range ents {
		fmt.Println("entry", e.Name(), e.IsDir())
	}
	fi, err := os.Stat("x/g")
	fmt.Println(fi.Name(), fi.Size(), fi.Mode(), err)
	fi, err = os.Lstat("inlink")
	fmt.Println(fi.Name(), fi.Mode()&os.ModeSymlink != 0, err)
	fmt.Println(os.Readlink("rellink"))
	fmt.Println(os.Chmod("new.txt", 0o600))
	fmt.Println(os.Truncate("new.txt", 1))
	read("new.txt")
	dir, err := os.MkdirTemp(".", "t*")
	fmt.Println(strings.HasPrefix(dir, "./t"), err)
	f, err := os.CreateTemp(dir, "f*.txt")
	fmt.Println(err)
	f.WriteString("temp")
	f.Close()
	read(f.Name())
	fmt.Println(os.RemoveAll("x"), os.Remove("new.txt"))
	_, err = os.Stat("x")
	fmt.Println(err)
	fmt.Println(os.Rename("a.txt", "linkdir/stolen"))
	fmt.Println(os.Remove("link"))
	_, err = os.Lstat("link")
	fmt.Println(err)
}
`
	want := `wd is root: true
a.txt: in root
ROOT/a.txt: in root
sub/../a.txt: in root
inlink: in root
rellink: in root
open REL: permission denied
open OUT: permission denied
open link: permission denied
open uplink: permission denied
open linkdir/secret.txt: permission denied
open /etc/passwd: permission denied
open /proc/self/environ: permission denied
open linkdir/planted: permission denied
<nil>
../a.txt: in root
<nil>
wd is root: true
chdir ..: permission denied
open ../a.txt: permission denied
<nil>
new.txt: new
<nil>
<nil>
<nil>
x/g: deep
entry g false
entry y true
g 4 -rw-r--r-- <nil>
inlink true <nil>
sub/../a.txt <nil>
<nil>
<nil>
new.txt: n
true <nil>
<nil>
FILE: temp
<nil> <nil>
stat x: no such file or directory
rename a.txt linkdir/stolen: permission denied
<nil>
lstat link: no such file or directory
`
	out := filepath.Join(outside, "secret.txt")
	want = strings.NewReplacer("REL", rel, "OUT", out).Replace(want)
	o := spindle.RunOptions{Args: []string{"main", root, rel, out}, Grants: spindle.Grants{Root: root}}
	got, errs, code := runGranted(t, src, o)
	// The temp file's name is random: compare the line's shape.
	lines := strings.Split(got, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "./t") && strings.HasSuffix(l, ".txt: temp") {
			lines[i] = "FILE: temp"
		}
	}
	if got = strings.Join(lines, "\n"); code != 0 || got != want {
		t.Errorf("exit %d, output:\n%s\nwant:\n%s\nstderr:\n%s", code, got, want, errs)
	}
	if _, err := os.Stat(filepath.Join(outside, "planted")); err == nil {
		t.Error("the guest wrote outside its root")
	}
	if b, err := os.ReadFile(filepath.Join(outside, "secret.txt")); err != nil || string(b) != "secret" {
		t.Errorf("the file outside the root: %q, %v", b, err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// The whole file system granted to an embedded run still hides the host
// process's own /proc entries, which hold its environment, descriptors
// and memory, by whatever path they are reached; a run that owns its
// process (RunOptions.Exec, the spindle command's) sees them.
func TestGrantsRootHidesHostProc(t *testing.T) {
	dir := t.TempDir()
	must(t, os.Symlink("/proc/self/environ", filepath.Join(dir, "env")))
	must(t, os.WriteFile(filepath.Join(dir, "f"), []byte("host file"), 0o644))
	src := `package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	dir, tid := os.Args[1], os.Args[2]
	hide := strings.NewReplacer(dir, "DIR", "/proc/"+tid+"/", "/proc/TID/")
	for _, p := range []string{
		"/proc/self/environ",
		"/proc/thread-self/environ",
		fmt.Sprintf("/proc/%d/environ", os.Getpid()),
		"/proc/" + tid + "/environ",
		"/proc/self/../self/environ",
		"/proc/./self/fd/1",
		"/dev/stdout",
		"/dev/fd/1",
		dir + "/env",
	} {
		f, err := os.OpenFile(p, os.O_RDONLY, 0)
		if err == nil {
			f.Close()
			fmt.Println(hide.Replace(p), "opened")
			continue
		}
		fmt.Println(hide.Replace(err.Error()))
	}
	_, err := os.ReadDir("/proc/self/fd")
	fmt.Println(err)
	b, err := os.ReadFile(dir + "/f")
	fmt.Println(string(b), err)
	_, err = os.ReadFile("/proc/version")
	fmt.Println("/proc/version:", err)
}
`
	tid := fmt.Sprint(hostThread(t))
	want := `open /proc/self/environ: permission denied
open /proc/thread-self/environ: permission denied
open /proc/PID/environ: permission denied
open /proc/TID/environ: permission denied
open /proc/self/../self/environ: permission denied
open /proc/./self/fd/1: permission denied
open /dev/stdout: permission denied
open /dev/fd/1: permission denied
open DIR/env: permission denied
open /proc/self/fd: permission denied
host file <nil>
/proc/version: <nil>
`
	want = strings.Replace(want, "PID", fmt.Sprint(os.Getpid()), 1)
	checkGranted(t, src, spindle.RunOptions{Args: []string{"main", dir, tid}, Grants: spindle.Grants{Root: "/"}}, want)

	// The spindle command's run owns its process: nothing is hidden.
	out, errs, code := runGranted(t, src, spindle.RunOptions{Args: []string{"main", dir, tid}, Grants: spindle.GrantAll, Exec: true})
	if code != 0 || !strings.HasPrefix(out, "/proc/self/environ opened\n") || !strings.Contains(out, "DIR/env opened") {
		t.Errorf("with RunOptions.Exec: exit %d, output:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// ReadOnly grants reading under Root and denies every change.
func TestGrantsReadOnly(t *testing.T) {
	root := t.TempDir()
	must(t, os.WriteFile(filepath.Join(root, "a.txt"), []byte("kept"), 0o644))
	must(t, os.Mkdir(filepath.Join(root, "sub"), 0o755))
	src := `package main

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
)

func main() {
	b, err := os.ReadFile("a.txt")
	fmt.Println(string(b), err)
	f, err := os.Open("sub")
	if err == nil {
		names, err := f.Readdirnames(-1)
		fmt.Println(names, err, f.Close())
	}
	fmt.Println(os.WriteFile("new.txt", nil, 0o644))
	_, err = os.OpenFile("a.txt", os.O_RDWR, 0)
	fmt.Println(err, errors.Is(err, fs.ErrPermission))
	_, err = os.OpenFile("a.txt", os.O_WRONLY|os.O_APPEND, 0)
	fmt.Println(err)
	fmt.Println(os.Mkdir("d", 0o755))
	fmt.Println(os.MkdirAll("d/e", 0o755))
	fmt.Println(os.Remove("a.txt"))
	fmt.Println(os.RemoveAll("sub"))
	fmt.Println(os.Rename("a.txt", "b.txt"))
	fmt.Println(os.Chmod("a.txt", 0o600))
	fmt.Println(os.Truncate("a.txt", 0))
	_, err = os.CreateTemp("", "x")
	fmt.Println(errors.Is(err, fs.ErrPermission))
	_, err = net.Listen("unix", "s.sock")
	fmt.Println(err)
}
`
	want := `kept <nil>
[] <nil> <nil>
open new.txt: permission denied
open a.txt: permission denied true
open a.txt: permission denied
mkdir d: permission denied
mkdir d: permission denied
remove a.txt: permission denied
unlinkat sub: permission denied
rename a.txt b.txt: permission denied
chmod a.txt: permission denied
truncate a.txt: permission denied
true
listen unix s.sock: bind: permission denied
`
	checkGranted(t, src, spindle.RunOptions{Grants: spindle.Grants{Root: root, ReadOnly: true}}, want)
	if b, err := os.ReadFile(filepath.Join(root, "a.txt")); err != nil || string(b) != "kept" {
		t.Errorf("a.txt after the run: %q, %v", b, err)
	}
}

// An fs.FS is the run's read-only file system, seen at "/".
func TestGrantsFS(t *testing.T) {
	fsys := fstest.MapFS{
		"a/b.txt":   {Data: []byte("hello, fs")},
		"a/c/d.txt": {Data: []byte("deep")},
		"top.txt":   {Data: []byte("top")},
	}
	src := `package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// walk lists the tree under dir, as fs.WalkDir would.
func walk(dir string, depth int) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range ents {
		fmt.Println(strings.Repeat("  ", depth)+e.Name(), e.IsDir())
		if e.IsDir() {
			walk(dir+"/"+e.Name(), depth+1)
		}
	}
}

func main() {
	walk("/", 0)
	b, err := os.ReadFile("/a/b.txt")
	fmt.Println(string(b), err)
	b, err = os.ReadFile("a/b.txt")
	fmt.Println(string(b), err)
	b, err = os.ReadFile("/../a/c/../b.txt")
	fmt.Println(string(b), err)
	f, err := os.Open("/a/b.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	buf := make([]byte, 5)
	n, err := f.Read(buf)
	fmt.Println(string(buf[:n]), err)
	off, err := f.Seek(7, io.SeekStart)
	fmt.Println(off, err)
	rest, err := io.ReadAll(f)
	fmt.Println(string(rest), err)
	fi, err := f.Stat()
	fmt.Println(fi.Name(), fi.Size(), err)
	_, err = f.Write([]byte("x"))
	fmt.Println(err)
	fmt.Println(f.Close())
	fi, err = os.Stat("/a/c")
	fmt.Println(fi.Name(), fi.IsDir(), err)
	fmt.Println(os.Chdir("/a"))
	fmt.Println(os.Getwd())
	b, err = os.ReadFile("c/d.txt")
	fmt.Println(string(b), err)
	fmt.Println(os.Chdir("b.txt"))
	_, err = os.ReadFile("/missing")
	fmt.Println(err, errors.Is(err, fs.ErrNotExist))
	fmt.Println(os.WriteFile("/new", nil, 0o644))
	_, err = os.Create("x")
	fmt.Println(err)
	_, err = os.OpenFile("/top.txt", os.O_RDWR, 0)
	fmt.Println(err)
	fmt.Println(os.Mkdir("/d", 0o755))
	fmt.Println(os.Remove("/top.txt"))
	_, err = os.ReadFile("/etc/passwd")
	fmt.Println(err)
}
`
	want := `a true
  b.txt false
  c true
    d.txt false
top.txt false
hello, fs <nil>
hello, fs <nil>
hello, fs <nil>
hello <nil>
7 <nil>
fs <nil>
b.txt 9 <nil>
write /a/b.txt: bad file descriptor
<nil>
c true <nil>
<nil>
/a <nil>
deep <nil>
chdir b.txt: not a directory
open /missing: no such file or directory true
open /new: permission denied
open x: permission denied
open /top.txt: permission denied
mkdir /d: permission denied
remove /top.txt: permission denied
open /etc/passwd: no such file or directory
`
	checkGranted(t, src, spindle.RunOptions{Grants: spindle.Grants{FS: fsys}}, want)
}

// Dial and Listen allow what they list and nothing else; two fibers of a
// run talking over loopback need both.
func TestGrantsNetwork(t *testing.T) {
	allowed, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	defer allowed.Close()
	other, err := net.Listen("tcp", "127.0.0.1:0")
	must(t, err)
	defer other.Close()
	go func() {
		for {
			c, err := allowed.Accept()
			if err != nil {
				return
			}
			c.Write([]byte("hello from the host\n"))
			c.Close()
		}
	}()
	_, port, _ := net.SplitHostPort(allowed.Addr().String())
	src := `package main

import (
	"bufio"
	"fiber"
	"fmt"
	"net"
	"os"
	"strings"
)

func main() {
	allowed, other, port := os.Args[1], os.Args[2], os.Args[3]
	hide := strings.NewReplacer(other, "OTHER", allowed, "ALLOWED")
	for _, addr := range []string{allowed, "localhost:" + port} {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			fmt.Println(hide.Replace(err.Error()))
			continue
		}
		line, _ := bufio.NewReader(c).ReadString('\n')
		fmt.Print(line)
		c.Close()
	}
	_, err := net.Dial("tcp", other)
	fmt.Println(hide.Replace(err.Error()))
	_, err = net.Listen("tcp", ":0")
	fmt.Println(err)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer l.Close()
	go func() {
		c, err := l.Accept()
		if err == nil {
			c.Write([]byte("hello from the run\n"))
			c.Close()
		}
	}()
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		fmt.Println(strings.Replace(err.Error(), l.Addr().String(), "SELF", 1))
	} else {
		line, _ := bufio.NewReader(c).ReadString('\n')
		fmt.Print(line)
	}
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = pc.WriteTo([]byte("x"), &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 9})
	fmt.Println(strings.Replace(fmt.Sprint(err), pc.LocalAddr().String(), "SELF", 1))
	_, err = net.Listen("unix", "@spindle-grants-test")
	fmt.Println(err)
	_, err = fiber.ListenShared("tcp", "127.0.0.2:0")
	fmt.Println(err)
}
`
	args := []string{"main", allowed.Addr().String(), other.Addr().String(), port}
	want := `hello from the host
hello from the host
dial tcp OTHER: connect: permission denied
listen tcp :0: bind: permission denied
dial tcp SELF: connect: permission denied
write udp SELF->127.0.0.1:9: sendto: permission denied
listen unix @spindle-grants-test: bind: permission denied
listen tcp 127.0.0.2:0: bind: permission denied
`
	checkGranted(t, src, spindle.RunOptions{Args: args, Grants: spindle.Grants{
		Dial:   []string{allowed.Addr().String(), "localhost:" + port},
		Listen: []string{"127.0.0.1:*"},
	}}, want)

	// With the loopback addresses granted both ways, the run talks to
	// itself.
	self := `package main

import (
	"bufio"
	"fmt"
	"net"
)

func main() {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	go func() {
		c, err := l.Accept()
		if err == nil {
			c.Write([]byte("hello from the run\n"))
			c.Close()
		}
	}()
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	line, _ := bufio.NewReader(c).ReadString('\n')
	fmt.Print(line)
}
`
	checkGranted(t, self, spindle.RunOptions{Grants: spindle.Grants{Dial: []string{"localhost:*"}, Listen: []string{"127.0.0.1:*"}}}, "hello from the run\n")
	checkGranted(t, self, spindle.RunOptions{Grants: spindle.Grants{Dial: []string{"*"}, Listen: []string{"*"}}}, "hello from the run\n")
}

// hostThread returns the id of a thread of this process other than its
// main one, held by a goroutine until the test ends.
func hostThread(t *testing.T) int {
	tids, release := make(chan int), make(chan struct{})
	t.Cleanup(func() { close(release) })
	for {
		go func() {
			runtime.LockOSThread()
			tids <- syscall.Gettid()
			<-release
			runtime.UnlockOSThread()
		}()
		if tid := <-tids; tid != os.Getpid() {
			return tid
		}
	}
}

// Exec grants child processes; with Root, the program must be in it.
func TestGrantsExec(t *testing.T) {
	src := `package main

import (
	"fmt"
	"os/exec"
)

func main() {
	fmt.Println(exec.Command("/bin/true").Run())
	_, err := exec.LookPath("true")
	fmt.Println(err)
	_, err = exec.LookPath("/bin/true")
	fmt.Println(err)
}
`
	env := []string{"PATH=/usr/bin:/bin"}
	checkGranted(t, src, spindle.RunOptions{Env: env, Grants: spindle.Grants{Root: "/"}}, `fork/exec /bin/true: permission denied
exec: "true": executable file not found in $PATH
exec: "/bin/true": permission denied
`)
	checkGranted(t, src, spindle.RunOptions{Env: env, Grants: spindle.Grants{Root: "/", Exec: true}}, "<nil>\n<nil>\n<nil>\n")
	checkGranted(t, src, spindle.RunOptions{Env: env, Grants: spindle.Grants{Root: t.TempDir(), Exec: true}}, `fork/exec /bin/true: permission denied
exec: "true": executable file not found in $PATH
exec: "/bin/true": stat /bin/true: permission denied
`)
}

// MaxFiles caps the files and sockets a run holds at once: past it an
// open fails with EMFILE, as Go reports it, until one is closed.
func TestGrantsMaxFiles(t *testing.T) {
	root := t.TempDir()
	must(t, os.WriteFile(filepath.Join(root, "f"), []byte("x"), 0o644))
	src := `package main

import (
	"fmt"
	"net"
	"os"
)

func main() {
	var files []*os.File
	for {
		f, err := os.Open("f")
		if err != nil {
			fmt.Println(len(files), "open:", err)
			break
		}
		files = append(files, f)
	}
	_, _, err := os.Pipe()
	fmt.Println(err)
	_, err = os.CreateTemp(".", "t")
	fmt.Println(err != nil)
	_, err = net.Listen("tcp", "127.0.0.1:0")
	fmt.Println(err)
	files[0].Close()
	f, err := os.Open("f")
	fmt.Println("after a close:", err)
	f.Close()
	for _, f := range files[1:] {
		f.Close()
	}

	// A listener, a dialled connection and three files fill the quota:
	// the accept fails until the connection is closed.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		fmt.Println(err)
		return
	}
	for range 3 {
		if _, err := os.Open("f"); err != nil {
			fmt.Println(err)
		}
	}
	_, err = l.Accept()
	fmt.Println(err != nil && err.Error() == "accept tcp "+l.Addr().String()+": accept4: too many open files")
	c.Close()
	a, err := l.Accept()
	fmt.Println("after a close:", err)
	a.Close()
}
`
	o := spindle.RunOptions{MaxFiles: 5, Grants: spindle.Grants{Root: root, Dial: []string{"*"}, Listen: []string{"*"}}}
	want := `5 open: open f: too many open files
pipe2: too many open files
true
listen tcp 127.0.0.1:0: socket: too many open files
after a close: <nil>
true
after a close: <nil>
`
	out, errs, code := runGranted(t, src, o)
	if code != 0 || out != want {
		t.Errorf("exit %d, output:\n%s\nwant:\n%s\nstderr:\n%s", code, out, want, errs)
	}
}

// Unix sockets in the file system are files of the run's Root: they work
// there, under their own names, and nowhere else.
func TestGrantsRootUnixSockets(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	root, _ = filepath.EvalSymlinks(root) // the run's directory names no link
	src := `package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"strings"
)

func main() {
	root, outside := os.Args[1], os.Args[2]
	l, err := net.Listen("unix", "s.sock")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("listening on", strings.Replace(l.Addr().String(), root, "ROOT", 1))
	go func() {
		c, err := l.Accept()
		if err == nil {
			fmt.Fprintln(c, "over a unix socket")
			c.Close()
		}
	}()
	c, err := net.Dial("unix", root+"/s.sock")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("remote", strings.Replace(c.RemoteAddr().String(), root, "ROOT", 1))
	line, _ := bufio.NewReader(c).ReadString('\n')
	fmt.Print(line)
	l.Close()
	_, err = os.Stat("s.sock")
	fmt.Println("removed:", os.IsNotExist(err))
	_, err = net.Listen("unix", outside+"/s.sock")
	fmt.Println(strings.Replace(err.Error(), outside, "OUT", 1))
	_, err = net.Dial("unix", "/run/docker.sock")
	fmt.Println(err)
}
`
	want := `listening on ROOT/s.sock
remote ROOT/s.sock
over a unix socket
removed: true
listen unix OUT/s.sock: bind: permission denied
dial unix /run/docker.sock: connect: permission denied
`
	checkGranted(t, src, spindle.RunOptions{Args: []string{"main", root, outside}, Grants: spindle.Grants{Root: root}}, want)
	if _, err := os.Stat(filepath.Join(outside, "s.sock")); err == nil {
		t.Error("a socket was made outside the root")
	}
}

// The walk under Root resolves each component itself: a directory the
// host swaps with a symlink to outside the root while the guest reads
// through it never leads out, whenever the swap lands.
func TestGrantsRootSymlinkRace(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	must(t, os.Mkdir(filepath.Join(root, "d"), 0o755))
	must(t, os.WriteFile(filepath.Join(root, "d", "f"), []byte("inside"), 0o644))
	must(t, os.WriteFile(filepath.Join(outside, "f"), []byte("secret"), 0o644))
	must(t, os.Symlink(outside, filepath.Join(root, "x")))
	d, x := filepath.Join(root, "d"), filepath.Join(root, "x")
	swap := func() error { return unix.Renameat2(unix.AT_FDCWD, d, unix.AT_FDCWD, x, unix.RENAME_EXCHANGE) }
	if err := swap(); err != nil {
		t.Skipf("no RENAME_EXCHANGE here: %v", err)
	}
	stop, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		for {
			select {
			case <-stop:
				return
			default:
				swap()
			}
		}
	}()
	src := `package main

import (
	"fmt"
	"os"
)

func main() {
	inside, secret, denied := 0, 0, 0
	for i := 0; i < 1000000 && (inside < 100 || denied+secret < 100); i++ {
		b, err := os.ReadFile("d/f")
		switch {
		case os.IsPermission(err):
			denied++
		case err != nil:
		case string(b) == "secret":
			secret++
		default:
			inside++
		}
	}
	fmt.Println("secret:", secret, "both seen:", inside >= 100 && denied+secret >= 100)
}
`
	checkGranted(t, src, spindle.RunOptions{Grants: spindle.Grants{Root: root}}, "secret: 0 both seen: true\n")
	close(stop)
	<-stopped
}
