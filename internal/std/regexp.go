package std

import (
	"regexp"

	"spindle/internal/vm"
)

// Guest regexp: a *regexp.Regexp is the host's, kept in the guest
// Regexp's unsafe.Pointer field (slot 0), so matching has Go's exact
// RE2 semantics at native speed. The guest package builds every Find,
// Replace and Split variant from one primitive, find, which returns match
// indexes.

var regexpFuncs = hostTable{
	"regexp.compile":           regexpCompile,
	"(*regexp.Regexp).find":    regexpFind,
	"(*regexp.Regexp).meta":    regexpMeta,
	"(*regexp.Regexp).longest": regexpLongest,
	"(*regexp.Regexp).expand":  regexpExpand,
	"regexp.QuoteMeta":         regexpQuoteMeta,
}

func regexpCompile(f *vm.Fiber, args, res []vm.Value) {
	expr, posix := args[0].String(), args[1].Bool()
	var re *regexp.Regexp
	var err error
	if posix {
		re, err = regexp.CompilePOSIX(expr)
	} else {
		re, err = regexp.Compile(expr)
	}
	if err != nil {
		res[0], res[1], res[2] = vm.Value{}, vm.Int(0), vm.Str(err.Error())
		return
	}
	res[0], res[1], res[2] = vm.Value{R: re}, vm.Int(int64(re.NumSubexp())), vm.Str("")
}

// find returns the flattened match indexes of up to n matches (n < 0:
// all) of s: two per match, or two per group with sub.
func regexpFind(f *vm.Fiber, args, res []vm.Value) {
	re, s, n, sub := recvHandle[*regexp.Regexp](args[0]), args[1].String(), int(args[2].Int()), args[3].Bool()
	var flat []int
	if sub {
		for _, m := range re.FindAllStringSubmatchIndex(s, n) {
			flat = append(flat, m...)
		}
	} else {
		for _, m := range re.FindAllStringIndex(s, n) {
			flat = append(flat, m...)
		}
	}
	res[0] = Ints(flat) // nil for no match, as Go's Find*Index
}

func regexpMeta(f *vm.Fiber, args, res []vm.Value) {
	re := recvHandle[*regexp.Regexp](args[0])
	prefix, complete := re.LiteralPrefix()
	res[0], res[1], res[2] = Strings(re.SubexpNames()), vm.Str(prefix), vm.Bool(complete)
}

func regexpLongest(f *vm.Fiber, args, res []vm.Value) {
	recvHandle[*regexp.Regexp](args[0]).Longest()
}

func regexpExpand(f *vm.Fiber, args, res []vm.Value) {
	// dst is the guest's own slice: ExpandString appends to it as Go's
	// does, in place while it has room, and the result is the guest's.
	re, dst, template, src := recvHandle[*regexp.Regexp](args[0]), args[1].Bytes(), args[2].String(), args[3].String()
	m := args[4].Words()
	match := make([]int, len(m))
	for i, x := range m {
		match[i] = int(int64(x))
	}
	res[0] = OwnBytes(re.ExpandString(dst, template, src, match))
}

func regexpQuoteMeta(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(regexp.QuoteMeta(args[0].String()))
}
