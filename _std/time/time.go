// Package time is spindle's guest time package: durations, wall and
// monotonic times, formatting and parsing, sleeping, timers and tickers.
//
// Times carry a monotonic reading (nanoseconds since the machine started)
// when they come from Now; Sub, Since, Until, Before, After and Equal use it
// when both operands have one, as in Go. Formatting, parsing and calendar
// computations are done by the host's time package.
//
// Differences from Go: the only time zones are UTC, Local (which is UTC:
// runs do not depend on the host's zone) and fixed zones from FixedZone;
// LoadLocation knows only "UTC", "" and "Local". A timer channel has a
// buffer of one element (Go 1.23 makes it unbuffered); Stop and Reset drain
// it, so no stale value is received after them, as in Go 1.23. Timers fire
// when no goroutine is runnable.
package time

import "errors"

// A Duration represents the elapsed time between two instants as an int64
// nanosecond count.
type Duration int64

const (
	minDuration Duration = -1 << 63
	maxDuration Duration = 1<<63 - 1
)

// Common durations.
const (
	Nanosecond  Duration = 1
	Microsecond          = 1000 * Nanosecond
	Millisecond          = 1000 * Microsecond
	Second               = 1000 * Millisecond
	Minute               = 60 * Second
	Hour                 = 60 * Minute
)

// String returns a string representing the duration in the form "72h3m0.5s".
func (d Duration) String() string

// Nanoseconds returns the duration as an integer nanosecond count.
func (d Duration) Nanoseconds() int64 { return int64(d) }

// Microseconds returns the duration as an integer microsecond count.
func (d Duration) Microseconds() int64 { return int64(d) / 1e3 }

// Milliseconds returns the duration as an integer millisecond count.
func (d Duration) Milliseconds() int64 { return int64(d) / 1e6 }

// Seconds returns the duration as a floating point number of seconds.
func (d Duration) Seconds() float64

// Minutes returns the duration as a floating point number of minutes.
func (d Duration) Minutes() float64

// Hours returns the duration as a floating point number of hours.
func (d Duration) Hours() float64

// Truncate returns the result of rounding d toward zero to a multiple of m.
// If m <= 0, Truncate returns d unchanged.
func (d Duration) Truncate(m Duration) Duration

// Round returns the result of rounding d to the nearest multiple of m.
// Halfway values round away from zero. If m <= 0, Round returns d
// unchanged.
func (d Duration) Round(m Duration) Duration

// Abs returns the absolute value of d. As a special case, math.MinInt64 is
// converted to math.MaxInt64.
func (d Duration) Abs() Duration {
	switch {
	case d >= 0:
		return d
	case d == minDuration:
		return maxDuration
	default:
		return -d
	}
}

// parseDuration is the host's time.ParseDuration; msg is the error text.
func parseDuration(s string) (d int64, msg string)

// ParseDuration parses a duration string: a possibly signed sequence of
// decimal numbers, each with optional fraction and a unit suffix, such as
// "300ms", "-1.5h" or "2h45m". Valid time units are "ns", "us" (or "µs"),
// "ms", "s", "m", "h".
func ParseDuration(s string) (Duration, error) {
	d, msg := parseDuration(s)
	if msg != "" {
		return 0, errors.New(msg)
	}
	return Duration(d), nil
}

// A Month specifies a month of the year (January = 1, ...).
type Month int

// The months.
const (
	January Month = 1 + iota
	February
	March
	April
	May
	June
	July
	August
	September
	October
	November
	December
)

var monthNames = [...]string{"January", "February", "March", "April", "May", "June",
	"July", "August", "September", "October", "November", "December"}

// String returns the English name of the month ("January", "February", ...).
func (m Month) String() string {
	if January <= m && m <= December {
		return monthNames[m-1]
	}
	return "%!Month(" + itoa(int64(m)) + ")"
}

// A Weekday specifies a day of the week (Sunday = 0, ...).
type Weekday int

// The days of the week.
const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
	Thursday
	Friday
	Saturday
)

var dayNames = [...]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

