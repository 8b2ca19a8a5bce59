// Rule: 200 client goroutines talk to one server at once, each over its
// own connection served by its own goroutine; every reply arrives intact.
package main

import (
	"bufio"
	"fmt"
	"net"
	"sort"
	"strconv"
	"strings"
	"sync"
)

const clients = 200

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func(c net.Conn) {
				defer c.Close()
				s := bufio.NewScanner(c)
				for s.Scan() {
					n, _ := strconv.Atoi(s.Text())
					fmt.Fprintf(c, "%d squared is %d\n", n, n*n)
				}
			}(c)
		}
	}()

	var mu sync.Mutex
	var replies []string
	var wg sync.WaitGroup
	for i := 0; i < clients; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			c, err := net.Dial("tcp", ln.Addr().String())
			if err != nil {
				fmt.Println("dial:", err)
				return
			}
			defer c.Close()
			r := bufio.NewReader(c)
			sum := 0
			for k := 0; k < 3; k++ {
				fmt.Fprintf(c, "%d\n", i+k)
				line, err := r.ReadString('\n')
				if err != nil {
					fmt.Println("read:", err)
					return
				}
				f := strings.Fields(line)
				v, _ := strconv.Atoi(f[len(f)-1])
				sum += v
			}
			mu.Lock()
			replies = append(replies, fmt.Sprintf("%03d %d", i, sum))
			mu.Unlock()
		}(i)
	}
	wg.Wait()
	ln.Close()
	sort.Strings(replies)
	fmt.Println(len(replies), "clients answered")
	for _, i := range []int{0, 1, 99, 199} {
		fmt.Println(replies[i])
	}
	total := 0
	for _, r := range replies {
		v, _ := strconv.Atoi(strings.Fields(r)[1])
		total += v
	}
	fmt.Println("total", total)
}

// Output:
// 200 clients answered
// 000 5
// 001 14
// 099 30002
// 199 120002
// total 8060500
