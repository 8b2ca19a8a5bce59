package std

import (
	"errors"
	"fmt"
	"strings"
	"time"
	_ "time/tzdata" // LoadLocation without a system zoneinfo

	"spindle/internal/vm"
)

// Host side of the guest time package. A guest time.Time is the struct
// {sec int64 (since year 1), nsec int32, hasMono bool, mono int64,
// loc *Location}; a Location is {name, zone string, offset int, tz}: a
// fixed offset, or (tz) a zone of the time zone database held as the
// host's *time.Location. Calendar work is done by the host's time package
// in time.UTC, a time.FixedZone or that zone. The binary embeds the
// database (time/tzdata), so zones load on machines without zoneinfo.

const unixToInternal int64 = (1969*365 + 1969/4 - 1969/100 + 1969/400) * 86400

// Field indexes of the guest time.Time and time.Location.
const (
	tmSec = iota
	tmNsec
	tmHasMono
	tmMono
	tmLoc
)

// localZone stands for the guest's Local (and other non-nil zero-offset
// "UTC" zones): like time.UTC for formatting, but not time.UTC itself, so
// binary encodings and parsing treat it as a local zone, as Go does on a
// UTC host.
var localZone = time.FixedZone("UTC", 0)

// hostLoc converts a guest *time.Location (nil means UTC) to a host one.
func hostLoc(p vm.Value) *time.Location {
	lp := p.Ptr()
	if lp == nil {
		return time.UTC
	}
	fs := lp.Slice()
	if tz, ok := fs[3].R.(*time.Location); ok && tz != nil {
		return tz
	}
	zone, off := fs[1].String(), int(fs[2].Int())
	if zone == "UTC" && off == 0 {
		return localZone
	}
	return time.FixedZone(zone, off)
}

// hostTime converts a guest time.Time to a host time.Time (without a
// monotonic reading).
func hostTime(v vm.Value) time.Time {
	fs := v.Slice()
	return time.Unix(fs[tmSec].Int()-unixToInternal, fs[tmNsec].Int()).In(hostLoc(fs[tmLoc]))
}

// timeValue builds a guest time.Time.
func timeValue(sec int64, nsec int32, mono int64, hasMono bool, loc vm.Value) vm.Value {
	return vm.Value{R: []vm.Value{vm.Int(sec), vm.Int(int64(nsec)), vm.Bool(hasMono), vm.Int(mono), loc}}
}

// hostTimer is the host state of a guest Timer or Ticker.
type hostTimer struct {
	m      *vm.Machine
	mt     *vm.Timer // pending machine timer, or nil
	c      *vm.Chan  // nil for AfterFunc
	fn     *vm.Closure
	when   time.Duration // machine time of the next firing
	period time.Duration
	loc    vm.Value   // *Location of the times sent
	b      *vm.Bubble // the synctest bubble whose clock it runs on, if any
}

func (ht *hostTimer) start(d time.Duration) {
	if d < 0 {
		d = 0
	}
	ht.when = ht.m.NowIn(ht.b) + d
	ht.mt = ht.m.AddTimerIn(ht.b, d, ht.fire)
}

func (ht *hostTimer) fire() {
	ht.mt = nil
	m := ht.m
	if ht.c == nil {
		if ht.fn != nil {
			ht.b.EnterNew(m.Spawn(ht.fn, nil)) // a bubble's AfterFunc runs in it
		}
		return
	}
	wall := m.WallIn(ht.b)
	now := m.NowIn(ht.b)
	// A bubble's times carry no monotonic reading, as in Go.
	ht.c.TrySend(timeValue(wall.Unix()+unixToInternal, int32(wall.Nanosecond()), int64(now), ht.b == nil, ht.loc))
	if ht.period > 0 {
		ht.when += ht.period
		if ht.when <= now {
			ht.when += ht.period * ((now-ht.when)/ht.period + 1)
		}
		ht.mt = m.AddTimerIn(ht.b, ht.when-now, ht.fire)
	}
}

