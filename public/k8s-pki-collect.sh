#!/bin/sh
# k8s-pki-collect.sh: gathers the files K8s PKI Explorer reads from a Kubernetes node into one
# archive, <hostname>/... inside, to drop on the explorer page or give to `k8s-pki audit`.
#
#   sh k8s-pki-collect.sh [--root DIR] [--out FILE] [--public-keys-only] [--objects] [--served]
#
# Needs only a POSIX sh, tar with gzip (-z) and the usual file tools (busybox is enough); openssl
# for --public-keys-only. It reads, never writes, the node's files, and writes only the archive.
# What it gathers is what the analysis reads, where each distribution puts it:
#   kubeadm, kind, kubespray: /etc/kubernetes (pki/ or ssl/, *.conf, manifests/, kubeadm and
#     kubelet config files), /var/lib/kubelet (config.yaml, kubeadm-flags.env, kubeconfig, pki/),
#     /etc/default/kubelet, /etc/sysconfig/kubelet, kind's /kind/kubeadm.conf
#   systemd units and drop-ins of kubelet, kube-apiserver, kube-controller-manager,
#     kube-scheduler, kube-proxy, etcd (the hard way, kubespray's etcd)
#   external etcd: /etc/etcd*, /etc/ssl/etcd, /etc/default/etcd
#   k3s and RKE2: /var/lib/rancher/<k3s|rke2>/server/{tls,cred}, server/db/etcd/config,
#     agent/ (certificates, keys, kubeconfigs) and agent/pod-manifests, /etc/rancher/<k3s|rke2>
#   minikube: /var/lib/minikube/{certs,kubeconfig}, /var/tmp/minikube/kubeadm.yaml
#   MicroK8s: /var/snap/microk8s/current/{certs,credentials,args}
#   k0s: /var/lib/k0s/{pki,kubelet.conf,kubelet/pki}, /etc/k0s
#   RKE1 (/etc/kubernetes/ssl) and OpenShift (/etc/kubernetes/static-pod-resources, kubelet-ca.crt)
#     are under /etc/kubernetes
#   the hard way: /var/lib/kubernetes, /var/lib/kube-proxy, and /etc/k8s per service
#   homes (/root, /home/*): .kube/config, *.kubeconfig, ~/.minikube certificates and keys
#   any further certificate, key or configuration file the gathered configuration names
# Never gathered: databases (state.db, etcd's data), logs, archives, sockets, k3s's passwd,
# node-passwd, ipsec.psk and tokens, registries.yaml, files over 4 MiB.
# With --objects (opt-in), also the cluster's API objects that hold trust, through kubectl and the
# node's admin kubeconfig: webhook configurations, APIServices, CRDs, CSRs, cert-manager's
# Certificates and issuers, and TLS Secrets (their certificates only with --public-keys-only).
# With --served (opt-in), also the certificate chain each component serves on this node's own
# ports (openssl s_client to 127.0.0.1, ports from the gathered configuration): PEM certificates only.
set -u
umask 077
LC_ALL=C
export LC_ALL

VERSION=1
MAX_BYTES=4194304
MAX_DEPTH=8
MAX_FILES=20000
MAX_VISITS=200000
PLACEHOLDER=k8s-pki-collect-redacted
TAB=$(printf '\t')
NL='
'

PROG=k8s-pki-collect.sh
usage() {
  cat <<EOF
Usage: sh $PROG [--root DIR] [--out FILE] [--public-keys-only] [--objects] [--served]

Gathers this node's Kubernetes certificates, keys, kubeconfigs, static-pod manifests, kubelet and
etcd configuration and systemd units into one .tgz for K8s PKI Explorer (every entry under a
folder named after the host). Run it as root to read the keys.

  --root DIR           read the node's files below DIR instead of / (a mounted disk, a copy)
  --out FILE           write the archive there (default: ./<hostname>-k8s-pki.tgz)
  --public-keys-only   replace every private key by its public key (needs openssl) and every
                       token and password by a placeholder: the archive then holds no secret,
                       and key pairs are still checked on the public halves (recommended)
  --objects            also ask the cluster, with kubectl and the node's admin kubeconfig
                       (/etc/kubernetes/admin.conf, k3s.yaml, rke2.yaml), for the objects that
                       hold trust: webhook configurations, APIServices, CRDs, CSRs, cert-manager
                       Certificates and issuers, TLS Secrets (written to objects/*.yaml; with
                       --public-keys-only the Secrets keep tls.crt and ca.crt, never tls.key)
  --served             also read, with openssl s_client on 127.0.0.1, the certificate each
                       component really serves on the port this node's configuration names
                       (kube-apiserver, etcd, kubelet, controller-manager, scheduler): only the
                       PEM certificates are kept, in served/<component>-<port>.pem, with
                       served/served.tsv (address, UTC time, ok/refused/timeout/no-tls)
  -h, --help           show this help

Exit codes: 0 archive written; 1 nothing found under the root (no archive); 2 usage error;
3 the archive could not be written; 4 refused: a --public-keys-only archive would have held a private
key (the last check leaves out each file that holds one; the list of names cannot be left out).
EOF
}

usage_error() {
  printf '%s: %s\n' "$PROG" "$1" >&2
  printf 'Usage: sh %s [--root DIR] [--out FILE] [--public-keys-only] [--objects] [--served] (see --help)\n' "$PROG" >&2
  exit 2
}

ROOT=/
OUT=
PKO=0
OBJECTS=0
SERVED=0
while [ $# -gt 0 ]; do
  case $1 in
    --root)
      [ $# -ge 2 ] || usage_error "--root needs a folder"
      ROOT=$2
      shift 2
      ;;
    --root=*)
      ROOT=${1#--root=}
      shift
      ;;
    --out)
      [ $# -ge 2 ] || usage_error "--out needs a file name"
      OUT=$2
      shift 2
      ;;
    --out=*)
      OUT=${1#--out=}
      shift
      ;;
    --public-keys-only)
      PKO=1
      shift
      ;;
    --objects)
      OBJECTS=1
      shift
      ;;
    --served)
      SERVED=1
      shift
      ;;
    -h | --help)
      usage
      exit 0
      ;;
    *) usage_error "unknown option or argument '$1'" ;;
  esac
done
[ -n "$ROOT" ] || usage_error "--root needs a folder"
[ -d "$ROOT" ] || usage_error "--root '$ROOT' is not a folder"
if [ -n "$OUT" ]; then
  case $OUT in */) usage_error "--out '$OUT' names a folder, not a file" ;; esac
  [ -d "$OUT" ] && usage_error "--out '$OUT' is a folder, not a file"
fi

# The archive is written beside its final name and moved there whole: check that folder first,
# before any work.
case $OUT in
  */*) OUT_DIR=${OUT%/*} ;;
  *) OUT_DIR=. ;;
esac
[ -n "$OUT_DIR" ] || OUT_DIR=/
if [ ! -d "$OUT_DIR" ] || [ ! -w "$OUT_DIR" ]; then
  printf '%s: cannot write %s: the folder %s does not exist or is not writable\n' "$PROG" "$OUT" "$OUT_DIR" >&2
  exit 3
fi

# R prefixes every node path (/etc/kubernetes) to reach it below the root; "" for /. A relative
# root gets "./" so that no path ever starts with "-".
case $ROOT in
  /*) ;;
  *) ROOT=./$ROOT ;;
esac
R=$ROOT
while :; do
  case $R in
    */) R=${R%/} ;;
    *) break ;;
  esac
done

say() { printf '%s\n' "$*" >&2; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/k8s-pki-collect.XXXXXX" 2>/dev/null) || {
  TMP=${TMPDIR:-/tmp}/k8s-pki-collect.$$
  mkdir "$TMP" || {
    say "$PROG: cannot make a temporary folder in ${TMPDIR:-/tmp}"
    exit 3
  }
}
PART=
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
  rm -rf "$TMP"
  [ -z "$PART" ] || rm -f "$PART"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

OPENSSL=$(command -v openssl 2>/dev/null) || OPENSSL=
HAVE_READLINK=0
command -v readlink >/dev/null 2>&1 && HAVE_READLINK=1

# --- the host name, the archive's top folder --------------------------------------------------

# A tree given with --root names itself in its own etc/hostname; otherwise the running system does.
host_name() {
  if [ -n "$R" ] && [ -f "$R/etc/hostname" ] && [ -r "$R/etc/hostname" ]; then
    head -n 1 "$R/etc/hostname"
    return
  fi
  hostname 2>/dev/null && return
  uname -n 2>/dev/null && return
  [ -r /etc/hostname ] && head -n 1 /etc/hostname
}
HOST=$(host_name | tr -c 'A-Za-z0-9._-' '-' | sed 's/^[-.]*//; s/-*$//' | cut -c 1-63)
[ -n "$HOST" ] || HOST=node
[ -n "$OUT" ] || OUT=./$HOST-k8s-pki.tgz

STAGE=$TMP/stage
NODE=$STAGE/$HOST
mkdir -p "$NODE" || exit 3
: >"$TMP/gathered"
: >"$TMP/skipped"
: >"$TMP/changes"
: >"$TMP/areas"

FILES=0
LINKS=0
VISITS=0
LIMIT_NOTED=0
MISSING=

# Node paths are held in lists (folders walked, folders to walk, links to folders) ended each by
# "/./": a path built a part at a time by canon never holds "/./", while a name may hold any
# other byte, a line break or a tab too. No name goes through a line of text.
WALKED=/./
QUEUE=
PENDING=

# Append "$1<TAB>$2" as a line to the list $3 (gathered, skipped, changed: shown at the end); a
# line break or a tab in a name or a link's text is shown as '?', as ls shows it.
note() {
  case $1$2 in
    *"$NL"* | *"$TAB"*)
      printf '%s\t%s\n' "$(printf '%s' "$1" | tr '\t\n' '??')" "$(printf '%s' "$2" | tr '\t\n' '??')"
      ;;
    *) printf '%s\t%s\n' "$1" "$2" ;;
  esac >>"$3"
}

# One skipped file and why; the list is shown and archived at the end.
skip() {
  note "$1" "$2" "$TMP/skipped"
}

