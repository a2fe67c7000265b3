#!/usr/bin/env bash
# Stops the one-machine trial that up.sh started: the PgBouncers, both Patroni nodes (each
# stops its PostgreSQL) and etcd. --clean also deletes its directory (data, logs, passwords).
set -uo pipefail
# shellcheck source=chain-env.sh
. "$(dirname "$0")/chain-env.sh"

if [ -d "$CHAIN_DIR" ]; then
    # Patroni's callback restarts PgBouncer on a role change, but not while the trial stops
    touch "$CHAIN_DIR/stopping"
    for node in node1 node2; do
        chain_stop_pid "$CHAIN_DIR/$node/pgbouncer.pid"
    done
    # the standby first: stopping the primary first would have the standby promoted on the way out
    leader="$(chain_leader 2>/dev/null || true)"
    order="node1 node2"; [ "$leader" = node1 ] && order="node2 node1"
    for node in $order; do
        chain_stop_pid "$CHAIN_DIR/pids/patroni-$node.pid"
    done
    # a PostgreSQL whose Patroni was killed (the failover test kills whole "machines") is stopped here
    for node in node1 node2; do
        if [ -f "$CHAIN_DIR/$node/data/postmaster.pid" ]; then
            as_chain "$PG_BIN/pg_ctl" -D "$CHAIN_DIR/$node/data" -m immediate stop >/dev/null 2>&1 || true
        fi
    done
    chain_stop_pid "$CHAIN_DIR/pids/etcd.pid"
fi
if [ "${1:-}" = "--clean" ]; then
    rm -rf "$CHAIN_DIR"
    chain_log "stopped, and $CHAIN_DIR deleted"
else
    chain_log "stopped (data kept in $CHAIN_DIR; --clean deletes it)"
fi
