package loader

// Shard crossing: what may be sent to another shard.
//
// A run has several shards, each an OS thread with its own fibers, heap
// objects in use and copy of every package variable. Work crosses shards
// only through the cross-shard APIs of the guest package fiber, and only as
// deep copies (see _std/fiber/shard.go). Two things cannot be copied
// meaningfully, and a call from user code that would copy them is a compile
// error, reported here after type checking succeeds:
//
//  1. A function sent to another shard (SpawnOn's f, OnEachShard's f,
//     NewActor's handle) must not capture variables: the variables would
//     live on the sending shard. It must be, after parentheses and
//     conversions are removed,
//     - a package-level function, possibly qualified or instantiated
//     (strings.ToUpper, double[int]),
//     - a method expression (T.M, (*T).M), or
//     - a function literal whose body refers to no variable declared
//     outside it other than package-level variables (each shard has its
//     own copy of those, so they are not captured).
//     A method value x.M binds x and is rejected as capturing x. Any other
//     function value (a variable of func type, a call's result) is rejected
//     since its captures are unknown. A reference to such a function that
//     is not called directly (g := fiber.SpawnOn[int, int]) is rejected as
//     well: the argument could not be checked at the later call.
//
//  2. The values copied (the type arguments named in the rule table below,
//     e.g. SpawnOn's argument type A and result type T, a Shared channel's
//     element type T) must have crossable types. Crossable: booleans,
//     numbers, strings; arrays, slices, pointers and maps of crossable
//     types; structs whose fields (exported or not) are all crossable;
//     interfaces and type parameters (the dynamic value is checked when it
//     is copied, and one that cannot cross panics at run time); and the
//     cross-shard handles fiber.Shared[X], *fiber.Shared[X] and
//     *fiber.Actor[M, R], whatever X, M and R (those are checked where the
//     Shared or Actor is made or used). Not crossable, wherever they appear
//     inside the type: functions, channels, unsafe.Pointer, the mutexes and
//     other synchronisation objects of sync (Mutex, RWMutex, WaitGroup,
//     Once, Cond), the same-shard objects of fiber (Mutex, Channel, Hub,
//     Fiber), os.File and every type of package net (they hold the
//     shard's file descriptors and event-loop registrations).
//
// The check applies to user packages only: the guest std implements these
// APIs with the very values the rule forbids.
//
// Messages (each "file:line:col: message", like every compile error):
//
//	fiber.SpawnOn: the function sent to another shard captures x
//	fiber.SpawnOn: a function value sent to another shard must be a function literal or a package-level function
//	fiber.SpawnOn: must be called directly, not used as a function value, so that the function sent to another shard can be checked
//	fiber.NewShared: type chan int (a channel) cannot cross shards
//	fiber.SpawnOn: type main.Job cannot cross shards: field Lock has type sync.Mutex (a mutex)
//	fiber.SpawnOn: type []main.Job cannot cross shards: element type main.Job, field Done has type chan int (a channel)
//	(*fiber.Shared).Send: type func() (a function) cannot cross shards
//
// The path after "cannot cross shards:" leads from the type argument to
// the offending type, one step per struct field ("field F has type U"),
// array or slice element ("element type U") and map key or value ("key
// type U", "value type U"); pointers are followed without a step, so a
// field of type *main.Node continues with Node's fields. The offending type
// is always followed by what it is in parentheses: a function, a channel,
// an unsafe.Pointer, a mutex, a wait group, a run-once guard, a condition
// variable, a same-shard channel, a same-shard hub, a same-shard fiber
// handle, an open file, a network object; "a pointer to ..." when it is
// reached as a pointer's base type (field M has type *sync.Mutex (a
// pointer to a mutex)). Capture errors are reported at the function
// argument, type errors at the explicit type argument when there is one
// and otherwise at the call (or method selector). A method call on a
// Shared[T] or Actor whose type argument was already reported (where the
// channel was made, typically) is not reported again.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// crossingRule is one cross-shard API of package fiber.
type crossingRule struct {
	// Recv is the receiver's type name for a method rule, "" for a
	// function.
	Recv string
	// Name is the function or method name; "*" with Recv: every method.
	Name string
	// FuncParam names the parameter whose argument runs on another shard
	// and so must not capture variables ("" if none).
	FuncParam string
	// Crossing names the type parameters (of the function, or of the
	// receiver's type for a method) whose type arguments are copied
	// between shards and so must be crossable.
	Crossing []string
}

