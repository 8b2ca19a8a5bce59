package main

import (
	"container/heap"
	"fmt"
)

type IntHeap []int

func (h IntHeap) Len() int           { return len(h) }
func (h IntHeap) Less(i, j int) bool { return h[i] < h[j] }
func (h IntHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *IntHeap) Push(x any)        { *h = append(*h, x.(int)) }
func (h *IntHeap) Pop() any {
	old := *h
	n := len(old)
	x := old[n-1]
	*h = old[:n-1]
	return x
}

type Item struct {
	name     string
	priority int
	index    int
}

type PQ []*Item

func (pq PQ) Len() int { return len(pq) }
func (pq PQ) Less(i, j int) bool {
	if pq[i].priority != pq[j].priority {
		return pq[i].priority > pq[j].priority
	}
	return pq[i].name < pq[j].name
}
func (pq PQ) Swap(i, j int) {
	pq[i], pq[j] = pq[j], pq[i]
	pq[i].index = i
	pq[j].index = j
}
func (pq *PQ) Push(x any) {
	it := x.(*Item)
	it.index = len(*pq)
	*pq = append(*pq, it)
}
func (pq *PQ) Pop() any {
	old := *pq
	n := len(old)
	it := old[n-1]
	it.index = -1
	*pq = old[:n-1]
	return it
}

func main() {
	h := &IntHeap{5, 2, 8}
	heap.Init(h)
	heap.Push(h, 3)
	heap.Push(h, 1)
	fmt.Println("min:", (*h)[0], "len:", h.Len())
	for h.Len() > 0 {
		fmt.Print(heap.Pop(h), " ")
	}
	fmt.Println("|")

	items := map[string]int{"banana": 3, "apple": 2, "pear": 4, "kiwi": 3}
	pq := PQ{}
	for _, name := range []string{"banana", "apple", "pear", "kiwi"} {
		heap.Push(&pq, &Item{name: name, priority: items[name]})
	}
	// Update priority of an item and fix the heap.
	var apple *Item
	for _, it := range pq {
		if it.name == "apple" {
			apple = it
		}
	}
	apple.priority = 5
	heap.Fix(&pq, apple.index)

	removed := heap.Remove(&pq, pq[len(pq)-1].index).(*Item)
	fmt.Println("removed last slot item has index", removed.index)
	heap.Push(&pq, removed)

	for pq.Len() > 0 {
		it := heap.Pop(&pq).(*Item)
		fmt.Printf("%s:%d\n", it.name, it.priority)
	}

	// Heap sort of many values.
	hs := &IntHeap{}
	for _, v := range []int{9, 4, 7, 1, 8, 2, 6, 3, 5, 0} {
		heap.Push(hs, v)
	}
	out := []int{}
	for hs.Len() > 0 {
		out = append(out, heap.Pop(hs).(int))
	}
	fmt.Println(out)
}

// Output:
// min: 1 len: 5
// 1 2 3 5 8 |
// removed last slot item has index -1
// apple:5
// pear:4
// banana:3
// kiwi:3
// [0 1 2 3 4 5 6 7 8 9]
