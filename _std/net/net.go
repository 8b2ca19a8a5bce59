// Package net is spindle's guest net package: TCP and UDP (IPv4 and IPv6)
// and Unix sockets with Go's API, addresses and error texts.
//
// Sockets are nonblocking host sockets watched by the run's event loop: a
// goroutine whose Read, Write, Accept or Dial would block parks until the
// socket is ready, its deadline passes or it is closed, while the other
// goroutines run. Deadlines work as in Go (os.ErrDeadlineExceeded, a
// net.Error whose Timeout() is true). Every socket a program opens is
// closed when its run ends.
//
// Missing: raw IP sockets (IPConn), UDP multicast, UnixConn's datagram
// methods, Interfaces, the Resolver type (names are
// looked up by the host's resolver, /etc/hosts first; Dialer.Resolver and
// the Control hooks do not exist), File and SyscallConn methods, Buffers,
// and MPTCP. TCPConn's ReadFrom and WriteTo (io.Copy) move bytes between
// two spindle connections in the host, without entering guest memory
// (Go splices them; spindle reads and writes through one host buffer).
// Connections get TCP_NODELAY but
// no default keep-alive probes (Dialer.KeepAlive and ListenConfig.KeepAlive
// set them when non-zero).
package net

import (
	"context"
	"errors"
	"os"
)

// Addr represents a network end point address.
type Addr interface {
	Network() string // name of the network (for example, "tcp", "udp")
	String() string  // string form of address (for example, "192.0.2.1:25", "[2001:db8::1]:80")
}

// Error represents a network error.
type Error interface {
	error
	Timeout() bool // Is the error a timeout?

	// Deprecated: Temporary errors are not well-defined.
	Temporary() bool
}

// ErrClosed is the error returned by an I/O call on a network connection
// that has already been closed, or that is closed by another goroutine
// before the I/O is completed.
var ErrClosed error = errNetClosing{}

type errNetClosing struct{}

func (errNetClosing) Error() string   { return "use of closed network connection" }
func (errNetClosing) Timeout() bool   { return false }
func (errNetClosing) Temporary() bool { return false }

// ErrWriteToConnected is returned when WriteTo is used on a pre-connected
// connection.
var ErrWriteToConnected = errors.New("use of WriteTo with pre-connected connection")

// errCanceled is a dial interrupted by its context's cancellation.
var errCanceled = canceledError{}

type canceledError struct{}

func (canceledError) Error() string { return "operation was canceled" }

// Is makes errors.Is(err, context.Canceled) true.
func (canceledError) Is(err error) bool { return err == context.Canceled }

// errTimeout is a dial whose deadline passed.
var errTimeout error = &timeoutError{}

type timeoutError struct{}

func (e *timeoutError) Error() string   { return "i/o timeout" }
func (e *timeoutError) Timeout() bool   { return true }
func (e *timeoutError) Temporary() bool { return true }

// Is makes errors.Is(err, context.DeadlineExceeded) and
// errors.Is(err, os.ErrDeadlineExceeded) true.
func (e *timeoutError) Is(err error) bool {
	return err == os.ErrDeadlineExceeded || err == context.DeadlineExceeded
}

// OpError is the error type usually returned by functions in the net
// package. It describes the operation, network type, and address of an
// error.
type OpError struct {
	// Op is the operation which caused the error, such as "read" or
	// "write".
	Op string
	// Net is the network type on which this error occurred, such as "tcp"
	// or "udp6".
	Net string
	// Source is the corresponding local network address.
	Source Addr
	// Addr is the network address for which this error occurred.
	Addr Addr
	// Err is the error that occurred during the operation.
	Err error
}

func (e *OpError) Unwrap() error { return e.Err }

func (e *OpError) Error() string {
	if e == nil {
		return "<nil>"
	}
	s := e.Op
	if e.Net != "" {
		s += " " + e.Net
	}
	if e.Source != nil {
		s += " " + e.Source.String()
	}
	if e.Addr != nil {
		if e.Source != nil {
			s += "->"
		} else {
			s += " "
		}
		s += e.Addr.String()
	}
	return s + ": " + e.Err.Error()
}

type timeout interface{ Timeout() bool }

// Timeout reports whether the error is a timeout.
func (e *OpError) Timeout() bool {
	err := e.Err
	if se, ok := err.(*os.SyscallError); ok {
		err = se.Err
	}
	if err == os.ErrDeadlineExceeded {
		return true
	}
	t, ok := err.(timeout)
	return ok && t.Timeout()
}

