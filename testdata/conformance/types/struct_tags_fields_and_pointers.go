package main

import "fmt"

type Node struct {
	Val         int
	Left, Right *Node
}

func (n *Node) Insert(v int) *Node {
	if n == nil {
		return &Node{Val: v}
	}
	if v < n.Val {
		n.Left = n.Left.Insert(v)
	} else {
		n.Right = n.Right.Insert(v)
	}
	return n
}

func (n *Node) InOrder(visit func(int)) {
	if n == nil {
		return
	}
	n.Left.InOrder(visit)
	visit(n.Val)
	n.Right.InOrder(visit)
}

func (n *Node) Height() int {
	if n == nil {
		return 0
	}
	return 1 + max(n.Left.Height(), n.Right.Height())
}

type Account struct {
	Owner   string `json:"owner"`
	Balance int    `json:"balance,omitempty"`
}

func deposit(a *Account, amt int) { a.Balance += amt }
func depositCopy(a Account, amt int) Account {
	a.Balance += amt
	return a
}

func main() {
	var root *Node
	for _, v := range []int{5, 3, 8, 1, 4, 7, 9, 2} {
		root = root.Insert(v)
	}
	var out []int
	root.InOrder(func(v int) { out = append(out, v) })
	fmt.Println(out, root.Height())

	acc := Account{Owner: "ann"}
	deposit(&acc, 50)
	c := depositCopy(acc, 25)
	fmt.Println(acc.Balance, c.Balance)

	// new() and composite literal addresses.
	pa := new(Account)
	pa.Owner = "bob"
	pb := &Account{"cy", 1}
	fmt.Println(*pa, *pb)

	// Pointer aliasing.
	q := pb
	q.Balance = 100
	fmt.Println(pb.Balance)

	// Pointer to pointer.
	pp := &pb
	(*pp).Owner = "dee"
	fmt.Println(pb.Owner, (**pp).Balance)

	// Pointers to slice elements stay valid until reallocation.
	nums := []int{1, 2, 3}
	p2 := &nums[1]
	*p2 = 20
	fmt.Println(nums)

	// Pointer to struct field.
	bal := &acc.Balance
	*bal *= 2
	fmt.Println(acc)

	// Struct copy with nested pointer shares the pointee.
	type Wrapper struct {
		N   int
		Ptr *int
	}
	x := 1
	w1 := Wrapper{1, &x}
	w2 := w1
	w2.N = 2
	*w2.Ptr = 42
	fmt.Println(w1.N, *w1.Ptr, w2.N, *w2.Ptr)
}

// Output:
// [1 2 3 4 5 7 8 9] 4
// 50 75
// {bob 0} {cy 1}
// 100
// dee 100
// [1 20 3]
// {ann 100}
// 1 42 2 42
