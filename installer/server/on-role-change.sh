#!/usr/bin/env bash
# Patroni's callback (on_role_change, on_stop): this node's role changed, so the PgBouncer
# beside it starts afresh — every client and server connection of it is dropped:
#   * Demoted (or stopped): its clients would otherwise keep their connection to PgBouncer and
#     find a read-only standby (or nothing) behind it. Dropped, the desks' pools reconnect, and
#     pgjdbc's targetServerType=primary finds the node that is the primary.
#   * Promoted: PgBouncer answers each new client with the server parameters it saw when its
#     pool first logged in — here in_hot_standby=on, from when this node was a standby — and
#     pgjdbc takes its word and skips the new primary. A new PgBouncer logs in afresh.
# A restart, not the admin console's KILL + RESUME, which drops the same connections but can
# crash PgBouncer under load (seen here with 1.18; pgbouncer/pgbouncer#1401).
# Arguments: the node's name (from its yml), then Patroni's action, role and scope.
# In the one-machine trial PgBouncer runs from $here/pgbouncer-<node>.ini; on a real machine
# it is Debian's pgbouncer service, which the postgres account may restart through a sudoers
# rule (README, "A shared server for a chain").
set -uo pipefail
node="$1"; action="${2:-}"; role="${3:-}"
here="$(cd "$(dirname "$0")" && pwd)"
ini="$here/pgbouncer-$node.ini"
# its log and lock beside it in the trial; on a real machine /etc/patroni is root's, so they go
# where the postgres account may write (Debian's /var/run/postgresql)
state="$here"; [ -w "$state" ] || state=/var/run/postgresql
note() { echo "$(date -Is) $action $role: $*" >> "$state/on-role-change.log"; }
if [ -f "$here/stopping" ]; then
    exit 0   # down.sh is stopping the whole trial: nothing to start again
fi
# Patroni kills a callback that is still running when the next one comes (a demotion brings
# on_stop, then on_role_change): the restart runs on its own, one at a time (flock), so that it
# is never cut off between stopping PgBouncer and starting it again. (-o: the daemon must not
# inherit the lock, or it would hold it for as long as it runs.)
restart() {
    [ -f "$here/stopping" ] && return   # the trial began to stop while this one waited its turn
    if [ ! -f "$ini" ]; then
        sudo -n systemctl restart pgbouncer && note "pgbouncer service restarted" || note "could not restart the pgbouncer service"
        return
    fi
    local pidfile="$here/$node/pgbouncer.pid" pid
    pid="$(head -n1 "$pidfile" 2>/dev/null | tr -d '[:space:]')"
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        # SIGTERM: PgBouncer 1.18's immediate shutdown
        kill -TERM "$pid" 2>/dev/null
        for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
    fi
    # a file descriptor for each desk connection (max_client_conn) and each server connection
    ulimit -Sn "$(ulimit -Hn)" 2>/dev/null || true
    if pgbouncer -d -q "$ini"; then
        note "PgBouncer of $node restarted"
    else
        note "PgBouncer of $node did not start again"
    fi
}
export -f restart note
export here state node ini action role
setsid flock -o "$state/bouncer-$node.lock" bash -c restart </dev/null >/dev/null 2>&1 &
exit 0
