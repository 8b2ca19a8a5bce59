package std

import (
	"fmt"
	"unicode/utf8"

	"spindle/internal/vm"
)

var hostAppendf = fmt.Appendf

// doPrint implements Print: operands separated by a space when neither
// side is a string.
func (p *printer) doPrint(a []vm.Value) {
	prevString := false
	for i, arg := range a {
		x := arg.Iface()
		isString := x != nil && x.T.Kind == vm.KString
		if i > 0 && !isString && !prevString {
			p.buf = append(p.buf, ' ')
		}
		p.printArg(arg, 'v')
		prevString = isString
	}
}

// doPrintln implements Println.
func (p *printer) doPrintln(a []vm.Value) {
	for i, arg := range a {
		if i > 0 {
			p.buf = append(p.buf, ' ')
		}
		p.printArg(arg, 'v')
	}
	p.buf = append(p.buf, '\n')
}

const maxFmtNum = 1e6

// fmtNum reads a decimal number at s[i:end].
func fmtNum(s string, i, end int) (n int, ok bool, next int) {
	if i >= end {
		return 0, false, end
	}
	for next = i; next < end && '0' <= s[next] && s[next] <= '9'; next++ {
		if n > maxFmtNum || n < -maxFmtNum {
			return 0, false, end
		}
		n = n*10 + int(s[next]-'0')
		ok = true
	}
	return n, ok, next
}

// argIndex parses an explicit argument index "[n]" at format[i:]. It
// returns the new argument number, the position after the index, and
// whether an index was present and well formed.
func (p *printer) argIndex(argNum int, format string, i, nargs int) (int, int, bool) {
	if i >= len(format) || format[i] != '[' {
		return argNum, i, false
	}
	p.reordered = true
	rest := format[i:]
	if len(rest) < 3 {
		p.goodArgNum = false
		return argNum, i + 1, false
	}
	for j := 1; j < len(rest); j++ {
		if rest[j] != ']' {
			continue
		}
		n, ok, next := fmtNum(rest, 1, j)
		if !ok || next != j {
			p.goodArgNum = false
			return argNum, i + j + 1, false
		}
		if n-1 >= 0 && n-1 < nargs {
			return n - 1, i + j + 1, true
		}
		p.goodArgNum = false
		return argNum, i + j + 1, true
	}
	p.goodArgNum = false
	return argNum, i + 1, false
}

// intArg reads operand argNum as a width or precision.
func intArg(a []vm.Value, argNum int) (n int, ok bool, next int) {
	next = argNum
	if argNum >= len(a) {
		return 0, false, next
	}
	if x := a[argNum].Iface(); x != nil {
		switch {
		case x.T.Kind.IsSigned():
			n, ok = int(x.V.Int()), true
		case x.T.Kind.IsUnsigned():
			if int64(x.V.N) >= 0 {
				n, ok = int(x.V.N), true
			}
		}
	}
	next = argNum + 1
	if n > maxFmtNum || n < -maxFmtNum {
		n, ok = 0, false
	}
	return n, ok, next
}

// doPrintf implements Printf's format language.
func (p *printer) doPrintf(format string, a []vm.Value) {
	end := len(format)
	argNum := 0
	afterIndex := false
	p.reordered = false
	i := 0
	for i < end {
		p.goodArgNum = true
		start := i
		for i < end && format[i] != '%' {
			i++
		}
		if i > start {
			p.buf = append(p.buf, format[start:i]...)
		}
		if i >= end {
			break
		}
		i++ // skip %
		p.fl = fmtFlags{}
		simple := false
	flags:
		for ; i < end; i++ {
			switch c := format[i]; c {
			case '#':
				p.fl.sharp = true
			case '0':
				p.fl.zero = true
			case '+':
				p.fl.plus = true
			case '-':
				p.fl.minus = true
			case ' ':
				p.fl.space = true
			default:
				// Fast path: a lower-case verb right after the flags.
				if 'a' <= c && c <= 'z' && argNum < len(a) {
					p.verb(rune(c), a, argNum)
					argNum++
					i++
					simple = true
				}
				break flags
			}
		}
		if simple {
			continue
		}

		argNum, i, afterIndex = p.argIndex(argNum, format, i, len(a))

		// width
		if i < end && format[i] == '*' {
			i++
			p.fl.wid, p.fl.widPresent, argNum = intArg(a, argNum)
			if !p.fl.widPresent {
				p.buf = append(p.buf, "%!(BADWIDTH)"...)
			}
			if p.fl.wid < 0 {
				p.fl.wid = -p.fl.wid
				p.fl.minus = true
				p.fl.zero = false
			}
			afterIndex = false
		} else {
			p.fl.wid, p.fl.widPresent, i = fmtNum(format, i, end)
			if afterIndex && p.fl.widPresent {
				p.goodArgNum = false
			}
		}

		// precision
		if i+1 < end && format[i] == '.' {
			i++
			if afterIndex {
				p.goodArgNum = false
			}
			argNum, i, afterIndex = p.argIndex(argNum, format, i, len(a))
			if i < end && format[i] == '*' {
				i++
				p.fl.prec, p.fl.precPresent, argNum = intArg(a, argNum)
				if p.fl.prec < 0 {
					p.fl.prec = 0
					p.fl.precPresent = false
				}
				if !p.fl.precPresent {
					p.buf = append(p.buf, "%!(BADPREC)"...)
				}
				afterIndex = false
			} else {
				p.fl.prec, p.fl.precPresent, i = fmtNum(format, i, end)
				if !p.fl.precPresent {
					p.fl.prec = 0
					p.fl.precPresent = true
				}
			}
		}

		if !afterIndex {
			argNum, i, afterIndex = p.argIndex(argNum, format, i, len(a))
		}

		if i >= end {
			p.buf = append(p.buf, "%!(NOVERB)"...)
			break
		}

		verb, size := utf8.DecodeRuneInString(format[i:])
		i += size

		switch {
		case verb == '%':
			p.buf = append(p.buf, '%')
		case !p.goodArgNum:
			p.writeString("%!")
			p.writeRune(verb)
			p.writeString("(BADINDEX)")
		case argNum >= len(a):
			p.writeString("%!")
			p.writeRune(verb)
			p.writeString("(MISSING)")
		default:
			p.verb(verb, a, argNum)
			argNum++
		}
	}

	if !p.reordered && argNum < len(a) {
		p.fl = fmtFlags{}
		p.writeString("%!(EXTRA ")
		for k, arg := range a[argNum:] {
			if k > 0 {
				p.writeString(", ")
			}
			x := arg.Iface()
			if x == nil {
				p.writeString("<nil>")
				continue
			}
			p.writeString(x.T.Name)
			p.buf = append(p.buf, '=')
			p.printArg(arg, 'v')
		}
		p.buf = append(p.buf, ')')
	}
}

// verb prints operand a[argNum] with verb under the parsed flags.
func (p *printer) verb(verb rune, a []vm.Value, argNum int) {
	switch verb {
	case 'w':
		p.wrapped = append(p.wrapped, argNum)
		fallthrough
	case 'v':
		p.fl.sharpV, p.fl.sharp = p.fl.sharp, false
		p.fl.plusV, p.fl.plus = p.fl.plus, false
	}
	p.printArg(a[argNum], verb)
}
