#!/bin/sh
# k8s-pki-collect.sh: gathers the files K8s PKI Explorer reads from a Kubernetes node into one
# archive, <hostname>/... inside, to drop on the explorer page or give to `k8s-pki audit`.
#
#   sh k8s-pki-collect.sh [--root DIR] [--out FILE] [--public-keys-only]
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
Usage: sh $PROG [--root DIR] [--out FILE] [--public-keys-only]

Gathers this node's Kubernetes certificates, keys, kubeconfigs, static-pod manifests, kubelet and
etcd configuration and systemd units into one .tgz for K8s PKI Explorer (every entry under a
folder named after the host). Run it as root to read the keys.

  --root DIR           read the node's files below DIR instead of / (a mounted disk, a copy)
  --out FILE           write the archive there (default: ./<hostname>-k8s-pki.tgz)
  --public-keys-only   replace every private key by its public key (needs openssl) and every
                       token and password by a placeholder: the archive then holds no secret,
                       and key pairs are still checked on the public halves (recommended)
  -h, --help           show this help

Exit codes: 0 archive written; 1 nothing found under the root (no archive); 2 usage error;
3 the archive could not be written; 4 refused: a private key was left in a --public-keys-only archive.
EOF
}

usage_error() {
  printf '%s: %s\n' "$PROG" "$1" >&2
  printf 'Usage: sh %s [--root DIR] [--out FILE] [--public-keys-only] (see --help)\n' "$PROG" >&2
  exit 2
}

ROOT=/
OUT=
PKO=0
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
: >"$TMP/pending-links"

FILES=0
LINKS=0
VISITS=0
LIMIT_NOTED=0
WALKED=$NL
MISSING=

# One skipped file and why; the list is shown and archived at the end.
skip() {
  printf '%s\t%s\n' "$1" "$2" >>"$TMP/skipped"
}

# The target of a link, as written.
link_text() {
  if [ $HAVE_READLINK = 1 ]; then
    readlink "$1"
  else
    # shellcheck disable=SC2012 # no readlink: ls -l is the portable way to see a link's target
    ls -ld "$1" | sed 's/^.* -> //'
  fi
}

