// time.LoadLocation reads the IANA time zone database (the host's rules):
// conversions, Date and ParseInLocation across a daylight-saving change,
// Zone, and the error for an unknown zone.
package main

import (
	"fmt"
	"time"
)

func main() {
	loc, err := time.LoadLocation("America/New_York")
	fmt.Println(loc, err)
	t := time.Date(2024, 7, 1, 12, 0, 0, 0, time.UTC)
	fmt.Println(t.In(loc), t.In(loc).Format(time.RFC1123Z))
	w := time.Date(2024, 1, 15, 9, 30, 0, 0, loc)
	fmt.Println(w, w.UTC(), w.Unix())
	fmt.Println(w.Zone())
	p, err := time.ParseInLocation("2006-01-02 15:04", "2024-03-10 03:30", loc)
	fmt.Println(p, err)
	_, err = time.LoadLocation("Nowhere/City")
	fmt.Println(err)
	tok, _ := time.LoadLocation("Asia/Tokyo")
	fmt.Println(t.In(tok).Format(time.Kitchen), t.In(tok).Location())
	b, _ := w.MarshalJSON()
	fmt.Println(string(b))
}

// Output:
// America/New_York <nil>
// 2024-07-01 08:00:00 -0400 EDT Mon, 01 Jul 2024 08:00:00 -0400
// 2024-01-15 09:30:00 -0500 EST 2024-01-15 14:30:00 +0000 UTC 1705329000
// EST -18000
// 2024-03-10 03:30:00 -0400 EDT <nil>
// unknown time zone Nowhere/City
// 9:00PM Asia/Tokyo
// "2024-01-15T09:30:00-05:00"