// Temporary reports whether the error is temporary.
func (e *OpError) Temporary() bool {
	if e.Op == "accept" && isConnError(e.Err) {
		return true
	}
	err := e.Err
	if se, ok := err.(*os.SyscallError); ok {
		err = se.Err
	}
	if err == os.ErrDeadlineExceeded {
		return true
	}
	t, ok := err.(interface{ Temporary() bool })
	return ok && t.Temporary()
}

func isConnError(err error) bool {
	if se, ok := err.(*os.SyscallError); ok {
		if e, ok := se.Err.(errno); ok {
			return e == eCONNRESET || e == eCONNABORTED
		}
	}
	return false
}

// A ParseError is the error type of literal network address parsers.
type ParseError struct {
	// Type is the type of string that was expected, such as "IP address".
	Type string
	// Text is the malformed text string.
	Text string
}

func (e *ParseError) Error() string   { return "invalid " + e.Type + ": " + e.Text }
func (e *ParseError) Timeout() bool   { return false }
func (e *ParseError) Temporary() bool { return false }

// AddrError describes a malformed or unusable address.
type AddrError struct {
	Err  string
	Addr string
}

func (e *AddrError) Error() string {
	if e == nil {
		return "<nil>"
	}
	s := e.Err
	if e.Addr != "" {
		s = "address " + e.Addr + ": " + s
	}
	return s
}

func (e *AddrError) Timeout() bool   { return false }
func (e *AddrError) Temporary() bool { return false }

// UnknownNetworkError is the error for an unsupported network name.
type UnknownNetworkError string

func (e UnknownNetworkError) Error() string   { return "unknown network " + string(e) }
func (e UnknownNetworkError) Timeout() bool   { return false }
func (e UnknownNetworkError) Temporary() bool { return false }

// InvalidAddrError is the error for an address of the wrong kind.
type InvalidAddrError string

func (e InvalidAddrError) Error() string   { return string(e) }
func (e InvalidAddrError) Timeout() bool   { return false }
func (e InvalidAddrError) Temporary() bool { return false }

// DNSError represents a DNS lookup error.
type DNSError struct {
	UnwrapErr   error  // error returned by the Unwrap method, might be nil
	Err         string // description of the error
	Name        string // name looked for
	Server      string // server used
	IsTimeout   bool   // if true, timed out; not all timeouts set this
	IsTemporary bool   // if true, error is temporary; not all errors set this
	IsNotFound  bool   // if true, host could not be found
}

// Unwrap returns e.UnwrapErr.
func (e *DNSError) Unwrap() error { return e.UnwrapErr }

func (e *DNSError) Error() string {
	if e == nil {
		return "<nil>"
	}
	s := "lookup " + e.Name
	if e.Server != "" {
		s += " on " + e.Server
	}
	return s + ": " + e.Err
}

// Timeout reports whether the DNS lookup is known to have timed out.
func (e *DNSError) Timeout() bool { return e.IsTimeout }

// Temporary reports whether the DNS error is known to be temporary.
func (e *DNSError) Temporary() bool { return e.IsTimeout || e.IsTemporary }

// errno is a host system call error number (syscall.Errno).
type errno int

// Linux error numbers net looks at.
const (
	ePERM        errno = 1
	eNOENT       errno = 2
	eINTR        errno = 4
	eAGAIN       errno = 11
	eACCES       errno = 13
	eEXIST       errno = 17
	eINVAL       errno = 22
	eNFILE       errno = 23
	eMFILE       errno = 24
	eNOSYS       errno = 38
	eNOTEMPTY    errno = 39
	eOPNOTSUPP   errno = 95
	eCONNABORTED errno = 103
	eCONNRESET   errno = 104
	eTIMEDOUT    errno = 110
)

func errnoText(n int) string

func (e errno) Error() string { return errnoText(int(e)) }

// Timeout reports whether the error is a timeout (EAGAIN, ETIMEDOUT).
func (e errno) Timeout() bool { return e == eAGAIN || e == eTIMEDOUT }

// Temporary reports whether the error is temporary.
func (e errno) Temporary() bool {
	return e == eINTR || e == eMFILE || e == eNFILE || e == eCONNRESET || e == eCONNABORTED || e.Timeout()
}

// Is maps the error number to the portable errors of os and errors.
func (e errno) Is(target error) bool {
	switch target {
	case os.ErrPermission:
		return e == eACCES || e == ePERM
	case os.ErrExist:
		return e == eEXIST || e == eNOTEMPTY
	case os.ErrNotExist:
		return e == eNOENT
	case errors.ErrUnsupported:
		return e == eNOSYS || e == eOPNOTSUPP
	}
	return false
}
