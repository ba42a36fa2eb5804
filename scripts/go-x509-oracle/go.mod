module k8s-pki-explorer/go-x509-oracle

go 1.23
