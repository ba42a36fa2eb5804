// Command go-x509-oracle verifies certificates the way every Kubernetes component does, with Go's
// own crypto/x509, so the product's chain engine can be held to it. It reads one JSON request per
// line on stdin and writes one JSON answer per line:
//
//	{"id":"c1","leaf":"<DER, base64>","intermediates":[…],"roots":[…],"now":"2026-01-01T00:00:00Z","keyUsages":["serverAuth"]}
//	→ {"id":"c1","ok":false,"error":"x509: certificate signed by unknown authority","chain":[]}
//
//	{"id":"p1","parse":"<DER, base64>"} → {"id":"p1","ok":false,"error":"x509: …"}
//	{"id":"h1","dnsNames":["*.com"],"ips":["10.0.0.1"],"host":"foo.com"} → {"id":"h1","ok":true}
//
// A leaf or intermediate Go cannot parse is an error ("leaf: …", "intermediate 1: …"), as the peer's
// handshake fails on it; a root it cannot parse is left out of the pool, as AppendCertsFromPEM does.
package main

import (
	"bufio"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"time"
)

type request struct {
	ID            string   `json:"id"`
	Leaf          string   `json:"leaf"`
	Intermediates []string `json:"intermediates"`
	Roots         []string `json:"roots"`
	Now           string   `json:"now"`
	KeyUsages     []string `json:"keyUsages"`
	Parse         string   `json:"parse"`
	DNSNames      []string `json:"dnsNames"`
	IPs           []string `json:"ips"`
	Host          string   `json:"host"`
}

type answer struct {
	ID    string `json:"id"`
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
	// Chain is the first verified chain, as indexes: 0 the leaf, 1… the intermediates, -1… the roots.
	Chain []int `json:"chain,omitempty"`
}

var usages = map[string]x509.ExtKeyUsage{
	"serverAuth": x509.ExtKeyUsageServerAuth,
	"clientAuth": x509.ExtKeyUsageClientAuth,
	"any":        x509.ExtKeyUsageAny,
}

func parse(b64 string) (*x509.Certificate, error) {
	der, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		return nil, fmt.Errorf("base64: %w", err)
	}
	return x509.ParseCertificate(der)
}

func verify(req request) answer {
	if req.Parse != "" {
		if _, err := parse(req.Parse); err != nil {
			return answer{ID: req.ID, Error: err.Error()}
		}
		return answer{ID: req.ID, OK: true}
	}
	if req.Host != "" {
		cert := &x509.Certificate{DNSNames: req.DNSNames}
		for _, ip := range req.IPs {
			cert.IPAddresses = append(cert.IPAddresses, net.ParseIP(ip))
		}
		if err := cert.VerifyHostname(req.Host); err != nil {
			return answer{ID: req.ID, Error: err.Error()}
		}
		return answer{ID: req.ID, OK: true}
	}
	leaf, err := parse(req.Leaf)
	if err != nil {
		return answer{ID: req.ID, Error: "leaf: " + err.Error()}
	}
	index := map[*x509.Certificate]int{leaf: 0}
	intermediates := x509.NewCertPool()
	for i, b64 := range req.Intermediates {
		cert, err := parse(b64)
		if err != nil {
			return answer{ID: req.ID, Error: fmt.Sprintf("intermediate %d: %s", i+1, err)}
		}
		index[cert] = i + 1
		intermediates.AddCert(cert)
	}
	roots := x509.NewCertPool()
	for i, b64 := range req.Roots {
		cert, err := parse(b64)
		if err != nil {
			continue
		}
		index[cert] = -(i + 1)
		roots.AddCert(cert)
	}
	now, err := time.Parse(time.RFC3339, req.Now)
	if err != nil {
		return answer{ID: req.ID, Error: "now: " + err.Error()}
	}
	opts := x509.VerifyOptions{Roots: roots, Intermediates: intermediates, CurrentTime: now}
	for _, name := range req.KeyUsages {
		opts.KeyUsages = append(opts.KeyUsages, usages[name])
	}
	chains, err := leaf.Verify(opts)
	if err != nil {
		return answer{ID: req.ID, Error: err.Error()}
	}
	out := answer{ID: req.ID, OK: true}
	for _, cert := range chains[0] {
		i, known := index[cert]
		if !known {
			// The pool hands back its own parse of an added certificate: match it by DER.
			for c, j := range index {
				if string(c.Raw) == string(cert.Raw) {
					i = j
				}
			}
		}
		out.Chain = append(out.Chain, i)
	}
	return out
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 0, 1<<20), 64<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	encoder := json.NewEncoder(out)
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "bad request:", err)
			os.Exit(2)
		}
		if err := encoder.Encode(verify(req)); err != nil {
			fmt.Fprintln(os.Stderr, "write:", err)
			os.Exit(2)
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "read:", err)
		os.Exit(2)
	}
}
