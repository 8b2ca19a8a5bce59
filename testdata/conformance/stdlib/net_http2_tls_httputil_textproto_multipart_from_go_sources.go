package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/textproto"
	"net/url"
	"strings"
)

func main() {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "proto=%s tls=%v", r.Proto, r.TLS != nil)
	}))
	srv.EnableHTTP2 = true
	srv.StartTLS()
	defer srv.Close()
	client := srv.Client()
	for i := 0; i < 2; i++ {
		resp, err := client.Get(srv.URL)
		if err != nil {
			panic(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Println(resp.Proto, string(b))
	}

	req, _ := http.NewRequest("POST", "http://example.com/x?y=1", strings.NewReader("body"))
	req.Header.Set("X-Test", "1")
	dump, _ := httputil.DumpRequestOut(req, true)
	fmt.Printf("%q\n", dump)

	tp := textproto.NewReader(bufio.NewReader(strings.NewReader("A: 1\r\nB-C: two\r\n\r\n")))
	h, err := tp.ReadMIMEHeader()
	fmt.Println(h, err)

	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	mw.SetBoundary("BOUNDARY")
	mw.WriteField("name", "spindle")
	fw, _ := mw.CreateFormFile("file", "a.txt")
	fw.Write([]byte("file contents"))
	mw.Close()
	mr := multipart.NewReader(&buf, "BOUNDARY")
	form, err := mr.ReadForm(1 << 20)
	fmt.Println(form.Value, len(form.File["file"]), err)
	f, _ := form.File["file"][0].Open()
	fb, _ := io.ReadAll(f)
	fmt.Println(string(fb))

	rp := httputil.NewSingleHostReverseProxy(mustURL(srv.URL))
	_ = rp
}

func mustURL(s string) *url.URL { u, _ := url.Parse(s); return u }

// Output:
// HTTP/2.0 proto=HTTP/2.0 tls=true
// HTTP/2.0 proto=HTTP/2.0 tls=true
// "POST /x?y=1 HTTP/1.1\r\nHost: example.com\r\nUser-Agent: Go-http-client/1.1\r\nContent-Length: 4\r\nX-Test: 1\r\nAccept-Encoding: gzip\r\n\r\nbody"
// map[A:[1] B-C:[two]] <nil>
// map[name:[spindle]] 1 <nil>
// file contents
