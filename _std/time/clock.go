package time

import "errors"

// A Time represents an instant in time with nanosecond precision.
//
// The zero value is January 1, year 1, 00:00:00.000000000 UTC.
type Time struct {
	sec     int64 // seconds since January 1, year 1 00:00:00 UTC
	nsec    int32 // [0, 999999999]
	hasMono bool
	mono    int64     // monotonic reading: nanoseconds since the machine started
	loc     *Location // nil means UTC
}

// unixToInternal is the number of seconds from the zero Time to the Unix
// epoch.
const unixToInternal int64 = (1969*365 + 1969/4 - 1969/100 + 1969/400) * 86400

// Layouts for Format and Parse.
const (
	Layout      = "01/02 03:04:05PM '06 -0700" // The reference time, in numerical order.
	ANSIC       = "Mon Jan _2 15:04:05 2006"
	UnixDate    = "Mon Jan _2 15:04:05 MST 2006"
	RubyDate    = "Mon Jan 02 15:04:05 -0700 2006"
	RFC822      = "02 Jan 06 15:04 MST"
	RFC822Z     = "02 Jan 06 15:04 -0700" // RFC822 with numeric zone
	RFC850      = "Monday, 02-Jan-06 15:04:05 MST"
	RFC1123     = "Mon, 02 Jan 2006 15:04:05 MST"
	RFC1123Z    = "Mon, 02 Jan 2006 15:04:05 -0700" // RFC1123 with numeric zone
	RFC3339     = "2006-01-02T15:04:05Z07:00"
	RFC3339Nano = "2006-01-02T15:04:05.999999999Z07:00"
	Kitchen     = "3:04PM"
	// Handy time stamps.
	Stamp      = "Jan _2 15:04:05"
	StampMilli = "Jan _2 15:04:05.000"
	StampMicro = "Jan _2 15:04:05.000000"
	StampNano  = "Jan _2 15:04:05.000000000"
	DateTime   = "2006-01-02 15:04:05"
	DateOnly   = "2006-01-02"
	TimeOnly   = "15:04:05"
)

// now returns the wall clock (seconds since the zero Time) and the
// machine's monotonic clock.
func now() (sec int64, nsec int32, mono int64)

// Now returns the current local time. In a testing/synctest bubble it
// is the bubble's clock, without a monotonic reading (now's mono is -1).
func Now() Time {
	sec, nsec, mono := now()
	if mono < 0 {
		return Time{sec: sec, nsec: nsec, loc: Local}
	}
	return Time{sec: sec, nsec: nsec, hasMono: true, mono: mono, loc: Local}
}

// Since returns the time elapsed since t. It is shorthand for
// time.Now().Sub(t).
func Since(t Time) Duration { return Now().Sub(t) }

// Until returns the duration until t. It is shorthand for t.Sub(time.Now()).
func Until(t Time) Duration { return t.Sub(Now()) }

// Unix returns the local Time corresponding to the given Unix time, sec
// seconds and nsec nanoseconds since January 1, 1970 UTC.
func Unix(sec int64, nsec int64) Time {
	if nsec < 0 || nsec >= 1e9 {
		n := nsec / 1e9
		sec += n
		nsec -= n * 1e9
		if nsec < 0 {
			nsec += 1e9
			sec--
		}
	}
	return Time{sec: sec + unixToInternal, nsec: int32(nsec), loc: Local}
}

// UnixMilli returns the local Time corresponding to the given Unix time,
// msec milliseconds since January 1, 1970 UTC.
func UnixMilli(msec int64) Time { return Unix(msec/1e3, (msec%1e3)*1e6) }

// UnixMicro returns the local Time corresponding to the given Unix time,
// usec microseconds since January 1, 1970 UTC.
func UnixMicro(usec int64) Time { return Unix(usec/1e6, (usec%1e6)*1e3) }

// date is the host's time.Date in a fixed zone.
func date(year, month, day, hour, min, sec, nsec, offset int, tz any) (s int64, ns int32)

// Date returns the Time corresponding to yyyy-mm-dd hh:mm:ss + nsec
// nanoseconds in the given location. Values outside their usual ranges
// are normalized. Date panics if loc is nil.
func Date(year int, month Month, day, hour, min, sec, nsec int, loc *Location) Time {
	if loc == nil {
		panic("time: missing Location in call to Date")
	}
	s, ns := date(year, int(month), day, hour, min, sec, nsec, loc.offset, loc.tz)
	return Time{sec: s, nsec: ns, loc: normLoc(loc)}
}

