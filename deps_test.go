package spindle_test

import (
	"go/build"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// moduleImports says, for each package of the module, which packages of
// the module and which third-party packages its non-test files may import
// (Go's standard library is always allowed). This table is the one place
// the import rules live; the package docs restate them. Imports flow one
// way: cmd and examples -> spindle -> compile -> loader, with vm, std and
// poll beside:
//
//	spindle/cmd/spindle, examples -> spindle
//	spindle/cmd/spindle -> traceview (the trace viewer)
//	spindle  -> compile, loader, golist, std, vm, poll, cache, typecodec
//	compile  -> loader, vm
//	std      -> vm, poll
//	vm       -> poll
//	golist   -> cache
//	loader, poll, traceview, cache, typecodec -> nothing of the module
//
// A pattern ending in "/..." covers every package below it; a package the
// table does not cover fails the test, so a new package states its rule.
var moduleImports = map[string][]string{
	"spindle":                    {"spindle/internal/compile", "spindle/internal/loader", "spindle/internal/golist", "spindle/internal/std", "spindle/internal/vm", "spindle/internal/poll", "spindle/internal/cache", "spindle/internal/typecodec"},
	"spindle/cmd/spindle":        {"spindle", "spindle/internal/traceview"},
	"spindle/internal/traceview": {},
	"spindle/internal/compile":   {"spindle/internal/loader", "spindle/internal/vm", "golang.org/x/tools/go/ssa", "golang.org/x/tools/go/types/typeutil"},
	"spindle/internal/loader":    {"golang.org/x/tools/go/types/typeutil"},
	"spindle/internal/golist":    {"spindle/internal/cache"},
	"spindle/internal/cache":     {},
	"spindle/internal/typecodec": {},
	"spindle/internal/std":       {"spindle/internal/vm", "spindle/internal/poll", "golang.org/x/sys/unix"},
	"spindle/internal/vm":        {"spindle/internal/poll", "golang.org/x/sys/unix"},
	"spindle/internal/poll":      {"golang.org/x/sys/unix"},
	// Examples embed spindle as a user would; the benchmark workloads are
	// plain Go programs that also run under spindle.
	"spindle/examples/...": {"spindle", "spindle/examples/internal/servertest"},
	"spindle/bench/...":    {},
}

// allowed reports whether package pkg may import imp.
func allowed(pkg, imp string) (ok, covered bool) {
	rules, covered := moduleImports[pkg]
	if !covered {
		for pat, r := range moduleImports {
			if base, ok := strings.CutSuffix(pat, "/..."); ok && strings.HasPrefix(pkg, base+"/") {
				rules, covered = r, true
				break
			}
		}
	}
	if !covered {
		return false, false
	}
	first, _, _ := strings.Cut(imp, "/")
	if !strings.Contains(first, ".") && first != "spindle" {
		return true, true // Go's standard library
	}
	return slices.Contains(rules, imp), true
}

// TestImportRules fails when a package of the module imports something its
// rule in moduleImports does not allow, as Go's go/build/deps_test.go does
// for the standard library.
func TestImportRules(t *testing.T) {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled = "linux", "amd64", false
	n := 0
	err := filepath.WalkDir(".", func(dir string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); dir != "." && (name == "testdata" || strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		p, err := ctx.ImportDir(dir, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		if err != nil {
			return err
		}
		pkg := path.Join("spindle", filepath.ToSlash(dir))
		n++
		if _, covered := allowed(pkg, "fmt"); !covered {
			t.Errorf("%s has no rule in moduleImports", pkg)
			return nil
		}
		for _, imp := range p.Imports {
			if ok, _ := allowed(pkg, imp); !ok {
				t.Errorf("%s imports %s, which its rule does not allow", pkg, imp)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 8 {
		t.Fatalf("found only %d packages: is the test running at the module root?", n)
	}
}

// The rule check itself: an import against the flow is refused.
func TestImportRulesRefuse(t *testing.T) {
	for _, c := range []struct{ pkg, imp string }{
		{"spindle/internal/vm", "spindle/internal/std"},
		{"spindle/internal/vm", "spindle/internal/compile"},
		{"spindle/internal/std", "spindle/internal/compile"},
		{"spindle/internal/loader", "spindle/internal/vm"},
		{"spindle/internal/poll", "spindle/internal/vm"},
		{"spindle/examples/echo", "spindle/internal/vm"},
		{"spindle/internal/vm", "github.com/some/dependency"},
	} {
		if ok, _ := allowed(c.pkg, c.imp); ok {
			t.Errorf("%s may import %s", c.pkg, c.imp)
		}
	}
	if _, covered := allowed("spindle/internal/newpkg", "fmt"); covered {
		t.Error("a package without a rule is covered")
	}
}
