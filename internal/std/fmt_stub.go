package std

import (
	"strconv"
	"strings"

	"spindle/internal/vm"
)

func init() {
	reg("fmt.Println", func(f *vm.Fiber, args, res []vm.Value) {
		var b strings.Builder
		for i, a := range args[0].Slice() {
			if i > 0 {
				b.WriteByte(' ')
			}
			x := a.Iface()
			if x == nil {
				b.WriteString("<nil>")
				continue
			}
			switch {
			case x.T.Kind == vm.KString:
				b.WriteString(x.V.String())
			case x.T.Kind.IsSigned():
				b.WriteString(strconv.FormatInt(x.V.Int(), 10))
			case x.T.Kind.IsUnsigned():
				b.WriteString(strconv.FormatUint(x.V.N, 10))
			case x.T.Kind == vm.KBool:
				b.WriteString(strconv.FormatBool(x.V.Bool()))
			case x.T.Kind.IsFloat():
				b.WriteString(strconv.FormatFloat(x.V.Float(), 'g', -1, 64))
			default:
				b.WriteString("?")
			}
		}
		b.WriteByte('\n')
		n, _ := f.M.Out.WriteString(b.String())
		res[0] = vm.Int(int64(n))
		res[1] = vm.Value{}
	})
}