# Skip the link $1, saying "$3<its target $2>$4". With --public-keys-only a target that holds key
# material (a link's text may hold anything) is not repeated: the list goes into the archive.
skip_link() {
  s_text=$2
  if [ $PKO = 1 ]; then
    printf '%s\n' "$2" >"$TMP/link-text"
    find_key_material "$TMP/link-text"
    [ -z "$LEAK" ] || s_text="(a target that holds key material, not shown)"
  fi
  skip "$1" "$3$s_text$4"
}

# The target of the link $1 as written, in LINK_TEXT: a line break in it kept, a trailing one too.
read_link() {
  if [ $HAVE_READLINK = 1 ]; then
    LINK_TEXT=$(readlink "$1" && echo .) || return 1
  else
    # shellcheck disable=SC2012 # no readlink: ls -l is the portable way to see a link's target
    LINK_TEXT=$(ls -ld "$1" | sed 's/^.* -> //' && echo .) || return 1
  fi
  LINK_TEXT=${LINK_TEXT%.}
  LINK_TEXT=${LINK_TEXT%"$NL"}
}

# Resolve the node path $1 component by component as the kernel would, but below the root: an
# absolute link target names a path of the node, not of this machine. Sets CANON to the resolved
# path and CANON_LINKS to the links met (each ended by "/./"). Fails on a loop (more than 40 links).
canon() {
  c_rest=$1
  CANON=
  CANON_LINKS=
  c_hops=0
  while [ -n "$c_rest" ]; do
    c_rest=${c_rest#/}
    case $c_rest in
      */*)
        c_part=${c_rest%%/*}
        c_rest=${c_rest#*/}
        ;;
      *)
        c_part=$c_rest
        c_rest=
        ;;
    esac
    case $c_part in
      '' | .) continue ;;
      ..)
        CANON=${CANON%/*}
        continue
        ;;
    esac
    if [ -L "$R$CANON/$c_part" ]; then
      c_hops=$((c_hops + 1))
      [ $c_hops -le 40 ] || return 1
      read_link "$R$CANON/$c_part" || return 1
      CANON_LINKS=$CANON_LINKS$CANON/$c_part/./
      case $LINK_TEXT in /*) CANON= ;; esac
      c_rest=$LINK_TEXT/$c_rest
    else
      CANON=$CANON/$c_part
    fi
  done
  [ -n "$CANON" ] || CANON=/
}

# Put the link at node path $1 into the archive as a link, with the same target text.
stage_link() {
  [ -L "$NODE$1" ] && return 0
  [ -e "$NODE$1" ] && return 0
  read_link "$R$1" || return 1
  [ -d "$NODE${1%/*}" ] || mkdir -p "$NODE${1%/*}" || return 1
  ln -s -- "$LINK_TEXT" "$NODE$1" || return 1
  LINKS=$((LINKS + 1))
  note link "$1" "$TMP/gathered"
}

# Links met while resolving a path whose target is now in the archive: keep them too.
stage_links() {
  [ -n "$1" ] || return 0
  s_rest=$1
  while [ -n "$s_rest" ]; do
    s_one=${s_rest%%/./*}
    s_rest=${s_rest#*/./}
    stage_link "$s_one"
  done
}

# Whether a file is text (no NUL byte).
is_text() {
  [ "$(tr -d '\000' <"$1" | wc -c)" -eq "$(wc -c <"$1")" ]
}

# Does the name alone say what the file is? 0: PKI material or configuration, 1: never gathered
# (REASON says why), 2: unknown, decided by content.
judge_name() {
  case $1 in
    passwd | node-passwd | ipsec.psk | token | node-token | agent-token | server-token)
      REASON="a secret the analysis does not read: not gathered"
      return 1
      ;;
    *.db | *.db-* | *.sqlite | *.sqlite3 | *.wal | snap | *.snap)
      REASON="a database: not gathered"
      return 1
      ;;
    *.log | *.log.[0-9]*)
      REASON="a log file: not gathered"
      return 1
      ;;
    *.tar | *.tar.* | *.tgz | *.zip | *.gz | *.bz2 | *.xz | *.zst)
      REASON="an archive: not gathered (unpack it to look inside)"
      return 1
      ;;
    registries.yaml)
      REASON="registry credentials, not PKI material: not gathered"
      return 1
      ;;
    *.crt | *.cer | *.pem | *.key | *.pub | *.csr | *.der | *.p8 | *.pk8 | *.p12 | *.pfx | *.crl) return 0 ;;
    *.conf | *.yaml | *.yml | *.json | *.env | *.kubeconfig | *.service | *.cnf) return 0 ;;
    kubeconfig | config | bootstrap-kubeconfig) return 0 ;;
  esac
  return 2
}

# A file whose name says nothing: gathered when it holds PEM or Kubernetes configuration.
judge_content() {
  if ! is_text "$1"; then
    REASON="a binary file, not PKI material"
    return 1
  fi
  if grep -q -e '-----BEGIN ' -e '^apiVersion:' -e '^kind:' -e '^clusters:' -e '^\[Service\]' \
    -e '^ExecStart=' "$1"; then
    return 0
  fi
  REASON="neither a certificate, a key nor Kubernetes configuration"
  return 1
}

# Copy the regular file at node path $1 into the archive, once. Returns 0 when it is there.
take_file() {
  t_path=$1
  [ -e "$NODE$t_path" ] && return 0
  t_name=${t_path##*/}
  judge_name "$t_name"
  t_verdict=$?
  if [ $t_verdict = 1 ]; then
    skip "$t_path" "$REASON"
    return 1
  fi
  if [ ! -r "$R$t_path" ]; then
    skip "$t_path" "permission denied (run as root to read it)"
    return 1
  fi
  set -f
  # shellcheck disable=SC2046 # the fields of ls -l, split on purpose; globbing is off
  set -- $(ls -lnd "$R$t_path" 2>/dev/null)
  set +f
  t_size=${5:-0}
  case $t_size in
    *[!0-9]* | '') t_size=0 ;;
  esac
  if [ "$t_size" -gt $MAX_BYTES ]; then
    skip "$t_path" "over 4 MiB ($t_size bytes): not PKI material, not gathered"
    return 1
  fi
  if [ $t_verdict = 2 ] && ! judge_content "$R$t_path"; then
    skip "$t_path" "$REASON"
    return 1
  fi
  if [ $FILES -ge $MAX_FILES ]; then
    if [ $LIMIT_NOTED = 0 ]; then
      skip "$t_path" "the limit of $MAX_FILES files was reached: this and later files were not gathered"
      LIMIT_NOTED=1
    fi
    return 1
  fi
  [ -d "$NODE${t_path%/*}" ] || mkdir -p "$NODE${t_path%/*}" || return 1
  if ! cp "$R$t_path" "$NODE$t_path" 2>/dev/null; then
    rm -f "$NODE$t_path"
    skip "$t_path" "could not be read"
    return 1
  fi
  FILES=$((FILES + 1))
  note file "$t_path" "$TMP/gathered"
}

# A link met in a folder: kept as a link when what it names is gathered, which it then is too.
# Mode "tree" follows links to folders; "top" gathers files only.
visit_link() {
  v_link=$1
  v_depth=$2
  v_mode=$3
  read_link "$R$v_link" || {
    skip "$v_link" "an unreadable link"
    return
  }
  v_text=$LINK_TEXT
  case $v_text in
    /*) v_full=$v_text ;;
    *) v_full=${v_link%/*}/$v_text ;;
  esac
  if ! canon "$v_full"; then
    skip_link "$v_link" "$v_text" "a link in a loop (" "): not followed"
    return
  fi
  v_target=$CANON
  v_links=$CANON_LINKS
  if [ -d "$R$v_target" ]; then
    [ "$v_mode" = tree ] || return
    if [ "$v_depth" -le 0 ]; then
      skip "$v_link" "a link to a folder more than $MAX_DEPTH folders deep: not followed"
      return
    fi
    enqueue "$v_target" "$((v_depth - 1))"
    PENDING=$PENDING$v_target/./$v_link/./
    while [ -n "$v_links" ]; do
      PENDING=$PENDING$v_target/./${v_links%%/./*}/./
      v_links=${v_links#*/./}
    done
  elif [ -f "$R$v_target" ]; then
    if take_file "$v_target"; then
      stage_link "$v_link"
      stage_links "$v_links"
    else
      skip_link "$v_link" "$v_text" "a link to " ", which was not gathered"
    fi
  elif [ -e "$R$v_target" ]; then
    skip_link "$v_link" "$v_text" "a link to " ", which is not a regular file"
  else
    skip_link "$v_link" "$v_text" "a dangling link to " " (not on the node)"
  fi
}

# One entry of a folder being walked.
visit() {
  VISITS=$((VISITS + 1))
  if [ -L "$R$1" ]; then
    visit_link "$1" "$2" "$3"
  elif [ -d "$R$1" ]; then
    [ "$3" = tree ] || return
    if [ "$2" -gt 0 ]; then
      enqueue "$1" "$(($2 - 1))"
    else
      skip "$1" "more than $MAX_DEPTH folders deep: not walked"
    fi
  elif [ -f "$R$1" ]; then
    take_file "$1"
  elif [ -S "$R$1" ]; then
    skip "$1" "a socket"
  elif [ -p "$R$1" ]; then
    skip "$1" "a FIFO"
  elif [ -b "$R$1" ] || [ -c "$R$1" ]; then
    skip "$1" "a device file"
  else
    skip "$1" "not a regular file"
  fi
}

# Queue the folder at node path $1 to walk, $2 more folders deep, unless it was queued before.
enqueue() {
  case $WALKED in *"/./$1/./"*) return ;; esac
  WALKED=$WALKED$1/./
  QUEUE=$QUEUE$2$1/./
}

# Every entry of the folder at node path $1 (hidden ones too).
walk_dir() {
  if [ ! -r "$R$1" ] || [ ! -x "$R$1" ]; then
    skip "$1" "a folder that cannot be listed: permission denied (run as root)"
    return
  fi
  for w_entry in "$R$1"/* "$R$1"/.[!.]* "$R$1"/..?*; do
    [ -e "$w_entry" ] || [ -L "$w_entry" ] || continue
    if [ $VISITS -ge $MAX_VISITS ]; then
      skip "$1" "the limit of $MAX_VISITS entries looked at was reached: the rest was not walked"
      return
    fi
    case $1 in
      /) visit "/${w_entry##*/}" "$2" "$3" ;;
      *) visit "$1/${w_entry##*/}" "$2" "$3" ;;
    esac
  done
}

