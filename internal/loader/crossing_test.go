package loader

import (
	"go/ast"
	"go/parser"
	"go/types"
	"os"
	"strconv"
	"strings"
	"testing"
)

var testStd = NewStd(os.DirFS("../../_std"))

func loadSrc(t *testing.T, src string) error {
	t.Helper()
	_, err := testStd.LoadMain([]string{"prog.go"}, [][]byte{[]byte(src)})
	return err
}

const crossPrelude = `package main

import (
	"fiber"
	"net"
	"os"
	"strings"
	"sync"
	"time"
	"unsafe"
)

var _ = net.IP(nil)
var _ = os.Args
var _ = strings.ToUpper
var _ sync.Mutex
var _ time.Duration
var _ unsafe.Pointer

var counter int

func double(x int) int { return x * 2 }

func ident[T any](x T) T { return x }

func perShard(shard int) { counter += shard }

type Job struct {
	Name  string
	Tags  []string
	Attrs map[string]int
	Next  *Job
	Out   *fiber.Shared[string]
	In    fiber.Shared[int]
	When  time.Time
	Any   any
	Arr   [2]float64
}

type Locked struct {
	Name string
	Lock sync.Mutex
}

type WithChan struct{ Done chan int }

type Outer struct {
	Jobs []Job
	Subs map[string]*WithChan
}

type Counter struct{ n int }

func (c Counter) Add(x int) int { return c.n + x }

func (c Counter) Get() int { return c.n }

type Node struct {
	Next *Node
	F    func()
}

`