# Resolve the node path $1 component by component as the kernel would, but below the root: an
# absolute link target names a path of the node, not of this machine. Sets CANON to the resolved
# path and CANON_LINKS to the links met (one a line). Fails on a loop (more than 40 links).
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
      c_target=$(link_text "$R$CANON/$c_part") || return 1
      CANON_LINKS=$CANON_LINKS$CANON/$c_part$NL
      case $c_target in /*) CANON= ;; esac
      c_rest=$c_target/$c_rest
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
  l_target=$(link_text "$R$1") || return 1
  [ -d "$NODE${1%/*}" ] || mkdir -p "$NODE${1%/*}" || return 1
  ln -s "$l_target" "$NODE$1" || return 1
  LINKS=$((LINKS + 1))
  printf 'link\t%s\n' "$1" >>"$TMP/gathered"
}

# Links met while resolving a path whose target is now in the archive: keep them too.
stage_links() {
  [ -n "$1" ] || return 0
  s_rest=$1
  while [ -n "$s_rest" ]; do
    s_one=${s_rest%%"$NL"*}
    s_rest=${s_rest#*"$NL"}
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
  printf 'file\t%s\n' "$t_path" >>"$TMP/gathered"
}

# A link met in a folder: kept as a link when what it names is gathered, which it then is too.
# Mode "tree" follows links to folders; "top" gathers files only.
visit_link() {
  v_link=$1
  v_depth=$2
  v_mode=$3
  v_text=$(link_text "$R$v_link") || {
    skip "$v_link" "an unreadable link"
    return
  }
  case $v_text in
    /*) v_full=$v_text ;;
    *) v_full=${v_link%/*}/$v_text ;;
  esac
  if ! canon "$v_full"; then
    skip "$v_link" "a link in a loop ($v_text): not followed"
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
    printf '%s\t%s\n' "$v_target" "$v_link" >>"$TMP/pending-links"
    [ -z "$v_links" ] || printf '%s' "$v_links" | while IFS= read -r v_one; do
      printf '%s\t%s\n' "$v_target" "$v_one"
    done >>"$TMP/pending-links"
  elif [ -f "$R$v_target" ]; then
    if take_file "$v_target"; then
      stage_link "$v_link"
      stage_links "$v_links"
    else
      skip "$v_link" "a link to $v_text, which was not gathered"
    fi
  elif [ -e "$R$v_target" ]; then
    skip "$v_link" "a link to $v_text, which is not a regular file"
  else
    skip "$v_link" "a dangling link to $v_text (not on the node)"
  fi
}

# One entry of a folder being walked.
visit() {
  VISITS=$((VISITS + 1))
  case $1 in
    *"$NL"*)
      skip "$(printf '%s' "$1" | tr '\n' '?')" "a name with a line break: not gathered"
      return
      ;;
  esac
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

enqueue() {
  case $WALKED in *"$NL$1$NL"*) return ;; esac
  WALKED=$WALKED$1$NL
  printf '%s\t%s\n' "$2" "$1" >>"$TMP/queue"
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
run_queue() {
  while [ -s "$TMP/queue" ]; do
    mv "$TMP/queue" "$TMP/queue.now"
    while IFS= read -r q_line; do
      walk_dir "${q_line#*"$TAB"}" "${q_line%%"$TAB"*}" tree
    done <"$TMP/queue.now"
  done
  # Links to folders are kept once the folder they name holds something gathered.
  if [ -s "$TMP/pending-links" ]; then
    while IFS= read -r q_line; do
      q_target=${q_line%%"$TAB"*}
      if [ -d "$NODE$q_target" ]; then
        stage_link "${q_line#*"$TAB"}"
      else
        skip "${q_line#*"$TAB"}" "a link to the folder $q_target, in which nothing was gathered"
      fi
    done <"$TMP/pending-links"
    : >"$TMP/pending-links"
  fi
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
      skip "$2" "a dangling link to $g_target (not on the node)"
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
gather_references() {
  find "$NODE" -type f -exec awk "$AWK_REFERENCES" {} + 2>/dev/null | sort -u >"$TMP/references"
  while IFS= read -r ref; do
    [ -e "$NODE$ref" ] || [ -L "$NODE$ref" ] && continue
    gather file "$ref"
  done <"$TMP/references"
}
area_begin referenced "files the configuration names"
gather_references
gather_references
# Only worth a line when it found something; files named but absent are the analysis's to report.
[ $FILES = "$AREA_FILES" ] || area_end

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

# The base64 forms of "PRIVATE KEY-----" at each of the three byte alignments: a key hidden in a
# base64 value (client-key-data, a Secret's tls.key) is found without decoding anything.
B64_KEY_0=UFJJVkFURSBLRVktLS0tL
B64_KEY_1=BSSVZBVEUgS0VZLS0tLS
B64_KEY_2=QUklWQVRFIEtFWS0tLS0t

# Splits a text file into pieces (out/NNNNN.t text, .k PEM private key blocks, .b base64 values
# that decode to PEM, .d base64 values of a key field) so the keys can be converted one by one;
# replaces tokens, passwords and other secrets on the way. Prints what it replaced, one a line.
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
BEGIN {
  placeholder_text = "'"$PLACEHOLDER"'"
  split("token tlsBootstrapToken agent-token password certificateKey certificate-key id-token refresh-token access-token client-secret etcd-s3-access-key etcd-s3-secret-key datastore-endpoint secret", names, " ")
  for (i in names) secret_keys[names[i]] = 1
  count = 0
  current = ""
  piece("t")
  in_key = 0
}
{
  line = $0
  if (in_key) {
    print substr(line, indent + 1) > current
    if (line ~ /-----END [A-Z0-9 ]*PRIVATE KEY-----/) { in_key = 0; piece("t") }
    next
  }
  if (line ~ /^[ \t]*-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[ \t\r]*$/) {
    match(line, /^[ \t]*/)
    indent = RLENGTH
    piece("k")
    if (indent > 0) { printf "%s", substr(line, 1, indent) > (out "/" sprintf("%05d", count) ".indent"); close(out "/" sprintf("%05d", count) ".indent") }
    print substr(line, indent + 1) > current
    in_key = 1
    next
  }
  if (line ~ /PRIVATE KEY-----/) { print "inline-key"; print line > current; next }
  line = redact(line)
  if (no_base64) { print line > current; next }
  written = ""
  while (match(line, /[A-Za-z0-9+\/]+=*/)) {
    run = substr(line, RSTART, RLENGTH)
    before = written substr(line, 1, RSTART - 1)
    after = substr(line, RSTART + RLENGTH, 1)
    line = substr(line, RSTART + RLENGTH)
    if (length(run) >= 40 && substr(run, 1, 14) == "LS0tLS1CRUdJTi") kind = "b"
    else if (length(run) >= 40 && substr(run, 1, 1) != "/" && after ~ /^([ \t\r"'"'"',}]|)$/ && before ~ /[Kk]ey(-data)?["'"'"']?[ \t]*:[ \t]*["'"'"']?$/) kind = "d"
    else { written = before run; continue }
    printf "%s", before > current
    piece(kind)
    printf "%s", run > current
    piece("t")
    written = ""
  }
  print written line > current
}
END { if (in_key) print "unterminated-key"; close(current) }'

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

