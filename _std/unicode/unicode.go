// Package unicode is spindle's guest unicode package: character classes
// and case mapping answered by the host's tables (Unicode 15.0.0). The
// exported *RangeTable variables hold the host table's ranges and the host
// table itself, which Is and the predicates use; CaseRanges, TurkishCase,
// AzeriCase and the Categories, Scripts, Properties, FoldCategory,
// FoldScript and CategoryAliases maps are the host's, built at init (a
// table in a map is the same *RangeTable as the variable of that name).
package unicode

const (
	MaxRune         = '\U0010FFFF' // Maximum valid Unicode code point.
	ReplacementChar = '\uFFFD'     // Represents invalid code points.
	MaxASCII        = '\u007F'     // maximum ASCII value.
	MaxLatin1       = '\u00FF'     // maximum Latin-1 value.
)

// Version is the Unicode edition from which the tables are derived.
const Version = "15.0.0"

// Indices into the Delta arrays inside CaseRanges for case mapping.
const (
	UpperCase = iota
	LowerCase
	TitleCase
	MaxCase
)

// If the Delta field of a CaseRange is UpperLower, it means this CaseRange
// represents a sequence of the form (say) Upper Lower Upper Lower.
const (
	UpperLower = MaxRune + 1 // (Cannot be a valid delta.)
)

// RangeTable defines a set of Unicode code points by listing the ranges of
// code points within the set.
type RangeTable struct {
	R16         []Range16
	R32         []Range32
	LatinOffset int // number of entries in R16 with Hi <= MaxLatin1
	host        any // the host table for the predefined tables
}

// Range16 represents of a range of 16-bit Unicode code points.
type Range16 struct {
	Lo     uint16
	Hi     uint16
	Stride uint16
}

// Range32 represents of a range of Unicode code points and is used when
// one or more of the values will not fit in 16 bits.
type Range32 struct {
	Lo     uint32
	Hi     uint32
	Stride uint32
}

// CaseRange represents a range of Unicode code points for simple (one code
// point to one code point) case conversion.
type CaseRange struct {
	Lo    uint32
	Hi    uint32
	Delta d
}

type d [MaxCase]rune

// SpecialCase represents language-specific case mappings such as Turkish.
type SpecialCase []CaseRange

// caseRanges returns the host's CaseRanges (0), TurkishCase (1) or
// AzeriCase (2).
//
// It is pure: a variable it initialises is made only if the program
// refers to it (internal/compile's pureFuncs).
func caseRanges(which int) []CaseRange

// tableList returns the host's Categories (0), Scripts (1), Properties
// (2), FoldCategory (3) or FoldScript (4): names and tables.
func tableList(which int) (names []string, tables []*RangeTable)

// tableMap returns the host's tables of one set (tableList) by name.
//
// It is pure: a variable it initialises is made only if the program
// refers to it (internal/compile's pureFuncs).
func tableMap(which int) map[string]*RangeTable {
	names, tables := tableList(which)
	m := make(map[string]*RangeTable, len(names))
	for i, n := range names {
		m[n] = tables[i]
	}
	return m
}

// aliases returns the host's CategoryAliases.
func aliases() (keys, values []string)

// aliasMap returns the host's CategoryAliases as a map.
//
// It is pure: a variable it initialises is made only if the program
// refers to it (internal/compile's pureFuncs).
func aliasMap() map[string]string {
	keys, values := aliases()
	m := make(map[string]string, len(keys))
	for i, k := range keys {
		m[k] = values[i]
	}
	return m
}

// The sets of Unicode tables by name, as Go's maps.
var (
	Categories      = tableMap(0)
	Scripts         = tableMap(1)
	Properties      = tableMap(2)
	FoldCategory    = tableMap(3)
	FoldScript      = tableMap(4)
	CategoryAliases = aliasMap()
)

// CaseRanges is the table describing case mappings for all letters with
// non-self mappings.
var CaseRanges = caseRanges(0)

// TurkishCase and AzeriCase are the special case mappings of Turkish and
// Azeri.
var (
	TurkishCase SpecialCase = caseRanges(1)
	AzeriCase   SpecialCase = caseRanges(2)
)

// ToUpper maps the rune to upper case giving priority to the special mapping.
func (special SpecialCase) ToUpper(r rune) rune {
	r1, hadMapping := special.to(UpperCase, r)
	if r1 == r && !hadMapping {
		r1 = ToUpper(r)
	}
	return r1
}

// ToTitle maps the rune to title case giving priority to the special mapping.
func (special SpecialCase) ToTitle(r rune) rune {
	r1, hadMapping := special.to(TitleCase, r)
	if r1 == r && !hadMapping {
		r1 = ToTitle(r)
	}
	return r1
}

