package strconv

// Quote returns a double-quoted Go string literal representing s.
func Quote(s string) string

// QuoteToASCII returns a double-quoted Go string literal representing s,
// with non-ASCII characters escaped.
func QuoteToASCII(s string) string

// QuoteToGraphic returns a double-quoted Go string literal representing s,
// leaving graphic Unicode characters unescaped.
func QuoteToGraphic(s string) string

// QuoteRune returns a single-quoted Go character literal representing the
// rune.
func QuoteRune(r rune) string

// QuoteRuneToASCII is QuoteRune with non-ASCII characters escaped.
func QuoteRuneToASCII(r rune) string

// QuoteRuneToGraphic is QuoteRune leaving graphic characters unescaped.
func QuoteRuneToGraphic(r rune) string

// AppendQuote appends Quote(s) to dst.
func AppendQuote(dst []byte, s string) []byte { return append(dst, Quote(s)...) }

// AppendQuoteToASCII appends QuoteToASCII(s) to dst.
func AppendQuoteToASCII(dst []byte, s string) []byte { return append(dst, QuoteToASCII(s)...) }

// AppendQuoteToGraphic appends QuoteToGraphic(s) to dst.
func AppendQuoteToGraphic(dst []byte, s string) []byte { return append(dst, QuoteToGraphic(s)...) }

// AppendQuoteRune appends QuoteRune(r) to dst.
func AppendQuoteRune(dst []byte, r rune) []byte { return append(dst, QuoteRune(r)...) }

// AppendQuoteRuneToASCII appends QuoteRuneToASCII(r) to dst.
func AppendQuoteRuneToASCII(dst []byte, r rune) []byte {
	return append(dst, QuoteRuneToASCII(r)...)
}

// AppendQuoteRuneToGraphic appends QuoteRuneToGraphic(r) to dst.
func AppendQuoteRuneToGraphic(dst []byte, r rune) []byte {
	return append(dst, QuoteRuneToGraphic(r)...)
}

// CanBackquote reports whether the string s can be represented unchanged
// as a single-line backquoted string.
func CanBackquote(s string) bool

// IsPrint reports whether the rune is defined as printable by Go.
func IsPrint(r rune) bool

// IsGraphic reports whether the rune is defined as a Graphic by Unicode.
func IsGraphic(r rune) bool

func unquote(s string) (string, bool)

// Unquote interprets s as a single-quoted, double-quoted, or backquoted Go
// string literal, returning the string value that s quotes.
func Unquote(s string) (string, error) {
	v, ok := unquote(s)
	if !ok {
		return "", ErrSyntax
	}
	return v, nil
}

func unquoteChar(s string, quote byte) (value rune, multibyte bool, tail string, ok bool)

// UnquoteChar decodes the first character or byte in the escaped string or
// character literal represented by the string s.
func UnquoteChar(s string, quote byte) (value rune, multibyte bool, tail string, err error) {
	value, multibyte, tail, ok := unquoteChar(s, quote)
	if !ok {
		return 0, false, "", ErrSyntax
	}
	return value, multibyte, tail, nil
}

func quotedPrefix(s string) (string, bool)

// QuotedPrefix returns the quoted string (as understood by Unquote) at the
// prefix of s.
func QuotedPrefix(s string) (string, error) {
	v, ok := quotedPrefix(s)
	if !ok {
		return "", ErrSyntax
	}
	return v, nil
}
