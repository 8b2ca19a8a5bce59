package os

// Args hold the command-line arguments, starting with the program name.
var Args []string = runtimeArgs()

func runtimeArgs() []string

// Exit causes the current program to exit with the given status code.
// Deferred functions are not run.
func Exit(code int)

// Getenv retrieves the value of the environment variable named by the key.
func Getenv(key string) string {
	v, _ := LookupEnv(key)
	return v
}

// LookupEnv retrieves the value of the environment variable named by the
// key and reports whether it was set.
func LookupEnv(key string) (string, bool)

func setenv(key, value string) bool

// Setenv sets the value of the environment variable named by the key.
func Setenv(key, value string) error {
	if !setenv(key, value) {
		return NewSyscallError("setenv", &errno{"invalid argument", eInvalid})
	}
	return nil
}

// Unsetenv unsets a single environment variable.
func Unsetenv(key string) error

// Clearenv deletes all environment variables.
func Clearenv()

// Environ returns a copy of strings representing the environment, in the
// form "key=value".
func Environ() []string

// ExpandEnv replaces ${var} or $var in the string according to the values
// of the current environment variables.
func ExpandEnv(s string) string {
	return Expand(s, Getenv)
}

// Expand replaces ${var} or $var in the string based on the mapping
// function.
func Expand(s string, mapping func(string) string) string {
	var out []byte
	seen := false
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 == len(s) {
			continue
		}
		seen = true
		out = append(out, s[last:i]...)
		name, n := shellName(s[i+1:])
		if name != "" {
			out = append(out, mapping(name)...)
		} else if n == 0 {
			out = append(out, '$')
		}
		i += n
		last = i + 1
	}
	if !seen {
		return s
	}
	return string(out) + s[last:]
}

// shellName reads the variable name after a '$': {name}, a special
// one-character name, or a run of letters, digits and underscores. n is
// the number of bytes used (malformed braces are consumed, name "").
func shellName(s string) (name string, n int) {
	special := func(c byte) bool {
		return c == '*' || c == '#' || c == '$' || c == '@' || c == '!' || c == '?' || c == '-' || '0' <= c && c <= '9'
	}
	if s[0] == '{' {
		if len(s) > 2 && special(s[1]) && s[2] == '}' {
			return s[1:2], 3
		}
		end := 1
		for end < len(s) && s[end] != '}' {
			end++
		}
		switch {
		case end == len(s):
			return "", 1
		case end == 1:
			return "", 2
		}
		return s[1:end], end + 1
	}
	if special(s[0]) {
		return s[:1], 1
	}
	for n < len(s) && (s[n] == '_' || '0' <= s[n] && s[n] <= '9' || 'a' <= s[n] && s[n] <= 'z' || 'A' <= s[n] && s[n] <= 'Z') {
		n++
	}
	return s[:n], n
}

// Hostname returns the host name reported by the kernel.
func Hostname() (name string, err error) {
	return hostname(), nil
}

func hostname() string

// Getpid returns the process id of the caller.
func Getpid() int

// Getppid returns the process id of the caller's parent.
func Getppid() int

// Getuid returns the numeric user id of the caller.
func Getuid() int

// Getgid returns the numeric group id of the caller.
func Getgid() int

// Executable returns the path name of the program.
func Executable() (string, error) {
	if len(Args) > 0 {
		return Args[0], nil
	}
	return "", ErrNotExist
}

// UserHomeDir returns the current user's home directory.
func UserHomeDir() (string, error) {
	if v := Getenv("HOME"); v != "" {
		return v, nil
	}
	return "", errorString("$HOME is not defined")
}

// Getpagesize returns the underlying system's memory page size.
func Getpagesize() int { return 4096 }
