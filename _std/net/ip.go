package net

import "strconv"

// IP address lengths (bytes).
const (
	IPv4len = 4
	IPv6len = 16
)

// An IP is a single IP address, a slice of bytes: 4 bytes (IPv4) or 16
// bytes (IPv6, or IPv4 in its IPv4-mapped IPv6 form).
type IP []byte

// An IPMask is a bitmask that can be used to manipulate IP addresses for
// IP addressing and routing.
type IPMask []byte

var v4InV6Prefix = []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff}

// IPv4 returns the IP address (in 16-byte form) of the IPv4 address
// a.b.c.d.
func IPv4(a, b, c, d byte) IP {
	p := make(IP, IPv6len)
	copy(p, v4InV6Prefix)
	p[12], p[13], p[14], p[15] = a, b, c, d
	return p
}

// Well-known IPv4 addresses.
var (
	IPv4bcast     = IPv4(255, 255, 255, 255) // limited broadcast
	IPv4allsys    = IPv4(224, 0, 0, 1)       // all systems
	IPv4allrouter = IPv4(224, 0, 0, 2)       // all routers
	IPv4zero      = IPv4(0, 0, 0, 0)         // all zeros
)

// Well-known IPv6 addresses.
var (
	IPv6zero                   = IP{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	IPv6unspecified            = IP{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	IPv6loopback               = IP{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}
	IPv6interfacelocalallnodes = IP{0xff, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01}
	IPv6linklocalallnodes      = IP{0xff, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01}
	IPv6linklocalallrouters    = IP{0xff, 0x02, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02}
)

func ipString(ip []byte) string
func parseIP(s string) []byte

// ParseIP parses s as an IP address (dotted decimal IPv4, or IPv6), and
// returns it in 16-byte form, or nil if s is not a valid address.
func ParseIP(s string) IP {
	if b := parseIP(s); b != nil {
		return IP(b)
	}
	return nil
}

// String returns the string form of the IP address ip: dotted decimal for
// IPv4 (and IPv4-mapped) addresses, RFC 5952 form for IPv6, "<nil>" for a
// nil ip and "?" followed by hex digits for an invalid one.
func (ip IP) String() string { return ipString(ip) }

// To4 converts the IPv4 address ip to a 4-byte representation; it returns
// nil if ip is not an IPv4 address.
func (ip IP) To4() IP {
	if len(ip) == IPv4len {
		return ip
	}
	if len(ip) == IPv6len && isZeros(ip[0:10]) && ip[10] == 0xff && ip[11] == 0xff {
		return ip[12:16]
	}
	return nil
}

// To16 converts the IP address ip to a 16-byte representation; it returns
// nil if ip is not an IP address.
func (ip IP) To16() IP {
	if len(ip) == IPv4len {
		return IPv4(ip[0], ip[1], ip[2], ip[3])
	}
	if len(ip) == IPv6len {
		return ip
	}
	return nil
}

func isZeros(p []byte) bool {
	for _, b := range p {
		if b != 0 {
			return false
		}
	}
	return true
}

// Equal reports whether ip and x are the same IP address. An IPv4 address
// and that same address in IPv6 form are considered to be equal.
func (ip IP) Equal(x IP) bool {
	if len(ip) == len(x) {
		return string(ip) == string(x)
	}
	if len(ip) == IPv4len && len(x) == IPv6len {
		return string(x[0:12]) == string(v4InV6Prefix) && string(ip) == string(x[12:])
	}
	if len(ip) == IPv6len && len(x) == IPv4len {
		return string(ip[0:12]) == string(v4InV6Prefix) && string(ip[12:]) == string(x)
	}
	return false
}

// IsUnspecified reports whether ip is an unspecified address, either the
// IPv4 address "0.0.0.0" or the IPv6 address "::".
func (ip IP) IsUnspecified() bool {
	return ip.Equal(IPv4zero) || ip.Equal(IPv6unspecified)
}

// IsLoopback reports whether ip is a loopback address.
func (ip IP) IsLoopback() bool {
	if ip4 := ip.To4(); ip4 != nil {
		return ip4[0] == 127
	}
	return ip.Equal(IPv6loopback)
}

// IsPrivate reports whether ip is a private address, according to RFC 1918
// (IPv4 addresses) and RFC 4193 (IPv6 addresses).
func (ip IP) IsPrivate() bool {
	if ip4 := ip.To4(); ip4 != nil {
		return ip4[0] == 10 ||
			(ip4[0] == 172 && ip4[1]&0xf0 == 16) ||
			(ip4[0] == 192 && ip4[1] == 168)
	}
	return len(ip) == IPv6len && ip[0]&0xfe == 0xfc
}

// IsMulticast reports whether ip is a multicast address.
func (ip IP) IsMulticast() bool {
	if ip4 := ip.To4(); ip4 != nil {
		return ip4[0]&0xf0 == 0xe0
	}
	return len(ip) == IPv6len && ip[0] == 0xff
}

// IsLinkLocalUnicast reports whether ip is a link-local unicast address.
func (ip IP) IsLinkLocalUnicast() bool {
	if ip4 := ip.To4(); ip4 != nil {
		return ip4[0] == 169 && ip4[1] == 254
	}
	return len(ip) == IPv6len && ip[0] == 0xfe && ip[1]&0xc0 == 0x80
}

// IsGlobalUnicast reports whether ip is a global unicast address.
func (ip IP) IsGlobalUnicast() bool {
	return (len(ip) == IPv4len || len(ip) == IPv6len) &&
		!ip.Equal(IPv4bcast) &&
		!ip.IsUnspecified() &&
		!ip.IsLoopback() &&
		!ip.IsMulticast() &&
		!ip.IsLinkLocalUnicast()
}

// DefaultMask returns the default IP mask for the IP address ip (only
// IPv4 addresses have default masks); nil otherwise.
func (ip IP) DefaultMask() IPMask {
	if ip = ip.To4(); ip == nil {
		return nil
	}
	switch {
	case ip[0] < 0x80:
		return IPv4Mask(0xff, 0, 0, 0)
	case ip[0] < 0xC0:
		return IPv4Mask(0xff, 0xff, 0, 0)
	default:
		return IPv4Mask(0xff, 0xff, 0xff, 0)
	}
}

// IPv4Mask returns the IP mask (in 4-byte form) of the IPv4 mask a.b.c.d.
func IPv4Mask(a, b, c, d byte) IPMask { return IPMask{a, b, c, d} }

// CIDRMask returns an IPMask of ones 1 bits followed by 0s up to a total
// length of bits bits.
func CIDRMask(ones, bits int) IPMask {
	if bits != 8*IPv4len && bits != 8*IPv6len {
		return nil
	}
	if ones < 0 || ones > bits {
		return nil
	}
	m := make(IPMask, bits/8)
	for i := range m {
		switch {
		case ones >= 8:
			m[i] = 0xff
			ones -= 8
		case ones > 0:
			m[i] = ^byte(0xff >> ones)
			ones = 0
		}
	}
	return m
}

// Mask returns the result of masking the IP address ip with mask.
func (ip IP) Mask(mask IPMask) IP {
	if len(mask) == IPv6len && len(ip) == IPv4len && isZeros(mask[0:10]) && mask[10] == 0xff && mask[11] == 0xff {
		mask = mask[12:]
	}
	if len(mask) == IPv4len && len(ip) == IPv6len && string(ip[:12]) == string(v4InV6Prefix) {
		ip = ip[12:]
	}
	if len(ip) != len(mask) {
		return nil
	}
	out := make(IP, len(ip))
	for i := range ip {
		out[i] = ip[i] & mask[i]
	}
	return out
}

// MarshalText implements encoding.TextMarshaler.
func (ip IP) MarshalText() ([]byte, error) {
	if len(ip) == 0 {
		return []byte(""), nil
	}
	if len(ip) != IPv4len && len(ip) != IPv6len {
		return nil, &AddrError{Err: "invalid IP address", Addr: hexString(ip)}
	}
	return []byte(ip.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (ip *IP) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*ip = nil
		return nil
	}
	s := string(text)
	x := ParseIP(s)
	if x == nil {
		return &ParseError{Type: "IP address", Text: s}
	}
	*ip = x
	return nil
}

func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	s := make([]byte, len(b)*2)
	for i, tn := range b {
		s[i*2], s[i*2+1] = digits[tn>>4], digits[tn&0xf]
	}
	return string(s)
}

// String returns the hexadecimal form of m, with no punctuation.
func (m IPMask) String() string {
	if len(m) == 0 {
		return "<nil>"
	}
	return hexString(m)
}

// Size returns the number of leading ones and total bits in the mask; 0, 0
// if the mask is not in the canonical form.
func (m IPMask) Size() (ones, bits int) {
	done := false
	for _, b := range m {
		for i := 7; i >= 0; i-- {
			if b&(1<<i) != 0 {
				if done {
					return 0, 0
				}
				ones++
			} else {
				done = true
			}
		}
	}
	return ones, len(m) * 8
}

// SplitHostPort splits a network address of the form "host:port",
// "host%zone:port", "[host]:port" or "[host%zone]:port" into host or
// host%zone and port.
func SplitHostPort(hostport string) (host, port string, err error) {
	const (
		missingPort   = "missing port in address"
		tooManyColons = "too many colons in address"
	)
	fail := func(why string) (string, string, error) {
		return "", "", &AddrError{Err: why, Addr: hostport}
	}
	i := last(hostport, ':')
	if i < 0 {
		return fail(missingPort)
	}
	if hostport[0] == '[' {
		end := byteIndex(hostport, ']')
		if end < 0 {
			return fail("missing ']' in address")
		}
		switch end + 1 {
		case len(hostport):
			return fail(missingPort)
		case i:
		default:
			if hostport[end+1] == ':' {
				return fail(tooManyColons)
			}
			return fail(missingPort)
		}
		host = hostport[1:end]
		if byteIndex(hostport[1:], '[') >= 0 {
			return fail("unexpected '[' in address")
		}
		if byteIndex(hostport[end+1:], ']') >= 0 {
			return fail("unexpected ']' in address")
		}
		return host, hostport[i+1:], nil
	}
	host = hostport[:i]
	if byteIndex(host, ':') >= 0 {
		return fail(tooManyColons)
	}
	if byteIndex(hostport, '[') >= 0 {
		return fail("unexpected '[' in address")
	}
	if byteIndex(hostport, ']') >= 0 {
		return fail("unexpected ']' in address")
	}
	return host, hostport[i+1:], nil
}

// JoinHostPort combines host and port into a network address of the form
// "host:port". If host contains a colon, as found in literal IPv6
// addresses, then JoinHostPort returns "[host]:port".
func JoinHostPort(host, port string) string {
	if byteIndex(host, ':') >= 0 {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}

func byteIndex(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func last(s string, c byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// services are the port names LookupPort knows (a few of /etc/services).
var services = map[string]int{
	"echo": 7, "discard": 9, "daytime": 13, "ftp": 21, "ssh": 22, "telnet": 23,
	"smtp": 25, "domain": 53, "http": 80, "pop3": 110, "imap": 143,
	"https": 443, "submission": 587, "imaps": 993, "pop3s": 995,
}

// LookupPort looks up the port for the given network and service (a
// number, or one of the common service names).
func LookupPort(network, service string) (port int, err error) {
	if service == "" {
		return 0, nil
	}
	if n, ok := parsePort(service); ok {
		if n < 0 || n > 0xffff {
			return 0, &AddrError{Err: "invalid port", Addr: service}
		}
		return n, nil
	}
	switch network {
	case "tcp", "tcp4", "tcp6", "udp", "udp4", "udp6", "":
	default:
		return 0, UnknownNetworkError(network)
	}
	if p, ok := services[lower(service)]; ok {
		return p, nil
	}
	if network == "" {
		network = "tcp"
	}
	return 0, &DNSError{Err: "unknown port", Name: network + "/" + service, IsNotFound: true}
}

// parsePort parses a decimal port number (ok false if service is not a
// number; a huge number gives -1).
func parsePort(service string) (int, bool) {
	neg := false
	s := service
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "" {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		if n < 1<<30 {
			n = n*10 + int(c-'0')
		}
	}
	if n >= 1<<30 || neg && n != 0 {
		return -1, true
	}
	return n, true
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// TCPAddr represents the address of a TCP end point.
type TCPAddr struct {
	IP   IP
	Port int
	Zone string // IPv6 scoped addressing zone
}

// Network returns the address's network name, "tcp".
func (a *TCPAddr) Network() string { return "tcp" }

func (a *TCPAddr) String() string {
	if a == nil {
		return "<nil>"
	}
	return hostPort(a.IP, a.Port, a.Zone)
}

// hostPort formats an IP end point as TCPAddr and UDPAddr print it.
func hostPort(ip IP, port int, zone string) string {
	host := ""
	if len(ip) != 0 {
		host = ip.String()
	}
	if zone != "" {
		host += "%" + zone
	}
	return JoinHostPort(host, strconv.Itoa(port))
}

// UnixAddr represents the address of a Unix domain socket end point.
type UnixAddr struct {
	Name string
	Net  string
}

// Network returns the address's network name, "unix", "unixgram" or
// "unixpacket".
func (a *UnixAddr) Network() string { return a.Net }

func (a *UnixAddr) String() string {
	if a == nil {
		return "<nil>"
	}
	return a.Name
}

// IPAddr represents the address of an IP end point.
type IPAddr struct {
	IP   IP
	Zone string // IPv6 scoped addressing zone
}

// Network returns the address's network name, "ip".
func (a *IPAddr) Network() string { return "ip" }

func (a *IPAddr) String() string {
	if a == nil {
		return "<nil>"
	}
	ip := ""
	if len(a.IP) != 0 {
		ip = a.IP.String()
	}
	if a.Zone != "" {
		return ip + "%" + a.Zone
	}
	return ip
}

// An IPNet represents an IP network.
type IPNet struct {
	IP   IP     // network number
	Mask IPMask // network mask
}

// ParseCIDR parses s as a CIDR notation IP address and prefix length,
// like "192.0.2.0/24" or "2001:db8::/32", as defined in RFC 4632 and RFC
// 4291. It returns the IP address and the network implied by the IP and
// prefix length.
func ParseCIDR(s string) (IP, *IPNet, error) {
	i := byteIndex(s, '/')
	if i < 0 {
		return nil, nil, &ParseError{Type: "CIDR address", Text: s}
	}
	addr, mask := s[:i], s[i+1:]
	if byteIndex(addr, '%') >= 0 {
		return nil, nil, &ParseError{Type: "CIDR address", Text: s}
	}
	ip := ParseIP(addr)
	if ip == nil {
		return nil, nil, &ParseError{Type: "CIDR address", Text: s}
	}
	iplen := IPv6len
	if byteIndex(addr, ':') < 0 {
		iplen = IPv4len
	}
	n := 0
	for j := 0; j < len(mask); j++ {
		c := mask[j]
		if c < '0' || c > '9' || n > 1<<20 {
			return nil, nil, &ParseError{Type: "CIDR address", Text: s}
		}
		n = n*10 + int(c-'0')
	}
	if mask == "" || n > 8*iplen {
		return nil, nil, &ParseError{Type: "CIDR address", Text: s}
	}
	m := CIDRMask(n, 8*iplen)
	ip = ip.To16()
	return ip, &IPNet{IP: ip.Mask(m), Mask: m}, nil
}

func networkNumberAndMask(n *IPNet) (ip IP, m IPMask) {
	if ip = n.IP.To4(); ip == nil {
		ip = n.IP
		if len(ip) != IPv6len {
			return nil, nil
		}
	}
	m = n.Mask
	switch len(m) {
	case IPv4len:
		if len(ip) != IPv4len {
			return nil, nil
		}
	case IPv6len:
		if len(ip) == IPv4len {
			m = m[12:]
		}
	default:
		return nil, nil
	}
	return
}

// Contains reports whether the network includes ip.
func (n *IPNet) Contains(ip IP) bool {
	nn, m := networkNumberAndMask(n)
	if x := ip.To4(); x != nil {
		ip = x
	}
	l := len(ip)
	if l != len(nn) {
		return false
	}
	for i := 0; i < l; i++ {
		if nn[i]&m[i] != ip[i]&m[i] {
			return false
		}
	}
	return true
}

// Network returns the address's network name, "ip+net".
func (n *IPNet) Network() string { return "ip+net" }

// String returns the CIDR notation of n like "192.0.2.0/24" or
// "2001:db8::/48". If the mask is not in the canonical form, it returns
// the string which consists of an IP address, followed by a slash
// character and a mask expressed as hexadecimal form with no punctuation
// like "198.51.100.0/c000ff00".
func (n *IPNet) String() string {
	if n == nil {
		return "<nil>"
	}
	nn, m := networkNumberAndMask(n)
	if nn == nil || m == nil {
		return "<nil>"
	}
	l := simpleMaskLength(m)
	if l == -1 {
		return nn.String() + "/" + m.String()
	}
	return nn.String() + "/" + strconv.Itoa(l)
}

// simpleMaskLength returns the prefix length of a canonical mask, or -1.
func simpleMaskLength(mask IPMask) int {
	var n int
	for i, v := range mask {
		if v == 0xff {
			n += 8
			continue
		}
		for v&0x80 != 0 {
			n++
			v <<= 1
		}
		if v != 0 {
			return -1
		}
		for i++; i < len(mask); i++ {
			if mask[i] != 0 {
				return -1
			}
		}
		break
	}
	return n
}