// ToLower maps the rune to lower case giving priority to the special mapping.
func (special SpecialCase) ToLower(r rune) rune {
	r1, hadMapping := special.to(LowerCase, r)
	if r1 == r && !hadMapping {
		r1 = ToLower(r)
	}
	return r1
}

// to maps r through the case ranges of special.
func (special SpecialCase) to(c int, r rune) (rune, bool) {
	if c < 0 || MaxCase <= c {
		return ReplacementChar, false
	}
	for _, cr := range special {
		if rune(cr.Lo) <= r && r <= rune(cr.Hi) {
			delta := cr.Delta[c]
			if delta > MaxRune {
				// Alternating Upper/Lower: even offsets are upper case.
				return rune(cr.Lo) + ((r-rune(cr.Lo))&^1 | rune(c&1)), true
			}
			return r + delta, true
		}
	}
	return r, false
}

// GraphicRanges defines the set of graphic characters according to Unicode.
var GraphicRanges = []*RangeTable{L, M, N, P, S, Zs}

// PrintRanges defines the set of printable characters according to Go.
var PrintRanges = []*RangeTable{L, M, N, P, S}

// table returns the run's copy of the host's table name.
//
// It is pure: a variable it initialises is made only if the program
// refers to it (internal/compile's pureFuncs).
func table(name string) *RangeTable

// Is reports whether the rune is in the specified table of ranges.
func Is(rangeTab *RangeTable, r rune) bool

// In reports whether the rune is a member of one of the ranges.
func In(r rune, ranges ...*RangeTable) bool {
	for _, inside := range ranges {
		if Is(inside, r) {
			return true
		}
	}
	return false
}

// IsOneOf reports whether the rune is a member of one of the ranges.
// The function "In" provides a nicer signature and should be used in
// preference to IsOneOf.
func IsOneOf(ranges []*RangeTable, r rune) bool {
	return In(r, ranges...)
}

// IsControl reports whether the rune is a control character.
func IsControl(r rune) bool {
	return uint32(r) < 0x20 || 0x7F <= r && r < 0xA0
}

// IsDigit reports whether the rune is a decimal digit.
func IsDigit(r rune) bool {
	if r <= MaxLatin1 {
		return '0' <= r && r <= '9'
	}
	return isDigit(r)
}

func isDigit(r rune) bool

// IsGraphic reports whether the rune is defined as a Graphic by Unicode.
func IsGraphic(r rune) bool

// IsLetter reports whether the rune is a letter (category L).
func IsLetter(r rune) bool {
	if uint32(r) <= MaxLatin1 {
		return 'a' <= r|0x20 && r|0x20 <= 'z' || r == 0xAA || r == 0xB5 || r == 0xBA || 0xC0 <= r && r != 0xD7 && r != 0xF7
	}
	return isLetter(r)
}

func isLetter(r rune) bool

// IsLower reports whether the rune is a lower case letter.
func IsLower(r rune) bool

// IsMark reports whether the rune is a mark character (category M).
func IsMark(r rune) bool

// IsNumber reports whether the rune is a number (category N).
func IsNumber(r rune) bool

// IsPrint reports whether the rune is defined as printable by Go.
func IsPrint(r rune) bool

// IsPunct reports whether the rune is a Unicode punctuation character
// (category P).
func IsPunct(r rune) bool

// IsSpace reports whether the rune is a space character as defined by
// Unicode's White Space property.
func IsSpace(r rune) bool {
	if uint32(r) <= MaxLatin1 {
		switch r {
		case '\t', '\n', '\v', '\f', '\r', ' ', 0x85, 0xA0:
			return true
		}
		return false
	}
	return isSpace(r)
}

func isSpace(r rune) bool

// IsSymbol reports whether the rune is a symbolic character.
func IsSymbol(r rune) bool

// IsTitle reports whether the rune is a title case letter.
func IsTitle(r rune) bool

// IsUpper reports whether the rune is an upper case letter.
func IsUpper(r rune) bool

// SimpleFold iterates over Unicode code points equivalent under the
// Unicode-defined simple case folding.
func SimpleFold(r rune) rune

// To maps the rune to the specified case: UpperCase, LowerCase, or
// TitleCase.
func To(_case int, r rune) rune

// ToLower maps the rune to lower case.
func ToLower(r rune) rune {
	if r <= MaxASCII {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r
	}
	return To(LowerCase, r)
}

// ToTitle maps the rune to title case.
func ToTitle(r rune) rune

// ToUpper maps the rune to upper case.
func ToUpper(r rune) rune {
	if r <= MaxASCII {
		if 'a' <= r && r <= 'z' {
			r -= 'a' - 'A'
		}
		return r
	}
	return To(UpperCase, r)
}
