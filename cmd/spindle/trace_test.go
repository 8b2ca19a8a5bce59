package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// traceProg has waits of each kind the viewer colours: channels, a lock,
// sleeps, a WaitGroup and a collection.
const traceProg = `package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	ch := make(chan int)
	n := 0
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 30; j++ {
				mu.Lock()
				n++
				mu.Unlock()
				ch <- j
			}
		}()
	}
	go func() { wg.Wait(); close(ch) }()
	sum := 0
	for v := range ch {
		sum += v
		if v%10 == 0 {
			time.Sleep(time.Millisecond)
		}
	}
	runtime.GC()
	fmt.Println(n, sum)
}
`

// findChromium returns the headless browser for the viewer's check;
// test.sh installs Debian's chromium and sets SPINDLE_BROWSER_TESTS, so
// there a missing browser fails the test.
func findChromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("SPINDLE_BROWSER_TESTS") != "" {
		t.Fatal("no chromium on PATH (test.sh installs Debian's chromium package)")
	}
	t.Skip("no chromium on PATH; test.sh installs it")
	return ""
}

// chromium runs the headless browser on url with extra flags.
func chromium(t *testing.T, browser, url string, extra ...string) []byte {
	t.Helper()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--force-device-scale-factor=1", "--window-size=1200,700",
		"--virtual-time-budget=5000"}, extra...)
	cmd := exec.Command(browser, append(args, url)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.Bytes())
	}
	return out
}

// TestTraceViewer writes a run's trace, serves it with spindle trace,
// loads the page in headless Chromium, and checks what the page reports
// (against the trace as the test reads it) and what it draws (the
// screenshot's span colours).
func TestTraceViewer(t *testing.T) {
	bin := buildCLI(t)
	browser := findChromium(t)
	dir := t.TempDir()
	prog := writeProg(t, dir, "main.go", traceProg)
	traceFile := filepath.Join(dir, "run.json")
	out, err := exec.Command(bin, "run", "-shards", "1", "-trace", traceFile, prog).CombinedOutput()
	if err != nil || string(out) != "120 1740\n" {
		t.Fatalf("spindle run -trace: %v\n%s", err, out)
	}

	// What the page should report, from the file.
	data, err := os.ReadFile(traceFile)
	if err != nil {
		t.Fatal(err)
	}
	var tr struct {
		Events []struct {
			Name, Cat, Ph string
			Tid           int64
			Args          map[string]any
		} `json:"traceEvents"`
	}
	if err := json.Unmarshal(data, &tr); err != nil {
		t.Fatal(err)
	}
	spans, flows, goroutines, gc := 0, 0, 0, 0
	for _, e := range tr.Events {
		switch {
		case e.Ph == "X":
			spans++
			if e.Cat == "gc" {
				gc++
			}
		case e.Ph == "f":
			flows++
		case e.Ph == "M" && e.Name == "thread_name" && strings.HasPrefix(e.Args["name"].(string), "goroutine "):
			goroutines++
		}
	}
	if goroutines != 6 || flows != 5 || gc == 0 {
		t.Fatalf("trace has %d goroutines, %d go statements, %d GC spans; want 6, 5 and some", goroutines, flows, gc)
	}

	// spindle trace serves it.
	srv := exec.Command(bin, "trace", "-http", "127.0.0.1:0", traceFile)
	stderr, err := srv.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Process.Kill()
	line, err := bufio.NewReader(stderr).ReadString('\n')
	if err != nil {
		t.Fatalf("spindle trace printed %q: %v", line, err)
	}
	url := regexp.MustCompile(`http://\S+/`).FindString(line)
	if url == "" {
		t.Fatalf("spindle trace printed no address: %q", line)
	}
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	// Self-contained: no script, style or image from anywhere else.
	if m := regexp.MustCompile(`(?i)(src|href)\s*=\s*"(https?:)?//`).Find(page); m != nil {
		t.Errorf("page loads %s from elsewhere", m)
	}
	resp, err = http.Get(url + "trace.json")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET trace.json: %v %v", err, resp)
	}
	resp.Body.Close()

	// The page's own account of the trace, after its script ran.
	dom := string(chromium(t, browser, url, "--dump-dom"))
	if !strings.Contains(dom, `data-ready="1"`) {
		t.Fatalf("the page's script did not finish:\n%s", dom)
	}
	for attr, want := range map[string]int{"goroutines": goroutines, "spans": spans, "flows": flows, "shards": 1} {
		m := regexp.MustCompile(`data-` + attr + `="(\d+)"`).FindStringSubmatch(dom)
		if m == nil || m[1] != strconv.Itoa(want) {
			t.Errorf("page reports %s=%v, want %d", attr, m, want)
		}
	}
	for _, reason := range []string{"chan send", "sync.WaitGroup.Wait", "sleep"} {
		if !strings.Contains(dom, ">"+reason+"</td>") {
			t.Errorf("the waits table has no row for %q", reason)
		}
	}

	// What it draws: spans of each kind in the timeline (below the axis,
	// so the legend's swatches do not count).
	shot := filepath.Join(t.TempDir(), "page.png")
	chromium(t, browser, url, "--screenshot="+shot)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	counts := timelineColours(img)
	for name, c := range map[string]color.RGBA{
		"running": {0x2e, 0x9e, 0x44, 0xff},
		"channel": {0xf0, 0x9a, 0x28, 0xff},
		"lock":    {0xd0, 0x3c, 0x3c, 0xff},
		"gc":      {0xb3, 0x92, 0x00, 0xff},
	} {
		if counts[c] < 10 {
			t.Errorf("the timeline has %d pixels of %s spans (%v)", counts[c], name, c)
		}
	}
	if counts[color.RGBA{0xf0, 0x9a, 0x28, 0xff}] < 2000 {
		t.Errorf("channel waits cover %d pixels; the goroutines sending on ch wait most of the run", counts[color.RGBA{0xf0, 0x9a, 0x28, 0xff}])
	}

	// And it stops on an interrupt.
	srv.Process.Signal(syscall.SIGINT)
	if err := srv.Wait(); err != nil {
		t.Errorf("spindle trace after SIGINT: %v", err)
	}
}

// timelineColours counts the colours below the timeline's axis, the
// first full-width band of its grey.
func timelineColours(img image.Image) map[color.RGBA]int {
	b := img.Bounds()
	top := b.Max.Y
	axis := color.RGBA{0xf4, 0xf4, 0xf4, 0xff}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		if color.RGBAModel.Convert(img.At(b.Max.X-3, y)) == axis && color.RGBAModel.Convert(img.At(b.Min.X+3, y)) == axis {
			top = y
			break
		}
	}
	counts := map[color.RGBA]int{}
	for y := top; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			counts[color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)]++
		}
	}
	return counts
}

// TestTraceCommandErrors: a missing or malformed file is an error with
// the file's name, and a wrong argument count prints the usage.
func TestTraceCommandErrors(t *testing.T) {
	dir := t.TempDir()
	bad := writeProg(t, dir, "bad.json", `{"events": []}`)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "usage: spindle trace"},
		{[]string{filepath.Join(dir, "missing.json")}, 1, "no such file"},
		{[]string{bad}, 1, "bad.json: not a trace: no traceEvents"},
	} {
		var stderr bytes.Buffer
		if code := traceCommand(tc.args, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("spindle trace %q: exit %d, %q; want %d, %q", tc.args, code, stderr.String(), tc.code, tc.want)
		}
	}
}
