// Package typecodec writes a set of go/types types to bytes and reads them
// back as equivalent types in another process. It is spindle's compile
// cache's codec for the go/types type that every run-time type descriptor
// keeps, which reflect and fmt consult at run time (types.Implements,
// types.NewMethodSet, struct tags, ...).
//
// This package owns the encoding and nothing else: it knows no spindle
// type and must import nothing from spindle, only Go's standard library.
//
// # Equivalence
//
// Decode's results are freshly built: one *types.Package per import path
// and one *types.TypeName per named type, shared by all of one Decode's
// results. For roots a and b of one Encode and their decodings a' and b':
//
//   - types.Identical(a', b') == types.Identical(a, b), and likewise
//     types.Implements, types.AssignableTo and types.ConvertibleTo;
//   - types.TypeString(a', q) == types.TypeString(a, q) for any qualifier
//     that looks only at the package's path or name (or compares it with
//     a decoded package), once a's aliases are removed (see below);
//   - a named type keeps its name, its package's path and name, its type
//     parameters, underlying type and methods (with receivers), so that
//     types.NewMethodSet of it and of its pointer list the same methods,
//     promoted ones included; a function-local named type stays distinct
//     from every other type of the same name;
//   - an instance of a generic type (List[int]) is rebuilt with
//     types.Instantiate from its decoded origin and type arguments, so that
//     its methods and underlying type are go/types' own expansion;
//   - the universe's types stay the universe's: types.Typ[k], byte and
//     rune, error, comparable and the interface any stands for.
//
// Identical types may share one decoding: the same root twice decodes to
// one pointer, identical instances decode to one *types.Named, and unnamed
// types of equal structure (equal to the letter: parameter names, tags,
// byte versus uint8) decode to one pointer, signatures sharing the tuples
// of equal parameters and results. Interfaces are the exception: one
// interface decodes to one pointer, as go/types prints a type parameter
// list [A, B C] only when A's and B's constraints are one pointer.
//
// All the types of a program must be encoded by one Encode and decoded by
// one Decode: named types from two Decodes are never identical.
//
// # What is not kept
//
// Aliases are removed everywhere (types.Unalias), as reflect sees types:
// an alias decodes as the type it stands for, and an embedded field of
// alias type keeps the alias's name but has the aliased type. Positions
// are token.NoPos, and the scopes of objects are not kept, but that a
// package-level named type is inserted in its decoded package's scope.
// A signature that is a root or a component of another type loses its
// receiver (a function type has none), unless it is a root that is the
// signature of a method of a named type that is not an instance: that
// root decodes to the signature of the decoded type's method. A type
// parameter that no encoded type declares (not in the type parameter
// list of an encoded generic type or signature) decodes unbound, with
// Index -1. Distinct empty interfaces decode to go/types' one empty
// interface.
//
// # Format
//
// All integers are unsigned varints (array lengths zig-zag signed).
//
//	magic      "go/types\x00" followed by the format version
//	strings    count, each string's length, then the strings' bytes
//	packages   count, then each package's path and name (string indices)
//	types      count, each entry's length, then the entries' bytes
//	roots      count, then each root
//
// A type is referred to by its index: the universe's types (see universe)
// come first and have no entry; the entries follow in order. An entry is
// a tag (tagNamed, ...) and its operands. Encode takes a named type's or
// type parameter's index before writing its operands, so that they may
// refer to it (a recursive type) and to entries after it; every other
// entry refers only to entries before it. A root is its type's index
// times two, or, for the signature of a method, the named type's index
// times two plus one, then the method's index.
package typecodec

import "go/types"

// magic begins every encoding; its last byte is the format version.
const magic = "go/types\x00\x01"

// maxDepth bounds the nesting of types Encode accepts and Decode follows,
// so that neither exhausts the stack on a cyclic or hostile input. A type
// nested this deep is not written by hand.
const maxDepth = 1 << 16

// Tags of the type entries. The operands of each, after the tag:
const (
	// name, package, flags (flagPackageLevel), type parameter count and
	// the type parameters, underlying type, method count and for each
	// method its name and signature (as in tagSignature, with receiver).
	tagNamed byte = iota + 1
	// origin (a named type with type parameters), type argument count
	// and the type arguments.
	tagInstance
	// name, package, constraint.
	tagTypeParam
	// element type.
	tagPointer
	tagSlice
	// length (signed), element type.
	tagArray
	// key type, element type.
	tagMap
	// direction (types.ChanDir), element type.
	tagChan
	// flags (sigVariadic, sigRecv), the receiver (its name, package and
	// type) and the receiver's type parameters if sigRecv, type
	// parameters, parameters, results. A list of type parameters is a
	// count and the type parameters. The parameters and results are each
	// 0 if there are none, else 1 plus the index of their tuple.
	tagSignature
	// flags (tupleResults), variable count, and for each variable its
	// name, package and type.
	tagTuple
	// field count, and for each field its name, package, type, flags
	// (fieldEmbedded, fieldTagged) and, if tagged, its tag.
	tagStruct
	// flags (ifaceImplicit), explicit method count and for each method
	// its name, package and signature (as in tagSignature, without
	// receiver), embedded type count and the embedded types.
	tagInterface
	// term count, and for each term its type's index times two, plus one
	// for a tilde term.
	tagUnion
)

// Flags of the entries.
const (
	flagPackageLevel = 1 << 0 // a named type declared at package level

	sigVariadic = 1 << 0
	sigRecv     = 1 << 1

	tupleResults = 1 << 0 // the variables are results (types.ResultVar)

	fieldEmbedded = 1 << 0
	fieldTagged   = 1 << 1

	ifaceImplicit = 1 << 0
)

// universe lists the types that every process shares. They are written as
// their index in this list and read back as the same objects, so that
// error decodes to types.Universe's error, and the interface that any
// stands for (which go/types prints as "any") stays that interface. The
// order is part of the format: types.Typ by kind, then the rest.
var universe = func() []types.Type {
	var u []types.Type
	for k := types.Invalid; k <= types.UntypedNil; k++ {
		u = append(u, types.Typ[k])
	}
	for _, name := range []string{"byte", "rune", "error", "comparable", "any"} {
		u = append(u, types.Unalias(types.Universe.Lookup(name).Type()))
	}
	return append(u,
		types.Universe.Lookup("error").Type().Underlying(),
		types.Universe.Lookup("comparable").Type().Underlying())
}()

// universeIndex is the inverse of universe.
var universeIndex = func() map[types.Type]uint64 {
	m := make(map[types.Type]uint64, len(universe))
	for i, t := range universe {
		if _, dup := m[t]; !dup {
			m[t] = uint64(i)
		}
	}
	return m
}()
