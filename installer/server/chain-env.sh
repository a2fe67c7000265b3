# Sourced by up.sh, down.sh, failover-test.sh, backup.sh, restore.sh and pitr-test.sh: where
# the one-machine trial of the shared server lives and which loopback ports it takes (all in
# 25190–25199 unless SALONDESK_CHAIN_PORT_BASE moves them, away from other programs' usual ports). On real machines the same files are used with the machines'
# addresses instead (README, "A shared server for a chain").
# shellcheck shell=bash

CHAIN_SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# everything the trial writes (data directories, logs, rendered configuration, passwords)
CHAIN_DIR="${SALONDESK_CHAIN_DIR:-/tmp/salondesk-chain}"
PG_BIN="${SALONDESK_PG_BIN:-/usr/lib/postgresql/15/bin}"

# SALONDESK_CHAIN_PORT_BASE moves all ten (a second trial beside a running one, e.g. the
# point-in-time recovery test on a machine whose failover test runs)
port_base="${SALONDESK_CHAIN_PORT_BASE:-25190}"
ETCD_CLIENT_PORT=$((port_base + 0))
ETCD_PEER_PORT=$((port_base + 1))
NODE1_PG_PORT=$((port_base + 2))
NODE2_PG_PORT=$((port_base + 3))
NODE1_API_PORT=$((port_base + 4))
NODE2_API_PORT=$((port_base + 5))
NODE1_BOUNCER_PORT=$((port_base + 6))
NODE2_BOUNCER_PORT=$((port_base + 7))
SERVE_PORT=$((port_base + 8))
LIVE_PORT=$((port_base + 9))

# The desks' pool goes through the PgBouncer beside each node (transaction mode); pgjdbc tries
# them in order and keeps the one whose server takes writes. No prepareThreshold=0: the app finds
# the pooler by itself and then uses no server-side prepared statements, which PgBouncer 1.18
# cannot carry across transactions (ADR 23) — the failover test proves that on the real thing.
DESK_URL="jdbc:postgresql://127.0.0.1:${NODE1_BOUNCER_PORT},127.0.0.1:${NODE2_BOUNCER_PORT}/salondesk?targetServerType=primary&hostRecheckSeconds=2"
# the trial's certificate authority and its machines' certificates (make-certs.sh), and etcd's URL
TLS_DIR="$CHAIN_DIR/tls"
ETCD_URL="https://127.0.0.1:${ETCD_CLIENT_PORT}"
# Straight to PostgreSQL: migrations (Flyway holds a session) and LISTEN.
DIRECT_URL="jdbc:postgresql://127.0.0.1:${NODE1_PG_PORT},127.0.0.1:${NODE2_PG_PORT}/salondesk?targetServerType=primary&hostRecheckSeconds=2"

# PostgreSQL, Patroni and PgBouncer run as the postgres account (PostgreSQL refuses root);
# the postgres account itself runs them as itself (up.sh refuses any other: pg_hba.conf admits
# Patroni's superuser postgres over the socket by peer only).
if [ "$(id -u)" -eq 0 ]; then
    CHAIN_USER=postgres
    as_chain() { runuser -u "$CHAIN_USER" -- "$@"; }
else
    CHAIN_USER="$(id -un)"
    as_chain() { "$@"; }
fi

chain_log() { echo "chain: [$(date +%T)] $*" >&2; }

# The passwords up.sh made (readable by the owner only).
chain_secrets() {
    # shellcheck disable=SC1091
    . "$CHAIN_DIR/secrets.env"
}

patronictl_chain() {
    as_chain patronictl -c "$CHAIN_DIR/node1.yml" "$@"
}

# etcdctl over TLS with node1's certificate, as nobody (ETCDCTL_USER=NAME:PASSWORD signs in)
chain_etcdctl() {
    ETCDCTL_API=3 ETCDCTL_ENDPOINTS="$ETCD_URL" ETCDCTL_CACERT="$TLS_DIR/ca.crt" \
        ETCDCTL_CERT="$TLS_DIR/node1.crt" ETCDCTL_KEY="$TLS_DIR/node1.key" etcdctl "$@"
}

# chain_api PORT PATH: a GET of Patroni's REST API (https; reads need no certificate or password)
chain_api() {
    curl -fsS --cacert "$TLS_DIR/ca.crt" "https://127.0.0.1:$1$2"
}

