#!/usr/bin/env python3
"""A fleet-sized kubeadm cluster written by another tool than the project's own generator.

`npm run bench:scale -- --shape independent` measures the CLI on what this script writes, so that
speed is not only measured on certificates the project made itself. It uses Python's
`cryptography` package (OpenSSL underneath), not @peculiar/x509.

The control plane is real kubeadm v1.20 output (e2e/fixtures/kubeadm-v1.20: its manifests and
kubeconfigs as kubeadm wrote them), every certificate re-issued with fresh keys of the chosen CA
type and every field kept: subject, SANs, key usage, extended key usage. Each worker is what a
kubeadm join plus a year of kubelet rotation leaves on a node:

  nodes/node-N/etc/hostname
  nodes/node-N/etc/kubernetes/kubelet.conf        CA embedded, client cert by absolute path
  nodes/node-N/etc/kubernetes/pki/ca.crt
  nodes/node-N/var/lib/kubelet/config.yaml        rotateCertificates, serverTLSBootstrap
  nodes/node-N/var/lib/kubelet/pki/kubelet-client-<stamp>.pem  + kubelet-client-current.pem ->
  nodes/node-N/var/lib/kubelet/pki/kubelet-server-<stamp>.pem  + kubelet-server-current.pem ->

The current-links are absolute, as the kubelet's certificate store writes them. Kubelet pairs are
ECDSA P-256 with "EC PRIVATE KEY" blocks, random 63-bit serials, signed by the cluster CA as the
controller-manager's CSR signer does. With --collector, each node is afterwards gathered by the
real public/k8s-pki-collect.sh (--root) into archives/<host>.tar.gz, the control plane's too: the
offline auditor's directory of per-node collector archives (the folders stay, for openssl).

Usage: independent-cluster.py --workers N --ca rsa|ecdsa --out DIR [--now ISO] [--collector]
"""

import argparse
import warnings
import base64
import datetime
import os
import re
import secrets
import shutil
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa
from cryptography.x509.oid import ExtensionOID, NameOID

warnings.filterwarnings("ignore", message="Parsed a serial number")

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLE = os.path.join(REPO, "e2e", "fixtures", "kubeadm-v1.20")
COLLECTOR = os.path.join(REPO, "public", "k8s-pki-collect.sh")
API_SERVER = "https://10.0.4.3:6443"
KUBELET_PKI = "/var/lib/kubelet/pki"


def new_key(kind):
    if kind == "rsa":
        return rsa.generate_private_key(public_exponent=65537, key_size=2048)
    return ec.generate_private_key(ec.SECP256R1())


def key_pem(key):
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.TraditionalOpenSSL,
        serialization.NoEncryption(),
    )


def cert_pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM)


def serial():
    return secrets.randbits(63) | 1


def sign(builder, issuer_key):
    return builder.sign(issuer_key, hashes.SHA256())


def reissue(old, key, issuer_cert, issuer_key, not_before, not_after):
    """`old` with a new key, issuer and dates; every extension but the key identifiers kept."""
    builder = (
        x509.CertificateBuilder()
        .subject_name(old.subject)
        .issuer_name(issuer_cert.subject if issuer_cert is not None else old.subject)
        .public_key(key.public_key())
        .serial_number(serial())
        .not_valid_before(not_before)
        .not_valid_after(not_after)
    )
    for ext in old.extensions:
        if ext.oid in (ExtensionOID.SUBJECT_KEY_IDENTIFIER, ExtensionOID.AUTHORITY_KEY_IDENTIFIER):
            continue
        builder = builder.add_extension(ext.value, ext.critical)
    builder = builder.add_extension(
        x509.SubjectKeyIdentifier.from_public_key(key.public_key()), False
    )
    if issuer_cert is not None:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_cert.public_key()), False
        )
    return sign(builder, issuer_key if issuer_key is not None else key)


