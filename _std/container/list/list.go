// Package list is spindle's guest container/list package: a doubly linked
// list.
//
// Missing: nothing of the exported API.
package list

// Element is an element of a linked list.
type Element struct {
	// next and prev link the elements of the list; the list's root
	// element closes the ring, so neither is nil inside a list.
	next, prev *Element

	// The list to which this element belongs.
	list *List

	// The value stored with this element.
	Value any
}

// Next returns the next list element or nil.
func (e *Element) Next() *Element {
	if l := e.list; l != nil && e.next != &l.root {
		return e.next
	}
	return nil
}

// Prev returns the previous list element or nil.
func (e *Element) Prev() *Element {
	if l := e.list; l != nil && e.prev != &l.root {
		return e.prev
	}
	return nil
}

// List represents a doubly linked list. The zero value for List is an
// empty list ready to use.
type List struct {
	root Element // sentinel: root.next is the front, root.prev the back
	len  int
}

// Init initializes or clears list l.
func (l *List) Init() *List {
	l.root.next = &l.root
	l.root.prev = &l.root
	l.len = 0
	return l
}

// New returns an initialized list.
func New() *List { return new(List).Init() }

// Len returns the number of elements of list l.
func (l *List) Len() int { return l.len }

// Front returns the first element of list l or nil if the list is empty.
func (l *List) Front() *Element {
	if l.len == 0 {
		return nil
	}
	return l.root.next
}

// Back returns the last element of list l or nil if the list is empty.
func (l *List) Back() *Element {
	if l.len == 0 {
		return nil
	}
	return l.root.prev
}

// lazyInit makes a zero List usable.
func (l *List) lazyInit() {
	if l.root.next == nil {
		l.Init()
	}
}

// link puts e after at and returns e.
func (l *List) link(e, at *Element) *Element {
	e.prev = at
	e.next = at.next
	e.prev.next = e
	e.next.prev = e
	e.list = l
	l.len++
	return e
}

// unlink takes e out of its list.
func (l *List) unlink(e *Element) {
	e.prev.next = e.next
	e.next.prev = e.prev
	e.next = nil // avoid memory leaks
	e.prev = nil
	e.list = nil
	l.len--
}

// relink moves e to after at.
func (l *List) relink(e, at *Element) {
	if e == at {
		return
	}
	e.prev.next = e.next
	e.next.prev = e.prev

	e.prev = at
	e.next = at.next
	e.prev.next = e
	e.next.prev = e
}

// Remove removes e from l if e is an element of list l. It returns the
// element value e.Value. The element must not be nil.
func (l *List) Remove(e *Element) any {
	if e.list == l {
		l.unlink(e)
	}
	return e.Value
}

// PushFront inserts a new element e with value v at the front of list l
// and returns e.
func (l *List) PushFront(v any) *Element {
	l.lazyInit()
	return l.link(&Element{Value: v}, &l.root)
}

// PushBack inserts a new element e with value v at the back of list l and
// returns e.
func (l *List) PushBack(v any) *Element {
	l.lazyInit()
	return l.link(&Element{Value: v}, l.root.prev)
}

// InsertBefore inserts a new element e with value v immediately before
// mark and returns e. If mark is not an element of l, the list is not
// modified. The mark must not be nil.
func (l *List) InsertBefore(v any, mark *Element) *Element {
	if mark.list != l {
		return nil
	}
	return l.link(&Element{Value: v}, mark.prev)
}

// InsertAfter inserts a new element e with value v immediately after mark
// and returns e. If mark is not an element of l, the list is not modified.
// The mark must not be nil.
func (l *List) InsertAfter(v any, mark *Element) *Element {
	if mark.list != l {
		return nil
	}
	return l.link(&Element{Value: v}, mark)
}

// MoveToFront moves element e to the front of list l. If e is not an
// element of l, the list is not modified. The element must not be nil.
func (l *List) MoveToFront(e *Element) {
	if e.list != l || l.root.next == e {
		return
	}
	l.relink(e, &l.root)
}

// MoveToBack moves element e to the back of list l. If e is not an element
// of l, the list is not modified. The element must not be nil.
func (l *List) MoveToBack(e *Element) {
	if e.list != l || l.root.prev == e {
		return
	}
	l.relink(e, l.root.prev)
}

// MoveBefore moves element e to its new position before mark. If e or
// mark is not an element of l, or e == mark, the list is not modified. The
// element and mark must not be nil.
func (l *List) MoveBefore(e, mark *Element) {
	if e.list != l || e == mark || mark.list != l {
		return
	}
	l.relink(e, mark.prev)
}

// MoveAfter moves element e to its new position after mark. If e or mark
// is not an element of l, or e == mark, the list is not modified. The
// element and mark must not be nil.
func (l *List) MoveAfter(e, mark *Element) {
	if e.list != l || e == mark || mark.list != l {
		return
	}
	l.relink(e, mark)
}

// PushBackList inserts a copy of another list at the back of list l. The
// lists l and other may be the same. They must not be nil.
func (l *List) PushBackList(other *List) {
	l.lazyInit()
	for i, e := other.Len(), other.Front(); i > 0; i, e = i-1, e.Next() {
		l.link(&Element{Value: e.Value}, l.root.prev)
	}
}

// PushFrontList inserts a copy of another list at the front of list l.
// The lists l and other may be the same. They must not be nil.
func (l *List) PushFrontList(other *List) {
	l.lazyInit()
	for i, e := other.Len(), other.Back(); i > 0; i, e = i-1, e.Prev() {
		l.link(&Element{Value: e.Value}, &l.root)
	}
}