# Walk the queued folders breadth first: a round per level, so the depth bound holds.
# (QUEUE holds each folder as its depth left and its path: "8/etc/kubernetes/./".)
run_queue() {
  while [ -n "$QUEUE" ]; do
    q_now=$QUEUE
    QUEUE=
    while [ -n "$q_now" ]; do
      q_one=${q_now%%/./*}
      q_now=${q_now#*/./}
      walk_dir "/${q_one#*/}" "${q_one%%/*}" tree
    done
  done
  # Links to folders are kept once the folder they name holds something gathered.
  while [ -n "$PENDING" ]; do
    q_target=${PENDING%%/./*}
    PENDING=${PENDING#*/./}
    q_link=${PENDING%%/./*}
    PENDING=${PENDING#*/./}
    if [ -d "$NODE$q_target" ]; then
      stage_link "$q_link"
    else
      skip_link "$q_link" "$q_target" "a link to the folder " ", in which nothing was gathered"
    fi
  done
}

# gather MODE PATH: PATH (a node path; links in it are followed below the root) as a whole tree
# ("tree"), its files only ("top"), or one file ("file"). Sets FOUND when it exists.
gather() {
  canon "$2" || {
    skip "$2" "a link in a loop: not followed"
    return
  }
  g_path=$CANON
  g_links=$CANON_LINKS
  if [ -d "$R$g_path" ]; then
    [ "$1" = file ] && return
    FOUND=1
    if [ "$1" = tree ]; then
      enqueue "$g_path" $MAX_DEPTH
    else
      walk_dir "$g_path" 0 top
    fi
    run_queue
    if [ -n "$g_links" ] && [ -d "$NODE$g_path" ]; then stage_links "$g_links"; fi
  elif [ -e "$R$g_path" ]; then
    FOUND=1
    if [ -f "$R$g_path" ]; then
      take_file "$g_path" && stage_links "$g_links"
    else
      visit "$g_path" 0 top
    fi
  elif [ -n "$g_links" ]; then
    # Absent. Worth a word only when the path itself is a link to nothing, not when a folder on
    # the way is a link (/lib -> usr/lib) to where the file simply is not.
    g_target=$g_path
    if canon "${2%/*}" && [ -L "$R$CANON/${2##*/}" ]; then
      FOUND=1
      skip_link "$2" "$g_target" "a dangling link to " " (not on the node)"
    fi
  fi
}

# "1 file", "2 files".
count() {
  if [ "$1" = 1 ]; then printf '1 %s' "$2"; else printf '%s %ss' "$1" "$2"; fi
}

area_begin() {
  AREA=$1
  AREA_WHERE=$2
  AREA_FILES=$FILES
  AREA_LINKS=$LINKS
  FOUND=0
}

area_end() {
  if [ $FOUND = 0 ]; then
    MISSING="$MISSING${MISSING:+, }$AREA"
    return
  fi
  a_files=$((FILES - AREA_FILES))
  a_links=$((LINKS - AREA_LINKS))
  a_line=$(printf '  %-10s %-34s %9s' "$AREA" "$AREA_WHERE" "$(count "$a_files" file)")
  [ $a_links = 0 ] || a_line="$a_line, $(count "$a_links" link)"
  printf '%s\n' "$a_line" >>"$TMP/areas"
  say "$a_line"
}

# --- key material, found by parsing (--public-keys-only) ----------------------------------------

# Reads a file's bytes (od -A n -v -t u1) and looks for key material in them by reading DER: the
# file's own bytes; every base64 value once whitespace is removed (the lines of a YAML block or
# folded scalar joined, a value split over lines, JSON's \n and \/ read), from each of its four
# alignments and from each of its lines that starts as DER would; and, one level down, the base64
# values and PEM labels in a value that decodes to text (a kubeconfig's base64 of PEM). Of every
# DER object, laid end to end, the elements say what it is: an INTEGER then anything but INTEGERs,
# or four INTEGERs and more, is a private key (PKCS#1, SEC1, PKCS#8) or a PKCS#12 bundle; a
# SEQUENCE then an OCTET STRING an encrypted private key. It needs no openssl, so a node without
# one is judged too. Prints "key WHY" at the first one and stops; "der FILE" for a DER value of no
# known shape, saved in FILE (in the folder out) for openssl to read; "raw" when the file itself
# starts as DER, for openssl to read too.
# shellcheck disable=SC2016 # an awk program: its $0 is awk's
AWK_KEY_SCAN='
function say(why) {
  if (!FOUND) print "key " why
  FOUND = 1
}
# Byte k of the current source: the file (SRC 0), or the base64 run decoded from sextet AT (1).
function byte(k,    i) {
  if (SRC == 0) return RAW[k]
  i = AT + 4 * int(k / 3)
  if (k % 3 == 0) return R[i] * 4 + int(R[i + 1] / 16)
  if (k % 3 == 1) return (R[i + 1] % 16) * 16 + int(R[i + 2] / 4)
  return (R[i + 2] % 4) * 64 + R[i + 3]
}
# The header of the element at p, before limit: H_TAG, H_LEN (-1: indefinite), H_END (its first
# content byte). 0 when there is none.
function header(p, limit,    l, k) {
  if (p + 2 > limit) return 0
  H_TAG = byte(p)
  l = byte(p + 1)
  if (H_TAG % 32 == 31) return 0
  H_END = p + 2
  if (l < 128) { H_LEN = l; return 1 }
  if (l == 128) { H_LEN = -1; return 1 }
  l -= 128
  if (l > 4 || H_END + l > limit) return 0
  H_LEN = 0
  for (k = 0; k < l; k++) H_LEN = H_LEN * 256 + byte(H_END++)
  return 1
}
# What the SEQUENCE at p is, by its first elements: "a private key", "a PKCS#12 bundle", "an
# encrypted private key", "cert" (certificate, request, revocation list), "public" (public key,
# parameters), "other"; "" when it is no DER. NEXT: the byte after it (-1 when unknown).
function shape(p,    end, q, n, ints, t, v0) {
  NEXT = -1
  if (!header(p, NB) || H_TAG != 48) return ""
  end = NB
  if (H_LEN >= 0 && H_END + H_LEN <= NB) { end = H_END + H_LEN; NEXT = end }
  q = H_END
  n = 0
  ints = 0
  while (q < end && n < 12) {
    if (!header(q, end)) break
    t[n++] = H_TAG
    if (H_TAG == 2) { ints++; if (n == 1 && H_LEN == 1 && H_END < end) v0 = byte(H_END) }
    if (H_LEN < 0) break
    q = H_END + H_LEN
  }
  if (n == 0) return "other"
  if (t[0] == 2) {
    if (n >= 2 && v0 == 3 && t[1] == 48) return "a PKCS#12 bundle"
    if (ints < n || n >= 4) return "a private key"
    return "public"
  }
  if (t[0] == 48 && n >= 2) {
    if (t[1] == 4) return "an encrypted private key"
    if (n == 3 && t[1] == 48 && t[2] == 3) return "cert"
    if (n == 2 && t[1] == 3) return "public"
  }
  return "other"
}
# The DER objects laid end to end from byte 0 of the current source. Returns "other" when one is of
# no known shape; says where a key is.
function walk(where,    p, k, s, res) {
  p = 0
  res = ""
  for (k = 0; k < 16 && p >= 0 && p < NB && byte(p) == 48; k++) {
    s = shape(p)
    if (s == "") break
    if (s == "other") res = "other"
    else if (s != "cert" && s != "public") { say(where " " s " (DER)"); return "key" }
    p = NEXT
  }
  return res
}
function printable(count,    k, b) {
  if (count > NB) count = NB
  for (k = 0; k < count; k++) {
    b = byte(k)
    if (b < 32 && b != 9 && b != 10 && b != 13 || b > 126) return 0
  }
  return 1
}
# Whether the current source holds a PEM private key label, read through a window of its last
# characters (a whole text would be copied at each character added).
function pem_key_label(    k, c, w) {
  w = ""
  for (k = 0; k < NB; k++) {
    c = CH[byte(k)]
    w = w c
    if (length(w) > 128) w = substr(w, 65)
    if (c == "-" && w ~ /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----$/) return 1
  }
  return 0
}
# The run decoded from sextet s; whole: from one of its four first alignments.
function try_at(s, whole,    k, f, line, where) {
  if (FOUND || RN - s < 24) return
  SRC = 1
  AT = s
  NB = int((RN - s) * 3 / 4)
  where = DEPTH ? "a base64 value inside a base64 value holds" : "a base64 value holds"
  if (byte(0) == 48 && walk(where) == "other") {
    f = sprintf("%s/%05d.b64", out, DN++)
    line = ""
    for (k = s; k < s + 4 * int((RN - s) / 4); k++) {
      line = line substr(ALPHA, R[k] + 1, 1)
      if (length(line) >= 4096) { printf "%s", line > f; line = "" }
    }
    printf "%s", line > f
    close(f)
    print "der " f
  }
  if (FOUND) return
  if (NB >= 14 && text_at(0, 14) == "openssh-key-v1") { say("a base64 value holds an OpenSSH private key"); return }
  if (!whole || !printable(48)) return
  if (pem_key_label()) say(DEPTH ? "a base64 value inside a base64 value holds a PEM private key" : "a base64 value holds a PEM private key")
  else if (DEPTH == 0) {
    QL[QN] = NB
    for (k = 0; k < NB; k++) QT[QN, k] = byte(k)
    QN++
  }
}
function text_at(from, count,    k, s) {
  s = ""
  for (k = from; k < from + count; k++) s = s CH[byte(k)]
  return s
}
# The run ends: its candidates are read, then, one level down, the text its value decodes to.
function end_run(    o, k) {
  if (RN >= 24 && !FOUND) {
    for (o = 0; o < 4; o++) try_at(o, 1)
    for (k = 0; k < SEGN; k++) if (SEG[k] > 3 && R[SEG[k]] == 12) try_at(SEG[k], 0)
  }
  RN = 0
  SEGN = 0
  WS = 0
  if (QN > 0 && DEPTH == 0) nested()
}
# The texts base64 values decoded to, read as a file is, one level down only.
function nested(    q, k, esc) {
  esc = ESC
  DEPTH = 1
  for (q = 0; q < QN && !FOUND; q++) {
    ESC = 0
    for (k = 0; k < QL[q] && !FOUND; k++) feed(QT[q, k])
    end_run()
  }
  split("", QT)
  QN = 0
  DEPTH = 0
  ESC = esc
}
function feed(b) {
  if (ESC) {
    ESC = 0
    if (b == 110 || b == 114 || b == 116 || b == 10 || b == 13) { WS = 1; return }
    # \/ is JSON for "/"; another escape ends the run.
    if (b != 47) end_run()
  }
  if (b in VAL) {
    if (WS && RN > 0) SEG[SEGN++] = RN
    WS = 0
    R[RN++] = VAL[b]
    # A run is read in pieces of 196,608 bytes (a multiple of 4 characters, so alignments hold):
    # memory stays bounded whatever the file, and no key is that long.
    if (RN >= 262144) end_run()
  } else if (b == 32 || b == 9 || b == 10 || b == 13) WS = 1
  else if (b == 92) ESC = 1
  else end_run()
}
BEGIN {
  for (i = 0; i < 26; i++) { VAL[65 + i] = i; VAL[97 + i] = 26 + i }
  for (i = 0; i < 10; i++) VAL[48 + i] = 52 + i
  VAL[43] = 62
  VAL[47] = 63
  ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
  for (i = 0; i < 256; i++) CH[i] = "?"
  for (i = 32; i < 127; i++) CH[i] = sprintf("%c", i)
  CH[9] = "\t"
  CH[10] = "\n"
  CH[13] = "\r"
  # Counters start at the number 0: an unset one would index its array by "" the first time.
  POS = RN = SEGN = WS = ESC = QN = DN = FOUND = DEPTH = 0
}
$1 !~ /^[0-9]+$/ { say("it could not be read"); exit }
{
  for (i = 1; i <= NF && !FOUND; i++) {
    b = $i + 0
    if (POS == 0) FIRST = b
    # Its first MiB, to read as DER: no key (nor a bundle of several) is larger.
    if (FIRST == 48 && POS < 1048576) RAW[POS] = b
    POS++
    feed(b)
  }
}
END {
  if (FOUND) exit
  end_run()
  if (!FOUND && POS > 0 && FIRST == 48) {
    SRC = 0
    NB = POS < 1048576 ? POS : 1048576
    walk("its bytes are")
    if (!FOUND) print "raw"
  }
}'

