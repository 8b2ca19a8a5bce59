// Rule: the context API: derived contexts name their parents, values are
// found through any chain, cancellation reaches descendants, causes and
// AfterFunc behave as in Go, WithoutCancel keeps values only, and a
// child deadline never outlives its parent's.
package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

type key string

func main() {
	ctx := context.Background()
	fmt.Println(ctx, context.TODO())
	c1, cancel := context.WithCancel(ctx)
	fmt.Println(c1, c1.Err())
	c2, cancel2 := context.WithCancel(c1)
	v := context.WithValue(c2, key("k"), "val")
	fmt.Println(v.Value(key("k")), v.Value(key("x")))
	fmt.Println(v)
	cancel()
	<-c2.Done()
	fmt.Println(c1.Err(), c2.Err(), v.Err(), context.Cause(v))
	cancel2()

	tc, tcancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer tcancel()
	select {
	case <-tc.Done():
		fmt.Println("timeout:", tc.Err(), errors.Is(tc.Err(), context.DeadlineExceeded))
	case <-time.After(2 * time.Second):
		fmt.Println("late")
	}
	var te interface{ Timeout() bool }
	fmt.Println(errors.As(tc.Err(), &te) && te.Timeout())

	cc, ccancel := context.WithCancelCause(ctx)
	ccancel(errors.New("my cause"))
	fmt.Println(cc.Err(), context.Cause(cc))

	dl, dcancel := context.WithDeadline(ctx, time.Now().Add(-time.Second))
	fmt.Println(dl.Err())
	dcancel()
	_, ok := dl.Deadline()
	fmt.Println(ok)

	done := make(chan bool)
	ac, acancel := context.WithCancel(ctx)
	stop := context.AfterFunc(ac, func() { fmt.Println("afterfunc ran"); done <- true })
	acancel()
	<-done
	fmt.Println(stop())
	ac2, acancel2 := context.WithCancel(ctx)
	stop2 := context.AfterFunc(ac2, func() { fmt.Println("never") })
	fmt.Println(stop2(), stop2())
	acancel2()

	wc := context.WithoutCancel(c1)
	fmt.Println(wc.Err(), wc.Done() == nil, context.Cause(wc))

	// parent timeout propagates to child
	p, pc := context.WithTimeout(ctx, 10*time.Millisecond)
	defer pc()
	ch, chc := context.WithCancel(p)
	defer chc()
	<-ch.Done()
	fmt.Println(ch.Err(), context.Cause(ch))
	// child deadline later than parent's -> parent's
	c3, c3c := context.WithTimeout(p, time.Hour)
	defer c3c()
	d1, _ := p.Deadline()
	d3, _ := c3.Deadline()
	fmt.Println(d1.Equal(d3))

	// many goroutines waiting on ctx
	g, gc := context.WithCancel(ctx)
	res := make(chan int)
	for i := 0; i < 10; i++ {
		go func(i int) {
			<-g.Done()
			res <- i
		}(i)
	}
	gc()
	sum := 0
	for i := 0; i < 10; i++ {
		sum += <-res
	}
	fmt.Println(sum)
	fmt.Println(context.Canceled, context.DeadlineExceeded)
}

// Output:
// context.Background context.TODO
// context.Background.WithCancel <nil>
// val <nil>
// context.Background.WithCancel.WithCancel.WithValue(main.key, val)
// context canceled context canceled context canceled context canceled
// timeout: context deadline exceeded true
// true
// context canceled my cause
// context deadline exceeded
// true
// afterfunc ran
// false
// true false
// <nil> true <nil>
// context deadline exceeded context deadline exceeded
// true
// 45
// context canceled context deadline exceeded