// crossingRules is the rule table, one entry per API; a rule for a
// function fiber does not (yet) declare never matches.
var crossingRules = []crossingRule{
	{Name: "SpawnOn", FuncParam: "f", Crossing: []string{"A", "T"}},
	{Name: "OnEachShard", FuncParam: "f"},
	{Name: "NewShared", Crossing: []string{"T"}},
	{Name: "NewSharedBounded", Crossing: []string{"T"}},
	{Name: "NewActor", FuncParam: "handle", Crossing: []string{"S", "M", "R"}},
	{Name: "NewActorMailbox", FuncParam: "handle", Crossing: []string{"S", "M", "R"}},
	{Recv: "Shared", Name: "*", Crossing: []string{"T"}},
	{Recv: "Actor", Name: "*", Crossing: []string{"M", "R"}},
}

// fiberPath is the import path of the guest package fiber.
const fiberPath = "fiber"

func findCrossingRule(recv, name string) *crossingRule {
	for i := range crossingRules {
		r := &crossingRules[i]
		if r.Recv == recv && (r.Name == name || recv != "" && r.Name == "*") {
			return r
		}
	}
	return nil
}

// notCrossable lists the named types that never cross, with what they are.
var notCrossable = map[[2]string]string{
	{"sync", "Mutex"}:     "a mutex",
	{"sync", "RWMutex"}:   "a mutex",
	{"sync", "WaitGroup"}: "a wait group",
	{"sync", "Once"}:      "a run-once guard",
	{"sync", "Cond"}:      "a condition variable",
	{"fiber", "Mutex"}:    "a mutex",
	{"fiber", "Channel"}:  "a same-shard channel",
	{"fiber", "Hub"}:      "a same-shard hub",
	{"fiber", "Fiber"}:    "a same-shard fiber handle",
	{"os", "File"}:        "an open file",
}

// notCrossablePackages lists the packages none of whose named types cross.
var notCrossablePackages = map[string]string{
	"net": "a network object",
}

// checkCrossing applies the shard-crossing rule to the calls of a user
// package (a no-op for std packages) and returns its errors, in source
// order.
func checkCrossing(fset *token.FileSet, pkg *Package) ErrorList {
	if pkg.Std {
		return nil
	}
	c := &crossChecker{fset: fset, info: pkg.Info, seen: map[string]bool{}, called: map[*ast.Ident]bool{}}
	for _, f := range pkg.Files {
		ast.Inspect(f, c.visit)
	}
	return c.errs
}

type crossChecker struct {
	fset   *token.FileSet
	info   *types.Info
	errs   ErrorList
	seen   map[string]bool
	called map[*ast.Ident]bool // callee identifiers already checked as calls
	// reported holds the type arguments already reported: a method call
	// on a Shared[T] whose T was reported (at NewShared, typically) is not
	// reported again.
	reported typeutil.Map
}

func (c *crossChecker) errorf(pos token.Pos, format string, args ...any) {
	p := c.fset.Position(pos)
	msg := fmt.Sprintf("%s:%d:%d: %s", p.Filename, p.Line, p.Column, fmt.Sprintf(format, args...))
	if !c.seen[msg] {
		c.seen[msg] = true
		c.errs = append(c.errs, msg)
	}
}

func (c *crossChecker) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.CallExpr:
		id, explicit := callee(n.Fun)
		if id == nil {
			return true
		}
		fn, r := c.fiberFunc(id)
		if r == nil {
			return true
		}
		c.called[id] = true
		name := fiberPath + "." + fn.Name()
		c.checkTypeArgs(name, fn, r, c.info.Instances[id].TypeArgs, explicit, n.Pos())
		if r.FuncParam != "" {
			c.checkFuncArg(name, fn, r, n)
		}
	case *ast.Ident:
		if c.called[n] {
			return true
		}
		fn, r := c.fiberFunc(n)
		if r == nil {
			return true
		}
		name := fiberPath + "." + fn.Name()
		if r.FuncParam != "" {
			c.errorf(n.Pos(), "%s: must be called directly, not used as a function value, so that the function sent to another shard can be checked", name)
			return true
		}
		c.checkTypeArgs(name, fn, r, c.info.Instances[n].TypeArgs, nil, n.Pos())
	case *ast.SelectorExpr:
		c.checkMethod(n)
	}
	return true
}

// callee returns the identifier naming the function called by fun (nil if
// it is not a possibly qualified, possibly instantiated name) and the
// explicit type argument expressions.
func callee(fun ast.Expr) (*ast.Ident, []ast.Expr) {
	fun = ast.Unparen(fun)
	var targs []ast.Expr
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun, targs = ast.Unparen(f.X), []ast.Expr{f.Index}
	case *ast.IndexListExpr:
		fun, targs = ast.Unparen(f.X), f.Indices
	}
	switch f := fun.(type) {
	case *ast.Ident:
		return f, targs
	case *ast.SelectorExpr:
		return f.Sel, targs
	}
	return nil, nil
}

