package main

import "fmt"

type Animal struct {
	Name string
	Legs int
}

func (a Animal) Describe() string { return fmt.Sprintf("%s has %d legs", a.Name, a.Legs) }
func (a *Animal) Rename(n string) { a.Name = n }
func (a Animal) Sound() string    { return "..." }

type Dog struct {
	Animal
	Breed string
}

func (d Dog) Sound() string { return "woof" }

type Logger struct{ prefix string }

func (l *Logger) Log(msg string) string { return l.prefix + msg }

type Service struct {
	*Logger
	Dog
	Name string // shadows Dog.Animal.Name
}

type Inner struct{ X int }
type Middle struct {
	Inner
	Y int
}
type Outer struct {
	Middle
	Z int
}

func main() {
	d := Dog{Animal: Animal{Name: "Rex", Legs: 4}, Breed: "lab"}
	fmt.Println(d.Name, d.Legs, d.Breed)
	fmt.Println(d.Describe())
	fmt.Println(d.Sound(), d.Animal.Sound())
	d.Rename("Max")
	fmt.Println(d.Name, d.Animal.Name)
	fmt.Printf("%v\n%+v\n", d, d)

	s := Service{Logger: &Logger{prefix: "[svc] "}, Dog: d, Name: "api"}
	fmt.Println(s.Log("started"))
	fmt.Println(s.Name, s.Dog.Name, s.Animal.Name)
	fmt.Println(s.Describe(), s.Sound())

	o := Outer{Middle{Inner{1}, 2}, 3}
	o.X += 10
	fmt.Println(o.X, o.Y, o.Z, o.Middle.Inner.X)
	fmt.Printf("%+v\n", o)

	// Embedded pointer shares state.
	lg := &Logger{prefix: "a:"}
	s1 := Service{Logger: lg}
	s2 := Service{Logger: lg}
	s1.prefix = "b:"
	fmt.Println(s2.Log("x"))

	// Method value bound to embedded receiver.
	f := d.Describe
	d.Legs = 3
	fmt.Println(f())
	g := d.Rename
	g("Buddy")
	fmt.Println(d.Name)

	// Interfaces satisfied via promotion.
	type Describer interface{ Describe() string }
	var ds []Describer = []Describer{d, &d, o.Middle.Inner2()}
	for _, x := range ds {
		fmt.Println(x.Describe())
	}
}

func (i Inner) Describe() string { return fmt.Sprint("inner ", i.X) }
func (m Middle) Inner2() Inner   { return m.Inner }

// Output:
// Rex 4 lab
// Rex has 4 legs
// woof ...
// Max Max
// {{Max 4} lab}
// {Animal:{Name:Max Legs:4} Breed:lab}
// [svc] started
// api Max Max
// Max has 4 legs woof
// 11 2 3 11
// {Middle:{Inner:{X:11} Y:2} Z:3}
// b:x
// Max has 4 legs
// Buddy
// Buddy has 3 legs
// Buddy has 3 legs
// inner 11