def write(path, data, mode=0o644):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())
    os.chmod(path, mode)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def control_plane(out, kind, now):
    """The sample's /etc/kubernetes, every certificate re-issued; returns the cluster CA pair."""
    etc = os.path.join(out, "control-plane", "etc", "kubernetes")
    pki = os.path.join(SAMPLE, "pki")
    ca_start, ca_end = now - datetime.timedelta(days=30), now + datetime.timedelta(days=3650 - 30)
    leaf_start, leaf_end = now - datetime.timedelta(days=30), now + datetime.timedelta(days=335)
    cas = {}
    for name in ("ca", "front-proxy-ca", "etcd/ca"):
        old = x509.load_pem_x509_certificate(read(os.path.join(pki, name + ".crt")))
        key = new_key(kind)
        cert = reissue(old, key, None, None, ca_start, ca_end)
        cas[name] = (cert, key)
        write(os.path.join(etc, "pki", name + ".crt"), cert_pem(cert))
        write(os.path.join(etc, "pki", name + ".key"), key_pem(key), 0o600)
    issuer_of = {
        "apiserver": "ca",
        "apiserver-kubelet-client": "ca",
        "front-proxy-client": "front-proxy-ca",
        "apiserver-etcd-client": "etcd/ca",
        "etcd/server": "etcd/ca",
        "etcd/peer": "etcd/ca",
        "etcd/healthcheck-client": "etcd/ca",
    }
    for name, issuer in issuer_of.items():
        old = x509.load_pem_x509_certificate(read(os.path.join(pki, name + ".crt")))
        key = new_key(kind)
        ca_cert, ca_key = cas[issuer]
        cert = reissue(old, key, ca_cert, ca_key, leaf_start, leaf_end)
        write(os.path.join(etc, "pki", name + ".crt"), cert_pem(cert))
        write(os.path.join(etc, "pki", name + ".key"), key_pem(key), 0o600)
    sa = new_key(kind)
    write(os.path.join(etc, "pki", "sa.key"), key_pem(sa), 0o600)
    write(
        os.path.join(etc, "pki", "sa.pub"),
        sa.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        ),
    )
    ca_cert, ca_key = cas["ca"]
    data = re.compile(r"^(\s*)(certificate-authority-data|client-certificate-data|client-key-data): (\S+)$", re.M)
    for conf in ("admin.conf", "controller-manager.conf", "scheduler.conf", "kubelet.conf"):
        text = read(os.path.join(SAMPLE, conf)).decode()
        old_client = None
        for m in data.finditer(text):
            if m.group(2) == "client-certificate-data":
                old_client = x509.load_pem_x509_certificate(base64.b64decode(m.group(3)))
        key = new_key(kind)
        client = reissue(old_client, key, ca_cert, ca_key, leaf_start, leaf_end)
        values = {
            "certificate-authority-data": cert_pem(ca_cert),
            "client-certificate-data": cert_pem(client),
            "client-key-data": key_pem(key),
        }
        text = data.sub(
            lambda m: f"{m.group(1)}{m.group(2)}: {base64.b64encode(values[m.group(2)]).decode()}", text
        )
        write(os.path.join(etc, conf), text, 0o600)
    shutil.copytree(os.path.join(SAMPLE, "manifests"), os.path.join(etc, "manifests"))
    write(os.path.join(out, "control-plane", "etc", "hostname"), "cp-1\n")
    return ca_cert, ca_key


def kubelet_config():
    return """apiVersion: kubelet.config.k8s.io/v1beta1
authentication:
  anonymous:
    enabled: false
  webhook:
    cacheTTL: 0s
    enabled: true
  x509:
    clientCAFile: /etc/kubernetes/pki/ca.crt
authorization:
  mode: Webhook
cgroupDriver: systemd
clusterDNS:
- 10.96.0.10
clusterDomain: cluster.local
kind: KubeletConfiguration
rotateCertificates: true
serverTLSBootstrap: true
staticPodPath: /etc/kubernetes/manifests
"""


def worker_kubeconfig(name, ca_pem):
    current = f"{KUBELET_PKI}/kubelet-client-current.pem"
    return f"""apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: {base64.b64encode(ca_pem).decode()}
    server: {API_SERVER}
  name: kubernetes
contexts:
- context:
    cluster: kubernetes
    user: system:node:{name}
  name: system:node:{name}@kubernetes
current-context: system:node:{name}@kubernetes
kind: Config
preferences: {{}}
users:
- name: system:node:{name}
  user:
    client-certificate: {current}
    client-key: {current}
"""