// fiberFunc returns the package-level fiber function id refers to and its
// rule, if it has one.
func (c *crossChecker) fiberFunc(id *ast.Ident) (*types.Func, *crossingRule) {
	fn, ok := c.info.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != fiberPath {
		return nil, nil
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() != nil {
		return nil, nil
	}
	return fn, findCrossingRule("", fn.Name())
}

// checkMethod checks a method value, call or expression whose receiver is
// a fiber type with a method rule (Shared, Actor).
func (c *crossChecker) checkMethod(sel *ast.SelectorExpr) {
	s := c.info.Selections[sel]
	if s == nil || s.Kind() == types.FieldVal {
		return
	}
	fn, ok := s.Obj().(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != fiberPath {
		return
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return
	}
	named := namedOf(sig.Recv().Type())
	if named == nil || named.TypeArgs().Len() == 0 {
		// A method of a generic type seen before instantiation: take the
		// type arguments from the selection's receiver.
		if n2 := namedOf(s.Recv()); n2 != nil && named != nil && n2.Origin() == named.Origin() {
			named = n2
		}
	}
	if named == nil {
		return
	}
	r := findCrossingRule(named.Obj().Name(), fn.Name())
	if r == nil {
		return
	}
	name := fmt.Sprintf("(*%s.%s).%s", fiberPath, named.Obj().Name(), fn.Name())
	c.checkTypeArgsOf(name, named.Origin().TypeParams(), r, named.TypeArgs(), nil, sel.Sel.Pos())
}

func namedOf(t types.Type) *types.Named {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, _ := t.(*types.Named)
	return n
}

func (c *crossChecker) checkTypeArgs(name string, fn *types.Func, r *crossingRule, targs *types.TypeList, explicit []ast.Expr, pos token.Pos) {
	sig := fn.Type().(*types.Signature)
	c.checkTypeArgsOf(name, sig.TypeParams(), r, targs, explicit, pos)
}

func (c *crossChecker) checkTypeArgsOf(name string, tparams *types.TypeParamList, r *crossingRule, targs *types.TypeList, explicit []ast.Expr, pos token.Pos) {
	if tparams == nil || targs == nil {
		return
	}
	for _, want := range r.Crossing {
		for i := 0; i < tparams.Len() && i < targs.Len(); i++ {
			if tparams.At(i).Obj().Name() != want {
				continue
			}
			t := targs.At(i)
			if r.Recv != "" && c.reported.At(t) != nil {
				continue
			}
			p := crossProblem(t)
			if p == nil {
				continue
			}
			c.reported.Set(t, true)
			at := pos
			if i < len(explicit) {
				at = explicit[i].Pos()
			}
			c.errorf(at, "%s: %s", name, p.message(t))
		}
	}
}

// checkFuncArg checks the argument of the rule's function parameter.
func (c *crossChecker) checkFuncArg(name string, fn *types.Func, r *crossingRule, call *ast.CallExpr) {
	sig := fn.Type().(*types.Signature)
	idx := -1
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i).Name() == r.FuncParam {
			idx = i
		}
	}
	if idx < 0 {
		return
	}
	if len(call.Args) != sig.Params().Len() || call.Ellipsis.IsValid() {
		// f(g()) with a multi-value g: the function is not visible here.
		c.errorf(call.Pos(), "%s: a function value sent to another shard must be a function literal or a package-level function", name)
		return
	}
	arg := call.Args[idx]
	e := c.stripConversions(arg)
	switch e := e.(type) {
	case *ast.FuncLit:
		if v := c.captured(e); v != nil {
			c.errorf(arg.Pos(), "%s: the function sent to another shard captures %s", name, v.Name())
		}
		return
	case *ast.SelectorExpr:
		if s := c.info.Selections[e]; s != nil {
			switch s.Kind() {
			case types.MethodExpr:
				return
			case types.MethodVal:
				c.errorf(arg.Pos(), "%s: the function sent to another shard captures %s", name, types.ExprString(e.X))
				return
			}
		} else if _, ok := c.info.Uses[e.Sel].(*types.Func); ok {
			return // a qualified package-level function
		}
	case *ast.Ident:
		if _, ok := c.info.Uses[e].(*types.Func); ok {
			return // a package-level function
		}
	case *ast.IndexExpr, *ast.IndexListExpr:
		if id, _ := callee(e); id != nil {
			if _, ok := c.info.Uses[id].(*types.Func); ok {
				return // an instantiated package-level function
			}
		}
	}
	c.errorf(arg.Pos(), "%s: a function value sent to another shard must be a function literal or a package-level function", name)
}

