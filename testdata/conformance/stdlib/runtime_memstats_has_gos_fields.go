// Rule: runtime.MemStats has Go's fields (HeapObjects, NextGC, PauseNs,
// BySize, ...), filled from the host process's statistics
// ($GOROOT/test/gc2.go reads HeapObjects).
package main

import (
	"fmt"
	"runtime"
)

func main() {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	fmt.Println(m.NumGC > 0, m.HeapObjects > 0, m.Sys >= m.HeapSys, m.HeapAlloc <= m.HeapInuse+m.HeapIdle)
	fmt.Println(m.BySize[1].Size, len(m.PauseNs), len(m.PauseEnd), len(m.BySize), m.EnableGC)
	fmt.Println(m.PauseTotalNs >= m.PauseNs[(m.NumGC+255)%256], m.NextGC > 0)
}

// Output:
// true true true true
// 8 256 256 61 true
// true true
