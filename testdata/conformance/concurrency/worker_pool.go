package main

import (
	"fmt"
	"sort"
	"sync"
)

type Job struct {
	ID int
	N  int
}

type Result struct {
	JobID  int
	Output int
	Worker int
}

func collatzSteps(n int) int {
	steps := 0
	for n != 1 {
		if n%2 == 0 {
			n /= 2
		} else {
			n = 3*n + 1
		}
		steps++
	}
	return steps
}

func worker(id int, jobs <-chan Job, results chan<- Result, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		results <- Result{JobID: j.ID, Output: collatzSteps(j.N), Worker: id}
	}
}

func main() {
	jobs := make(chan Job)
	results := make(chan Result)
	var wg sync.WaitGroup
	const workers = 4
	for w := 1; w <= workers; w++ {
		wg.Add(1)
		go worker(w, jobs, results, &wg)
	}
	go func() {
		for i := 1; i <= 12; i++ {
			jobs <- Job{ID: i, N: i * 7}
		}
		close(jobs)
	}()
	go func() {
		wg.Wait()
		close(results)
	}()

	var all []Result
	perWorker := map[int]int{}
	for r := range results {
		all = append(all, r)
		perWorker[r.Worker]++
	}
	sort.Slice(all, func(i, j int) bool { return all[i].JobID < all[j].JobID })
	for _, r := range all {
		fmt.Printf("job %2d (n=%3d): %d steps\n", r.JobID, r.JobID*7, r.Output)
	}
	total := 0
	for w := 1; w <= workers; w++ {
		total += perWorker[w]
	}
	fmt.Println("results:", len(all), "accounted:", total)

	// Bounded parallelism with a semaphore channel.
	sem := make(chan struct{}, 2)
	var mu sync.Mutex
	maxActive, active := 0, 0
	var wg2 sync.WaitGroup
	for range 10 {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			sem <- struct{}{}
			mu.Lock()
			active++
			maxActive = max(maxActive, active)
			mu.Unlock()
			mu.Lock()
			active--
			mu.Unlock()
			<-sem
		}()
	}
	wg2.Wait()
	fmt.Println("max active <= 2:", maxActive <= 2, "final active:", active)
}

// Output:
// job  1 (n=  7): 16 steps
// job  2 (n= 14): 17 steps
// job  3 (n= 21): 7 steps
// job  4 (n= 28): 18 steps
// job  5 (n= 35): 13 steps
// job  6 (n= 42): 8 steps
// job  7 (n= 49): 24 steps
// job  8 (n= 56): 19 steps
// job  9 (n= 63): 107 steps
// job 10 (n= 70): 14 steps
// job 11 (n= 77): 22 steps
// job 12 (n= 84): 9 steps
// results: 12 accounted: 12
// max active <= 2: true final active: 0