// stripConversions removes parentheses and conversions to function types.
func (c *crossChecker) stripConversions(e ast.Expr) ast.Expr {
	for {
		e = ast.Unparen(e)
		call, ok := e.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !c.info.Types[call.Fun].IsType() {
			return e
		}
		e = call.Args[0]
	}
}

// captured returns the first variable (in source order) that lit's body
// uses but that is declared neither inside lit nor at package level.
func (c *crossChecker) captured(lit *ast.FuncLit) *types.Var {
	var found *types.Var
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := c.info.Uses[id].(*types.Var)
		if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
			return true
		}
		if v.Pos() < lit.Pos() || v.Pos() >= lit.End() {
			found = v
		}
		return true
	})
	return found
}

// crossing describes why a type cannot cross shards: the steps from the
// checked type to the offending type, the offending type and what it is.
type crossing struct {
	steps []string
	typ   types.Type
	what  string
}

func (p *crossing) message(t types.Type) string {
	if len(p.steps) == 0 {
		return fmt.Sprintf("type %s (%s) cannot cross shards", typeString(p.typ), p.what)
	}
	return fmt.Sprintf("type %s cannot cross shards: %s (%s)", typeString(t), strings.Join(p.steps, ", "), p.what)
}

func typeString(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

// crossProblem returns why t cannot cross shards, or nil if it can.
func crossProblem(t types.Type) *crossing {
	var visited typeutil.Map
	return walkCrossing(t, &visited)
}

func walkCrossing(t types.Type, visited *typeutil.Map) *crossing {
	t = types.Unalias(t)
	if n, ok := t.(*types.Named); ok {
		if isHandle(n, false) {
			return nil
		}
		if pkg := n.Obj().Pkg(); pkg != nil {
			if what, ok := notCrossable[[2]string{pkg.Path(), n.Obj().Name()}]; ok {
				return &crossing{typ: t, what: what}
			}
			if what, ok := notCrossablePackages[pkg.Path()]; ok {
				return &crossing{typ: t, what: what}
			}
		}
		if visited.At(n) != nil {
			return nil // on the path being checked, or already checked
		}
		visited.Set(n, true)
		return walkCrossing(n.Underlying(), visited)
	}
	switch t := t.(type) {
	case *types.Basic:
		if t.Kind() == types.UnsafePointer {
			return &crossing{typ: t, what: "an unsafe.Pointer"}
		}
		return nil
	case *types.Pointer:
		if n := namedOf(t); n != nil && isHandle(n, true) {
			return nil
		}
		p := walkCrossing(t.Elem(), visited)
		if p != nil && len(p.steps) == 0 {
			p.typ, p.what = t, "a pointer to "+strings.TrimPrefix(p.what, "a pointer to ")
		}
		return p
	case *types.Slice:
		return elemCrossing("element", t.Elem(), visited)
	case *types.Array:
		return elemCrossing("element", t.Elem(), visited)
	case *types.Map:
		if p := elemCrossing("key", t.Key(), visited); p != nil {
			return p
		}
		return elemCrossing("value", t.Elem(), visited)
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			if p := walkCrossing(f.Type(), visited); p != nil {
				p.steps = append([]string{fmt.Sprintf("field %s has type %s", f.Name(), typeString(f.Type()))}, p.steps...)
				return p
			}
		}
		return nil
	case *types.Interface, *types.TypeParam:
		return nil // checked on the dynamic value, at run time
	case *types.Signature:
		return &crossing{typ: t, what: "a function"}
	case *types.Chan:
		return &crossing{typ: t, what: "a channel"}
	}
	return nil
}

func elemCrossing(role string, t types.Type, visited *typeutil.Map) *crossing {
	p := walkCrossing(t, visited)
	if p != nil {
		p.steps = append([]string{fmt.Sprintf("%s type %s", role, typeString(t))}, p.steps...)
	}
	return p
}

// isHandle reports whether n is a cross-shard handle type: fiber.Shared
// (as a value or behind a pointer) or, behind a pointer, fiber.Actor.
func isHandle(n *types.Named, pointer bool) bool {
	obj := n.Obj()
	if obj.Pkg() == nil || obj.Pkg().Path() != fiberPath {
		return false
	}
	return obj.Name() == "Shared" || pointer && obj.Name() == "Actor"
}