def kubelet_pair(name, address, serving, ca_cert, ca_key, issued):
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "system:nodes"),
            x509.NameAttribute(NameOID.COMMON_NAME, f"system:node:{name}"),
        ]
    )
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(serial())
        .not_valid_before(issued)
        .not_valid_after(issued + datetime.timedelta(days=365))
        .add_extension(
            x509.KeyUsage(True, False, False, False, False, False, False, False, False), True
        )
        .add_extension(
            x509.ExtendedKeyUsage(
                [x509.ExtendedKeyUsageOID.SERVER_AUTH if serving else x509.ExtendedKeyUsageOID.CLIENT_AUTH]
            ),
            False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), True)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_cert.public_key()), False)
    )
    if serving:
        import ipaddress

        builder = builder.add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName(name), x509.IPAddress(ipaddress.ip_address(address))]
            ),
            False,
        )
    return cert_pem(sign(builder, ca_key)) + key_pem(key)


def write_workers(args):
    out, first, last, ca_pem, ca_key_pem, now_iso = args
    ca_cert = x509.load_pem_x509_certificate(ca_pem)
    ca_key = serialization.load_pem_private_key(ca_key_pem, None)
    now = datetime.datetime.fromisoformat(now_iso)
    for i in range(first, last + 1):
        name = f"node-{i}"
        root = os.path.join(out, "nodes", name)
        address = f"10.1.{(i // 256) % 256}.{i % 256}"
        issued = now - datetime.timedelta(days=20 + i % 200, seconds=i)
        stamp = issued.strftime("%Y-%m-%d-%H-%M-%S")
        write(os.path.join(root, "etc", "hostname"), name + "\n")
        write(os.path.join(root, "etc", "kubernetes", "kubelet.conf"), worker_kubeconfig(name, ca_pem), 0o600)
        write(os.path.join(root, "etc", "kubernetes", "pki", "ca.crt"), ca_pem)
        write(os.path.join(root, "var", "lib", "kubelet", "config.yaml"), kubelet_config())
        pki = os.path.join(root, "var", "lib", "kubelet", "pki")
        for role, serving in (("client", False), ("server", True)):
            file = f"kubelet-{role}-{stamp}.pem"
            write(os.path.join(pki, file), kubelet_pair(name, address, serving, ca_cert, ca_key, issued), 0o600)
            os.symlink(f"{KUBELET_PKI}/{file}", os.path.join(pki, f"kubelet-{role}-current.pem"))
    return last - first + 1


def collect(out, workers, jobs):
    """Every node, the control plane too, gathered by the real collector into archives/<host>.tar.gz."""
    archives = os.path.join(out, "archives")
    os.makedirs(archives, exist_ok=True)
    roots = ["control-plane"] + [f"nodes/node-{i}" for i in range(1, workers + 1)]
    script = (
        'sh "$0" --root "$1/$2" --out "$1/archives/$(basename "$2").tar.gz" >/dev/null 2>&1 || '
        '{ echo "collector failed on $2" >&2; exit 1; }'
    )
    run = subprocess.run(
        ["xargs", "-P", str(jobs), "-n", "1", "sh", "-c", script, COLLECTOR, out],
        input="\n".join(roots) + "\n",
        text=True,
    )
    if run.returncode != 0:
        sys.exit("the collector failed on a node")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, required=True)
    parser.add_argument("--ca", choices=("rsa", "ecdsa"), default="rsa")
    parser.add_argument("--out", required=True)
    parser.add_argument("--now", default="2026-12-01T00:00:00+00:00")
    parser.add_argument("--collector", action="store_true")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    out = os.path.abspath(args.out)
    if os.path.exists(out):
        sys.exit(f"{out} exists; remove it first")
    now = datetime.datetime.fromisoformat(args.now.replace("Z", "+00:00"))
    ca_cert, ca_key = control_plane(out, args.ca, now)
    ca_pem = cert_pem(ca_cert)
    ca_key_pem = key_pem(ca_key)
    batch = 250
    tasks = [
        (out, first, min(args.workers, first + batch - 1), ca_pem, ca_key_pem, now.isoformat())
        for first in range(1, args.workers + 1, batch)
    ]
    done = 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for count in pool.map(write_workers, tasks):
            done += count
            if done % 5000 < batch or done == args.workers:
                print(f"  wrote {done} of {args.workers} workers", file=sys.stderr)
    if args.collector:
        collect(out, args.workers, args.jobs)
    write(os.path.join(out, ".complete"), now.isoformat() + "\n")


if __name__ == "__main__":
    main()
