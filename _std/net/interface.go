package net

import "errors"

// Network interfaces, as the host lists them.

// Flags are an interface's flags.
type Flags uint

const (
	FlagUp           Flags = 1 << iota // interface is administratively up
	FlagBroadcast                      // interface supports broadcast access capability
	FlagLoopback                       // interface is a loopback interface
	FlagPointToPoint                   // interface belongs to a point-to-point link
	FlagMulticast                      // interface supports multicast access capability
	FlagRunning                        // interface is in running state
)

var flagNames = []string{"up", "broadcast", "loopback", "pointtopoint", "multicast", "running"}

func (f Flags) String() string {
	s := ""
	for i, name := range flagNames {
		if f&(1<<uint(i)) != 0 {
			if s != "" {
				s += "|"
			}
			s += name
		}
	}
	if s == "" {
		s = "0"
	}
	return s
}

// A HardwareAddr represents a physical hardware address.
type HardwareAddr []byte

func (a HardwareAddr) String() string {
	if len(a) == 0 {
		return ""
	}
	const hexDigit = "0123456789abcdef"
	buf := make([]byte, 0, len(a)*3-1)
	for i, b := range a {
		if i > 0 {
			buf = append(buf, ':')
		}
		buf = append(buf, hexDigit[b>>4], hexDigit[b&0xF])
	}
	return string(buf)
}

// Interface represents a mapping between network interface name and
// index. It also represents network interface facility information.
type Interface struct {
	Index        int          // positive integer that starts at one, zero is never used
	MTU          int          // maximum transmission unit
	Name         string       // e.g., "en0", "lo0", "eth0.100"
	HardwareAddr HardwareAddr // IEEE MAC-48, EUI-48 and EUI-64 form
	Flags        Flags        // e.g., FlagUp, FlagLoopback, FlagMulticast
}

var (
	errInvalidInterface      = errors.New("invalid network interface")
	errInvalidInterfaceIndex = errors.New("invalid network interface index")
	errInvalidInterfaceName  = errors.New("invalid network interface name")
	errNoSuchInterface       = errors.New("no such network interface")
)

func hostInterfaces() (index, mtu []int, names []string, hw [][]byte, flags []int, msg string)
func hostInterfaceAddrs(index int, all bool) (ips, masks [][]byte, msg string)

// Interfaces returns a list of the system's network interfaces.
func Interfaces() ([]Interface, error) {
	index, mtu, names, hw, flags, msg := hostInterfaces()
	if msg != "" {
		return nil, &OpError{Op: "route", Net: "ip+net", Err: errors.New(msg)}
	}
	ift := make([]Interface, len(index))
	for i := range ift {
		ift[i] = Interface{Index: index[i], MTU: mtu[i], Name: names[i], HardwareAddr: HardwareAddr(hw[i]), Flags: Flags(flags[i])}
	}
	return ift, nil
}

// InterfaceByIndex returns the interface specified by index.
func InterfaceByIndex(index int) (*Interface, error) {
	if index <= 0 {
		return nil, &OpError{Op: "route", Net: "ip+net", Err: errInvalidInterfaceIndex}
	}
	ift, err := Interfaces()
	if err != nil {
		return nil, err
	}
	for i := range ift {
		if ift[i].Index == index {
			return &ift[i], nil
		}
	}
	return nil, &OpError{Op: "route", Net: "ip+net", Err: errNoSuchInterface}
}

// InterfaceByName returns the interface specified by name.
func InterfaceByName(name string) (*Interface, error) {
	if name == "" {
		return nil, &OpError{Op: "route", Net: "ip+net", Err: errInvalidInterfaceName}
	}
	ift, err := Interfaces()
	if err != nil {
		return nil, err
	}
	for i := range ift {
		if ift[i].Name == name {
			return &ift[i], nil
		}
	}
	return nil, &OpError{Op: "route", Net: "ip+net", Err: errNoSuchInterface}
}

// Addrs returns a list of unicast interface addresses for a specific
// interface.
func (ifi *Interface) Addrs() ([]Addr, error) {
	if ifi == nil {
		return nil, &OpError{Op: "route", Net: "ip+net", Err: errInvalidInterface}
	}
	return interfaceAddrs(ifi.Index, false)
}

// InterfaceAddrs returns a list of the system's unicast interface
// addresses.
func InterfaceAddrs() ([]Addr, error) { return interfaceAddrs(0, true) }

func interfaceAddrs(index int, all bool) ([]Addr, error) {
	ips, masks, msg := hostInterfaceAddrs(index, all)
	if msg != "" {
		return nil, &OpError{Op: "route", Net: "ip+net", Err: errors.New(msg)}
	}
	addrs := make([]Addr, len(ips))
	for i := range ips {
		addrs[i] = &IPNet{IP: IP(ips[i]), Mask: IPMask(masks[i])}
	}
	return addrs, nil
}
