// Package tabwriter is spindle's guest text/tabwriter package, written
// for spindle: elastic tabstops. Tab- (or vertical tab-) terminated cells
// in adjacent lines form columns, each as wide as its widest cell plus
// padding. Flags AlignRight, DiscardEmptyColumns, TabIndent and Debug are
// honoured. Missing: FilterHTML and StripEscape (Escape sequences are
// passed through as text).
package tabwriter

import (
	"io"
	"unicode/utf8"
)

// Formatting flags.
const (
	FilterHTML uint = 1 << iota
	StripEscape
	AlignRight
	DiscardEmptyColumns
	TabIndent
	Debug
)

// Escape is the escape character (not interpreted by spindle's tabwriter).
const Escape = '\xff'

type cell struct {
	size  int  // bytes of text
	width int  // runes of text
	htab  bool // terminated by a horizontal tab
}

// A Writer is a filter that aligns tab-separated columns of its input.
type Writer struct {
	output   io.Writer
	minwidth int
	tabwidth int
	padding  int
	padchar  byte
	flags    uint

	buf    []byte   // unformatted text
	pos    int      // start of the current cell in buf
	cell   cell     // the current cell
	lines  [][]cell // lines of cells
	widths []int    // column widths, during formatting
	err    error
}

// NewWriter allocates and initializes a new Writer.
func NewWriter(output io.Writer, minwidth, tabwidth, padding int, padchar byte, flags uint) *Writer {
	return new(Writer).Init(output, minwidth, tabwidth, padding, padchar, flags)
}

// Init initializes b; see NewWriter.
func (b *Writer) Init(output io.Writer, minwidth, tabwidth, padding int, padchar byte, flags uint) *Writer {
	if minwidth < 0 || tabwidth < 0 || padding < 0 {
		panic("negative minwidth, tabwidth, or padding")
	}
	b.output, b.minwidth, b.tabwidth, b.padding, b.padchar = output, minwidth, tabwidth, padding, padchar
	if padchar == '\t' {
		// Tab padding enforces left alignment.
		flags &^= AlignRight
	}
	b.flags = flags
	b.reset()
	return b
}

func (b *Writer) reset() {
	b.buf = b.buf[:0]
	b.pos = 0
	b.cell = cell{}
	b.lines = b.lines[:0]
	b.widths = b.widths[:0]
	b.addLine()
}

func (b *Writer) addLine() { b.lines = append(b.lines, []cell{}) }

// terminateCell ends the current cell and returns the number of cells in
// its line.
func (b *Writer) terminateCell(htab bool) int {
	b.cell.htab = htab
	line := &b.lines[len(b.lines)-1]
	*line = append(*line, b.cell)
	b.cell = cell{}
	return len(*line)
}

func (b *Writer) updateWidth() {
	b.cell.width += utf8.RuneCount(b.buf[b.pos:])
	b.pos = len(b.buf)
}

func (b *Writer) write0(p []byte) {
	if b.err != nil {
		return
	}
	n, err := b.output.Write(p)
	if err == nil && n != len(p) {
		err = io.ErrShortWrite
	}
	b.err = err
}

func (b *Writer) writeN(c byte, n int) {
	if n <= 0 {
		return
	}
	p := make([]byte, n)
	for i := range p {
		p[i] = c
	}
	b.write0(p)
}

func (b *Writer) writePadding(textw, cellw int, useTabs bool) {
	if b.padchar == '\t' || useTabs {
		if b.tabwidth == 0 {
			return // tabs have no width: no padding can be computed
		}
		cellw = (cellw + b.tabwidth - 1) / b.tabwidth * b.tabwidth
		n := cellw - textw
		if n < 0 {
			panic("internal error")
		}
		b.writeN('\t', (n+b.tabwidth-1)/b.tabwidth)
		return
	}
	b.writeN(b.padchar, cellw-textw)
}

func (b *Writer) writeLines(pos0, line0, line1 int) int {
	pos := pos0
	for i := line0; i < line1; i++ {
		line := b.lines[i]
		useTabs := b.flags&TabIndent != 0
		for j, c := range line {
			if j > 0 && b.flags&Debug != 0 {
				b.write0([]byte{'|'})
			}
			switch {
			case c.size == 0:
				if j < len(b.widths) {
					b.writePadding(c.width, b.widths[j], useTabs)
				}
			case b.flags&AlignRight == 0:
				useTabs = false
				b.write0(b.buf[pos : pos+c.size])
				pos += c.size
				if j < len(b.widths) {
					b.writePadding(c.width, b.widths[j], false)
				}
			default:
				useTabs = false
				if j < len(b.widths) {
					b.writePadding(c.width, b.widths[j], false)
				}
				b.write0(b.buf[pos : pos+c.size])
				pos += c.size
			}
		}
		if i+1 < len(b.lines) {
			// The last buffered line has no newline yet.
			b.write0([]byte{'\n'})
		}
	}
	return pos
}

// format writes lines [line0, line1) whose columns before len(b.widths)
// are already sized, sizing the column blocks of the next column.
func (b *Writer) format(pos0, line0, line1 int) int {
	pos := pos0
	column := len(b.widths)
	for this := line0; this < line1; this++ {
		if column >= len(b.lines[this])-1 {
			continue
		}
		// A column block begins here: print the lines before it.
		pos = b.writeLines(pos, line0, this)
		line0 = this
		width := b.minwidth
		discardable := true
		for ; this < line1; this++ {
			line := b.lines[this]
			if column >= len(line)-1 {
				break
			}
			c := line[column]
			if w := c.width + b.padding; w > width {
				width = w
			}
			if c.width > 0 || c.htab {
				discardable = false
			}
		}
		if discardable && b.flags&DiscardEmptyColumns != 0 {
			width = 0
		}
		b.widths = append(b.widths, width)
		pos = b.format(pos, line0, this)
		b.widths = b.widths[:len(b.widths)-1]
		line0 = this
	}
	return b.writeLines(pos, line0, line1)
}

func (b *Writer) flushNoDefers() {
	if b.cell.size > 0 {
		b.updateWidth()
		b.terminateCell(false)
	}
	b.format(0, 0, len(b.lines))
	b.reset()
}

// Flush should be called after the last call to Write to ensure that any
// data buffered in the Writer is written to output.
func (b *Writer) Flush() error {
	b.flushNoDefers()
	return b.err
}

// Write writes buf to the writer b, formatting as lines complete.
func (b *Writer) Write(buf []byte) (n int, err error) {
	n0 := 0
	for i, ch := range buf {
		switch ch {
		case '\t', '\v', '\n', '\f':
			b.buf = append(b.buf, buf[n0:i]...)
			b.cell.size += i - n0
			b.updateWidth()
			n0 = i + 1
			ncells := b.terminateCell(ch == '\t')
			if ch == '\n' || ch == '\f' {
				b.addLine()
				if ch == '\f' || ncells == 1 {
					// A line with a single cell, or a form feed, ends every
					// column block: format what is buffered now.
					b.flushNoDefers()
					if ch == '\f' && b.flags&Debug != 0 {
						b.write0([]byte("---\n"))
					}
				}
			}
		}
	}
	b.buf = append(b.buf, buf[n0:]...)
	b.cell.size += len(buf) - n0
	if b.err != nil {
		return n0, b.err
	}
	return len(buf), nil
}
