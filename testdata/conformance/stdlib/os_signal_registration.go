// Rule: os/signal's Notify, Stop, Ignore, Ignored, Reset and
// NotifyContext behave as in Go without a signal arriving: stop cancels
// the context, Ignore/Reset toggle Ignored, a nil channel panics with Go's
// text, and os.Interrupt/syscall signals print Go's names. (Delivery is
// tested through the CLI: cmd/spindle TestSignalsReachTheProgram.)
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt, syscall.SIGTERM)
	signal.Stop(c)
	signal.Notify(c)
	signal.Reset()

	signal.Ignore(syscall.SIGUSR1)
	fmt.Println(signal.Ignored(syscall.SIGUSR1), signal.Ignored(syscall.SIGUSR2))
	signal.Reset(syscall.SIGUSR1)
	fmt.Println(signal.Ignored(syscall.SIGUSR1)) // Go: still reported until Notify
	signal.Notify(c, syscall.SIGUSR1)
	fmt.Println(signal.Ignored(syscall.SIGUSR1))
	signal.Stop(c)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	fmt.Println(ctx.Err(), ctx)
	stop()
	<-ctx.Done()
	fmt.Println(ctx.Err(), context.Cause(ctx))

	fmt.Println(os.Interrupt, os.Kill, syscall.SIGTERM, syscall.SIGUSR2, syscall.Signal(40), int(syscall.SIGINT))
	var s os.Signal = syscall.SIGHUP
	_, isSys := s.(syscall.Signal)
	fmt.Println(isSys, s.String())

	defer func() { fmt.Println("recovered:", recover()) }()
	signal.Notify(nil, os.Interrupt)
}

// Output:
// true false
// true
// false
// <nil> signal.NotifyContext(context.Background, [interrupt terminated])
// context canceled context canceled
// interrupt killed terminated user defined signal 2 signal 40 2
// true hangup
// recovered: os/signal: Notify using nil channel
