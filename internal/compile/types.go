package compile

import (
	"go/types"
	"strconv"
	"strings"

	"spindle/internal/vm"
)

var sizes = types.SizesFor("gc", "amd64")

// typ returns the interned run-time descriptor of t: one per class of
// identical types (see typeTable).
func (c *Compiler) typ(t types.Type) *vm.Type {
	t = types.Unalias(t)
	id := c.types.classOf(t)
	if vt := c.types.desc[id]; vt != nil {
		return vt
	}
	vt := &vm.Type{GoType: t, Name: typeName(t)}
	c.types.desc[id] = vt
	_, vt.Named = t.(*types.Named)
	vt.Comparable = types.Comparable(t)
	if hasSize(t) {
		vt.Size, vt.Align = c.types.layout(t)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		vt.Kind = basicKind(u)
	case *types.Pointer:
		vt.Kind = vm.KPointer
		vt.Elem = c.typ(u.Elem())
	case *types.Slice:
		vt.Kind = vm.KSlice
		vt.Elem = c.typ(u.Elem())
	case *types.Array:
		vt.Kind = vm.KArray
		vt.Elem = c.typ(u.Elem())
		vt.Len = int(u.Len())
	case *types.Map:
		vt.Kind = vm.KMap
		vt.Key = c.typ(u.Key())
		vt.Elem = c.typ(u.Elem())
	case *types.Chan:
		vt.Kind = vm.KChan
		vt.Elem = c.typ(u.Elem())
		switch u.Dir() {
		case types.SendOnly:
			vt.ChanDir = 1
		case types.RecvOnly:
			vt.ChanDir = 2
		}
	case *types.Signature:
		vt.Kind = vm.KFunc
		for i := 0; i < u.Params().Len(); i++ {
			vt.Params = append(vt.Params, c.typ(u.Params().At(i).Type()))
		}
		for i := 0; i < u.Results().Len(); i++ {
			vt.Results = append(vt.Results, c.typ(u.Results().At(i).Type()))
		}
		vt.Variadic = u.Variadic()
	case *types.Interface:
		vt.Kind = vm.KInterface
	case *types.Struct:
		vt.Kind = vm.KStruct
		vt.Fields = make([]vm.Field, u.NumFields())
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			vt.Fields[i] = vm.Field{Name: f.Name(), Type: c.typ(f.Type()), Embedded: f.Embedded(), Exported: f.Exported(), Tag: u.Tag(i)}
		}
	case *types.Tuple:
		vt.Kind = vm.KTuple
	default:
		panic(compileError("BUG: unsupported type " + t.String()))
	}
	return vt
}

func basicKind(b *types.Basic) vm.Kind {
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return vm.KBool
	case types.Int, types.UntypedInt:
		return vm.KInt
	case types.Int8:
		return vm.KInt8
	case types.Int16:
		return vm.KInt16
	case types.Int32, types.UntypedRune:
		return vm.KInt32
	case types.Int64:
		return vm.KInt64
	case types.Uint:
		return vm.KUint
	case types.Uint8:
		return vm.KUint8
	case types.Uint16:
		return vm.KUint16
	case types.Uint32:
		return vm.KUint32
	case types.Uint64:
		return vm.KUint64
	case types.Uintptr:
		return vm.KUintptr
	case types.Float32:
		return vm.KFloat32
	case types.Float64, types.UntypedFloat:
		return vm.KFloat64
	case types.Complex64:
		return vm.KComplex64
	case types.Complex128, types.UntypedComplex:
		return vm.KComplex128
	case types.String, types.UntypedString:
		return vm.KString
	case types.UnsafePointer:
		return vm.KUnsafePointer
	case types.UntypedNil:
		return vm.KUnsafePointer
	}
	return vm.Invalid
}

// typeName renders t the way reflect (and so %T) does: package names, not
// paths; "interface {}", "struct { A int }", "main.Pair[int,string]".
func typeName(t types.Type) string {
	var b strings.Builder
	writeType(&b, t)
	return b.String()
}

func writeType(b *strings.Builder, t types.Type) { writeTypeIn(b, t, false) }