// stop cancels the pending firing and drains the channel; it reports
// whether either happened.
func (ht *hostTimer) stop() bool {
	pending := false
	if ht.mt != nil {
		pending = ht.m.StopTimer(ht.mt)
		ht.mt = nil
	}
	if ht.c != nil {
		for {
			_, _, done := ht.c.TryRecv()
			if !done {
				break
			}
			pending = true
		}
	}
	return pending
}

func durationArg(v vm.Value) time.Duration { return time.Duration(v.Int()) }

var timeFuncs = hostTable{
	"(time.Duration).String":   durationString,
	"(time.Duration).Seconds":  durationSeconds,
	"(time.Duration).Minutes":  durationMinutes,
	"(time.Duration).Hours":    durationHours,
	"(time.Duration).Truncate": durationTruncate,
	"(time.Duration).Round":    durationRound,
	"time.parseDuration":       timeParseDuration,
	"time.now":                 timeNow,
	"time.date":                timeFromDate,
	"time.roundTime":           timeRoundTime,
	"time.parse":               timeParse,
	"time.loadZone":            timeLoadZone,
	"time.zoneOf":              timeZoneOf,
	"(*time.ParseError).Error": parseErrorError,
	"(time.Time).Date":         timeDate,
	"(time.Time).ISOWeek":      timeISOWeek,
	"(time.Time).Clock":        timeClock,
	"(time.Time).Format":       timeFormat,
	"(time.Time).String":       timeString,
	"(time.Time).GoString":     timeGoString,
	"time.marshalTime":         timeMarshalTime,
	"time.unmarshalTime":       timeUnmarshalTime,
	"time.Sleep":               timeSleep,
	"time.startTimer":          timeStartTimer,
	"time.stopTimer":           timeStopTimer,
	"time.resetTimer":          timeResetTimer,

	"(time.Time).Year":    timeInt(time.Time.Year),
	"(time.Time).Month":   timeInt(func(t time.Time) int { return int(t.Month()) }),
	"(time.Time).Day":     timeInt(time.Time.Day),
	"(time.Time).Weekday": timeInt(func(t time.Time) int { return int(t.Weekday()) }),
	"(time.Time).YearDay": timeInt(time.Time.YearDay),
	"(time.Time).Hour":    timeInt(time.Time.Hour),
	"(time.Time).Minute":  timeInt(time.Time.Minute),
	"(time.Time).Second":  timeInt(time.Time.Second),
}

// timeInt adapts an int-valued accessor of the host's time.Time: the
// calendar fields of timeFuncs are built from it.
func timeInt(get func(time.Time) int) vm.HostFunc {
	return func(f *vm.Fiber, args, res []vm.Value) {
		res[0] = vm.Int(int64(get(hostTime(args[0]))))
	}
}

func durationString(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(durationArg(args[0]).String())
}

func durationSeconds(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(durationArg(args[0]).Seconds())
}

func durationMinutes(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(durationArg(args[0]).Minutes())
}

func durationHours(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Float(durationArg(args[0]).Hours())
}

func durationTruncate(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(durationArg(args[0]).Truncate(durationArg(args[1]))))
}

func durationRound(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Int(int64(durationArg(args[0]).Round(durationArg(args[1]))))
}

func timeParseDuration(f *vm.Fiber, args, res []vm.Value) {
	d, err := time.ParseDuration(args[0].String())
	res[0] = vm.Int(int64(d))
	res[1] = vm.Value{}
	if err != nil {
		res[1] = vm.Str(err.Error())
	}
}

func timeNow(f *vm.Fiber, args, res []vm.Value) {
	wall := f.M.WallIn(f.Bubble())
	res[0] = vm.Int(wall.Unix() + unixToInternal)
	res[1] = vm.Int(int64(wall.Nanosecond()))
	res[2] = vm.Int(int64(f.M.NowIn(f.Bubble())))
	if f.Bubble() != nil {
		res[2] = vm.Int(-1) // no monotonic reading in a bubble, as in Go
	}
}

func timeFromDate(f *vm.Fiber, args, res []vm.Value) {
	var a [8]int
	for i := range a {
		a[i] = int(args[i].Int())
	}
	loc := time.UTC
	if tz, ok := args[8].R.(*time.Location); ok && tz != nil {
		loc = tz
	} else if a[7] != 0 {
		loc = time.FixedZone("", a[7])
	}
	t := time.Date(a[0], time.Month(a[1]), a[2], a[3], a[4], a[5], a[6], loc)
	res[0] = vm.Int(t.Unix() + unixToInternal)
	res[1] = vm.Int(int64(t.Nanosecond()))
}

