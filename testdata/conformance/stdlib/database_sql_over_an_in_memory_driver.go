// database/sql over a small in-memory driver written here: a key-value
// table with INSERT, SELECT, DELETE statements of a fixed shape, driver
// values, transactions with rollback, prepared statements, Scan into
// typed destinations (convertAssign), NULLs, sql.Null*, context
// cancellation and the pool's statistics.
package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"
)

type store struct {
	mu   sync.Mutex
	rows map[int64][]driver.Value // id -> name, score, created
}

type memDriver struct{ s *store }

func (d memDriver) Open(name string) (driver.Conn, error) { return &conn{s: d.s}, nil }

type conn struct {
	s  *store
	tx map[int64][]driver.Value // pending writes (nil value: delete)
}

func (c *conn) Prepare(query string) (driver.Stmt, error) {
	fields := strings.Fields(query)
	if len(fields) == 0 {
		return nil, errors.New("memdb: empty statement")
	}
	verb := strings.ToUpper(fields[0])
	n := strings.Count(query, "?")
	if verb == "INSERT" {
		n = 4
	}
	return &stmt{c: c, verb: verb, n: n}, nil
}

func (c *conn) Close() error { return nil }

func (c *conn) Begin() (driver.Tx, error) {
	c.tx = map[int64][]driver.Value{}
	return c, nil
}

func (c *conn) Commit() error {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	for id, v := range c.tx {
		if v == nil {
			delete(c.s.rows, id)
		} else {
			c.s.rows[id] = v
		}
	}
	c.tx = nil
	return nil
}

func (c *conn) Rollback() error {
	c.tx = nil
	return nil
}

type stmt struct {
	c    *conn
	verb string
	n    int
}

func (s *stmt) Close() error  { return nil }
func (s *stmt) NumInput() int { return s.n }

func (s *stmt) Exec(args []driver.Value) (driver.Result, error) {
	st := s.c.s
	st.mu.Lock()
	defer st.mu.Unlock()
	switch s.verb {
	case "INSERT":
		id := args[0].(int64)
		if _, dup := st.rows[id]; dup {
			return nil, fmt.Errorf("memdb: duplicate id %d", id)
		}
		row := []driver.Value{args[1], args[2], args[3]}
		if s.c.tx != nil {
			s.c.tx[id] = row
		} else {
			st.rows[id] = row
		}
		return driver.RowsAffected(1), nil
	case "DELETE":
		id := args[0].(int64)
		if _, ok := st.rows[id]; !ok {
			return driver.RowsAffected(0), nil
		}
		if s.c.tx != nil {
			s.c.tx[id] = nil
		} else {
			delete(st.rows, id)
		}
		return driver.RowsAffected(1), nil
	}
	return nil, fmt.Errorf("memdb: cannot exec %s", s.verb)
}

