// exit: 2
// stderr: panic: worker failed: job 2

package main

import "fmt"

func main() {
	results := make(chan int)
	ack := make(chan bool)
	go func() {
		for job := range 3 {
			if job == 2 {
				panic(fmt.Sprintf("worker failed: job %d", job))
			}
			results <- job * 10
			<-ack // wait until main has printed the result
		}
	}()
	for {
		v := <-results
		fmt.Println("result", v)
		// The worker panics after the second ack; the whole program
		// dies with exit status 2 while main waits for a third result.
		ack <- true
	}
}

// Output:
// result 0
// result 10
