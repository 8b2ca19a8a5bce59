package std

import (
	"net/netip"
	"testing"

	"spindle/internal/vm"
)

// Dial and Listen entries match addresses as documented: an IP, the
// loopback addresses for "localhost", any host for "*", a name for the
// addresses the run's lookups of it returned; a port or any.
func TestGrantAddrs(t *testing.T) {
	c := newRunCaps(&vm.Config{Grants: vm.Grants{
		Dial:   []string{"10.0.0.1:80", "localhost:*", "example.com:443", "[2001:db8::1]:53"},
		Listen: []string{"0.0.0.0:8080", "*:9000", "@sock"},
	}})
	ip := func(s string) []byte { return netip.MustParseAddr(s).AsSlice() }
	tests := []struct {
		listen bool
		ip     []byte
		port   int
		want   bool
	}{
		{false, ip("10.0.0.1"), 80, true},
		{false, ip("::ffff:10.0.0.1"), 80, true},
		{false, ip("10.0.0.1"), 81, false},
		{false, ip("10.0.0.2"), 80, false},
		{false, ip("127.0.0.1"), 1, true},
		{false, ip("127.9.9.9"), 22, true},
		{false, ip("::1"), 22, true},
		{false, ip("2001:db8::1"), 53, true},
		{false, ip("93.184.215.14"), 443, false}, // example.com, not looked up yet
		{true, nil, 8080, true},                  // ":8080"
		{true, ip("::"), 8080, true},
		{true, ip("127.0.0.1"), 8080, false},
		{true, ip("192.0.2.7"), 9000, true},
		{true, ip("192.0.2.7"), 9001, false},
		{true, ip("10.0.0.1"), 80, false}, // a Dial grant is no Listen grant
	}
	for _, tc := range tests {
		if got := c.netAllowed(tc.listen, tc.ip, tc.port); got != tc.want {
			t.Errorf("netAllowed(listen=%v, %v, %d) = %v, want %v", tc.listen, tc.ip, tc.port, got, tc.want)
		}
	}
	c.lookedUp("Example.COM.", [][]byte{ip("93.184.215.14")})
	c.lookedUp("other.example", [][]byte{ip("10.9.9.9")})
	if !c.netAllowed(false, ip("93.184.215.14"), 443) || c.netAllowed(false, ip("93.184.215.14"), 80) {
		t.Error("a listed name's looked-up address is not allowed on its port alone")
	}
	if c.netAllowed(false, ip("10.9.9.9"), 443) {
		t.Error("a name no grant lists allows its addresses")
	}
	if !c.unixAllowed(true, "@sock") || c.unixAllowed(false, "@sock") || c.unixAllowed(true, "@other") {
		t.Error("abstract Unix socket grants")
	}
	if !c.mayLookUp("example.com") || newRunCaps(&vm.Config{}).mayLookUp("example.com") || !newRunCaps(&vm.Config{}).mayLookUp("localhost") {
		t.Error("lookups: allowed with a network grant only, localhost always")
	}
	for _, bad := range []string{"10.0.0.1", "host:", ":80", "h:http", "h:70000"} {
		if CheckGrantAddrs([]string{bad}) == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if err := CheckGrantAddrs([]string{"*", "*:*", "[::1]:80", "name:*", "@x"}); err != nil {
		t.Error(err)
	}
}

// Paths are taken relative to the root as the walk needs them.
func TestRootRel(t *testing.T) {
	r := &hostRoot{dir: "/srv/data"}
	for _, tc := range []struct {
		full, want string
		escapes    bool
	}{
		{"/srv/data", "", false},
		{"/srv/data/a/b", "a/b", false},
		{"/srv/data//a", "a", false},
		{"/srv/data/../data/a", "../data/a", false}, // the walk refuses its ".."
		{"/srv/other/../data/a", "a", false},
		{"/srv/database", "", true},
		{"/etc/passwd", "", true},
	} {
		got, err := r.rel(tc.full)
		if got != tc.want || (err != nil) != tc.escapes {
			t.Errorf("rel(%q) = %q, %v", tc.full, got, err)
		}
	}
}