func TestCrossing(t *testing.T) {
	cases := []struct {
		name string
		body string   // the body of main
		want []string // fragments of the error; @L is main's body line
	}{
		// Accepted.
		{"package-level func", `fiber.SpawnOn(0, double, 1)`, nil},
		{"generic func inferred", `fiber.SpawnOn(0, ident[int], 1)`, nil},
		{"qualified func", `fiber.SpawnOn(fiber.AnyShard, strings.ToUpper, "a")`, nil},
		{"method expression", `fiber.SpawnOn(0, Counter.Get, Counter{}); fiber.SpawnOn(0, (*Counter).Get, &Counter{})`, nil},
		{"conversion", `fiber.SpawnOn(0, (func(int) int)(double), 1)`, nil},
		{"capture-free literal", `fiber.SpawnOn(0, func(x int) int { y := x; counter++; return y + len(os.Args) }, 1)`, nil},
		{"literal with nested literal", `fiber.SpawnOn(0, func(x int) int { f := func() int { return x }; return f() }, 1)`, nil},
		{"on each shard", `fiber.OnEachShard(perShard)`, nil},
		{"on each shard literal", `fiber.OnEachShard(func(s int) { counter = s })`, nil},
		{"crossable struct", `fiber.SpawnOn(0, func(j Job) Job { return j }, Job{})`, nil},
		{"shared of struct", `s := fiber.NewShared[Job](); s.Send(Job{}); _, _ = s.Receive()`, nil},
		{"shared of shared", `s := fiber.NewSharedBounded[*fiber.Shared[int]](1); _ = s`, nil},
		{"shared of interface", `s := fiber.NewShared[any](); _ = s.Send(1)`, nil},
		{"local constant and type", `const k = 2; type L struct{ x int }; fiber.SpawnOn(0, func(x int) int { return L{x}.x * k }, 1)`, nil},

		{"positive program", `r := fiber.SpawnOn(1, double, 21); _, _ = r.Join()
	out := fiber.NewShared[Job]()
	fiber.SpawnOn(fiber.AnyShard, func(j Job) string { counter++; return j.Name + strings.Join(j.Tags, ",") }, Job{Name: "a", Tags: []string{"x"}, Attrs: map[string]int{"k": 1}, Out: fiber.NewShared[string]()})
	_ = out.Send(Job{Next: &Job{}})
	for _, f := range fiber.OnEachShard(perShard) {
		f.Join()
	}`, nil},

		// Captures.
		{"captures local", `x := 1; fiber.SpawnOn(0, func(y int) int { return x + y }, 1)`,
			[]string{"prog.go:@L:27: fiber.SpawnOn: the function sent to another shard captures x"}},
		{"captures in OnEachShard", `n := 0; fiber.OnEachShard(func(s int) { n += s })`,
			[]string{"fiber.OnEachShard: the function sent to another shard captures n"}},
		{"captures receiver", `var c Counter; c.Spawn()`,
			[]string{"prog.go:@L+4:19: fiber.SpawnOn: the function sent to another shard captures c"}},
		{"captures in nested literal", `x := 1; fiber.SpawnOn(0, func(y int) int { return func() int { return x }() }, 1)`,
			[]string{"captures x"}},
		{"method value", `c := Counter{}; fiber.SpawnOn(0, c.Add, 1)`,
			[]string{"fiber.SpawnOn: the function sent to another shard captures c"}},
		{"func variable", `g := double; fiber.SpawnOn(0, g, 1)`,
			[]string{"prog.go:@L:32: fiber.SpawnOn: a function value sent to another shard must be a function literal or a package-level function"}},
		{"func result", `fiber.SpawnOn(0, func() func(int) int { return double }(), 1)`,
			[]string{"a function value sent to another shard must be a function literal or a package-level function"}},
		{"not called", `g := fiber.SpawnOn[int, int]; _ = g`,
			[]string{"fiber.SpawnOn: must be called directly, not used as a function value"}},

		// Types.
		{"mutex field", `fiber.SpawnOn(0, func(l Locked) int { return 0 }, Locked{})`,
			[]string{"prog.go:@L:2: fiber.SpawnOn: type main.Locked cannot cross shards: field Lock has type sync.Mutex (a mutex)"}},
		{"shared of mutex", `_ = fiber.NewShared[sync.Mutex]()`,
			[]string{"prog.go:@L:22: fiber.NewShared: type sync.Mutex (a mutex) cannot cross shards"}},
		{"shared of pointer to mutex", `_ = fiber.NewShared[*sync.Mutex]()`,
			[]string{"fiber.NewShared: type *sync.Mutex (a pointer to a mutex) cannot cross shards"}},
		{"shared of chan", `_ = fiber.NewSharedBounded[chan int](4)`,
			[]string{"fiber.NewSharedBounded: type chan int (a channel) cannot cross shards"}},
		{"result type func", `fiber.SpawnOn(0, func(int) []func() { return nil }, 1)`,
			[]string{"fiber.SpawnOn: type []func() cannot cross shards: element type func() (a function)"}},
		{"nested chan", `fiber.SpawnOn(0, func(Outer) int { return 0 }, Outer{})`,
			[]string{"fiber.SpawnOn: type main.Outer cannot cross shards: field Subs has type map[string]*main.WithChan, value type *main.WithChan, field Done has type chan int (a channel)"}},
		{"recursive type", `_ = fiber.NewShared[Node]()`,
			[]string{"fiber.NewShared: type main.Node cannot cross shards: field F has type func() (a function)"}},
		{"unsafe pointer", `_ = fiber.NewShared[[]unsafe.Pointer]()`,
			[]string{"type []unsafe.Pointer cannot cross shards: element type unsafe.Pointer (an unsafe.Pointer)"}},
		{"fiber channel", `_ = fiber.NewShared[*fiber.Channel[int]]()`,
			[]string{"type *fiber.Channel[int] (a pointer to a same-shard channel) cannot cross shards"}},
		{"fiber handle", `_ = fiber.NewShared[*fiber.Fiber[int]]()`,
			[]string{"(a pointer to a same-shard fiber handle)"}},
		{"os file", `_ = fiber.NewShared[*os.File]()`,
			[]string{"type *os.File (a pointer to an open file) cannot cross shards"}},
		{"net type", `_ = fiber.NewShared[net.IP]()`,
			[]string{"type net.IP (a network object) cannot cross shards"}},
		{"waitgroup", `_ = fiber.NewShared[struct{ W sync.WaitGroup }]()`,
			[]string{"field W has type sync.WaitGroup (a wait group)"}},
		{"both type args", `fiber.SpawnOn(0, func(chan int) func() { return nil }, nil)`,
			[]string{"type chan int (a channel) cannot cross shards", "type func() (a function) cannot cross shards"}},
		{"method on shared", `var s *fiber.Shared[chan int]; _ = s.Len()`,
			[]string{"prog.go:@L:39: (*fiber.Shared).Len: type chan int (a channel) cannot cross shards"}},
		{"method after make reported once", `s := fiber.NewShared[chan int](); _ = s.Len(); _ = s.Send(nil)`,
			[]string{"prog.go:@L:23: fiber.NewShared: type chan int (a channel) cannot cross shards"}},
		{"capture and type", `x := 1; fiber.SpawnOn(0, func(Locked) int { return x }, Locked{})`,
			[]string{"cannot cross shards: field Lock", "captures x"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := crossPrelude + "func main() {\n\t" + tc.body + "\n}\n"
			line := strings.Count(crossPrelude, "\n") + 2
			if strings.Contains(tc.body, "c.Spawn()") {
				src += "\nfunc (c *Counter) Spawn() {\n\tfiber.SpawnOn(0, func(x int) int { return c.n + x }, 1)\n}\n"
			}
			err := loadSrc(t, src)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			el, ok := err.(ErrorList)
			if !ok {
				t.Fatalf("error %T, want ErrorList: %v", err, err)
			}
			if len(el) != len(tc.want) {
				t.Errorf("%d errors, want %d:\n%v", len(el), len(tc.want), err)
			}
			for _, w := range tc.want {
				w = strings.ReplaceAll(w, "@L+4", strconv.Itoa(line+4))
				w = strings.ReplaceAll(w, "@L", strconv.Itoa(line))
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, err)
				}
			}
		})
	}
}

