// Package traceview serves an execution trace (the Chrome trace-event
// JSON that spindle run -trace and spindle test -trace write) as a
// self-contained timeline page: the page, its script and the trace are
// one HTML document, so it needs no network and can be saved and mailed.
//
// Owns: reading a trace file and the viewer page (viewer.html). Imports
// only the Go standard library; must not import the rest of the module
// (deps_test.go checks the rules).
package traceview

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
)

//go:embed viewer.html
var viewerHTML string

var viewer = template.Must(template.New("viewer").Parse(viewerHTML))

// Event is one trace event, as the viewer reads it.
type Event struct {
	Name string         `json:"name"`
	Cat  string         `json:"cat,omitempty"`
	Ph   string         `json:"ph"`
	Ts   float64        `json:"ts"`
	Dur  float64        `json:"dur,omitempty"`
	Pid  int            `json:"pid"`
	Tid  int64          `json:"tid"`
	ID   int64          `json:"id,omitempty"`
	Bp   string         `json:"bp,omitempty"`
	Args map[string]any `json:"args,omitempty"`
}

// Trace is a parsed trace file.
type Trace struct {
	Events []Event `json:"traceEvents"`
}

// Parse reads a trace file: a JSON object with traceEvents, or a bare
// array of events (both are Chrome's formats).
func Parse(data []byte) (*Trace, error) {
	data = bytes.TrimSpace(data)
	var t Trace
	switch {
	case len(data) > 0 && data[0] == '[':
		if err := json.Unmarshal(data, &t.Events); err != nil {
			return nil, fmt.Errorf("not a trace: %v", err)
		}
	default:
		var obj struct {
			Events *[]Event `json:"traceEvents"`
		}
		if err := json.Unmarshal(data, &obj); err != nil {
			return nil, fmt.Errorf("not a trace: %v", err)
		}
		if obj.Events == nil {
			return nil, errors.New("not a trace: no traceEvents")
		}
		t.Events = *obj.Events
	}
	return &t, nil
}

// Page writes the viewer page with the trace in it. The trace is
// re-encoded, so nothing in the file can end the page's script early.
func (t *Trace) Page(title string) ([]byte, error) {
	data, err := json.Marshal(t.Events) // escapes <, > and & as \u00XX
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	err = viewer.Execute(&b, struct {
		Title  string
		Events template.JS
	}{title, template.JS(data)})
	return b.Bytes(), err
}

// Handler serves the page at / and the trace itself, for Perfetto or
// chrome://tracing, at /trace.json.
func (t *Trace) Handler(title string) (http.Handler, error) {
	page, err := t.Page(title)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(t)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	})
	mux.HandleFunc("GET /trace.json", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(raw)
	})
	return mux, nil
}
