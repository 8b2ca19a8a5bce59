package traceview

import (
	"net/http/httptest"
	"strings"
	"testing"
)

func TestParseForms(t *testing.T) {
	for _, in := range []string{
		`{"traceEvents":[{"name":"running","ph":"X","ts":1,"dur":2,"pid":0,"tid":1}]}`,
		` [{"name":"running","ph":"X","ts":1,"dur":2,"pid":0,"tid":1}] `,
	} {
		tr, err := Parse([]byte(in))
		if err != nil || len(tr.Events) != 1 || tr.Events[0].Dur != 2 {
			t.Errorf("Parse(%s) = %+v, %v", in, tr, err)
		}
	}
	for _, in := range []string{``, `{}`, `{"traceEvents": 3}`, `[1]`} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("Parse(%q) took it as a trace", in)
		}
	}
}

// TestPageEscapes: a wait reason or file name cannot end the page's
// script or inject markup.
func TestPageEscapes(t *testing.T) {
	evil := `</script><script>alert(1)</script>`
	tr := &Trace{Events: []Event{{Name: evil, Ph: "X", Ts: 1, Dur: 1, Tid: 1}}}
	h, err := tr.Handler(evil)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	page := rec.Body.String()
	if strings.Contains(page, "<script>alert") || !strings.Contains(page, "const EVENTS = [") {
		t.Errorf("page does not escape the trace:\n%s", page)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/trace.json", nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"traceEvents"`) {
		t.Errorf("/trace.json: %d %s", rec.Code, rec.Body)
	}
}
