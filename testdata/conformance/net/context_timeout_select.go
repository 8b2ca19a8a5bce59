// Rule: context.WithTimeout's Done channel closes when its timer fires and
// works in select with other channels and timers; cancellation reaches
// children, values are inherited, causes are kept, and DialContext gives
// up with a canceled context.
package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"
)

type ctxKey string

func worker(ctx context.Context, jobs <-chan int, out chan<- string) {
	for {
		select {
		case <-ctx.Done():
			out <- "worker stopped: " + ctx.Err().Error()
			return
		case j := <-jobs:
			out <- fmt.Sprint("job ", j, " for ", ctx.Value(ctxKey("user")))
		}
	}
}

func main() {
	// A timeout that wins against a slow timer.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	select {
	case <-ctx.Done():
		fmt.Println("timeout first:", ctx.Err())
	case <-time.After(5 * time.Second):
		fmt.Println("timer first")
	}
	fmt.Println(errors.Is(ctx.Err(), context.DeadlineExceeded), context.Cause(ctx))
	_, has := ctx.Deadline()
	fmt.Println("has deadline:", has)

	// A result that wins against a long timeout.
	ctx2, cancel2 := context.WithTimeout(context.Background(), 5*time.Second)
	res := make(chan int)
	go func() { res <- 42 }()
	select {
	case v := <-res:
		fmt.Println("result first:", v, ctx2.Err())
	case <-ctx2.Done():
		fmt.Println("timed out")
	}
	cancel2()
	fmt.Println("after cancel:", ctx2.Err())

	// A worker with a value, stopped by its parent's cancellation.
	parent, stop := context.WithCancel(context.WithValue(context.Background(), ctxKey("user"), "ada"))
	child, childCancel := context.WithTimeout(parent, time.Hour)
	defer childCancel()
	jobs := make(chan int)
	out := make(chan string)
	go worker(child, jobs, out)
	jobs <- 1
	fmt.Println(<-out)
	jobs <- 2
	fmt.Println(<-out)
	stop()
	fmt.Println(<-out)

	// Causes and AfterFunc.
	cctx, ccancel := context.WithCancelCause(context.Background())
	fired := make(chan string)
	context.AfterFunc(cctx, func() { fired <- "after func ran" })
	ccancel(errors.New("shutting down"))
	fmt.Println(<-fired)
	fmt.Println(cctx.Err(), "/", context.Cause(cctx))

	tctx, tcancel := context.WithTimeoutCause(context.Background(), time.Millisecond, errors.New("too slow"))
	defer tcancel()
	<-tctx.Done()
	fmt.Println(tctx.Err(), "/", context.Cause(tctx))

	// Many goroutines wait on one Done channel.
	bctx, bcancel := context.WithCancel(context.Background())
	done := make(chan int)
	for i := 0; i < 50; i++ {
		go func(i int) {
			<-bctx.Done()
			done <- i
		}(i)
	}
	bcancel()
	sum := 0
	for i := 0; i < 50; i++ {
		sum += <-done
	}
	fmt.Println("woken:", sum)

	// A dial with a canceled context.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer ln.Close()
	var d net.Dialer
	dctx, dcancel := context.WithCancel(context.Background())
	dcancel()
	_, err = d.DialContext(dctx, "tcp", ln.Addr().String())
	fmt.Println(errors.Is(err, context.Canceled), err != nil)
	ok, okCancel := context.WithTimeout(context.Background(), time.Minute)
	defer okCancel()
	c, err := d.DialContext(ok, "tcp", ln.Addr().String())
	fmt.Println("dial with live context:", err)
	if c != nil {
		c.Close()
	}
	fmt.Println(context.Background(), context.TODO())
}

// Output:
// timeout first: context deadline exceeded
// true context deadline exceeded
// has deadline: true
// result first: 42 <nil>
// after cancel: context canceled
// job 1 for ada
// job 2 for ada
// worker stopped: context canceled
// after func ran
// context canceled / shutting down
// context deadline exceeded / too slow
// woken: 1225
// true true
// dial with live context: <nil>
// context.Background context.TODO