func timeRoundTime(f *vm.Fiber, args, res []vm.Value) {
	t := time.Unix(args[0].Int()-unixToInternal, args[1].Int()).UTC()
	d := durationArg(args[2])
	if args[3].Bool() {
		t = t.Round(d)
	} else {
		t = t.Truncate(d)
	}
	res[0] = vm.Int(t.Unix() + unixToInternal)
	res[1] = vm.Int(int64(t.Nanosecond()))
}

func timeParse(f *vm.Fiber, args, res []vm.Value) {
	layout, value := args[0].String(), args[1].String()
	loc := time.UTC
	if tz, ok := args[4].R.(*time.Location); ok && tz != nil {
		loc = tz
	} else if !args[5].Bool() {
		loc = time.FixedZone(args[2].String(), int(args[3].Int()))
	}
	t, err := time.ParseInLocation(layout, value, loc)
	for i := 0; i < 8; i++ {
		res[i] = vm.Value{}
	}
	res[6] = vm.Value{R: make([]vm.Value, 5)}
	if err != nil {
		var pe *time.ParseError
		if !errors.As(err, &pe) {
			pe = &time.ParseError{Layout: layout, Value: value, Message: ": " + err.Error()}
		}
		res[6] = vm.Value{R: []vm.Value{vm.Str(pe.Layout), vm.Str(pe.Value), vm.Str(pe.LayoutElem), vm.Str(pe.ValueElem), vm.Str(pe.Message)}}
		res[7] = vm.Bool(true)
		return
	}
	res[0] = vm.Int(t.Unix() + unixToInternal)
	res[1] = vm.Int(int64(t.Nanosecond()))
	switch t.Location() {
	case time.UTC:
		res[4] = vm.Bool(true)
	case loc:
		res[5] = vm.Bool(true)
	default:
		name, off := t.Zone()
		res[2] = vm.Str(name)
		res[3] = vm.Int(int64(off))
	}
}

func parseErrorError(f *vm.Fiber, args, res []vm.Value) {
	fs := structFields(args[0], 5)
	pe := &time.ParseError{Layout: fs[0].String(), Value: fs[1].String(), LayoutElem: fs[2].String(), ValueElem: fs[3].String(), Message: fs[4].String()}
	res[0] = vm.Str(pe.Error())
}

func timeDate(f *vm.Fiber, args, res []vm.Value) {
	y, m, d := hostTime(args[0]).Date()
	res[0], res[1], res[2] = vm.Int(int64(y)), vm.Int(int64(m)), vm.Int(int64(d))
}

func timeISOWeek(f *vm.Fiber, args, res []vm.Value) {
	y, w := hostTime(args[0]).ISOWeek()
	res[0], res[1] = vm.Int(int64(y)), vm.Int(int64(w))
}

func timeClock(f *vm.Fiber, args, res []vm.Value) {
	h, m, s := hostTime(args[0]).Clock()
	res[0], res[1], res[2] = vm.Int(int64(h)), vm.Int(int64(m)), vm.Int(int64(s))
}

func timeFormat(f *vm.Fiber, args, res []vm.Value) {
	res[0] = vm.Str(hostTime(args[0]).Format(args[1].String()))
}

func timeString(f *vm.Fiber, args, res []vm.Value) {
	fs := args[0].Slice()
	s := hostTime(args[0]).String()
	if fs[tmHasMono].Bool() {
		m := fs[tmMono].Int()
		sign := '+'
		u := uint64(m)
		if m < 0 {
			sign = '-'
			u = -u
		}
		s += fmt.Sprintf(" m=%c%d.%09d", sign, u/1e9, u%1e9)
	}
	res[0] = vm.Str(s)
}

func timeGoString(f *vm.Fiber, args, res []vm.Value) {
	fs := args[0].Slice()
	s := hostTime(args[0]).GoString()
	if lp := fs[tmLoc].Ptr(); lp != nil && lp.Slice()[0].String() == "Local" {
		s = strings.TrimSuffix(s, "time.UTC)") + "time.Local)"
	}
	res[0] = vm.Str(s)
}

