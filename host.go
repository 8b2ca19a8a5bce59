package spindle

import (
	"context"
	"fmt"
	"go/types"
	"reflect"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"spindle/internal/cache"
	"spindle/internal/compile"
	"spindle/internal/golist"
	"spindle/internal/loader"
	"spindle/internal/std"
	"spindle/internal/vm"
)

// HostFunc binds a guest function declared without a body to Go code of
// the embedding program:
//
//	// guest (package main)
//	func fetch(key string) (string, error)
//
//	// host
//	spindle.HostFunc{Name: "main.fetch", Blocking: true,
//		Fn: func(key string) (string, error) { ... }}
//
// Fn's parameters and results must match the guest declaration, using
// bool, the integer and float types, string, []byte and []string; a last
// result of type error becomes a guest error. A non-blocking function runs
// on the shard's thread and must return quickly; a Blocking one runs on the
// syscall pool while only the calling fiber parks (the other fibers keep
// running). Fn never sees guest objects: arguments and results are copied.
type HostFunc struct {
	Name     string
	Fn       any
	Blocking bool
}

// compileFiles loads, type-checks and compiles files as package main, with
// opts.Host bound.
func compileFiles(ctx context.Context, opts CompileOptions, files []File) (*Program, error) {
	names := make([]string, len(files))
	srcs := make([][]byte, len(files))
	for i, f := range files {
		names[i], srcs[i] = f.Name, f.Src
	}
	return compileLoaded(ctx, opts, &loader.Source{Path: "main", Names: names, Srcs: srcs}, nil)
}

// abandonedCompiles counts the compiles whose callers' contexts were done
// before they finished: each ends on its own goroutine (tests wait for
// them).
var abandonedCompiles sync.WaitGroup

// compileLoaded loads, type-checks and compiles package main from main
// and deps (see loader.LoadPackages), with opts.Host bound. With a
// context that can be done, it compiles on a goroutine of its own and
// returns ctx's error as soon as ctx is done: go/types cannot be stopped
// inside a package, nor go/ssa inside its construction, so the compile
// goes on in the background until its next check of ctx (between files,
// packages and functions), and then ends.
func compileLoaded(ctx context.Context, opts CompileOptions, main *loader.Source, deps map[string]*loader.Source) (*Program, error) {
	if ctx.Done() == nil {
		return compileNow(ctx, opts, main, deps)
	}
	if err := ctx.Err(); err != nil {
		return nil, compileCancelled(err)
	}
	type result struct {
		p        *Program
		err      error
		panicked any
	}
	ch := make(chan result, 1)
	abandonedCompiles.Add(1)
	go func() {
		defer abandonedCompiles.Done()
		var r result
		defer func() {
			if p := recover(); p != nil {
				r.panicked = fmt.Sprintf("%v\n\ngoroutine of the compile:\n%s", p, debug.Stack())
			}
			ch <- r
		}()
		r.p, r.err = compileNow(ctx, opts, main, deps)
	}()
	select {
	case r := <-ch:
		switch {
		case r.panicked != nil:
			panic(r.panicked)
		case r.err != nil && ctx.Err() != nil:
			return nil, compileCancelled(ctx.Err())
		}
		return r.p, r.err
	case <-ctx.Done():
		return nil, compileCancelled(ctx.Err())
	}
}

func compileCancelled(err error) error { return fmt.Errorf("spindle: compile: %w", err) }

// compileNow is compileLoaded on the calling goroutine.
func compileNow(ctx context.Context, opts CompileOptions, main *loader.Source, deps map[string]*loader.Source) (*Program, error) {
	table, hosts, err := hostTable(opts)
	if err != nil {
		return nil, err
	}
	c := openCache(opts)
	var key cache.Key
	stats := cache.NewStats()
	if c != nil {
		var ok bool
		if key, ok = cacheKey(opts, main, deps); !ok {
			c = nil
		} else if p := cachedProgram(c, key, table); p != nil {
			return p, nil
		}
	}
	s := guestStd()
	if opts.NoStdCache {
		s = newGuestStd()
	}
	lp, err := s.LoadPackages(ctx, main, deps)
	if err != nil {
		return nil, wrapErr(err)
	}
	check := func(name string, sig *types.Signature) error {
		h := hosts[name]
		if h == nil {
			return nil
		}
		return checkHostSig(reflect.TypeOf(h.Fn), sig)
	}
	p, err := compile.Compile(ctx, lp, compile.Options{Host: table, CheckHost: check, MemPoints: opts.MemPoints})
	if err != nil {
		return nil, wrapErr(err)
	}
	if c != nil {
		for _, path := range lp.Std.GoRootRead() {
			stats.Add(path)
		}
		storeProgram(c, key, p, stats)
	}
	return &Program{p: p}, nil
}

