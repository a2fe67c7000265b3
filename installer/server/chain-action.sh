#!/usr/bin/env bash
# What the failover test does to the cluster mid-storm (run by ChainDriver). It prints "hit"
# on standard output the moment the cluster is hit — the time the test's pauses are measured
# from. Every process is signalled by its own pid, never by name.
#   kill-postgres   SIGKILL to the primary's postmaster; Patroni on that node lives on and
#                   hands over at once (primary_start_timeout: 0), then rewinds it into a standby
#   kill-machine    SIGKILL to everything of the primary's node at once — Patroni, the
#                   postmaster and its processes, PgBouncer — as when the machine dies; the
#                   standby takes over when the leader key expires (ttl)
#   switchover      patronictl switchover: the planned move of the primary to the standby
#   restart NODE    the machine of NODE comes back (Patroni and PgBouncer)
set -euo pipefail
# shellcheck source=chain-env.sh
. "$(dirname "$0")/chain-env.sh"

leader="$(chain_leader)" || { chain_log "no leader to act on"; exit 1; }
other=node1; [ "$leader" = node1 ] && other=node2

postmaster() { head -n1 "$CHAIN_DIR/$1/data/postmaster.pid" | tr -d '[:space:]'; }

case "${1:-}" in
    kill-postgres)
        pm="$(postmaster "$leader")"
        kill -KILL "$pm"
        echo hit
        chain_log "SIGKILL to $leader's postmaster ($pm)"
        ;;
    kill-machine)
        pm="$(postmaster "$leader")"
        pids="$pm $(ps -o pid= --ppid "$pm" | tr '\n' ' ')"
        pids+=" $(chain_pid "$CHAIN_DIR/pids/patroni-$leader.pid" || true) $(chain_pid "$CHAIN_DIR/$leader/pgbouncer.pid" || true)"
        # shellcheck disable=SC2086
        kill -KILL $pids
        echo hit
        chain_log "SIGKILL to $leader's machine: $pids"
        ;;
    switchover)
        echo hit
        patronictl_chain switchover --leader "$leader" --candidate "$other" --force >/dev/null
        chain_log "switched over from $leader to $other"
        ;;
    restart)
        node="${2:?restart NODE}"
        chain_start_node "$node"
        chain_log "$node's machine is back"
        ;;
    *)
        echo "usage: chain-action.sh kill-postgres | kill-machine | switchover | restart NODE" >&2
        exit 2
        ;;
esac