func timeMarshalTime(f *vm.Fiber, args, res []vm.Value) {
	b, err := hostTime(args[0]).MarshalBinary()
	res[0], res[1] = OwnBytes(b), vm.Value{} // MarshalBinary's new slice
	if err != nil {
		res[1] = vm.Str(err.Error())
	}
}

func timeUnmarshalTime(f *vm.Fiber, args, res []vm.Value) {
	var t time.Time
	err := t.UnmarshalBinary(args[0].Bytes()) // read, not kept
	for i := 0; i < 5; i++ {
		res[i] = vm.Value{}
	}
	if err != nil {
		res[4] = vm.Str(err.Error())
		return
	}
	_, off := t.Zone()
	res[0] = vm.Int(t.Unix() + unixToInternal)
	res[1] = vm.Int(int64(t.Nanosecond()))
	res[2] = vm.Int(int64(off))
	res[3] = vm.Bool(t.Location() == time.UTC)
}

func timeSleep(f *vm.Fiber, args, res []vm.Value) {
	if f.Resuming() {
		return
	}
	d := durationArg(args[0])
	if d <= 0 {
		f.Park("sleep")
		f.Wake(vm.Value{}, true) // just yield
		return
	}
	var t *vm.Timer
	m := f.M
	f.ParkUnlink("sleep", func() { // cancelled: drop the timer
		if t != nil {
			m.StopTimer(t)
		}
	})
	tok := f.Token()
	t = m.AddTimerIn(f.Bubble(), d, func() { tok.Wake(vm.Value{}, true) })
}

func timeStartTimer(f *vm.Fiber, args, res []vm.Value) {
	slot := args[0].Ptr()
	if slot == nil {
		panic(vm.RuntimeError(errNilDeref))
	}
	c, _ := args[1].R.(*vm.Chan)
	fn, _ := args[4].R.(*vm.Closure)
	ht := &hostTimer{m: f.M, c: c, fn: fn, period: durationArg(args[3]), loc: args[5], b: f.Bubble()}
	slot.R = ht
	ht.start(durationArg(args[2]))
}

func timeStopTimer(f *vm.Fiber, args, res []vm.Value) {
	slot := args[0].Ptr()
	if slot == nil {
		panic(vm.RuntimeError(errNilDeref))
	}
	ht, ok := slot.R.(*hostTimer)
	if !ok {
		res[0], res[1] = vm.Bool(false), vm.Bool(false)
		return
	}
	res[0], res[1] = vm.Bool(ht.stop()), vm.Bool(true)
}

func timeResetTimer(f *vm.Fiber, args, res []vm.Value) {
	slot := args[0].Ptr()
	if slot == nil {
		panic(vm.RuntimeError(errNilDeref))
	}
	d, period := durationArg(args[1]), durationArg(args[2])
	ht, ok := slot.R.(*hostTimer)
	if !ok {
		res[0], res[1] = vm.Bool(false), vm.Bool(false)
		return
	}
	pending := ht.stop()
	if ht.period > 0 || period > 0 {
		ht.period = period
	}
	ht.start(d)
	res[0], res[1] = vm.Bool(pending), vm.Bool(true)
}

// timeLoadZone is LoadLocation and LoadLocationFromTZData for a zone of
// the database.
func timeLoadZone(f *vm.Fiber, args, res []vm.Value) {
	name, data, fromData := args[0].String(), args[1].Bytes(), args[2].Bool()
	var loc *time.Location
	var err error
	if fromData {
		loc, err = time.LoadLocationFromTZData(name, data)
	} else {
		loc, err = time.LoadLocation(name)
	}
	if err != nil {
		res[0], res[1] = vm.Value{}, vm.Str(err.Error())
		return
	}
	res[0], res[1] = vm.Value{R: loc}, vm.Str("")
}

func timeZoneOf(f *vm.Fiber, args, res []vm.Value) {
	name, off := hostTime(args[0]).Zone()
	res[0], res[1] = vm.Str(name), vm.Int(int64(off))
}