func (s *stmt) Query(args []driver.Value) (driver.Rows, error) {
	if s.verb != "SELECT" {
		return nil, fmt.Errorf("memdb: cannot query %s", s.verb)
	}
	st := s.c.s
	st.mu.Lock()
	defer st.mu.Unlock()
	var ids []int64
	for id := range st.rows {
		if len(args) == 0 || args[0].(int64) == id {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	r := &rows{}
	for _, id := range ids {
		r.data = append(r.data, append([]driver.Value{id}, st.rows[id]...))
	}
	return r, nil
}

type rows struct {
	data [][]driver.Value
	i    int
}

func (r *rows) Columns() []string { return []string{"id", "name", "score", "created"} }
func (r *rows) Close() error      { return nil }
func (r *rows) Next(dest []driver.Value) error {
	if r.i >= len(r.data) {
		return io.EOF
	}
	copy(dest, r.data[r.i])
	r.i++
	return nil
}

func main() {
	sql.Register("memdb", memDriver{s: &store{rows: map[int64][]driver.Value{}}})
	db, err := sql.Open("memdb", "")
	if err != nil {
		panic(err)
	}
	defer db.Close()
	fmt.Println(sql.Drivers())
	created := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	for i, name := range []string{"ann", "bob", "cy"} {
		res, err := db.Exec("INSERT INTO t VALUES (?, ?, ?, ?)", int64(i+1), name, float64(i)*1.5, created.Add(time.Duration(i)*time.Hour))
		if err != nil {
			panic(err)
		}
		n, _ := res.RowsAffected()
		fmt.Println("inserted", name, n)
	}
	_, err = db.Exec("INSERT INTO t VALUES (?, ?, ?, ?)", int64(4), nil, 2.5, created)
	fmt.Println("null name:", err)
	_, err = db.Exec("INSERT INTO t VALUES (?, ?, ?, ?)", int64(1), "dup", 0.0, created)
	fmt.Println("duplicate:", err)
	_, err = db.Exec("INSERT INTO t VALUES (?, ?)", int64(9), "x")
	fmt.Println("arg count:", err)

	rs, err := db.Query("SELECT * FROM t")
	if err != nil {
		panic(err)
	}
	cols, _ := rs.Columns()
	fmt.Println(cols)
	for rs.Next() {
		var id int
		var name sql.NullString
		var score string
		var when time.Time
		if err := rs.Scan(&id, &name, &score, &when); err != nil {
			panic(err)
		}
		fmt.Println(id, name.String, name.Valid, score, when.Format(time.Kitchen))
	}
	fmt.Println("rows err:", rs.Err(), rs.Close())

	var name string
	err = db.QueryRow("SELECT * FROM t WHERE id = ?", int64(2)).Scan(new(int), &name, new(float64), new(time.Time))
	fmt.Println("row 2:", name, err)
	err = db.QueryRow("SELECT * FROM t WHERE id = ?", int64(42)).Scan(new(int))
	fmt.Println("missing:", err, errors.Is(err, sql.ErrNoRows))
	var bad int
	err = db.QueryRow("SELECT * FROM t WHERE id = ?", int64(1)).Scan(new(int), &bad, new(float64), new(time.Time))
	fmt.Println("bad scan:", err)

	tx, _ := db.Begin()
	tx.Exec("DELETE FROM t WHERE id = ?", int64(1))
	fmt.Println("rollback:", tx.Rollback())
	tx, _ = db.Begin()
	tx.Exec("DELETE FROM t WHERE id = ?", int64(3))
	fmt.Println("commit:", tx.Commit())
	var count int
	rs, _ = db.Query("SELECT * FROM t")
	for rs.Next() {
		count++
	}
	fmt.Println("after tx:", count)

	ps, _ := db.Prepare("SELECT * FROM t WHERE id = ?")
	for _, id := range []int64{1, 2, 3} {
		var n sql.NullString
		err := ps.QueryRow(id).Scan(new(int64), &n, new(float64), new(time.Time))
		fmt.Println("prepared", id, n.String, err)
	}
	ps.Close()

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = db.ExecContext(ctx, "DELETE FROM t WHERE id = ?", int64(2))
	fmt.Println("cancelled:", err)
	fmt.Println("open conns:", db.Stats().OpenConnections > 0, db.Stats().InUse)
}

// Output:
// [memdb]
// inserted ann 1
// inserted bob 1
// inserted cy 1
// null name: <nil>
// duplicate: memdb: duplicate id 1
// arg count: sql: expected 4 arguments, got 2
// [id name score created]
// 1 ann true 0 10:00AM
// 2 bob true 1.5 11:00AM
// 3 cy true 3 12:00PM
// 4  false 2.5 10:00AM
// rows err: <nil> <nil>
// row 2: bob <nil>
// missing: sql: no rows in result set true
// bad scan: sql: Scan error on column index 1, name "name": converting driver.Value type string ("ann") to a int: invalid syntax
// rollback: <nil>
// commit: <nil>
// after tx: 3
// prepared 1 ann <nil>
// prepared 2 bob <nil>
// prepared 3  sql: no rows in result set
// cancelled: context canceled
// open conns: true 0