func normLoc(loc *Location) *Location {
	if loc == &utcLoc {
		return nil
	}
	return loc
}

// After reports whether the time instant t is after u.
func (t Time) After(u Time) bool {
	if t.hasMono && u.hasMono {
		return t.mono > u.mono
	}
	return t.sec > u.sec || t.sec == u.sec && t.nsec > u.nsec
}

// Before reports whether the time instant t is before u.
func (t Time) Before(u Time) bool {
	if t.hasMono && u.hasMono {
		return t.mono < u.mono
	}
	return t.sec < u.sec || t.sec == u.sec && t.nsec < u.nsec
}

// Compare compares the time instant t with u: -1 if t is before u, +1 if
// after, 0 if they are the same instant.
func (t Time) Compare(u Time) int {
	var tc, uc int64
	if t.hasMono && u.hasMono {
		tc, uc = t.mono, u.mono
	} else {
		tc, uc = t.sec, u.sec
		if tc == uc {
			tc, uc = int64(t.nsec), int64(u.nsec)
		}
	}
	switch {
	case tc < uc:
		return -1
	case tc > uc:
		return +1
	}
	return 0
}

// Equal reports whether t and u represent the same time instant, whatever
// their locations.
func (t Time) Equal(u Time) bool {
	if t.hasMono && u.hasMono {
		return t.mono == u.mono
	}
	return t.sec == u.sec && t.nsec == u.nsec
}

// IsZero reports whether t represents the zero time instant, January 1,
// year 1, 00:00:00 UTC.
func (t Time) IsZero() bool { return t.sec == 0 && t.nsec == 0 }

// Add returns the time t+d.
func (t Time) Add(d Duration) Time {
	dsec := int64(d / 1e9)
	nsec := t.nsec + int32(d%1e9)
	if nsec >= 1e9 {
		dsec++
		nsec -= 1e9
	} else if nsec < 0 {
		dsec--
		nsec += 1e9
	}
	t.sec += dsec
	t.nsec = nsec
	if t.hasMono {
		te := t.mono + int64(d)
		if d < 0 && te > t.mono || d > 0 && te < t.mono {
			t.hasMono, t.mono = false, 0
		} else {
			t.mono = te
		}
	}
	return t
}

// Sub returns the duration t-u. If the result exceeds the maximum (or
// minimum) value that can be stored in a Duration, the maximum (or
// minimum) duration is returned.
func (t Time) Sub(u Time) Duration {
	if t.hasMono && u.hasMono {
		d := Duration(t.mono - u.mono)
		if d < 0 && t.mono > u.mono {
			return maxDuration
		}
		if d > 0 && t.mono < u.mono {
			return minDuration
		}
		return d
	}
	d := Duration(t.sec-u.sec)*Second + Duration(t.nsec-u.nsec)
	switch {
	case u.Add(d).Equal(t):
		return d
	case t.Before(u):
		return minDuration
	default:
		return maxDuration
	}
}

// AddDate returns the time corresponding to adding the given number of
// years, months and days to t, normalized like Date.
func (t Time) AddDate(years int, months int, days int) Time {
	year, month, day := t.Date()
	hour, min, sec := t.Clock()
	return Date(year+years, month+Month(months), day+days, hour, min, sec, int(t.nsec), t.Location())
}

// Unix returns t as a Unix time, the number of seconds elapsed since
// January 1, 1970 UTC.
func (t Time) Unix() int64 { return t.sec - unixToInternal }

// UnixMilli returns t as a Unix time in milliseconds.
func (t Time) UnixMilli() int64 { return (t.sec-unixToInternal)*1e3 + int64(t.nsec)/1e6 }

// UnixMicro returns t as a Unix time in microseconds.
func (t Time) UnixMicro() int64 { return (t.sec-unixToInternal)*1e6 + int64(t.nsec)/1e3 }

// UnixNano returns t as a Unix time in nanoseconds.
func (t Time) UnixNano() int64 { return (t.sec-unixToInternal)*1e9 + int64(t.nsec) }

// Nanosecond returns the nanosecond offset within the second specified by
// t, in the range [0, 999999999].
func (t Time) Nanosecond() int { return int(t.nsec) }

