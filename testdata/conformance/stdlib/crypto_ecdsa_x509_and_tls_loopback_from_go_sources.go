package main

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"math/big"
	"net"
	"time"
)

func main() {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	h := sha256.Sum256([]byte("message"))
	sig, _ := ecdsa.SignASN1(rand.Reader, key, h[:])
	fmt.Println("ecdsa verify:", ecdsa.VerifyASN1(&key.PublicKey, h[:], sig))

	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(7),
		Subject:               pkix.Name{CommonName: "localhost", Organization: []string{"spindle"}},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		IsCA:                  true,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		panic(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		panic(err)
	}
	fmt.Println("cert:", cert.Subject.CommonName, cert.Subject.Organization, cert.SerialNumber, cert.DNSNames, cert.IsCA)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	_, err = cert.Verify(x509.VerifyOptions{Roots: pool, DNSName: "localhost"})
	fmt.Println("verify:", err)

	srvCfg := &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}
	ln, err := tls.Listen("tcp", "127.0.0.1:0", srvCfg)
	if err != nil {
		panic(err)
	}
	go func() {
		c, err := ln.Accept()
		if err != nil {
			panic(err)
		}
		defer c.Close()
		line, _ := bufio.NewReader(c).ReadString('\n')
		fmt.Fprintf(c, "echo: %s", line)
	}()
	for _, v := range []uint16{tls.VersionTLS12, tls.VersionTLS13} {
		_ = v
	}
	conn, err := tls.Dial("tcp", ln.Addr().String(), &tls.Config{RootCAs: pool, ServerName: "localhost"})
	if err != nil {
		panic(err)
	}
	st := conn.ConnectionState()
	fmt.Println("tls:", st.HandshakeComplete, st.Version == tls.VersionTLS13, st.PeerCertificates[0].Subject.CommonName)
	fmt.Fprintf(conn, "hi over tls\n")
	reply, _ := bufio.NewReader(conn).ReadString('\n')
	fmt.Print(reply)
	conn.Close()
	ln.Close()
}

// Output:
// ecdsa verify: true
// cert: localhost [spindle] 7 [localhost] true
// verify: <nil>
// tls: true true localhost
// echo: hi over tls
