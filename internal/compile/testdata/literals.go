package main

type T struct {
	A int
	S string
}

type Outer struct {
	In  T
	Arr [2]int
}

// built: the literal's storage becomes the value (load, not loadagg).
func built(a int, s string) T { return T{a, s} }

// nested: the inner literal and the outer one are both taken over.
func nested(a int) Outer { return Outer{In: T{A: a}, Arr: [2]int{a, a + 1}} }

// escapes: a field's address is taken, so the load copies (loadagg).
func escapes(a int) (T, *int) {
	t := T{A: a}
	p := &t.A
	return t, p
}

// across: stored in a later block than the variable was made in, so the
// load copies.
func across(a int, c bool) T {
	t := T{A: a}
	if c {
		t.S = "c"
	}
	return t
}

func main() {
	println(built(1, "x").A, nested(2).Arr[1])
	t, p := escapes(3)
	*p = 4
	println(t.A, across(5, true).S)
}