# Why the file $1 may still hold key material, in LEAK: "" when none is found. The structure of
# its bytes and base64 values first (AWK_KEY_SCAN, no openssl needed), then what openssl reads in
# it: a private key in PEM or DER, a PKCS#12 bundle, in the file and in each DER value of no known
# shape. openssl is asked only what it could read: DER where the bytes start with 0x30, PEM where
# they hold "-----BEGIN". A PEM private key's label alone is enough (an encrypted key's body is no
# DER to read).
find_key_material() {
  LEAK=
  if grep -q -e '-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----' "$1"; then
    LEAK="a PEM private key"
    return
  fi
  rm -rf "$TMP/scan.d"
  mkdir "$TMP/scan.d"
  { od -A n -v -t u1 "$1" 2>/dev/null || echo unread; } |
    awk -v out="$TMP/scan.d" "$AWK_KEY_SCAN" >"$TMP/scan" 2>/dev/null ||
    echo "key it could not be read" >"$TMP/scan"
  f_raw=0
  # Lines of findings, not names.
  while IFS= read -r f_line; do
    case $f_line in
      "key "*)
        LEAK=${f_line#key }
        return
        ;;
      raw) f_raw=1 ;;
    esac
  done <"$TMP/scan"
  [ -n "$OPENSSL" ] || return 0
  if [ $f_raw = 1 ] && openssl_reads_key "$1"; then
    LEAK="openssl reads it as $OPENSSL_READ"
    return
  fi
  if grep -q -e '-----BEGIN' "$1" && "$OPENSSL" pkey -in "$1" -noout -passin pass: </dev/null >/dev/null 2>&1; then
    LEAK="openssl reads a PEM private key in it"
    return
  fi
  for f_value in "$TMP/scan.d"/*.b64; do
    [ -f "$f_value" ] || continue
    "$OPENSSL" base64 -d -A -in "$f_value" -out "$TMP/scan.der" 2>/dev/null || continue
    if openssl_reads_key "$TMP/scan.der"; then
      LEAK="openssl reads a base64 value in it as $OPENSSL_READ"
      return
    fi
  done
}

# Whether openssl reads the DER file $1 as a private key or a PKCS#12 bundle (OPENSSL_READ: which).
openssl_reads_key() {
  if "$OPENSSL" pkey -inform DER -in "$1" -noout -passin pass: </dev/null >/dev/null 2>&1; then
    OPENSSL_READ="a private key"
    return 0
  fi
  if "$OPENSSL" pkcs12 -in "$1" -info -nokeys -nocerts -noout -nomacver -passin pass: </dev/null >/dev/null 2>&1; then
    OPENSSL_READ="a PKCS#12 bundle"
    return 0
  fi
  return 1
}

# --- what to gather --------------------------------------------------------------------------

if [ -z "$R" ]; then
  say "k8s-pki-collect $VERSION: gathering this node's PKI files as '$HOST'"
else
  say "k8s-pki-collect $VERSION: gathering the PKI files below $ROOT as '$HOST'"
fi

area_begin kubeadm /etc/kubernetes
gather tree /etc/kubernetes
area_end

area_begin kubelet /var/lib/kubelet
gather top /var/lib/kubelet
gather tree /var/lib/kubelet/pki
gather file /etc/default/kubelet
gather file /etc/sysconfig/kubelet
area_end

area_begin systemd "kubelet, kube-*, etcd units"
for unit_dir in /etc/systemd/system /usr/lib/systemd/system /lib/systemd/system; do
  for unit in kubelet kube-apiserver kube-controller-manager kube-scheduler kube-proxy etcd \
    etcd-events cloud-controller-manager; do
    gather file "$unit_dir/$unit.service"
    gather tree "$unit_dir/$unit.service.d"
  done
done
area_end

area_begin etcd "/etc/etcd*, /etc/ssl/etcd"
for etcd_path in "$R"/etc/etcd*; do
  [ -e "$etcd_path" ] || [ -L "$etcd_path" ] || continue
  gather tree "/etc/${etcd_path##*/}"
done
gather tree /etc/ssl/etcd
gather file /etc/default/etcd
area_end

for dist in k3s rke2; do
  area_begin "$dist" "/var/lib/rancher/$dist, /etc/rancher/$dist"
  gather tree "/var/lib/rancher/$dist/server/tls"
  gather tree "/var/lib/rancher/$dist/server/cred"
  gather file "/var/lib/rancher/$dist/server/db/etcd/config"
  gather top "/var/lib/rancher/$dist/agent"
  gather tree "/var/lib/rancher/$dist/agent/pod-manifests"
  gather top "/etc/rancher/$dist"
  gather tree "/etc/rancher/$dist/config.yaml.d"
  area_end
done

area_begin microk8s /var/snap/microk8s/current
gather tree /var/snap/microk8s/current/certs
gather tree /var/snap/microk8s/current/credentials
gather top /var/snap/microk8s/current/args
area_end

area_begin k0s "/var/lib/k0s, /etc/k0s"
gather tree /var/lib/k0s/pki
gather file /var/lib/k0s/kubelet.conf
gather file /var/lib/k0s/kubelet-bootstrap.conf
gather tree /var/lib/k0s/kubelet/pki
gather top /etc/k0s
area_end

area_begin minikube /var/lib/minikube
gather tree /var/lib/minikube/certs
gather file /var/lib/minikube/kubeconfig
gather file /var/tmp/minikube/kubeadm.yaml
area_end

area_begin kind /kind/kubeadm.conf
gather file /kind/kubeadm.conf
area_end

area_begin hard-way "/var/lib/kubernetes, kube-proxy"
gather tree /var/lib/kubernetes
gather tree /var/lib/kube-proxy
area_end

area_begin per-service /etc/k8s
gather tree /etc/k8s
area_end

area_begin homes "/root, /home/*"
for home in "$R"/root "$R"/home/*; do
  [ -d "$home" ] || continue
  home=${home#"$R"}
  gather file "$home/.kube/config"
  for file in "$R$home"/*.kubeconfig "$R$home"/.minikube/*.crt "$R$home"/.minikube/*.key \
    "$R$home"/.minikube/*.pem "$R$home"/.minikube/profiles/*/*.crt \
    "$R$home"/.minikube/profiles/*/*.key "$R$home"/.minikube/profiles/*/*.pem; do
    [ -e "$file" ] || [ -L "$file" ] || continue
    gather file "${file#"$R"}"
  done
done
area_end

