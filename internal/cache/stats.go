package cache

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// Stats records files and directories as they stand (present or absent,
// size, modification time) so that a later run can tell whether any
// changed: the check for what is trusted by modification time, as the
// go command trusts it for its own caches (go list's answers, GOROOT's
// sources).
type Stats struct {
	Entries []StatEntry
	// Fresh reports that something recorded changed within two seconds
	// of Since: a second change within the file system's time
	// granularity could go unseen, so what was read should not be kept.
	Fresh bool
	// Since is when the reading of what is recorded began.
	Since time.Time `json:"-"`
	seen  map[string]bool
}

// StatEntry is one path as it stood.
type StatEntry struct {
	Path  string
	Found bool  `json:",omitempty"`
	Dir   bool  `json:",omitempty"`
	Size  int64 `json:",omitempty"`
	MTime int64 `json:",omitempty"` // nanoseconds
}

// NewStats starts a record of what is read from now on.
func NewStats() *Stats { return &Stats{Since: time.Now()} }

// Add records path (once).
func (s *Stats) Add(path string) {
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	if s.seen[path] {
		return
	}
	s.seen[path] = true
	e := StatEntry{Path: path}
	if st, err := os.Stat(path); err == nil {
		e.Found, e.Dir, e.Size, e.MTime = true, st.IsDir(), st.Size(), st.ModTime().UnixNano()
		if st.ModTime().After(s.Since.Add(-2 * time.Second)) {
			s.Fresh = true
		}
	}
	s.Entries = append(s.Entries, e)
}

// Unchanged reports whether every recorded path still stands as it did.
func (s *Stats) Unchanged() bool {
	for _, e := range s.Entries {
		st, err := os.Stat(e.Path)
		if err != nil {
			if e.Found || !errors.Is(err, fs.ErrNotExist) {
				return false
			}
			continue
		}
		if !e.Found || st.IsDir() != e.Dir || st.Size() != e.Size || st.ModTime().UnixNano() != e.MTime {
			return false
		}
	}
	return true
}
