package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"time"
)

type item struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
}

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /items/{id}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(item{ID: len(r.PathValue("id")), Name: r.PathValue("id")})
	})
	mux.HandleFunc("POST /echo", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		fmt.Fprintf(w, "%s %d %q", r.Method, len(b), strings.ToUpper(string(b)))
	})
	mux.HandleFunc("/form", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		keys := []string{}
		for k := range r.Form {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(w, "%s=%s;", k, r.Form.Get(k))
		}
	})

	// httptest.NewRecorder
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/items/abc", nil)
	mux.ServeHTTP(rec, req)
	fmt.Println("recorder:", rec.Code, rec.Header().Get("Content-Type"), strings.TrimSpace(rec.Body.String()))

	// A real server on a loopback listener.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	base := "http://" + ln.Addr().String()

	client := &http.Client{Timeout: 10 * time.Second}
	for i := 0; i < 3; i++ {
		resp, err := client.Get(base + "/items/x" + strings.Repeat("y", i))
		if err != nil {
			panic(err)
		}
		var it item
		json.NewDecoder(resp.Body).Decode(&it)
		resp.Body.Close()
		fmt.Println("get:", resp.StatusCode, resp.Proto, it.ID, it.Name)
	}
	resp, err := client.Post(base+"/echo", "text/plain", strings.NewReader("hello body"))
	if err != nil {
		panic(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println("post:", resp.StatusCode, string(b))

	resp, err = client.PostForm(base+"/form", url.Values{"b": {"2"}, "a": {"1"}})
	if err != nil {
		panic(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println("form:", string(b))

	resp, err = client.Get(base + "/missing")
	if err != nil {
		panic(err)
	}
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	fmt.Println("404:", resp.StatusCode, strings.TrimSpace(string(b)))

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		panic(err)
	}
	fmt.Println("serve returned:", <-done)
}

// Output:
// recorder: 200 application/json {"id":3,"name":"abc"}
// get: 200 HTTP/1.1 1 x
// get: 200 HTTP/1.1 2 xy
// get: 200 HTTP/1.1 3 xyy
// post: 200 POST 10 "HELLO BODY"
// form: a=1;b=2;
// 404: 404 404 page not found
// serve returned: http: Server closed
