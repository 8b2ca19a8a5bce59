package testdeps

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
)

// The seed corpus files of a fuzz target, as Go's internal/fuzz reads
// them: a "go test fuzz v1" line, then one value per line written as a Go
// conversion of a literal (string("a"), []byte("\x00"), int(-3),
// rune('x'), math.Float64frombits(0x7ff8000000000001)). Go parses each
// line with go/parser; this reader takes the same forms apart by hand, so
// a test binary does not compile Go's parser.

// malformedCorpusError lists the corpus files that could not be read.
type malformedCorpusError struct{ errs []error }

func (e *malformedCorpusError) Error() string {
	var msgs []string
	for _, s := range e.errs {
		msgs = append(msgs, s.Error())
	}
	return strings.Join(msgs, "\n")
}

func readCorpus(dir string, types []reflect.Type) ([]CorpusEntry, error) {
	files, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil // No corpus to read
	} else if err != nil {
		return nil, fmt.Errorf("reading seed corpus from testdata: %v", err)
	}
	var corpus []CorpusEntry
	var errs []error
	for _, file := range files {
		if file.IsDir() {
			continue
		}
		filename := filepath.Join(dir, file.Name())
		data, err := os.ReadFile(filename)
		if err != nil {
			return nil, fmt.Errorf("failed to read corpus file: %v", err)
		}
		vals, err := unmarshalCorpusFile(data)
		if err != nil {
			err = fmt.Errorf("unmarshal: %v", err)
		} else {
			err = TestDeps{}.CheckCorpus(vals, types)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%q: %v", filename, err))
			continue
		}
		corpus = append(corpus, CorpusEntry{Path: filename, Values: vals})
	}
	if len(errs) > 0 {
		return corpus, &malformedCorpusError{errs: errs}
	}
	return corpus, nil
}

func unmarshalCorpusFile(b []byte) ([]any, error) {
	if len(b) == 0 {
		return nil, errors.New("cannot unmarshal empty string")
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) < 2 {
		return nil, errors.New("must include version and at least one value")
	}
	if version := strings.TrimSuffix(lines[0], "\r"); version != "go test fuzz v1" {
		return nil, fmt.Errorf("unknown encoding version: %s", version)
	}
	var vals []any
	for _, line := range lines[1:] {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		v, err := parseCorpusValue(line)
		if err != nil {
			return nil, fmt.Errorf("malformed line %q: %v", line, err)
		}
		vals = append(vals, v)
	}
	return vals, nil
}

func parseCorpusValue(line string) (any, error) {
	open := strings.IndexByte(line, '(')
	if open < 0 || !strings.HasSuffix(line, ")") {
		return nil, errors.New("expected call expression")
	}
	typ, arg := strings.TrimSpace(line[:open]), strings.TrimSpace(line[open+1:len(line)-1])
	switch typ {
	case "[]byte":
		s, err := strconv.Unquote(arg)
		if err != nil || arg[0] == '\'' {
			return nil, errors.New("string literal required for type []byte")
		}
		return []byte(s), nil
	case "bool":
		switch arg {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return nil, errors.New("true or false required for type bool")
	case "string":
		if arg == "" || arg[0] != '"' && arg[0] != '`' {
			return nil, errors.New("string literal value required for type string")
		}
		return strconv.Unquote(arg)
	case "byte", "rune":
		if arg != "" && arg[0] == '\'' {
			if len(arg) < 2 || arg[len(arg)-1] != '\'' {
				return nil, errors.New("malformed character literal, missing single quotes")
			}
			code, _, _, err := strconv.UnquoteChar(arg[1:len(arg)-1], '\'')
			if err != nil {
				return nil, err
			}
			if typ == "rune" {
				return code, nil
			}
			if code >= 256 {
				return nil, errors.New("can only encode single byte to a byte type")
			}
			return byte(code), nil
		}
		if typ == "rune" {
			return parseInt(arg, "rune")
		}
		return parseUint(arg, "byte")
	case "int", "int8", "int16", "int32", "int64":
		return parseInt(arg, typ)
	case "uint", "uint8", "uint16", "uint32", "uint64":
		return parseUint(arg, typ)
	case "float32", "float64":
		size := 64
		if typ == "float32" {
			size = 32
		}
		var v float64
		switch arg {
		case "NaN":
			v = math.NaN()
		case "+Inf", "-Inf":
			v = math.Inf(map[bool]int{true: 1, false: -1}[arg[0] == '+'])
		default:
			var err error
			if v, err = strconv.ParseFloat(arg, size); err != nil {
				return nil, err
			}
		}
		if size == 32 {
			return float32(v), nil
		}
		return v, nil
	case "math.Float32frombits":
		bits, err := parseUint(arg, "uint32")
		if err != nil {
			return nil, err
		}
		return math.Float32frombits(bits.(uint32)), nil
	case "math.Float64frombits":
		bits, err := parseUint(arg, "uint64")
		if err != nil {
			return nil, err
		}
		return math.Float64frombits(bits.(uint64)), nil
	}
	return nil, errors.New("expected []byte or primitive type")
}

func parseInt(val, typ string) (any, error) {
	switch typ {
	case "int":
		i, err := strconv.ParseInt(val, 0, strconv.IntSize)
		return int(i), err
	case "int8":
		i, err := strconv.ParseInt(val, 0, 8)
		return int8(i), err
	case "int16":
		i, err := strconv.ParseInt(val, 0, 16)
		return int16(i), err
	case "int32", "rune":
		i, err := strconv.ParseInt(val, 0, 32)
		return int32(i), err
	case "int64":
		return strconv.ParseInt(val, 0, 64)
	}
	panic("unreachable")
}

func parseUint(val, typ string) (any, error) {
	switch typ {
	case "uint":
		i, err := strconv.ParseUint(val, 0, strconv.IntSize)
		return uint(i), err
	case "uint8", "byte":
		i, err := strconv.ParseUint(val, 0, 8)
		return uint8(i), err
	case "uint16":
		i, err := strconv.ParseUint(val, 0, 16)
		return uint16(i), err
	case "uint32":
		i, err := strconv.ParseUint(val, 0, 32)
		return uint32(i), err
	case "uint64":
		return strconv.ParseUint(val, 0, 64)
	}
	panic("unreachable")
}
