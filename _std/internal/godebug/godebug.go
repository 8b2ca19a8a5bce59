// Package godebug reads GODEBUG settings for Go's own std packages that
// spindle compiles from source (net/url, for one). spindle's own: every
// setting has its default value (Go's reads the runtime's environment
// through linknamed hooks).
package godebug

// A Setting is a single setting in the $GODEBUG environment variable.
type Setting struct {
	name string
}

// New returns a new Setting for the $GODEBUG setting with the given name
// (a leading # marks an undocumented one).
func New(name string) *Setting { return &Setting{name: name} }

// Name returns the name of the setting.
func (s *Setting) Name() string {
	if s.name != "" && s.name[0] == '#' {
		return s.name[1:]
	}
	return s.name
}

// Undocumented reports whether this is an undocumented setting.
func (s *Setting) Undocumented() bool { return s.name != "" && s.name[0] == '#' }

// String returns a printable form of the setting: name=value.
func (s *Setting) String() string { return s.Name() + "=" + s.Value() }

// IncNonDefault notes a use of a non-default setting (not counted).
func (s *Setting) IncNonDefault() {}

// Value returns the setting's value: "", the default, in spindle.
func (s *Setting) Value() string { return "" }
