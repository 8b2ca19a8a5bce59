package std

import (
	"fmt"
	"io/fs"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"spindle/internal/vm"
)

// What a run may reach of its host (vm.Config.Grants and MaxFiles): its
// file system, the network addresses it may dial and listen on, child
// processes, and how many descriptors it may hold. Every binding that
// reaches the host asks the run's caps (capsOf) first; a denied call
// fails as the kernel's EACCES would make it fail in Go, and one past the
// descriptor quota as EMFILE.
//
// The file system is one of three (fsMode):
//   - fsHost: the host's, unchecked (the root "/", writable, in a run that
//     owns its process: the spindle command's);
//   - fsRoot: the host's under Grants.Root, walked by confine.go, which
//     also hides the host process's /proc entries from an embedded run;
//   - fsVirtual: Grants.FS seen at "/", read-only, or nothing at all
//     (every path call fails with EACCES) when there is no FS either.

type fsMode uint8

const (
	fsHost fsMode = iota
	fsRoot
	fsVirtual
)

// runCaps is a run's grants, resolved, and what enforcing them keeps:
// shared by its shards (vm.Machine.RunData), so every field is read-only
// but the atomics and what mu guards.
type runCaps struct {
	mode  fsMode
	root  hostRoot // fsRoot's
	fsys  fs.FS    // fsVirtual's; nil: no file system
	exec  bool     // child processes
	owner bool     // Config.Exec: the run owns its process

	dial, listen []grantAddr

	maxFiles int64 // < 0: no quota
	files    atomic.Int64

	mu sync.Mutex
	// resolved holds, for each host name a grant lists, the addresses the
	// run's lookups of it returned: dialling one of them is dialling the
	// name.
	resolved map[string][]netip.Addr
}

// capsOf returns m's run's caps.
func capsOf(m *vm.Machine) *runCaps {
	return m.RunData(func() any { return newRunCaps(&m.Config) }).(*runCaps)
}

func newRunCaps(c *vm.Config) *runCaps {
	g := c.Grants
	rc := &runCaps{exec: g.Exec, owner: c.Exec, fsys: g.FS, maxFiles: int64(c.MaxFiles)}
	if rc.maxFiles == 0 {
		rc.maxFiles = vm.DefaultMaxFiles
	}
	switch {
	case g.Root == "/" && !g.ReadOnly && c.Exec:
		rc.mode = fsHost
	case g.Root != "":
		rc.mode = fsRoot
		rc.root = hostRoot{dir: g.Root, readOnly: g.ReadOnly, hideSelf: !c.Exec}
	default:
		rc.mode = fsVirtual
	}
	rc.dial, _ = parseGrantAddrs(g.Dial)
	rc.listen, _ = parseGrantAddrs(g.Listen)
	return rc
}

// takeFile counts a descriptor the run is about to hold, or reports that
// it may hold no more (EMFILE); dropFile uncounts one.
func (c *runCaps) takeFile(n int64) bool {
	if c.maxFiles < 0 {
		return true
	}
	if c.files.Add(n) > c.maxFiles {
		c.files.Add(-n)
		return false
	}
	return true
}

func (c *runCaps) dropFile() {
	if c.maxFiles >= 0 {
		c.files.Add(-1)
	}
}

// grantAddr is one entry of a Dial or Listen grant.
type grantAddr struct {
	all  bool   // "*"
	host string // "*", "localhost", a name; "" for an IP
	ip   netip.Addr
	port int // -1: any
	path string
}

// CheckGrantAddrs reports whether every entry of a Dial or Listen grant
// is well formed ("*", "host:port" with host an IP, a name, "localhost"
// or "*" and port a number or "*", or a Unix socket's abstract name
// "@name").
func CheckGrantAddrs(list []string) error {
	_, err := parseGrantAddrs(list)
	return err
}

func parseGrantAddrs(list []string) ([]grantAddr, error) {
	var out []grantAddr
	for _, s := range list {
		a, err := parseGrantAddr(s)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

func parseGrantAddr(s string) (grantAddr, error) {
	if s == "*" {
		return grantAddr{all: true}, nil
	}
	if strings.HasPrefix(s, "@") {
		return grantAddr{path: s, port: -1}, nil
	}
	host, port, ok := cutHostPort(s)
	if !ok || host == "" {
		return grantAddr{}, fmt.Errorf("bad address %q: want host:port, with * for any host or port", s)
	}
	a := grantAddr{port: -1}
	if port != "*" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 0 || n > 65535 {
			return grantAddr{}, fmt.Errorf("bad address %q: bad port %q", s, port)
		}
		a.port = n
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		a.ip = ip.Unmap().WithZone("")
		return a, nil
	}
	a.host = strings.ToLower(strings.TrimSuffix(host, "."))
	return a, nil
}

// cutHostPort splits "host:port" and "[v6]:port".
func cutHostPort(s string) (host, port string, ok bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return "", "", false
	}
	host, port = s[:i], s[i+1:]
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	return host, port, port != ""
}

