// net/url and net/netip compile from Go's own sources, over spindle's
// unique, internal/godebug and internal/bytealg (Go's work on the
// runtime's internals or in assembly).
package main

import (
	"fmt"
	"net/netip"
	"net/url"
	"unique"
)

func main() {
	u, err := url.Parse("https://user:pw@example.org:8443/a%20b/c?q=1&r=x+y#frag")
	fmt.Println(u.Scheme, u.Host, u.Port(), u.Path, u.RawQuery, u.Fragment, u.User.Username(), err)
	fmt.Println(u.Query()["r"], u.String())
	v := url.Values{}
	v.Set("name", "Ava & Bo")
	v.Add("tag", "x/y")
	fmt.Println(v.Encode(), url.QueryEscape("a b/c"), url.PathEscape("a b/c"))
	_, err = url.Parse("http://[::1")
	fmt.Println(err)
	base, _ := url.Parse("http://h/a/b/c")
	ref, _ := url.Parse("../d?x=1")
	fmt.Println(base.ResolveReference(ref))
	a := netip.MustParseAddr("fe80::1%eth0")
	fmt.Println(a, a.Zone(), a.Is6(), netip.MustParsePrefix("10.0.0.0/8").Contains(netip.MustParseAddr("10.1.2.3")))
	fmt.Println(unique.Make("x") == unique.Make("x"), unique.Make(1) == unique.Make(2), unique.Make("k").Value())
}

// Output:
// https example.org:8443 8443 /a b/c q=1&r=x+y frag user <nil>
// [x y] https://user:pw@example.org:8443/a%20b/c?q=1&r=x+y#frag
// name=Ava+%26+Bo&tag=x%2Fy a+b%2Fc a%20b%2Fc
// parse "http://[::1": missing ']' in host
// http://h/a/d?x=1
// fe80::1%eth0 eth0 true true
// true false k