# Files the gathered configuration names (--tls-cert-file=..., client-key: ..., EnvironmentFile=),
# wherever they are: a custom layout is then gathered too. Two rounds, so a file named by a file
# named here is found as well.
# shellcheck disable=SC2016 # an awk program: its $0 is awk's
AWK_REFERENCES='
{
  line = $0
  while (match(line, /\/[A-Za-z0-9._@+\/-]+/)) {
    before = RSTART > 1 ? substr(line, RSTART - 1, 1) : " "
    path = substr(line, RSTART, RLENGTH)
    line = substr(line, RSTART + RLENGTH)
    if (before !~ /[ \t"'"'"'=,(\[{-]/) continue
    if (path ~ /^\/(proc|sys|dev)\// || path ~ /\/resolv\.conf$/) continue
    if (path ~ /\.(crt|cer|pem|key|pub|csr|der|kubeconfig|conf|yaml|yml|json|env)$/ || path ~ /\/kubeconfig$/) print path
  }
}'
# The paths the program prints hold no line break (its pattern admits none), so they are read one a
# line; the files it reads are handed to it by find, whatever their names.
gather_references() {
  r_paths=$(find "$NODE" -type f -exec awk "$AWK_REFERENCES" {} + 2>/dev/null | sort -u)
  r_ifs=$IFS
  IFS=$NL
  set -f
  for ref in $r_paths; do
    IFS=$r_ifs
    set +f
    [ -e "$NODE$ref" ] || [ -L "$NODE$ref" ] && continue
    gather file "$ref"
  done
  IFS=$r_ifs
  set +f
}
area_begin referenced "files the configuration names"
gather_references
gather_references
# Only worth a line when it found something; files named but absent are the analysis's to report.
[ $FILES = "$AREA_FILES" ] || area_end

# --- --objects: the API objects that hold trust, asked of the cluster with kubectl ----------------

# One `kubectl get … -o yaml` into objects/$1.yaml (the rest of the arguments are kubectl's). With
# --public-keys-only a Secret keeps its certificates: every tls.key line goes before the file is
# staged (kubectl writes each data value on one line), and the last check still reads the file.
objects_dump() {
  o_name=$1
  shift
  if ! "$KUBECTL" --kubeconfig "$ADMIN_CONF" --request-timeout=30s get "$@" -o yaml \
    >"$TMP/objects.yaml" 2>"$TMP/objects.err" </dev/null; then
    skip "/objects/$o_name.yaml" "kubectl get $1 failed: $(head -n 1 "$TMP/objects.err" | cut -c 1-200)"
    return 1
  fi
  if [ $PKO = 1 ]; then
    grep -v -e '^[[:space:]]*tls\.key:' "$TMP/objects.yaml" >"$TMP/objects.pub" || :
    mv -f "$TMP/objects.pub" "$TMP/objects.yaml"
  fi
  mkdir -p "$NODE/objects" && mv -f "$TMP/objects.yaml" "$NODE/objects/$o_name.yaml" || return 1
  note file "/objects/$o_name.yaml" "$TMP/gathered"
  FILES=$((FILES + 1))
  FOUND=1
}

if [ $OBJECTS = 1 ]; then
  area_begin objects "kubectl get (--objects)"
  KUBECTL=$(command -v kubectl 2>/dev/null) || KUBECTL=
  [ -n "$KUBECTL" ] || [ ! -x "$R/var/lib/rancher/rke2/bin/kubectl" ] || KUBECTL=$R/var/lib/rancher/rke2/bin/kubectl
  ADMIN_CONF=
  for o_conf in /etc/kubernetes/admin.conf /etc/rancher/k3s/k3s.yaml /etc/rancher/rke2/rke2.yaml; do
    if [ -f "$R$o_conf" ] && [ -r "$R$o_conf" ]; then
      ADMIN_CONF=$R$o_conf
      break
    fi
  done
  if [ -z "$KUBECTL" ]; then
    skip /objects "--objects: no kubectl on this node (PATH or /var/lib/rancher/rke2/bin)"
  elif [ -z "$ADMIN_CONF" ]; then
    skip /objects "--objects: no admin kubeconfig (/etc/kubernetes/admin.conf, /etc/rancher/k3s/k3s.yaml, /etc/rancher/rke2/rke2.yaml)"
  else
    objects_dump webhooks validatingwebhookconfigurations,mutatingwebhookconfigurations
    objects_dump apiservices apiservices
    objects_dump crds customresourcedefinitions
    objects_dump csrs certificatesigningrequests
    if "$KUBECTL" --kubeconfig "$ADMIN_CONF" --request-timeout=30s get customresourcedefinitions \
      certificates.cert-manager.io -o name >/dev/null 2>&1 </dev/null; then
      objects_dump cert-manager certificates.cert-manager.io,issuers.cert-manager.io,clusterissuers.cert-manager.io -A
    fi
    objects_dump tls-secrets secrets -A --field-selector type=kubernetes.io/tls
  fi
  area_end
fi

# --- --served: what the running components serve, read on this node's own ports -----------------

# served_ports NAME KIND DEFAULT FILE...: the ports the configuration in the FILEs sets with NAME (a
# flag or key, a basic regex), KIND `port` (one number) or `urls` (the port of each URL); DEFAULT
# when a FILE exists and sets none; nothing when no FILE exists (the component is not on this node).
served_ports() {
  sp_name=$1
  sp_kind=$2
  sp_default=$3
  shift 3
  sp_seen=0
  sp_out=$TMP/served-ports
  : >"$sp_out"
  for sp_file in "$@"; do
    if [ ! -f "$R$sp_file" ] || [ ! -r "$R$sp_file" ]; then continue; fi
    sp_seen=1
    case $sp_name in
      ^*) sp_cut="s/$sp_name//p" ;;
      *) sp_cut="s/.*$sp_name//p" ;;
    esac
    grep -e "$sp_name" "$R$sp_file" 2>/dev/null | head -n 5 | sed -n "$sp_cut" >"$TMP/served-lines"
    if [ "$sp_kind" = urls ]; then
      tr -s ', "' '\n' <"$TMP/served-lines" | sed -n 's|^[=:]*[a-z]*://[^/]*:\([0-9][0-9]*\).*|\1|p' >>"$sp_out"
    else
      sed -n 's/^[=: "]*\([0-9][0-9]*\).*/\1/p' "$TMP/served-lines" >>"$sp_out"
    fi
  done
  [ $sp_seen = 1 ] || return 0
  [ -s "$sp_out" ] || printf '%s\n' "$sp_default" >"$sp_out"
  awk '$1 > 0 && $1 < 65536 && !seen[$1]++ { print $1 }' "$sp_out"
}

# served_dial COMPONENT PORT: the chain 127.0.0.1:PORT serves, only its PEM certificates kept, into
# served/COMPONENT-PORT.pem with a header, and one line of served/served.tsv either way.
served_dial() {
  sd_when=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  if [ -n "$SERVED_TIMEOUT" ]; then
    "$SERVED_TIMEOUT" 10 "$OPENSSL" s_client -connect "127.0.0.1:$2" -showcerts </dev/null >"$TMP/served.out" 2>&1
  else
    "$OPENSSL" s_client -connect "127.0.0.1:$2" -showcerts </dev/null >"$TMP/served.out" 2>&1
  fi
  sd_rc=$?
  sed -n '/^Certificate chain/,/^---$/p' "$TMP/served.out" |
    sed -n '/^-----BEGIN CERTIFICATE-----$/,/^-----END CERTIFICATE-----$/p' >"$TMP/served.pem"
  if [ -s "$TMP/served.pem" ]; then
    sd_outcome=ok
  elif [ $sd_rc = 124 ]; then
    sd_outcome=timeout
  elif grep -q -e 'errno=111' -e 'Connection refused' "$TMP/served.out"; then
    sd_outcome=refused
  else
    sd_outcome=no-tls
  fi
  sd_file=-
  if [ $sd_outcome = ok ]; then
    sd_file=served/$1-$2.pem
    {
      printf '# k8s-pki-collect served endpoint\n# component: %s\n# address: 127.0.0.1:%s\n' "$1" "$2"
      printf '# time: %s\n# outcome: ok\n' "$sd_when"
      cat "$TMP/served.pem"
    } >"$NODE/$sd_file"
    note file "/$sd_file" "$TMP/gathered"
    FILES=$((FILES + 1))
  fi
  printf '%s\t127.0.0.1:%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$2" "$sd_when" "$sd_outcome" "$sd_file" >>"$NODE/served/served.tsv"
  say "  served     $1 on 127.0.0.1:$2: $sd_outcome"
}

if [ $SERVED = 1 ]; then
  area_begin served "openssl s_client 127.0.0.1 (--served)"
  SERVED_TIMEOUT=$(command -v timeout 2>/dev/null) || SERVED_TIMEOUT=
  if [ -z "$OPENSSL" ]; then
    skip /served "--served: no openssl on this node, so no port was read"
  else
    mkdir -p "$NODE/served"
    printf '# k8s-pki-collect served endpoints\tcomponent\taddress\tport\ttime\toutcome\tfile\n' >"$NODE/served/served.tsv"
    M=/etc/kubernetes/manifests
    {
      for p in $(served_ports --secure-port port 6443 $M/kube-apiserver.yaml /etc/systemd/system/kube-apiserver.service); do echo "kube-apiserver $p"; done
      # RKE2 runs kube-apiserver as a static pod; k3s runs it on https-listen-port + 1 behind its
      # own listener, which serves another certificate (read too, named for what it is).
      for p in $(served_ports --secure-port port 6443 /var/lib/rancher/rke2/agent/pod-manifests/kube-apiserver.yaml); do echo "kube-apiserver $p"; done
      if [ -d "$R/var/lib/rancher/k3s/server" ]; then
        s_ports=$(served_ports https-listen-port port 6443 /etc/rancher/k3s/config.yaml /etc/systemd/system/k3s.service)
        for p in ${s_ports:-6443}; do
          echo "k3s-supervisor $p"
          echo "kube-apiserver $((p + 1))"
        done
      fi
      for p in $(served_ports listen-client-urls urls 2379 $M/etcd.yaml /etc/etcd.env /etc/etcd/etcd.conf.yml /etc/systemd/system/etcd.service /var/lib/rancher/k3s/server/db/etcd/config /var/lib/rancher/rke2/server/db/etcd/config); do echo "etcd $p"; done
      for p in $(served_ports listen-peer-urls urls 2380 $M/etcd.yaml /etc/etcd.env /etc/etcd/etcd.conf.yml /etc/systemd/system/etcd.service /var/lib/rancher/k3s/server/db/etcd/config /var/lib/rancher/rke2/server/db/etcd/config); do echo "etcd-peer $p"; done
      s_ports=$(served_ports '^port:' port 10250 /var/lib/kubelet/config.yaml /var/lib/rancher/k3s/agent/etc/kubelet.conf.d/00-k3s-defaults.conf /var/lib/rancher/rke2/agent/etc/kubelet.conf.d/00-rke2-defaults.conf)
      # k3s and RKE2 run the kubelet with flags alone where no such file exists: their agent folder says so.
      if [ -z "$s_ports" ] && { [ -d "$R/var/lib/rancher/k3s/agent" ] || [ -d "$R/var/lib/rancher/rke2/agent" ]; }; then s_ports=10250; fi
      for p in $s_ports; do echo "kubelet $p"; done
      for p in $(served_ports --secure-port port 10257 $M/kube-controller-manager.yaml /var/lib/rancher/rke2/agent/pod-manifests/kube-controller-manager.yaml); do echo "kube-controller-manager $p"; done
      for p in $(served_ports --secure-port port 10259 $M/kube-scheduler.yaml /var/lib/rancher/rke2/agent/pod-manifests/kube-scheduler.yaml); do echo "kube-scheduler $p"; done
    } | awk '!seen[$0]++' >"$TMP/served-endpoints"
    while read -r s_component s_port; do
      served_dial "$s_component" "$s_port"
    done <"$TMP/served-endpoints"
    note file /served/served.tsv "$TMP/gathered"
    FILES=$((FILES + 1))
    FOUND=1
  fi
  area_end
fi

[ -z "$MISSING" ] || say "  not on this node: $MISSING"

if [ $FILES = 0 ]; then
  say ""
  say "Nothing found: no Kubernetes PKI file below ${ROOT}. No archive was written."
  if [ -s "$TMP/skipped" ]; then
    say "Skipped:"
    awk -F "$TAB" '!seen[$0]++ { print "  " $1 ": " $2 }' "$TMP/skipped" >&2
  fi
  exit 1
fi

# --- --public-keys-only: every private key becomes its public key ---------------------------------

# The base64 forms of "PRIVATE KEY-----" at each of the three byte alignments: without openssl to
# decode it, a base64 value that holds a PEM private key is found by these.
B64_KEY_0=UFJJVkFURSBLRVktLS0tL
B64_KEY_1=BSSVZBVEUgS0VZLS0tLS
B64_KEY_2=QUklWQVRFIEtFWS0tLS0t

# Splits a text file into pieces (out/NNNNN.t text, .k PEM private key blocks, .b base64 values
# that may decode to PEM, .d base64 values of a key field and .m other values that may be DER) so
# the keys can be converted one by one; replaces tokens, passwords and other secrets on the way.
# Prints what it replaced, one a line. A base64 value written over several lines (a YAML block or
# folded scalar, a plain or quoted scalar continued below its key) is joined and written back as
# one line: kubectl and Go read base64 whatever its line breaks.
# shellcheck disable=SC2016 # an awk program: its $0 is awk's
AWK_PUBLIC_ONLY='
function piece(kind) {
  if (current != "") close(current)
  count++
  current = sprintf("%s/%05d.%s", out, count, kind)
  printf "" > current
}
function placeholder(key, value,    masked) {
  if (key == "secret") {
    masked = value
    gsub(/[A-Za-z0-9+\/]/, "A", masked)
    gsub(/[^A= \t]/, "!", masked)
    print "secret"
    return masked
  }
  if (key ~ /[Tt]oken$/ && value ~ /^[a-z0-9][a-z0-9][a-z0-9][a-z0-9][a-z0-9][a-z0-9]\.[a-z0-9]+$/ && length(value) == 23) {
    print "bootstrap-token"
    return substr(value, 1, 7) "xxxxxxxxxxxxxxxx"
  }
  print key
  return placeholder_text
}
function redact(s,    done, matched, key, rest, quote, close_at, value, tail, name) {
  if (s ~ /^[ \t]*(export[ \t]+)?[A-Za-z_][A-Za-z0-9_]*=/) {
    name = s
    sub(/=.*/, "", name)
    sub(/^[ \t]*(export[ \t]+)?/, "", name)
    if (toupper(name) ~ /(TOKEN|PASSWORD|SECRET)/) {
      value = substr(s, index(s, "=") + 1)
      quote = substr(value, 1, 1)
      print "environment " name
      if (quote == "\"" || quote == "'"'"'") return substr(s, 1, index(s, "=")) quote placeholder_text quote
      return substr(s, 1, index(s, "=")) placeholder_text
    }
  }
  done = ""
  while (match(s, /["'"'"']?[A-Za-z0-9_.-]+["'"'"']?[ \t]*:[ \t]*/)) {
    done = done substr(s, 1, RSTART - 1)
    matched = substr(s, RSTART, RLENGTH)
    rest = substr(s, RSTART + RLENGTH)
    done = done matched
    key = matched
    gsub(/["'"'"' \t:]/, "", key)
    s = rest
    if (!(key in secret_keys)) continue
    quote = substr(rest, 1, 1)
    if (quote == "\"" || quote == "'"'"'") {
      close_at = index(substr(rest, 2), quote)
      if (close_at == 0) { value = substr(rest, 2); tail = "" } else { value = substr(rest, 2, close_at - 1); tail = substr(rest, close_at + 2) }
      if (value == "") continue
      done = done quote placeholder(key, value) (close_at == 0 ? "" : quote)
      s = tail
    } else {
      if (match(rest, /[,}]| #|[ \t\r]*$/)) { value = substr(rest, 1, RSTART - 1); tail = substr(rest, RSTART) } else { value = rest; tail = "" }
      if (value == "" || value ~ /^[|>]/) continue
      done = done placeholder(key, value)
      s = tail
    }
  }
  return done s
}
function strip(s) {
  gsub(/[ \t\r]/, "", s)
  return s
}
function lead(s) {
  match(s, /^[ \t]*/)
  return substr(s, 1, RLENGTH)
}
# What the base64 text v of the key named key is to the conversion: "d" a key field that may be DER
# (every DER object starts with 0x30, "M" in base64), "m" another value that may be DER, "b" any
# other value (base64 of PEM, whatever comes before its BEGIN line); "" too short to hold a key.
function value_kind(v, key) {
  if (length(v) < 40 || v !~ /^[A-Za-z0-9+\/]+=*$/) return ""
  if (substr(v, 1, 1) != "M") return "b"
  return key ~ /[Kk]ey(-data)?$/ ? "d" : "m"
}
function put_value(head, v, kind, tail) {
  printf "%s", head > current
  piece(kind)
  printf "%s", v > current
  piece("t")
  print tail > current
}
# A base64 value of the YAML key on line i that goes on below it: a block or folded scalar, a plain
# scalar on the lines below, a quoted one over several lines. Written as one line; returns the
# line after it, or i when line i starts no such value.
function multi_line(i,    line, head, rest, key, ki, cr, j, v, q, m, part, kind) {
  line = L[i]
  if (!match(line, /^[ \t]*(- +)?("[^"]*"|'"'"'[^'"'"']*'"'"'|[A-Za-z0-9_.\/-]+)[ \t]*:([ \t]+|\r?$)/)) return i
  head = substr(line, 1, RLENGTH)
  rest = substr(line, RLENGTH + 1)
  sub(/\r$/, "", head)
  key = head
  sub(/^[ \t]*(- +)?/, "", key)
  sub(/[ \t]*:[ \t]*$/, "", key)
  gsub(/["'"'"']/, "", key)
  if (key in secret_keys) return i
  ki = length(lead(line))
  cr = line ~ /\r$/ ? "\r" : ""
  sub(/\r$/, "", rest)
  if (rest ~ /^[|>][-+0-9]*[ \t]*(#.*)?$/) {
    v = ""
    for (j = i + 1; j <= n && L[j] !~ /^[ \t\r]*$/ && length(lead(L[j])) > ki; j++) v = v strip(L[j])
    if (j == i + 1 || !(kind = value_kind(v, key))) return i
    put_value(line "\n" lead(L[i + 1]), v, kind, cr)
    return j
  }
  q = substr(rest, 1, 1)
  if ((q == "\"" || q == "'"'"'") && rest ~ /^.[A-Za-z0-9+\/=]*\\?[ \t]*$/) {
    v = substr(rest, 2)
    sub(/\\?[ \t]*$/, "", v)
    for (j = i + 1; j <= n; j++) {
      part = L[j]
      sub(/\r$/, "", part)
      sub(/^[ \t]+/, "", part)
      m = index(part, q)
      if (m > 0) {
        if (substr(part, 1, m - 1) !~ /^[A-Za-z0-9+\/=]*$/) return i
        v = v substr(part, 1, m - 1)
        if (!(kind = value_kind(v, key))) return i
        put_value(head q, v, kind, substr(part, m) cr)
        return j + 1
      }
      if (part !~ /^[A-Za-z0-9+\/=]*\\?[ \t]*$/) return i
      sub(/\\?[ \t]*$/, "", part)
      v = v part
    }
    return i
  }
  if (rest ~ /^[A-Za-z0-9+\/=]*[ \t]*$/) {
    v = strip(rest)
    for (j = i + 1; j <= n && L[j] !~ /^[ \t\r]*$/ && length(lead(L[j])) > ki; j++) {
      if (strip(L[j]) !~ /^[A-Za-z0-9+\/=]+$/) break
      v = v strip(L[j])
    }
    if (j == i + 1 || !(kind = value_kind(v, key))) return i
    put_value(rest == "" ? line "\n" lead(L[i + 1]) : head, v, kind, cr)
    return j
  }
  return i
}
# One line that no multi-line value took: secrets replaced, base64 values on it cut into pieces.
function one_line(line,    written, run, before, after, kind, key) {
  line = redact(line)
  if (no_base64) { print line > current; return }
  written = ""
  while (match(line, /[A-Za-z0-9+\/]+=*/)) {
    run = substr(line, RSTART, RLENGTH)
    before = written substr(line, 1, RSTART - 1)
    after = substr(line, RSTART + RLENGTH, 1)
    line = substr(line, RSTART + RLENGTH)
    kind = ""
    if (length(run) >= 40 && substr(run, 1, 14) == "LS0tLS1CRUdJTi") kind = "b"
    else if (after ~ /^([]} \t\r"'"'"',]|)$/ && before ~ /[:=][ \t]*["'"'"']?$/) {
      key = before
      sub(/["'"'"']?[ \t]*[:=][ \t]*["'"'"']?$/, "", key)
      match(key, /[A-Za-z0-9_.-]*$/)
      kind = value_kind(run, substr(key, RSTART))
    }
    if (kind == "") { written = before run; continue }
    printf "%s", before > current
    piece(kind)
    printf "%s", run > current
    piece("t")
    written = ""
  }
  print written line > current
}
BEGIN {
  placeholder_text = "'"$PLACEHOLDER"'"
  split("token tlsBootstrapToken agent-token password certificateKey certificate-key id-token refresh-token access-token client-secret etcd-s3-access-key etcd-s3-secret-key datastore-endpoint secret", names, " ")
  for (i in names) secret_keys[names[i]] = 1
  count = 0
  current = ""
  piece("t")
  in_key = 0
  n = 0
}
{ L[++n] = $0 }
END {
  for (i = 1; i <= n; i++) {
    line = L[i]
    if (in_key) {
      print substr(line, indent + 1) > current
      if (line ~ /-----END [A-Z0-9 ]*PRIVATE KEY-----/) { in_key = 0; piece("t") }
      continue
    }
    if (line ~ /^[ \t]*-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[ \t\r]*$/) {
      match(line, /^[ \t]*/)
      indent = RLENGTH
      piece("k")
      if (indent > 0) { printf "%s", substr(line, 1, indent) > (out "/" sprintf("%05d", count) ".indent"); close(out "/" sprintf("%05d", count) ".indent") }
      print substr(line, indent + 1) > current
      in_key = 1
      continue
    }
    if (line ~ /PRIVATE KEY-----/) { print "inline-key"; print line > current; continue }
    if (!no_base64 && (j = multi_line(i)) > i) { i = j - 1; continue }
    one_line(line)
  }
  if (in_key) print "unterminated-key"
  close(current)
}'

# What kind of private key a PEM block is, from the label of its BEGIN line: "RSA", "EC",
# "PKCS#8", "ENCRYPTED", "OPENSSH" (the list never spells out the PEM label itself, so that no
# text in the archive reads like a key block).
key_kind() {
  sed -n '1s/^-----BEGIN \(.*\)-----.*$/\1/p' "$1" | sed 's/^PRIVATE KEY$/PKCS#8/; s/ PRIVATE KEY$//'
}

# One PEM private key block ($1) → its public key on stdout (re-indented), or nothing when it
# cannot be converted. Notes the change for the list.
convert_key() {
  k_kind=$(key_kind "$1")
  k_indent=
  [ -f "${1%.k}.indent" ] && k_indent=$(cat "${1%.k}.indent")
  if [ "$k_kind" = ENCRYPTED ] || head -n 2 "$1" | grep -q '^Proc-Type: 4,ENCRYPTED'; then
    change "${CHANGE_IN}an encrypted private key removed: it cannot become its public key without its passphrase"
    REMOVED=$((REMOVED + 1))
  elif [ "$k_kind" = OPENSSH ]; then
    change "${CHANGE_IN}an OpenSSH private key removed: not TLS material, and it cannot be converted"
    REMOVED=$((REMOVED + 1))
  elif [ -z "$OPENSSL" ]; then
    change "${CHANGE_IN}$k_kind private key removed: openssl is not installed to derive its public key"
    REMOVED=$((REMOVED + 1))
    NO_OPENSSL_KEYS=$((NO_OPENSSL_KEYS + 1))
  elif "$OPENSSL" pkey -in "$1" -pubout -passin pass: -out "$1.pub" </dev/null 2>/dev/null &&
    grep -q 'BEGIN PUBLIC KEY' "$1.pub"; then
    if [ -n "$k_indent" ]; then sed "s/^/$k_indent/" "$1.pub"; else cat "$1.pub"; fi
    change "${CHANGE_IN}$k_kind private key replaced by its public key"
    REPLACED=$((REPLACED + 1))
  else
    change "${CHANGE_IN}$k_kind private key removed: openssl could not read it"
    REMOVED=$((REMOVED + 1))
  fi
}

# A base64 value ($1 holds it; $2: "d" a key field that may be DER, "m" another value that may be
# DER, "b" any other) → the same value with every private key in it replaced by its public key, on
# stdout without a newline.
convert_value() {
  b_value=$(cat "$1")
  if [ -z "$OPENSSL" ]; then
    # Nothing to decode with: a value that may hold a key goes (a key field's value may be DER);
    # another value that may be DER stays for the last check to judge by its structure.
    case $2:$b_value in
      d:* | *"$B64_KEY_0"* | *"$B64_KEY_1"* | *"$B64_KEY_2"*)
        change "removed a base64 value that may hold a private key: openssl is not installed to derive its public key"
        REMOVED=$((REMOVED + 1))
        NO_OPENSSL_KEYS=$((NO_OPENSSL_KEYS + 1))
        ;;
      *) printf '%s' "$b_value" ;;
    esac
    return
  fi
  if ! printf '%s' "$b_value" | "$OPENSSL" base64 -d -A >"$1.bin" 2>/dev/null || [ ! -s "$1.bin" ]; then
    printf '%s' "$b_value"
    return
  fi
  DER_DONE=
  if grep -q 'PRIVATE KEY-----' "$1.bin"; then
    mkdir "$1.pieces"
    CHANGE_IN="in base64 data: "
    if public_only_text "$1.bin" "$1.pieces" nested && grep -q -e '-----BEGIN' "$1.bin"; then
      "$OPENSSL" base64 -A <"$1.bin"
    else
      change "a base64 value emptied: nothing remained once its private key was removed"
    fi
    CHANGE_IN=
    return
  elif starts_as_der "$1.bin"; then
    CHANGE_IN="in base64 data: "
    public_only_der "$1.bin"
    CHANGE_IN=
  fi
  case $DER_DONE in
    converted) "$OPENSSL" base64 -A <"$1.bin" ;;
    removed) ;;
    *) printf '%s' "$b_value" ;;
  esac
}

