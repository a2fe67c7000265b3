#!/usr/bin/env bash
# etcd's users and roles, then its authentication on (issue 29; ADR 23) — once, on any one
# machine of the etcd cluster, after all its members are up:
#   ETCD_ROOT_PASSWORD=… ETCD_PATRONI_PASSWORD=… installer/server/etcd-auth.sh [NAMESPACE]
# etcdctl finds the cluster and its TLS files in ETCDCTL_ENDPOINTS, ETCDCTL_CACERT, ETCDCTL_CERT
# and ETCDCTL_KEY (etcd asks every client for a certificate of the chain's authority). Makes
#   * root: etcd's administrator (users, roles, the switch itself), and nothing runs as it;
#   * patroni, of the role patroni: read and write under NAMESPACE (Patroni's namespace, /salondesk/
#     by default: the nodes' leader key, members, configuration) and nowhere else.
# Before `auth enable` anyone with a certificate may do anything; after it, nothing without a
# password. Run again, it only checks that both users sign in. The passwords never appear on a
# command line (where ps shows them): etcdctl reads them from its standard input and ETCDCTL_USER.
set -euo pipefail
ns="${1:-/salondesk/}"
: "${ETCD_ROOT_PASSWORD:?etcd-auth.sh: ETCD_ROOT_PASSWORD is not set}" "${ETCD_PATRONI_PASSWORD:?etcd-auth.sh: ETCD_PATRONI_PASSWORD is not set}"
export ETCDCTL_API=3

unset ETCDCTL_USER
signed_in() { local who="$1"; shift; ETCDCTL_USER="$who" etcdctl "$@"; }   # signed_in NAME:PASSWORD COMMAND…
add_user() {   # add_user NAME PASSWORD: asked twice, as `user add` asks
    printf '%s\n%s\n' "$2" "$2" | etcdctl user add "$1" --interactive=true >/dev/null
}
if signed_in "root:$ETCD_ROOT_PASSWORD" user get patroni >/dev/null 2>&1; then
    signed_in "patroni:$ETCD_PATRONI_PASSWORD" get --prefix "$ns" --keys-only --limit 1 >/dev/null
    echo "etcd-auth.sh: authentication is on already; root and patroni sign in"
    exit 0
fi
# authentication off: every call below is allowed; each step may have been made by a run cut short
etcdctl user get root >/dev/null 2>&1 || add_user root "$ETCD_ROOT_PASSWORD"
etcdctl role get root >/dev/null 2>&1 || etcdctl role add root >/dev/null
etcdctl user grant-role root root >/dev/null
etcdctl role get patroni >/dev/null 2>&1 || etcdctl role add patroni >/dev/null
etcdctl role grant-permission patroni --prefix=true readwrite "$ns" >/dev/null
etcdctl user get patroni >/dev/null 2>&1 || add_user patroni "$ETCD_PATRONI_PASSWORD"
etcdctl user grant-role patroni patroni >/dev/null
etcdctl auth enable >/dev/null
signed_in "patroni:$ETCD_PATRONI_PASSWORD" get --prefix "$ns" --keys-only --limit 1 >/dev/null
echo "etcd-auth.sh: authentication on; patroni may read and write under $ns only"