// UTC returns t with the location set to UTC.
func (t Time) UTC() Time {
	t.loc = nil
	t.hasMono, t.mono = false, 0 // as in Go: In, Local and UTC strip it
	return t
}

// Local returns t with the location set to local time.
func (t Time) Local() Time {
	t.loc = Local
	t.hasMono, t.mono = false, 0
	return t
}

// In returns a copy of t representing the same time instant, but with the
// copy's location information set to loc. In panics if loc is nil.
func (t Time) In(loc *Location) Time {
	if loc == nil {
		panic("time: missing Location in call to Time.In")
	}
	t.loc = normLoc(loc)
	t.hasMono, t.mono = false, 0
	return t
}

// Location returns the time zone information associated with t.
func (t Time) Location() *Location {
	if t.loc == nil {
		return UTC
	}
	return t.loc
}

// Zone computes the time zone in effect at time t, returning the
// abbreviated name of the zone and its offset in seconds east of UTC.
func (t Time) Zone() (name string, offset int) {
	if t.loc == nil {
		return "UTC", 0
	}
	if t.loc.tz != nil {
		return zoneOf(t)
	}
	return t.loc.zone, t.loc.offset
}

// zoneOf is Zone for a time in a zone of the database (the host's rules).
func zoneOf(t Time) (name string, offset int)

// Date returns the year, month, and day in which t occurs.
func (t Time) Date() (year int, month Month, day int)

// Year returns the year in which t occurs.
func (t Time) Year() int

// Month returns the month of the year specified by t.
func (t Time) Month() Month

// Day returns the day of the month specified by t.
func (t Time) Day() int

// Weekday returns the day of the week specified by t.
func (t Time) Weekday() Weekday

// YearDay returns the day of the year specified by t, in the range
// [1,365] for non-leap years, and [1,366] in leap years.
func (t Time) YearDay() int

// ISOWeek returns the ISO 8601 year and week number in which t occurs.
func (t Time) ISOWeek() (year, week int)

// Clock returns the hour, minute, and second within the day specified by t.
func (t Time) Clock() (hour, min, sec int)

// Hour returns the hour within the day specified by t, in the range [0, 23].
func (t Time) Hour() int

// Minute returns the minute offset within the hour specified by t, in the
// range [0, 59].
func (t Time) Minute() int

// Second returns the second offset within the minute specified by t, in
// the range [0, 59].
func (t Time) Second() int

// Format returns a textual representation of the time value formatted
// according to the layout defined by the argument (see the reference time
// in the Layout constant).
func (t Time) Format(layout string) string

// AppendFormat is like Format but appends the textual representation to b
// and returns the extended buffer.
func (t Time) AppendFormat(b []byte, layout string) []byte {
	return append(b, t.Format(layout)...)
}

// String returns the time formatted using the format string
// "2006-01-02 15:04:05.999999999 -0700 MST", followed by the monotonic
// clock reading ("m=±<value>") if t has one.
func (t Time) String() string

// GoString implements fmt.GoStringer.
func (t Time) GoString() string

// roundTime is the host's Time.Round (round) or Time.Truncate.
func roundTime(sec int64, nsec int32, d int64, round bool) (int64, int32)

// Truncate returns the result of rounding t down to a multiple of d (since
// the zero time), stripping the monotonic reading. If d <= 0, Truncate
// returns t stripped of any monotonic clock reading but otherwise
// unchanged.
func (t Time) Truncate(d Duration) Time {
	t.hasMono, t.mono = false, 0
	if d <= 0 {
		return t
	}
	t.sec, t.nsec = roundTime(t.sec, t.nsec, int64(d), false)
	return t
}

// Round returns the result of rounding t to the nearest multiple of d
// (since the zero time), stripping the monotonic reading; halfway values
// round up. If d <= 0, Round returns t stripped of any monotonic clock
// reading but otherwise unchanged.
func (t Time) Round(d Duration) Time {
	t.hasMono, t.mono = false, 0
	if d <= 0 {
		return t
	}
	t.sec, t.nsec = roundTime(t.sec, t.nsec, int64(d), true)
	return t
}

// ParseError describes a problem parsing a time string.
type ParseError struct {
	Layout     string
	Value      string
	LayoutElem string
	ValueElem  string
	Message    string
}

