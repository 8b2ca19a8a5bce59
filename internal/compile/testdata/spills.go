package main

type Inner struct {
	List []int
	N    int
}

type Outer struct {
	In Inner
	K  int
}

// Sum reads its receiver's fields, and their fields: the parameter's
// registers are read (field), no copy is made.
func (o Outer) Sum() int {
	s := 0
	for i := range o.In.List {
		s += o.In.List[i]
	}
	return s + o.In.N + o.K
}

// Ptr takes the address of a field: the receiver is a variable of its
// own (alloc, storeagg).
func (o Outer) Ptr() *Inner { return &o.In }

func main() {
	o := Outer{In: Inner{List: []int{1, 2, 3}, N: 4}, K: 5}
	p := o.Ptr()
	p.N = 100
	println(o.Sum(), p.N, o.In.N)
}
