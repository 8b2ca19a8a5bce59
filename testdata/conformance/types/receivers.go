package main

import "fmt"

type Counter struct{ n int }

func (c Counter) Value() int { return c.n }
func (c *Counter) Inc()      { c.n++ }
func (c Counter) IncCopy()   { c.n++ }

type Celsius float64

func (c Celsius) F() float64 { return float64(c)*9/5 + 32 }
func (c *Celsius) Warm(d float64) {
	*c += Celsius(d)
}

type IntList []int

func (l IntList) Sum() int {
	s := 0
	for _, v := range l {
		s += v
	}
	return s
}
func (l *IntList) Add(v int) { *l = append(*l, v) }

type Incer interface{ Inc() }

func main() {
	var c Counter
	c.Inc()
	c.Inc()
	c.IncCopy()
	fmt.Println(c.Value())

	p := &c
	p.Inc()
	fmt.Println(p.Value(), c.n)

	arr := []Counter{{1}, {2}}
	for _, x := range arr {
		x.Inc()
	}
	fmt.Println(arr)
	for i := range arr {
		arr[i].Inc()
	}
	fmt.Println(arr)

	m := map[string]*Counter{"a": {}}
	m["a"].Inc()
	fmt.Println(m["a"].Value())

	t := Celsius(100)
	fmt.Println(t.F())
	t.Warm(5.5)
	fmt.Println(t, t.F())

	var l IntList
	l.Add(3)
	l.Add(4)
	fmt.Println(l, l.Sum())

	// Only *Counter implements Incer.
	var i Incer = &c
	i.Inc()
	fmt.Println(c.n)
	_, ok := any(c).(Incer)
	_, ok2 := any(&c).(Incer)
	fmt.Println(ok, ok2)

	// Nil pointer receiver can be fine if not dereferenced.
	var np *Node
	fmt.Println(np.Len())
	np = &Node{next: &Node{next: &Node{}}}
	fmt.Println(np.Len())
}

type Node struct{ next *Node }

func (n *Node) Len() int {
	if n == nil {
		return 0
	}
	return 1 + n.next.Len()
}

// Output:
// 2
// 3 3
// [{1} {2}]
// [{2} {3}]
// 1
// 212
// 105.5 221.9
// [3 4] 7
// 4
// false true
// 0
// 3