# A base64 value ($1 holds it; $2: "b" PEM, "d" a key field) → the same value with every private
# key in it replaced by its public key, on stdout without a newline.
convert_value() {
  b_value=$(cat "$1")
  if [ -z "$OPENSSL" ]; then
    # Nothing to decode with: a value that may hold a key goes (a key field's value may be DER).
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
  if grep -q 'PRIVATE KEY-----' "$1.bin"; then
    mkdir "$1.pieces"
    CHANGE_IN="in base64 data: "
    if public_only_text "$1.bin" "$1.pieces" nested && grep -q -e '-----BEGIN' "$1.bin"; then
      "$OPENSSL" base64 -A <"$1.bin"
    else
      change "a base64 value emptied: nothing remained once its private key was removed"
    fi
    CHANGE_IN=
  elif [ "$2" = d ] && "$OPENSSL" pkey -inform DER -in "$1.bin" -pubout -out "$1.pub" </dev/null 2>/dev/null; then
    "$OPENSSL" base64 -A <"$1.pub"
    change "in base64 data: a DER private key replaced by its public key"
    REPLACED=$((REPLACED + 1))
  else
    printf '%s' "$b_value"
  fi
}

change() {
  printf '%s\t%s\n' "$CHANGE_PATH" "$1" >>"$TMP/changes"
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
  for p_piece in "$2"/*.[kbd]; do
    [ -e "$p_piece" ] && p_convert=1
    break
  done
  if [ $p_convert = 1 ]; then
    # Keys to convert: put the file together again, piece by piece.
    for p_piece in "$2"/*.[tkbd]; do
      case $p_piece in
        *.t) cat "$p_piece" ;;
        *.k) convert_key "$p_piece" ;;
        *) convert_value "$p_piece" "${p_piece##*.}" ;;
      esac
    done >"$1.new"
    mv "$1.new" "$1"
  elif [ -n "$p_events" ]; then
    cat "$2"/*.t >"$1.new"
    mv "$1.new" "$1"
  fi
  return 0
}

# A binary file: kept when openssl reads it as a certificate (or CRL or CSR), turned into a PEM
# public key when it is a DER private key, left out otherwise.
public_only_binary() {
  case $1 in
    *.p12 | *.pfx)
      change "removed: a PKCS#12 bundle holds a private key"
      REMOVED=$((REMOVED + 1))
      return 1
      ;;
  esac
  if [ -z "$OPENSSL" ]; then
    change "removed: a binary file, and no openssl to tell that it holds no private key"
    REMOVED=$((REMOVED + 1))
    return 1
  fi
  for b_kind in x509 crl req; do
    "$OPENSSL" "$b_kind" -inform DER -in "$1" -noout </dev/null 2>/dev/null && return 0
  done
  if "$OPENSSL" pkey -inform DER -in "$1" -pubout -out "$1.pub" -passin pass: </dev/null 2>/dev/null; then
    mv "$1.pub" "$1"
    change "a DER private key replaced by its public key (PEM)"
    REPLACED=$((REPLACED + 1))
    return 0
  fi
  change "removed: a binary file that is neither a certificate nor a readable key"
  REMOVED=$((REMOVED + 1))
  return 1
}

REPLACED=0
REMOVED=0
SECRETS=0
CHANGE_IN=
NO_OPENSSL_KEYS=0
if [ $PKO = 1 ]; then
  find "$NODE" -type f >"$TMP/staged"
  while IFS= read -r staged; do
    CHANGE_PATH=${staged#"$NODE"}
    rm -rf "$TMP/pieces"
    mkdir "$TMP/pieces"
    if grep -q -e '-----BEGIN' "$staged" || is_text "$staged"; then
      public_only_text "$staged" "$TMP/pieces" || rm -f "$staged"
    else
      public_only_binary "$staged" || rm -f "$staged"
    fi
    # A file with nothing left to read (only a key, removed) is left out rather than kept empty.
    if [ -f "$staged" ] && [ ! -s "$staged" ]; then
      rm -f "$staged"
      change "left out: nothing remained once its private key was removed"
    fi
  done <"$TMP/staged"
fi

# A link whose target is no longer in the archive (left out above) would be a link to nothing.
# Links are followed inside the archive, an absolute target from the archive's node folder.
find "$NODE" -type l >"$TMP/staged-links"
NODE_ROOT=$R
R=$NODE
while IFS= read -r staged; do
  CHANGE_PATH=${staged#"$NODE"}
  if ! canon "$CHANGE_PATH" || [ ! -e "$NODE$CANON" ]; then
    rm -f "$staged"
    change "link removed: its target was left out"
  fi
done <"$TMP/staged-links"
R=$NODE_ROOT

if [ $PKO = 1 ]; then
  # The last word: not one staged file may still hold a private key, in PEM or in base64.
  find "$NODE" -type f -exec grep -l -e 'PRIVATE KEY-----' -e "$B64_KEY_0" -e "$B64_KEY_1" \
    -e "$B64_KEY_2" {} + >"$TMP/leaks" 2>/dev/null
  if [ -s "$TMP/leaks" ]; then
    say ""
    say "$PROG: REFUSED: with --public-keys-only these files would still hold a private key:"
    sed "s|^$NODE|  |" "$TMP/leaks" >&2
    say "No archive was written."
    exit 4
  fi
fi

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
    printf '      passwords and encryption keys were replaced by placeholders.\n'
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

if [ -s "$TMP/skipped" ]; then
  say "Skipped:"
  awk -F "$TAB" '!seen[$0]++ { n++; if (n <= 40) print "  " $1 ": " $2 } END { if (n > 40) print "  ... and " n - 40 " more (see k8s-pki-collect.txt in the archive)" }' "$TMP/skipped" >&2
fi
if [ $PKO = 1 ]; then
  say "Public keys only: $REPLACED private keys replaced by their public keys, $SECRETS tokens, passwords and secrets by placeholders, $REMOVED removed (listed in k8s-pki-collect.txt)."
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