// writeTypeIn is writeType; args reports that t is inside a generic
// type's arguments, where gc names packages by import path
// (gen.List[example.com/m/util.T]).
func writeTypeIn(b *strings.Builder, t types.Type, args bool) {
	t = types.Unalias(t)
	switch t := t.(type) {
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() != nil {
			if args {
				b.WriteString(obj.Pkg().Path())
			} else {
				b.WriteString(obj.Pkg().Name())
			}
			b.WriteByte('.')
		}
		b.WriteString(obj.Name())
		if ta := t.TypeArgs(); ta != nil && ta.Len() > 0 {
			b.WriteByte('[')
			for i := 0; i < ta.Len(); i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				writeTypeIn(b, ta.At(i), true)
			}
			b.WriteByte(']')
		}
	case *types.Basic:
		switch t.Kind() {
		case types.UnsafePointer:
			b.WriteString("unsafe.Pointer")
		case types.UntypedNil:
			b.WriteString("nil")
		default:
			// byte and rune print as uint8 and int32, as reflect does.
			b.WriteString(types.Typ[t.Kind()].Name())
		}
	case *types.Pointer:
		b.WriteByte('*')
		writeTypeIn(b, t.Elem(), args)
	case *types.Slice:
		b.WriteString("[]")
		writeTypeIn(b, t.Elem(), args)
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(t.Len(), 10) + "]")
		writeTypeIn(b, t.Elem(), args)
	case *types.Map:
		b.WriteString("map[")
		writeTypeIn(b, t.Key(), args)
		b.WriteByte(']')
		writeTypeIn(b, t.Elem(), args)
	case *types.Chan:
		switch t.Dir() {
		case types.SendOnly:
			b.WriteString("chan<- ")
		case types.RecvOnly:
			b.WriteString("<-chan ")
		default:
			b.WriteString("chan ")
		}
		// chan (<-chan int): without the parentheses it would read as
		// chan<- (chan int), as gc's type strings know.
		if e, ok := types.Unalias(t.Elem()).(*types.Chan); ok && t.Dir() == types.SendRecv && e.Dir() == types.RecvOnly {
			b.WriteByte('(')
			writeTypeIn(b, t.Elem(), args)
			b.WriteByte(')')
			break
		}
		writeTypeIn(b, t.Elem(), args)
	case *types.Signature:
		b.WriteString("func")
		writeSig(b, t)
	case *types.Interface:
		if t.NumMethods() == 0 && t.NumEmbeddeds() == 0 {
			b.WriteString("interface {}")
			return
		}
		b.WriteString("interface {")
		for i := 0; i < t.NumMethods(); i++ {
			if i > 0 {
				b.WriteString(";")
			}
			m := t.Method(i)
			b.WriteString(" " + m.Name())
			writeSig(b, m.Type().(*types.Signature))
		}
		b.WriteString(" }")
	case *types.Struct:
		if t.NumFields() == 0 {
			b.WriteString("struct {}")
			return
		}
		b.WriteString("struct {")
		for i := 0; i < t.NumFields(); i++ {
			if i > 0 {
				b.WriteString(";")
			}
			f := t.Field(i)
			b.WriteByte(' ')
			if !f.Embedded() {
				b.WriteString(f.Name() + " ")
			}
			writeTypeIn(b, f.Type(), args)
			if tag := t.Tag(i); tag != "" {
				b.WriteString(" " + strconv.Quote(tag))
			}
		}
		b.WriteString(" }")
	case *types.Tuple:
		b.WriteByte('(')
		for i := 0; i < t.Len(); i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			writeType(b, t.At(i).Type())
		}
		b.WriteByte(')')
	case *types.TypeParam:
		b.WriteString(t.Obj().Name())
	default:
		b.WriteString(t.String())
	}
}

func writeSig(b *strings.Builder, s *types.Signature) {
	b.WriteByte('(')
	for i := 0; i < s.Params().Len(); i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		if s.Variadic() && i == s.Params().Len()-1 {
			b.WriteString("...")
			writeType(b, s.Params().At(i).Type().(*types.Slice).Elem())
			continue
		}
		writeType(b, s.Params().At(i).Type())
	}
	b.WriteByte(')')
	switch s.Results().Len() {
	case 0:
	case 1:
		b.WriteByte(' ')
		writeType(b, s.Results().At(0).Type())
	default:
		b.WriteByte(' ')
		writeType(b, s.Results())
	}
}

// hasSize reports whether t has a memory layout (not a tuple or an untyped
// constant type).
func hasSize(t types.Type) bool {
	switch u := t.(type) {
	case *types.Tuple:
		return false
	case *types.Basic:
		return u.Info()&types.IsUntyped == 0
	}
	return true
}