// TestCrossingGenericTypeParam: a type argument that is a type parameter
// is checked at run time (the deep copy sees the dynamic value), so a
// generic wrapper compiles; a function parameter sent on is rejected, its
// captures being unknown.
func TestCrossingGenericTypeParam(t *testing.T) {
	src := `package main

import "fiber"

func mk[T any]() *fiber.Shared[T] { return fiber.NewShared[T]() }

func main() {
	s := mk[chan int]()
	_ = s.Len()
}
`
	if err := loadSrc(t, src); err == nil || !strings.Contains(err.Error(), "prog.go:9:8: (*fiber.Shared).Len: type chan int (a channel) cannot cross shards") {
		t.Fatalf("want only the error on the method call, got %v", err)
	}
	src = `package main

import "fiber"

func mk[T any]() *fiber.Shared[T] { return fiber.NewShared[T]() }

func main() {
	s := mk[int]()
	_ = s.Send(1)
}
`
	if err := loadSrc(t, src); err != nil {
		t.Fatal(err)
	}
	src = `package main

import "fiber"

func run[A, T any](f func(A) T, a A) T {
	r, _ := fiber.SpawnOn(0, f, a).Join()
	return r
}

func main() {}
`
	if err := loadSrc(t, src); err == nil || !strings.Contains(err.Error(), "prog.go:6:27: fiber.SpawnOn: a function value sent to another shard must be") {
		t.Fatalf("want the function-value error for run's f, got %v", err)
	}
}

// TestCrossingStdExempt: the rule does not apply inside std packages,
// which implement the APIs with functions that capture (SpawnOn's own
// wrapper literal captures f).
func TestCrossingStdExempt(t *testing.T) {
	src := `package p

import "fiber"

func Go(f func(int) int) { x := 1; fiber.SpawnOn(0, func(y int) int { return f(x + y) }, 1) }
`
	f, err := parser.ParseFile(testStd.Fset, "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := check("p", testStd.Fset, []*ast.File{f}, stdImporter{testStd}, "")
	if err != nil {
		t.Fatal(err)
	}
	pkg.Std = true
	if errs := checkCrossing(testStd.Fset, pkg); errs != nil {
		t.Fatalf("std package checked: %v", errs)
	}
	pkg.Std = false
	if errs := checkCrossing(testStd.Fset, pkg); len(errs) != 1 || !strings.Contains(errs[0], "captures f") {
		t.Fatalf("as a user package: %v, want one capture error", errs)
	}
}

// TestCrossingRulesMatchFiber keeps the rule table in step with package
// fiber: every named parameter and type parameter exists (a rule for an
// API fiber does not declare yet, such as NewActor, is skipped).
func TestCrossingRulesMatchFiber(t *testing.T) {
	pkg, err := testStd.Load("fiber")
	if err != nil {
		t.Fatal(err)
	}
	scope := pkg.Types.Scope()
	for _, r := range crossingRules {
		var tparams *types.TypeParamList
		var sigs []*types.Signature
		if r.Recv == "" {
			obj, ok := scope.Lookup(r.Name).(*types.Func)
			if !ok {
				t.Logf("fiber.%s not declared (yet): rule skipped", r.Name)
				continue
			}
			sig := obj.Type().(*types.Signature)
			tparams, sigs = sig.TypeParams(), []*types.Signature{sig}
		} else {
			tn, ok := scope.Lookup(r.Recv).(*types.TypeName)
			if !ok {
				t.Logf("fiber.%s not declared (yet): rule skipped", r.Recv)
				continue
			}
			named := tn.Type().(*types.Named)
			tparams = named.TypeParams()
			if named.NumMethods() == 0 {
				t.Errorf("fiber.%s has no methods", r.Recv)
			}
		}
		for _, name := range r.Crossing {
			found := false
			for i := 0; tparams != nil && i < tparams.Len(); i++ {
				found = found || tparams.At(i).Obj().Name() == name
			}
			if !found {
				t.Errorf("rule %s.%s: no type parameter %s", r.Recv, r.Name, name)
			}
		}
		if r.FuncParam != "" {
			found := false
			for _, sig := range sigs {
				for i := 0; i < sig.Params().Len(); i++ {
					p := sig.Params().At(i)
					if p.Name() == r.FuncParam {
						_, isFunc := p.Type().Underlying().(*types.Signature)
						found = isFunc
					}
				}
			}
			if !found {
				t.Errorf("rule %s: no function parameter %s", r.Name, r.FuncParam)
			}
		}
	}
}
