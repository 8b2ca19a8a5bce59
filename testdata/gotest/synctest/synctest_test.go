// Tests in synctest bubbles: virtual time, Wait, a context deadline and
// an hour of backoff, all at once.
package synctest_test

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

func TestSleep(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		time.Sleep(time.Hour)
		if d := time.Since(start); d != time.Hour {
			t.Fatalf("slept %v", d)
		}
		t.Log(start.UTC())
	})
}

func TestContextTimeout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		defer cancel()
		time.Sleep(5*time.Second - time.Nanosecond)
		synctest.Wait()
		if ctx.Err() != nil {
			t.Fatal("context done early")
		}
		time.Sleep(time.Nanosecond)
		synctest.Wait()
		if ctx.Err() != context.DeadlineExceeded {
			t.Fatalf("err = %v", ctx.Err())
		}
	})
}

func TestWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		done := false
		go func() {
			mu.Lock()
			done = true
			mu.Unlock()
		}()
		synctest.Wait()
		mu.Lock()
		defer mu.Unlock()
		if !done {
			t.Fatal("Wait returned before the goroutine finished")
		}
	})
}

func TestRetryBackoff(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		d := time.Second
		for time.Since(start) < time.Hour {
			time.Sleep(d)
			d *= 2
		}
		t.Log("retried for", time.Since(start))
	})
}