change() {
  note "$CHANGE_PATH" "$1" "$TMP/changes"
}

# Rewrite the text file $1 (pieces in $2; "nested" for a decoded value) without private keys or
# secrets. Fails when the file must go (a key inside a line: no safe way to cut it out).
public_only_text() {
  p_events=$(awk -v out="$2" -v no_base64="$([ "${3:-}" = nested ] && echo 1)" "$AWK_PUBLIC_ONLY" "$1") || return 1
  case $p_events in
    *inline-key* | *unterminated-key*)
      change "removed: it holds a private key that is not a whole PEM block on its own lines"
      REMOVED=$((REMOVED + 1))
      return 1
      ;;
  esac
  if [ -n "$p_events" ]; then
    printf '%s\n' "$p_events" | sort | uniq -c | while read -r p_count p_what; do
      case $p_what in
        secret) change "$p_count encryption key secret(s) replaced by as many zero bytes (the length is what is judged)" ;;
        bootstrap-token) change "$p_count bootstrap token(s) replaced by <token id>.xxxxxxxxxxxxxxxx (the id stays visible)" ;;
        *) change "$p_count $p_what value(s) replaced by '$PLACEHOLDER'" ;;
      esac
    done
    SECRETS=$((SECRETS + $(printf '%s\n' "$p_events" | wc -l)))
  fi
  p_convert=0
  for p_piece in "$2"/*.[kbdm]; do
    [ -e "$p_piece" ] && p_convert=1
    break
  done
  # Keys to convert or secrets replaced: put the file together again, piece by piece (also when a
  # value over several lines was joined: the same value, on one line).
  if [ $p_convert = 1 ]; then
    for p_piece in "$2"/*.[tkbdm]; do
      case $p_piece in
        *.t) cat "$p_piece" ;;
        *.k) convert_key "$p_piece" ;;
        *) convert_value "$p_piece" "${p_piece##*.}" ;;
      esac
    done >"$2.out"
    mv -f "$2.out" "$1"
  elif [ -n "$p_events" ]; then
    cat "$2"/*.t >"$2.out"
    mv -f "$2.out" "$1"
  fi
  return 0
}

# Whether the file $1 starts with the byte 0x30, a DER SEQUENCE, as every private key, PKCS#12
# bundle, certificate and public key in DER does.
starts_as_der() {
  case " $(od -A n -N 1 -t u1 "$1" 2>/dev/null)" in
    *" 48") return 0 ;;
  esac
  return 1
}

# The PKCS#12 bundle $1, if openssl reads it without a password (unencrypted, or an empty one; old
# ciphers with -legacy): its certificates (PEM blocks alone: the bag attributes openssl prints
# quote the certificates' names, whatever they say) and its key's public key into $2. P12_PUB is
# 1 when the public key is there. Fails when it is no PKCS#12 bundle openssl reads so.
pkcs12_parts() {
  for p_legacy in '' -legacy; do
    # shellcheck disable=SC2086 # p_legacy: no word, or one
    if "$OPENSSL" pkcs12 $p_legacy -in "$1" -nokeys -nomacver -passin pass: -out "$TMP/p12.pem" </dev/null 2>/dev/null; then
      awk '/^-----BEGIN CERTIFICATE-----\r?$/ { c = 1 } c { print } /^-----END CERTIFICATE-----\r?$/ { c = 0 }' \
        "$TMP/p12.pem" >"$2"
      P12_PUB=0
      # The private key goes through a pipe to its public key, never into a file.
      # shellcheck disable=SC2086 # as above
      if "$OPENSSL" pkcs12 $p_legacy -in "$1" -nocerts -nodes -nomacver -passin pass: </dev/null 2>/dev/null |
        "$OPENSSL" pkey -pubout -out "$TMP/p12.pub" 2>/dev/null; then
        cat "$TMP/p12.pub" >>"$2"
        P12_PUB=1
      fi
      return 0
    fi
  done
  return 1
}

# A DER object (the file $1, staged or a decoded value), decided by what it holds: with no key
# material in it, a certificate (or CRL or CSR) openssl reads is kept; a PKCS#12 bundle becomes its
# certificates and its key's public key (PEM), whatever the certificates' names say; a private key
# becomes its public key (PEM); key material openssl cannot convert goes. (openssl's x509 reads the
# certificate inside a PKCS#12 bundle too: what a file holds is asked first.) DER_DONE says which:
# kept, converted, removed, or "" when it is none of these.
public_only_der() {
  DER_DONE=
  find_key_material "$1"
  if [ -z "$LEAK" ]; then
    for d_kind in x509 crl req; do
      if "$OPENSSL" "$d_kind" -inform DER -in "$1" -noout </dev/null 2>/dev/null; then
        DER_DONE=kept
        return
      fi
    done
    return
  fi
  # PKCS#12 before pkey, which reads the key inside one too and would drop its certificates.
  if pkcs12_parts "$1" "$TMP/p12.out"; then
    if [ "$P12_PUB" = 1 ]; then
      change "${CHANGE_IN}a PKCS#12 bundle replaced by its certificates and its key's public key (PEM)"
      REPLACED=$((REPLACED + 1))
    else
      change "${CHANGE_IN}a PKCS#12 bundle replaced by its certificates (PEM): its private key removed"
      REMOVED=$((REMOVED + 1))
    fi
    if [ -s "$TMP/p12.out" ]; then
      mv -f "$TMP/p12.out" "$1"
      DER_DONE=converted
    else
      DER_DONE=removed
    fi
    return
  fi
  if "$OPENSSL" pkey -inform DER -in "$1" -pubout -passin pass: -out "$TMP/pub" </dev/null 2>/dev/null; then
    mv -f "$TMP/pub" "$1"
    change "${CHANGE_IN}a DER private key replaced by its public key (PEM)"
    REPLACED=$((REPLACED + 1))
    DER_DONE=converted
    return
  fi
  change "${CHANGE_IN}removed: $LEAK, which openssl cannot turn into a public key (encrypted, or of a kind it does not read)"
  REMOVED=$((REMOVED + 1))
  DER_DONE=removed
}

# A binary file that is no DER object openssl reads: left out, as it may hold anything.
public_only_binary() {
  if [ -z "$OPENSSL" ]; then
    change "removed: a binary file, and no openssl to tell that it holds no private key"
  else
    change "removed: a binary file that is neither a certificate nor a readable key"
  fi
  REMOVED=$((REMOVED + 1))
}

# The work $1 (public_only_entry, last_word, prune_link) on every file and link below the staged
# folder $2, as `WORK file PATH` or `WORK link PATH`. Names come from globs, never from a line of
# text: a line break or any other byte in one is read as it is.
stage_each() {
  for e_entry in "$2"/* "$2"/.[!.]* "$2"/..?*; do
    if [ -L "$e_entry" ]; then
      e_type="link"
    elif [ -d "$e_entry" ]; then
      stage_each "$1" "$e_entry"
      continue
    elif [ -f "$e_entry" ]; then
      e_type="file"
    else
      continue
    fi
    case $1 in
      public_only_entry) public_only_entry "$e_type" "$e_entry" ;;
      last_word) last_word "$e_type" "$e_entry" ;;
      prune_link) prune_link "$e_type" "$e_entry" ;;
    esac
  done
}

# One staged file without its private keys: what openssl reads as DER first (whatever its name or
# the text in it: a PKCS#12 bundle may carry "-----BEGIN" in a certificate's name), then text.
public_only_entry() {
  [ "$1" = file ] || return 0
  CHANGE_PATH=${2#"$NODE"}
  rm -rf "$TMP/pieces" "$TMP/pieces.out"
  mkdir "$TMP/pieces"
  DER_DONE=
  if [ -n "$OPENSSL" ] && starts_as_der "$2"; then public_only_der "$2"; fi
  case $DER_DONE in
    kept | converted) ;;
    removed) rm -f "$2" ;;
    *)
      if grep -q -e '-----BEGIN' "$2" || is_text "$2"; then
        public_only_text "$2" "$TMP/pieces" || rm -f "$2"
      else
        public_only_binary "$2"
        rm -f "$2"
      fi
      ;;
  esac
  # A file with nothing left to read (only a key, removed) is left out rather than kept empty.
  if [ -f "$2" ] && [ ! -s "$2" ]; then
    rm -f "$2"
    change "left out: nothing remained once its private key was removed"
  fi
}

# --- the last check: no key material in any staged file ---------------------------------------

# The last check on one staged file or link (its target's text): what may still hold key material
# is left out, and said.
last_word() {
  CHANGE_PATH=${2#"$NODE"}
  if [ "$1" = link ]; then
    if read_link "$2"; then
      printf '%s\n' "$LINK_TEXT" >"$TMP/link-text"
      find_key_material "$TMP/link-text"
    else
      LEAK="an unreadable link"
    fi
  else
    find_key_material "$2"
  fi
  [ -n "$LEAK" ] || return 0
  rm -f "$2"
  if [ -e "$2" ] || [ -L "$2" ]; then
    note "$CHANGE_PATH" "$LEAK, and it could not be removed" "$TMP/leaks"
    return
  fi
  change "LEFT OUT by the last check: $LEAK"
  note "$CHANGE_PATH" "$LEAK" "$TMP/left-out"
  LEFT_OUT=$((LEFT_OUT + 1))
}

# A link whose target is no longer in the archive (left out above) would be a link to nothing.
# Links are followed inside the archive, an absolute target from the archive's node folder.
prune_link() {
  [ "$1" = link ] || return 0
  CHANGE_PATH=${2#"$NODE"}
  if ! canon "$CHANGE_PATH" || [ ! -e "$NODE$CANON" ]; then
    rm -f "$2"
    change "link removed: its target was left out"
  fi
}

REPLACED=0
REMOVED=0
SECRETS=0
LEFT_OUT=0
CHANGE_IN=
NO_OPENSSL_KEYS=0
: >"$TMP/left-out"
: >"$TMP/leaks"
if [ $PKO = 1 ]; then
  stage_each public_only_entry "$NODE"
  # The last word: every staged file and link, read for key material whatever it was converted to.
  stage_each last_word "$NODE"
fi

NODE_ROOT=$R
R=$NODE
stage_each prune_link "$NODE"
R=$NODE_ROOT

# --- the list of what was gathered, in the archive and on stderr ---------------------------------

WHEN=$(date -u +%Y-%m-%dT%H:%M:%SZ)
LIST=$NODE/k8s-pki-collect.txt
{
  printf '# k8s-pki-collect %s: what was gathered from this node, for K8s PKI Explorer\n' "$VERSION"
  printf 'host: %s\n' "$HOST"
  printf 'root: %s\n' "$ROOT"
  printf 'when: %s\n' "$WHEN"
  if [ $PKO = 1 ]; then
    printf 'mode: --public-keys-only: this archive holds no private key. Each was replaced by its\n'
    printf '      public key, or left out where it could not be converted (listed below); tokens,\n'
    printf '      passwords and encryption keys were replaced by placeholders. A last check read\n'
    printf '      every file for key material (PEM, DER, PKCS#12, base64) and left out any with some.\n'
  else
    printf 'mode: full copy. THIS ARCHIVE HOLDS PRIVATE KEYS AND TOKENS: handle it as a secret.\n'
  fi
  if [ -n "$OPENSSL" ]; then printf 'openssl: %s\n' "$("$OPENSSL" version 2>/dev/null)"; else printf 'openssl: not installed\n'; fi
  printf '\ngathered (%d files, %d links):\n' "$FILES" "$LINKS"
  cat "$TMP/areas"
  [ -z "$MISSING" ] || printf '  not on this node: %s\n' "$MISSING"
  if [ $PKO = 1 ]; then
    printf '\nreplaced by --public-keys-only (placeholders: bootstrap tokens keep their id as\n'
    printf '<id>.xxxxxxxxxxxxxxxx, other tokens and passwords read %s, encryption\n' "$PLACEHOLDER"
    printf 'keys become zero bytes of the same length):\n'
    if [ -s "$TMP/changes" ]; then awk -F "$TAB" '{ print "  " $1 ": " $2 }' "$TMP/changes"; else printf '  nothing\n'; fi
  elif [ -s "$TMP/changes" ]; then
    printf '\nchanged:\n'
    awk -F "$TAB" '{ print "  " $1 ": " $2 }' "$TMP/changes"
  fi
  printf '\nskipped:\n'
  if [ -s "$TMP/skipped" ]; then awk -F "$TAB" '!seen[$0]++ { print "  " $1 ": " $2 }' "$TMP/skipped"; else printf '  nothing\n'; fi
  printf '\nfiles:\n'
  awk -F "$TAB" '{ print "  " $2 ($1 == "link" ? " (link)" : "") }' "$TMP/gathered"
} >"$LIST"

# The list names files and links: one named with key material would carry it into the archive.
if [ $PKO = 1 ]; then
  find_key_material "$LIST"
  [ -z "$LEAK" ] || note /k8s-pki-collect.txt "$LEAK (a file or link named with it)" "$TMP/leaks"
  if [ -s "$TMP/leaks" ]; then
    say ""
    say "$PROG: REFUSED: with --public-keys-only these files would still hold a private key:"
    awk -F "$TAB" '{ print "  " $1 ": " $2 }' "$TMP/leaks" >&2
    say "No archive was written."
    exit 4
  fi
fi

if [ -s "$TMP/skipped" ]; then
  say "Skipped:"
  awk -F "$TAB" '!seen[$0]++ { n++; if (n <= 40) print "  " $1 ": " $2 } END { if (n > 40) print "  ... and " n - 40 " more (see k8s-pki-collect.txt in the archive)" }' "$TMP/skipped" >&2
fi
if [ $PKO = 1 ]; then
  say "Public keys only: $REPLACED private keys replaced by their public keys, $SECRETS tokens, passwords and secrets by placeholders, $REMOVED removed (listed in k8s-pki-collect.txt)."
  if [ $LEFT_OUT -gt 0 ]; then
    say ""
    say "LEFT OUT by the last check: $LEFT_OUT files or links still held key material once"
    say "  converted, and are not in the archive (their certificates cannot be paired with them):"
    awk -F "$TAB" '{ print "  " $1 ": " $2 }' "$TMP/left-out" >&2
  fi
  if [ $NO_OPENSSL_KEYS -gt 0 ]; then
    say ""
    say "WARNING: openssl is not installed: $NO_OPENSSL_KEYS private keys were LEFT OUT, not converted."
    say "  Their certificates cannot be paired with their keys. Install openssl and run this again,"
    say "  or run without --public-keys-only (the archive then holds the private keys)."
  fi
else
  say "WARNING: this archive holds PRIVATE KEYS and TOKENS: handle it as a secret, delete it after use"
  say "  (--public-keys-only keeps only the public halves)."
fi
if grep -q 'permission denied' "$TMP/skipped"; then
  say "Some files could not be read: run it as root (sudo sh $PROG ...) to gather them."
fi

# --- the archive, written whole or not at all ----------------------------------------------------

PART=$OUT_DIR/.${OUT##*/}.part.$$
if ! tar -C "$STAGE" -czf "$PART" "$HOST" 2>"$TMP/tar-errors" || ! mv -f "$PART" "$OUT" 2>>"$TMP/tar-errors"; then
  say "$PROG: could not write $OUT:"
  sed 's/^/  /' "$TMP/tar-errors" >&2
  exit 3
fi
PART=
# Under sudo the archive belongs to the user who asked for it (still readable by them alone), so
# they can copy it off the node without root.
if [ -n "${SUDO_UID:-}" ] && [ -n "${SUDO_GID:-}" ] && [ "$(id -u 2>/dev/null)" = 0 ]; then
  chown "$SUDO_UID:$SUDO_GID" "$OUT" 2>/dev/null || true
fi
set -f
# shellcheck disable=SC2046 # the fields of ls -l, split on purpose; globbing is off
set -- $(ls -lnd "$OUT")
set +f
SIZE=${5:-0}
say ""
say "Wrote $OUT ($((SIZE / 1024 + 1)) KiB: $FILES files, $LINKS links)."
say "Next: drop it on the K8s PKI Explorer page this script came from (it is read in the browser"
say "  tab, never uploaded), or run: k8s-pki audit $OUT"
exit 0
