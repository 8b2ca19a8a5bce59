// Command chat is a line-based chat room server. A client connects, sends
// its name as the first line, and from then on every line it sends is
// broadcast to the other members as "name: text". Joins and leaves are
// announced to everyone else as "* name joined" and "* name left".
// Each connection is served by its own goroutine; one room goroutine owns
// the member list, and each member has a writer goroutine with a queue,
// so a slow client never holds up the room (a client whose queue fills
// up is disconnected).
//
//	spindle run examples/chat/main.go -addr 127.0.0.1:7008
//	go run ./examples/chat -addr 127.0.0.1:7008
package main

import (
	"bufio"
	"flag"
	"fmt"
	"net"
	"os"
	"strings"
)

// queueLen is how many lines may wait for a slow client.
const queueLen = 1024

type member struct {
	name string
	out  chan string // lines to send; closed when the member leaves
}

type message struct {
	from *member
	text string
}

// room is the state owned by the room goroutine.
type room struct {
	join    chan *member
	leave   chan *member
	say     chan message
	members map[*member]bool
}

func newRoom() *room {
	return &room{
		join:    make(chan *member),
		leave:   make(chan *member),
		say:     make(chan message),
		members: map[*member]bool{},
	}
}

// run is the room goroutine: it serializes joins, leaves and messages.
func (r *room) run() {
	for {
		select {
		case m := <-r.join:
			r.members[m] = true
			r.send(m, fmt.Sprintf("* welcome %s, %d online", m.name, len(r.members)))
			r.broadcast(m, "* "+m.name+" joined")
		case m := <-r.leave:
			if r.members[m] {
				r.drop(m)
				r.broadcast(m, "* "+m.name+" left")
			}
		case msg := <-r.say:
			if r.members[msg.from] {
				r.broadcast(msg.from, msg.from.name+": "+msg.text)
			}
		}
	}
}

// send queues a line for m, dropping m if its queue is full.
func (r *room) send(m *member, line string) {
	select {
	case m.out <- line:
	default:
		fmt.Fprintf(os.Stderr, "chat: %s is too slow; disconnecting\n", m.name)
		r.drop(m)
	}
}

func (r *room) drop(m *member) {
	delete(r.members, m)
	close(m.out)
}

// broadcast sends line to every member but from.
func (r *room) broadcast(from *member, line string) {
	for m := range r.members {
		if m != from {
			r.send(m, line)
		}
	}
}

// serve runs one client connection.
func (r *room) serve(c net.Conn) {
	defer c.Close()
	sc := bufio.NewScanner(c)
	if _, err := fmt.Fprintln(c, "* name?"); err != nil {
		return
	}
	if !sc.Scan() {
		return
	}
	name := strings.TrimSpace(sc.Text())
	if name == "" {
		name = c.RemoteAddr().String()
	}
	m := &member{name: name, out: make(chan string, queueLen)}
	done := make(chan bool)
	go func() { // the member's writer
		w := bufio.NewWriter(c)
		for line := range m.out {
			w.WriteString(line)
			w.WriteByte('\n')
			if len(m.out) == 0 {
				if w.Flush() != nil {
					break
				}
			}
		}
		w.Flush()
		c.Close() // dropped by the room, or the connection failed
		for range m.out {
		}
		done <- true
	}()
	r.join <- m
	for sc.Scan() {
		if text := strings.TrimRight(sc.Text(), "\r"); text != "" {
			r.say <- message{m, text}
		}
	}
	r.leave <- m
	<-done
}

func main() {
	addr := flag.String("addr", "127.0.0.1:7008", "address to listen on (host:port; port 0 picks a free port)")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "chat:", err)
		os.Exit(1)
	}
	fmt.Println("chat: listening on", ln.Addr())
	r := newRoom()
	go r.run()
	for {
		c, err := ln.Accept()
		if err != nil {
			fmt.Fprintln(os.Stderr, "chat:", err)
			os.Exit(1)
		}
		go r.serve(c)
	}
}
