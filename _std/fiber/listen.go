package fiber

import "net"

// ListenShared is net.Listen for a server that listens on every shard
// (typically from OnEachShard): the listening socket is opened with
// SO_REUSEPORT, so each shard can listen on the same TCP address and the
// kernel spreads incoming connections across them; each connection then
// lives on the shard that accepted it. For "unix" networks it is
// net.Listen.
func ListenShared(network, address string) (net.Listener, error) {
	fiber_reuse_port(true)
	defer fiber_reuse_port(false)
	return net.Listen(network, address)
}

func fiber_reuse_port(on bool)