# The name of the node whose Patroni holds the leader key, or nothing.
chain_leader() {
    local port
    for port in "$NODE1_API_PORT" "$NODE2_API_PORT"; do
        if chain_api "$port" /primary >/dev/null 2>&1; then
            [ "$port" = "$NODE1_API_PORT" ] && echo node1 || echo node2
            return 0
        fi
    done
    return 1
}

# The leader's timeline (Patroni's REST API), 0 when nobody leads: a promotion starts a new one.
chain_timeline() {
    local leader port
    leader="$(chain_leader)" || { echo 0; return 0; }
    port="$NODE1_API_PORT"; [ "$leader" = node2 ] && port="$NODE2_API_PORT"
    chain_api "$port" /patroni 2>/dev/null \
        | python3 -c 'import json, sys; print(json.load(sys.stdin).get("timeline", 0))' 2>/dev/null || echo 0
}

# Waits until a leader answers and its synchronous standby is streaming: a booking answered
# "booked" is then on both nodes.
chain_wait_healthy() {
    local timeout="${1:-120}" until=$((SECONDS + ${1:-120}))
    while [ "$SECONDS" -lt "$until" ]; do
        if patronictl_chain list -f json 2>/dev/null | python3 -c '
import json, sys
m = json.load(sys.stdin)
leaders = [x for x in m if x["Role"] in ("Leader", "Master", "Primary") and x["State"] == "running"]
sync = [x for x in m if x["Role"] == "Sync Standby" and x["State"] in ("streaming", "running")]
sys.exit(0 if len(leaders) == 1 and len(sync) == 1 else 1)'; then
            return 0
        fi
        sleep 1
    done
    chain_log "the cluster did not become healthy (a leader and a streaming sync standby) within ${timeout} s"
    patronictl_chain list >&2 || true
    return 1
}

# chain_start NAME COMMAND…: in the background as the chain's account. The daemon writes its
# own pid (exec keeps it), so down.sh and the failover test signal it, not a wrapper.
chain_start() {
    local name="$1"; shift
    as_chain bash -c 'cd "$1" && echo $$ > "$2" && shift 2 && exec "$@"' _ "$CHAIN_DIR" "$CHAIN_DIR/pids/$name.pid" "$@" \
        >> "$CHAIN_DIR/$name.log" 2>&1 &
}

# The PgBouncer beside a node, as a daemon (its pid file is in the node's directory), unless it
# runs already: Patroni's callback starts it when the node changes role, as when up.sh brings back
# a kept trial whose primary is promoted again (a second one would refuse to start).
chain_start_bouncer() {
    chain_pid "$CHAIN_DIR/$1/pgbouncer.pid" >/dev/null && return 0
    # a file descriptor for each desk connection (max_client_conn) and each server connection
    as_chain bash -c 'ulimit -Sn "$(ulimit -Hn)" 2>/dev/null; exec pgbouncer -d -q "$1"' _ "$CHAIN_DIR/pgbouncer-$1.ini"
}

# A node's machine comes back: its Patroni (which rewinds the old primary and follows the
# leader) and its PgBouncer.
chain_start_node() {
    chain_start "patroni-$1" patroni "$CHAIN_DIR/$1.yml"
    chain_start_bouncer "$1"
}

# chain_pgbackrest NODE COMMAND…: pgBackRest with that node's configuration (its PostgreSQL as
# pg1, the trial's repository), stanza salondesk, as the chain's account
chain_pgbackrest() {
    local node="$1"; shift
    as_chain pgbackrest --config="$CHAIN_DIR/$node/pgbackrest.conf" --stanza=salondesk "$@"
}

chain_stop_pid() {   # chain_stop_pid FILE: TERM, then KILL after 20 s
    local file="$1" pid
    [ -f "$file" ] || return 0
    pid="$(head -n1 "$file" | tr -d '[:space:]')"
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null
        for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
        kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
    fi
    rm -f "$file"
}

chain_pid() {   # chain_pid FILE: the first line of a pid file, if its process lives
    local pid
    [ -f "$1" ] || return 1
    pid="$(head -n1 "$1" | tr -d '[:space:]')"
    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}
