// %T of channel types prints them as gc does: chan (<-chan int) keeps the
// parentheses that tell it from chan<- (chan int).
package main

import "fmt"

func main() {
	var a chan (<-chan int)
	var b chan<- (<-chan int)
	var c <-chan (<-chan int)
	var d chan (chan<- int)
	fmt.Printf("%T|%T|%T|%T\n", a, b, c, d)
}

// Output:
// chan (<-chan int)|chan<- <-chan int|<-chan <-chan int|chan chan<- int
