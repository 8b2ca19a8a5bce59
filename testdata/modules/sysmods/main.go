// Third-party modules that reach the systems side of the std: chi (an
// HTTP router) under httptest, google/uuid (crypto/rand and
// database/sql/driver), logrus (a structured logger that asks
// golang.org/x/sys/unix whether its output is a terminal), tablewriter (a
// table printer) and go-isatty.
package main

import (
	"bytes"
	"database/sql/driver"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/mattn/go-isatty"
	"github.com/olekukonko/tablewriter"
	"github.com/sirupsen/logrus"
	"golang.org/x/sys/unix"
)

func main() {
	r := chi.NewRouter()
	r.Get("/users/{name}", func(w http.ResponseWriter, req *http.Request) {
		fmt.Fprintf(w, "user %s", chi.URLParam(req, "name"))
	})
	r.Route("/api", func(r chi.Router) {
		r.Post("/items", func(w http.ResponseWriter, req *http.Request) {
			b, _ := io.ReadAll(req.Body)
			w.WriteHeader(http.StatusCreated)
			fmt.Fprintf(w, "created %s", b)
		})
	})
	srv := httptest.NewServer(r)
	defer srv.Close()
	for _, p := range []string{"/users/ann", "/nope"} {
		resp, err := http.Get(srv.URL + p)
		if err != nil {
			panic(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		fmt.Println(resp.StatusCode, strings.TrimSpace(string(b)))
	}
	rec := httptest.NewRecorder()
	r.ServeHTTP(rec, httptest.NewRequest("POST", "/api/items", strings.NewReader("book")))
	fmt.Println(rec.Code, rec.Body.String())

	u := uuid.New()
	fmt.Println(u.Version(), u.Variant(), len(u.String()))
	p := uuid.MustParse("6ba7b810-9dad-11d1-80b4-00c04fd430c8")
	fmt.Println(p, uuid.NewSHA1(p, []byte("spindle")), uuid.NewMD5(uuid.NameSpaceURL, []byte("x")))
	var v driver.Valuer = p
	val, err := v.Value()
	fmt.Println(val, err)
	var scanned uuid.UUID
	fmt.Println(scanned.Scan("6ba7b811-9dad-11d1-80b4-00c04fd430c8"), scanned)

	var logbuf bytes.Buffer
	log := logrus.New()
	log.SetOutput(&logbuf)
	log.SetFormatter(&logrus.TextFormatter{DisableTimestamp: true})
	log.WithFields(logrus.Fields{"user": "ann", "n": 3}).Info("signed in")
	log.SetFormatter(&logrus.JSONFormatter{DisableTimestamp: true})
	log.WithField("err", "boom").Warn("retrying")
	fmt.Print(logbuf.String())

	fmt.Println("terminal:", isatty.IsTerminal(os.Stdout.Fd()), isatty.IsTerminal(^uintptr(0)))
	_, err = unix.IoctlGetTermios(int(os.Stdout.Fd()), unix.TCGETS)
	fmt.Println("termios:", err)
	_, err = unix.IoctlGetWinsize(-1, unix.TIOCGWINSZ)
	fmt.Println("bad fd:", err)
	var rl unix.Rlimit
	fmt.Println("rlimit:", unix.Getrlimit(unix.RLIMIT_NOFILE, &rl), rl.Cur > 0, rl.Cur <= rl.Max)
	lockPath := os.TempDir() + "/sysmods-flock-" + fmt.Sprint(os.Getpid())
	f1, _ := os.Create(lockPath)
	f2, _ := os.Open(lockPath)
	fmt.Println("flock a:", unix.Flock(int(f1.Fd()), unix.LOCK_EX))
	fmt.Println("flock b, nonblocking:", unix.Flock(int(f2.Fd()), unix.LOCK_EX|unix.LOCK_NB))
	done := make(chan error)
	go func() { done <- unix.Flock(int(f2.Fd()), unix.LOCK_SH) }()
	fmt.Println("unlock a:", unix.Flock(int(f1.Fd()), unix.LOCK_UN))
	fmt.Println("flock b, blocking:", <-done)
	f1.Close()
	f2.Close()
	os.Remove(lockPath)
	var uts unix.Utsname
	fmt.Println("uname:", unix.Uname(&uts), unix.ByteSliceToString(uts.Sysname[:]))
	fmt.Println("pid:", unix.Getpid() == os.Getpid())

	table := tablewriter.NewWriter(os.Stdout)
	table.Header([]string{"Name", "Sign", "Rating"})
	table.Append([]string{"A", "The Good", "500"})
	table.Append([]string{"B", "The Very very Bad Man", "288"})
	table.Render()
}