// Error returns the string representation of a ParseError.
func (e *ParseError) Error() string

// parse is the host's time.ParseInLocation in a fixed zone (zone,
// offset) or a zone of the database (tz).
func parse(layout, value, zone string, offset int, tz any, utc bool) (sec int64, nsec int32, zname string, zoffset int, isUTC, isLoc bool, perr ParseError, failed bool)

// Parse parses a formatted string and returns the time value it
// represents. In the absence of a time zone indicator, Parse returns a time
// in UTC.
func Parse(layout, value string) (Time, error) {
	return parseIn(layout, value, UTC)
}

// ParseInLocation is like Parse but interprets a time without zone
// information in the given location.
func ParseInLocation(layout, value string, loc *Location) (Time, error) {
	if loc == nil {
		panic("time: missing Location in call to ParseInLocation")
	}
	return parseIn(layout, value, loc)
}

func parseIn(layout, value string, loc *Location) (Time, error) {
	sec, nsec, zname, zoff, isUTC, isLoc, perr, failed := parse(layout, value, loc.zone, loc.offset, loc.tz, loc == UTC)
	if failed {
		e := perr
		return Time{}, &e
	}
	t := Time{sec: sec, nsec: nsec}
	switch {
	case isLoc:
		t.loc = normLoc(loc)
	case isUTC:
	default:
		t.loc = FixedZone(zname, zoff)
	}
	return t, nil
}

// MarshalText implements encoding.TextMarshaler (RFC 3339 with
// sub-second precision).
func (t Time) MarshalText() ([]byte, error) {
	return []byte(t.Format(RFC3339Nano)), nil
}

// UnmarshalText implements encoding.TextUnmarshaler (RFC 3339).
func (t *Time) UnmarshalText(data []byte) error {
	u, err := Parse(RFC3339, string(data))
	if err != nil {
		return err
	}
	*t = u
	return nil
}

// MarshalJSON implements json.Marshaler: a quoted RFC 3339 string.
func (t Time) MarshalJSON() ([]byte, error) {
	return []byte("\"" + t.Format(RFC3339Nano) + "\""), nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (t *Time) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return errors.New("Time.UnmarshalJSON: input is not a JSON string")
	}
	return t.UnmarshalText(data[1 : len(data)-1])
}

// IsDST reports whether the time in the configured location is in Daylight
// Savings Time. spindle's zones are fixed, so it is always false.
func (t Time) IsDST() bool { return false }

// ZoneBounds returns the bounds of the time zone in effect at time t.
// spindle's zones are fixed and unbounded, so both are zero Times.
func (t Time) ZoneBounds() (start, end Time) { return }

// AppendText implements the encoding.TextAppender interface.
func (t Time) AppendText(b []byte) ([]byte, error) {
	return append(b, t.Format(RFC3339Nano)...), nil
}

// marshalTime and unmarshalTime are the host's binary encoding of a time.
func marshalTime(t Time) (data []byte, msg string)
func unmarshalTime(data []byte) (sec int64, nsec int32, offset int, isUTC bool, msg string)

// AppendBinary implements the encoding.BinaryAppender interface.
func (t Time) AppendBinary(b []byte) ([]byte, error) {
	data, msg := marshalTime(t)
	if msg != "" {
		return b, errors.New(msg)
	}
	return append(b, data...), nil
}

// MarshalBinary implements the encoding.BinaryMarshaler interface.
func (t Time) MarshalBinary() ([]byte, error) {
	return t.AppendBinary(nil)
}

// UnmarshalBinary implements the encoding.BinaryUnmarshaler interface.
func (t *Time) UnmarshalBinary(data []byte) error {
	sec, nsec, offset, isUTC, msg := unmarshalTime(data)
	if msg != "" {
		return errors.New(msg)
	}
	u := Time{sec: sec, nsec: nsec}
	switch {
	case isUTC:
	case offset == localLoc.offset:
		u.loc = Local
	default:
		u.loc = FixedZone("", offset)
	}
	*t = u
	return nil
}

// GobEncode implements the gob.GobEncoder interface.
func (t Time) GobEncode() ([]byte, error) { return t.MarshalBinary() }

// GobDecode implements the gob.GobDecoder interface.
func (t *Time) GobDecode(data []byte) error { return t.UnmarshalBinary(data) }
