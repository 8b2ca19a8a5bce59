// Command startup is the start-up benchmark's program: a main package
// over a tree of 20 packages of its own (bench/startup.sh).
package main

import (
	"fmt"

	"example.com/tree/p01"
	"example.com/tree/p02"
	"example.com/tree/p03"
	"example.com/tree/p04"
	"example.com/tree/p05"
	"example.com/tree/p06"
	"example.com/tree/p07"
	"example.com/tree/p08"
	"example.com/tree/p09"
	"example.com/tree/p10"
	"example.com/tree/p11"
	"example.com/tree/p12"
	"example.com/tree/p13"
	"example.com/tree/p14"
	"example.com/tree/p15"
	"example.com/tree/p16"
	"example.com/tree/p17"
	"example.com/tree/p18"
	"example.com/tree/p19"
	"example.com/tree/p20"
)

func main() {
	fmt.Println(p01.Work(1) +
		p02.Work(2) +
		p03.Work(3) +
		p04.Work(4) +
		p05.Work(5) +
		p06.Work(6) +
		p07.Work(7) +
		p08.Work(8) +
		p09.Work(9) +
		p10.Work(10) +
		p11.Work(11) +
		p12.Work(12) +
		p13.Work(13) +
		p14.Work(14) +
		p15.Work(15) +
		p16.Work(16) +
		p17.Work(17) +
		p18.Work(18) +
		p19.Work(19) +
		p20.Work(20))
}