// String returns the English name of the day ("Sunday", "Monday", ...).
func (d Weekday) String() string {
	if Sunday <= d && d <= Saturday {
		return dayNames[d]
	}
	return "%!Weekday(" + itoa(int64(d)) + ")"
}

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	u := uint64(n)
	if neg {
		u = -u
	}
	var b [20]byte
	i := len(b)
	for u > 0 {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// A Location maps time instants to the zone in use at that time: UTC,
// Local (the same as UTC in spindle), FixedZone's, or a zone of the time
// zone database (LoadLocation), whose rules the host holds.
type Location struct {
	name   string
	zone   string // abbreviation (fixed zones)
	offset int    // seconds east of UTC (fixed zones)
	tz     any    // the host's zone (LoadLocation), or nil; only host code reads it
}

var utcLoc = Location{name: "UTC", zone: "UTC"}
var localLoc = Location{name: "Local", zone: "UTC"}

// UTC represents Universal Coordinated Time (UTC).
var UTC *Location = &utcLoc

// Local represents the system's local time zone. In spindle it is UTC, so
// that runs do not depend on the host.
var Local *Location = &localLoc

// String returns a descriptive name for the time zone information,
// corresponding to the name argument to LoadLocation or FixedZone.
func (l *Location) String() string {
	if l == nil {
		return "UTC"
	}
	return l.name
}

// FixedZone returns a Location that always uses the given zone name and
// offset (seconds east of UTC).
func FixedZone(name string, offset int) *Location {
	return &Location{name: name, zone: name, offset: offset}
}

// loadZone is the host's time.LoadLocation (data nil) or
// LoadLocationFromTZData: the zone's handle, or an error text.
func loadZone(name string, data []byte, fromData bool) (tz any, err string)

// LoadLocation returns the Location with the given name: "" and "UTC" give
// UTC, "Local" gives Local, and any other name is looked up in the IANA
// Time Zone database as Go does ($ZONEINFO, the system's zoneinfo, then
// the copy embedded in spindle).
func LoadLocation(name string) (*Location, error) {
	switch name {
	case "", "UTC":
		return UTC, nil
	case "Local":
		return Local, nil
	}
	tz, err := loadZone(name, nil, false)
	if err != "" {
		return nil, errors.New(err)
	}
	return &Location{name: name, tz: tz}, nil
}

// LoadLocationFromTZData returns a Location with the given name from
// IANA Time Zone database-formatted data.
func LoadLocationFromTZData(name string, data []byte) (*Location, error) {
	tz, err := loadZone(name, data, true)
	if err != "" {
		return nil, errors.New(err)
	}
	return &Location{name: name, tz: tz}, nil
}

// Sleep pauses the current goroutine for at least the duration d. A
// negative or zero duration causes Sleep to return immediately (after
// yielding to the other goroutines).
func Sleep(d Duration)

// startTimer starts a machine timer and stores its host state in *r: after
// d nanoseconds (then every period, if period > 0) it sends the current
// time (in loc) on c, or, if c is nil, runs f in a new goroutine.
func startTimer(r *any, c chan Time, d, period int64, f func(), loc *Location)

// stopTimer stops the timer of *r and drains its channel; it reports
// whether that stopped a pending timer or discarded an unreceived value,
// and ok=false if *r holds no timer.
func stopTimer(r *any) (pending, ok bool)

// resetTimer is stopTimer followed by a restart after d (period: the new
// period of a ticker, or 0).
func resetTimer(r *any, d, period int64) (pending, ok bool)

// The Timer type represents a single event. When the Timer expires, the
// current time will be sent on C, unless the Timer was created by
// AfterFunc.
type Timer struct {
	C <-chan Time
	r any // host timer
}

// NewTimer creates a new Timer that will send the current time on its
// channel after at least duration d.
func NewTimer(d Duration) *Timer {
	c := make(chan Time, 1)
	t := &Timer{C: c}
	startTimer(&t.r, c, int64(d), 0, nil, Local)
	return t
}

// AfterFunc waits for the duration to elapse and then calls f in its own
// goroutine. It returns a Timer that can be used to cancel the call using
// its Stop method. The returned Timer's C field is not used.
func AfterFunc(d Duration, f func()) *Timer {
	t := &Timer{}
	startTimer(&t.r, nil, int64(d), 0, f, Local)
	return t
}

// After waits for the duration to elapse and then sends the current time
// on the returned channel. It is equivalent to NewTimer(d).C.
func After(d Duration) <-chan Time {
	return NewTimer(d).C
}

// Stop prevents the Timer from firing. It returns true if the call stops
// the timer, false if the timer has already expired or been stopped. No
// value sent before Stop is received after it.
func (t *Timer) Stop() bool {
	pending, ok := stopTimer(&t.r)
	if !ok {
		panic("time: Stop called on uninitialized Timer")
	}
	return pending
}

// Reset changes the timer to expire after duration d. It returns true if
// the timer had been active, false if the timer had expired or been
// stopped.
func (t *Timer) Reset(d Duration) bool {
	pending, ok := resetTimer(&t.r, int64(d), 0)
	if !ok {
		panic("time: Reset called on uninitialized Timer")
	}
	return pending
}

// A Ticker holds a channel that delivers “ticks” of a clock at intervals.
type Ticker struct {
	C <-chan Time
	r any // host timer
}

// NewTicker returns a new Ticker containing a channel that will send the
// current time on the channel after each tick. The period of the ticks is
// specified by the duration argument. The ticker drops ticks to make up
// for slow receivers. The duration d must be greater than zero.
func NewTicker(d Duration) *Ticker {
	if d <= 0 {
		panic("non-positive interval for NewTicker")
	}
	c := make(chan Time, 1)
	t := &Ticker{C: c}
	startTimer(&t.r, c, int64(d), int64(d), nil, Local)
	return t
}

// Tick is a convenience wrapper for NewTicker providing access to the
// ticking channel only. It returns nil if d <= 0.
func Tick(d Duration) <-chan Time {
	if d <= 0 {
		return nil
	}
	return NewTicker(d).C
}

// Stop turns off a ticker. After Stop, no more ticks will be sent.
func (t *Ticker) Stop() {
	stopTimer(&t.r)
}

// Reset stops a ticker and resets its period to the specified duration.
// The next tick will arrive after the new period elapses. The duration d
// must be greater than zero.
func (t *Ticker) Reset(d Duration) {
	if d <= 0 {
		panic("non-positive interval for Ticker.Reset")
	}
	if _, ok := resetTimer(&t.r, int64(d), int64(d)); !ok {
		panic("time: Reset called on uninitialized Ticker")
	}
}