// netAllowed reports whether the run may dial (connect to, send to) or,
// if listen, bind ip:port. ip is the guest's address (4 or 16 bytes;
// empty: the unspecified address).
func (c *runCaps) netAllowed(listen bool, ipb []byte, port int) bool {
	list := c.dial
	if listen {
		list = c.listen
	}
	ip, ok := netip.AddrFromSlice(ipb)
	if !ok {
		ip = netip.IPv4Unspecified()
	}
	ip = ip.Unmap()
	for _, a := range list {
		if a.all {
			return true
		}
		if a.path != "" || a.port >= 0 && a.port != port {
			continue
		}
		switch {
		case a.host == "*":
			return true
		case a.host == "localhost":
			if ip.IsLoopback() {
				return true
			}
		case a.host == "":
			if a.ip == ip || a.ip.IsUnspecified() && ip.IsUnspecified() {
				return true
			}
		default:
			c.mu.Lock()
			for _, r := range c.resolved[a.host] {
				if r == ip {
					c.mu.Unlock()
					return true
				}
			}
			c.mu.Unlock()
		}
	}
	return false
}

// unixAllowed reports whether the run may dial or listen on the Unix
// socket address path. One in the file system is a file, which the file
// system grant covers (unixPath); an abstract one ("@name") must be
// listed, or the list be "*".
func (c *runCaps) unixAllowed(listen bool, path string) bool {
	if !strings.HasPrefix(path, "@") {
		return true
	}
	list := c.dial
	if listen {
		list = c.listen
	}
	for _, a := range list {
		if a.all || a.path == path {
			return true
		}
	}
	return false
}

// unixName runs op with the name to give the kernel for the Unix socket
// address path (the run's: absolute, abstract "@..." or "" to autobind),
// which bind creates or connect reaches: in a root, a /proc/self/fd name
// for the entry the confined walk found. Both change the file system
// (connect(2) needs write permission on the socket), so a read-only or
// an fs.FS file system has no Unix sockets but abstract ones.
func (c *runCaps) unixName(path string, bind bool, op func(name string) error) error {
	if path == "" || path[0] == '@' || c.mode == fsHost {
		return op(path)
	}
	if c.mode == fsVirtual || c.root.readOnly {
		return syscall.EACCES
	}
	if bind {
		return c.root.onParent(path, op)
	}
	fd, magic, err := c.root.openPath(path, true)
	if err != nil {
		return denied(err)
	}
	defer syscall.Close(fd)
	return op(magic)
}

// mayLookUp reports whether the run may look host up: it has some
// network grant (a run without one sends nothing out, not even a DNS
// query), or host is localhost.
// networked reports whether the run may reach any network address: a
// run that may not sees none of the host's interfaces either.
func (c *runCaps) networked() bool { return len(c.dial) > 0 || len(c.listen) > 0 }

// seesHost reports whether the run sees the host's whole file system,
// and with it the host's identity (os.Hostname's uname).
func (c *runCaps) seesHost() bool {
	return c.mode == fsHost || c.mode == fsRoot && c.root.dir == "/"
}

func (c *runCaps) mayLookUp(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	return len(c.dial) > 0 || len(c.listen) > 0 || h == "localhost" || strings.HasSuffix(h, ".localhost")
}

// lookedUp records the addresses a lookup of host returned, if a grant
// names host.
func (c *runCaps) lookedUp(host string, ips [][]byte) {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	named := false
	for _, list := range [...][]grantAddr{c.dial, c.listen} {
		for _, a := range list {
			named = named || a.host == h
		}
	}
	if !named {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.resolved == nil {
		c.resolved = map[string][]netip.Addr{}
	}
	for _, b := range ips {
		if ip, ok := netip.AddrFromSlice(b); ok {
			ip = ip.Unmap()
			known := false
			for _, r := range c.resolved[h] {
				known = known || r == ip
			}
			if !known {
				c.resolved[h] = append(c.resolved[h], ip)
			}
		}
	}
}

// errNoExec is a child process the run may not start (Grants.Exec, or
// no host file system to find it in).
var errNoExec = syscall.EACCES

// mayExec reports whether the run may start the program full in the
// directory dir (host paths, absolute), nil if so: with Root, both must
// be in it. The child itself is a host process, confined by nothing.
func (c *runCaps) mayExec(full, dir string) error {
	if !c.exec {
		return errNoExec
	}
	switch c.mode {
	case fsHost:
		return nil
	case fsVirtual:
		return errNoExec
	}
	// Only a refusal stops the start here: any other error (no such
	// directory) the start reports as Go does.
	for _, p := range [...]string{dir, full} {
		if err := c.root.check(p); err == syscall.EACCES {
			return err
		}
	}
	return nil
}

// errQuota is the error past MaxFiles.
var errQuota = syscall.EMFILE