// hostTable returns the host functions a compile with opts binds: the
// guest std's and opts.Host's (also returned by name).
func hostTable(opts CompileOptions) (compile.HostTable, map[string]*HostFunc, error) {
	table := std.Host
	hosts := map[string]*HostFunc{}
	sameGo := sameGoRelease(goRootVersion(golist.GoRoot()), runtime.Version())
	if len(opts.Host) > 0 || !sameGo {
		table = make(compile.HostTable, len(std.Host)+len(opts.Host))
		for k, v := range std.Host {
			if sameGo || !std.SameGoKernels[k] {
				table[k] = v
			}
		}
		for i := range opts.Host {
			h := &opts.Host[i]
			fv := reflect.ValueOf(h.Fn)
			if fv.Kind() != reflect.Func {
				return nil, nil, fmt.Errorf("spindle: host function %s: Fn is %T, not a func", h.Name, h.Fn)
			}
			hosts[h.Name] = h
			table[h.Name] = hostAdapter(fv, h.Blocking)
		}
	}
	return table, hosts, nil
}

// sameGoRelease reports whether GOROOT's VERSION file goroot names the
// same Go release (go1.N) as version, spindle's own runtime.Version().
func sameGoRelease(goroot, version string) bool {
	release := func(v string) string {
		v, _, _ = strings.Cut(v, "\n")
		if i := strings.IndexByte(v, '.'); i >= 0 {
			if j := strings.IndexAny(v[i+1:], ".-rb "); j >= 0 {
				return v[:i+1+j]
			}
		}
		return v
	}
	return goroot == "" || release(goroot) == release(version)
}

var errorType = reflect.TypeFor[error]()

// checkHostSig reports whether Go function type ft fits guest signature sig.
func checkHostSig(ft reflect.Type, sig *types.Signature) error {
	bad := func() error {
		return fmt.Errorf("host function type %v does not match the guest declaration %v", ft, sig)
	}
	if ft.IsVariadic() || sig.Variadic() || sig.Recv() != nil || ft.NumIn() != sig.Params().Len() || ft.NumOut() != sig.Results().Len() {
		return bad()
	}
	for i := 0; i < ft.NumIn(); i++ {
		if !fits(ft.In(i), sig.Params().At(i).Type(), false) {
			return bad()
		}
	}
	for i := 0; i < ft.NumOut(); i++ {
		if !fits(ft.Out(i), sig.Results().At(i).Type(), i == ft.NumOut()-1) {
			return bad()
		}
	}
	return nil
}

func fits(gt reflect.Type, t types.Type, last bool) bool {
	if gt == errorType {
		return last && types.Identical(t, types.Universe.Lookup("error").Type())
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		want := map[types.BasicKind]reflect.Kind{
			types.Bool: reflect.Bool, types.Int: reflect.Int, types.Int8: reflect.Int8, types.Int16: reflect.Int16,
			types.Int32: reflect.Int32, types.Int64: reflect.Int64, types.Uint: reflect.Uint, types.Uint8: reflect.Uint8,
			types.Uint16: reflect.Uint16, types.Uint32: reflect.Uint32, types.Uint64: reflect.Uint64,
			types.Uintptr: reflect.Uintptr, types.Float32: reflect.Float32, types.Float64: reflect.Float64,
			types.String: reflect.String,
		}
		k, ok := want[u.Kind()]
		return ok && gt.Kind() == k
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		if !ok || gt.Kind() != reflect.Slice {
			return false
		}
		return (b.Kind() == types.Uint8 && gt.Elem().Kind() == reflect.Uint8) ||
			(b.Kind() == types.String && gt.Elem().Kind() == reflect.String)
	}
	return false
}

// hostAdapter turns a checked Go function into a vm.HostFunc.
func hostAdapter(fv reflect.Value, blocking bool) vm.HostFunc {
	ft := fv.Type()
	return func(f *vm.Fiber, args, res []vm.Value) {
		if blocking && f.Resuming() {
			putResults(f, ft, f.HostState().([]reflect.Value), res)
			f.SetHostState(nil)
			return
		}
		in := make([]reflect.Value, ft.NumIn())
		for i := range in {
			in[i] = toHost(args[i], ft.In(i))
		}
		if blocking {
			f.M.Offload(f, "host call", func() any { return fv.Call(in) })
			return
		}
		putResults(f, ft, fv.Call(in), res)
	}
}

func putResults(f *vm.Fiber, ft reflect.Type, out []reflect.Value, res []vm.Value) {
	for i, v := range out {
		if ft.Out(i) == errorType {
			res[i] = vm.Value{}
			if !v.IsNil() {
				res[i] = f.M.HostError(v.Interface().(error).Error())
			}
			continue
		}
		res[i] = fromHost(v)
	}
}

func toHost(v vm.Value, t reflect.Type) reflect.Value {
	out := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Bool:
		out.SetBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		out.SetInt(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		out.SetUint(v.N)
	case reflect.Float32, reflect.Float64:
		out.SetFloat(v.Float())
	case reflect.String:
		out.SetString(v.String())
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			out.SetBytes(std.Bytes(v))
		} else {
			out.Set(reflect.ValueOf(std.GoStrings(v)))
		}
	}
	return out
}

func fromHost(v reflect.Value) vm.Value {
	switch v.Kind() {
	case reflect.Bool:
		return vm.Bool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return vm.Int(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return vm.Uint(v.Uint())
	case reflect.Float32:
		return vm.Float(float64(float32(v.Float())))
	case reflect.Float64:
		return vm.Float(v.Float())
	case reflect.String:
		return vm.Str(v.String())
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return std.BytesValue(v.Bytes())
		}
		return std.Strings(v.Interface().([]string))
	}
	return vm.Value{}
}
