package main

import (
	"bufio"
	"fmt"
	"net"
	"testing"
	"time"

	"spindle"
	"spindle/examples/internal/servertest"
)

// TestShardEchoSpreadsConnections runs the server on 4 shards, opens 200
// connections and echoes a line on each. Every shard must listen on the
// shared port (a shard whose ListenShared failed makes the server report
// it on stderr), and the run's shutdown closes every listener.
func TestShardEchoSpreadsConnections(t *testing.T) {
	addr, stop := servertest.Start(t, spindle.RunOptions{Args: []string{"shardecho", "-addr", "127.0.0.1:0"}, Shards: 4, Grants: servertest.Loopback})
	for i := 0; i < 200; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(30 * time.Second))
		msg := fmt.Sprintf("hello %d\n", i)
		fmt.Fprint(c, msg)
		got, err := bufio.NewReader(c).ReadString('\n')
		c.Close()
		if err != nil || got != msg {
			t.Fatalf("conn %d: got %q, %v", i, got, err)
		}
	}
	if stderr := stop(); stderr != "" {
		t.Errorf("server stderr:\n%s", stderr)
	}
}
