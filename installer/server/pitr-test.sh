#!/usr/bin/env bash
# The point-in-time recovery test of the shared server (issue 37; ADR 41), in one command:
#   installer/server/pitr-test.sh
# On this one machine, from Debian 12's packages (those of up.sh, pgbackrest among them), it
# brings up the reference deployment (up.sh: etcd, two PostgreSQL nodes under Patroni archiving
# their WAL with pgBackRest, PgBouncer beside each), takes a full backup (backup.sh full), and then:
#   1. books A as a desk does (salondesk book, through PgBouncer), and takes the server's
#      clock_timestamp() after A's commit as T; a second later books B;
#   2. tries restore.sh's refusals: no TIME, a TIME that is none, one without a zone, one in the
#      future, one before the backup, and one without --yes — each must be refused with its
#      sentence and leave the cluster as it was;
#   3. restore.sh --to T --yes, and checks on the restored primary that A is there and B is not,
#      that the other node is its synchronous standby, that both old data directories were moved
#      aside, that the timeline grew, and that a desk books again (C, through PgBouncer), C
#      reaching the standby too.
# It ends with one line, `pitr: A=1 B=0 C=1 restore_s=N`, and exits 0 only if every check held.
# It cleans up after itself (down.sh --clean); --keep leaves the cluster running. Ports from
# SALONDESK_CHAIN_PORT_BASE (default 25210: 25210–25219, away from the failover test's), data
# in SALONDESK_CHAIN_DIR (default /tmp/salondesk-pitr-test). Needs app/target/salondesk.jar
# (built with mvn -o -q -pl app -am package -DskipTests when missing).
set -euo pipefail
export SALONDESK_CHAIN_DIR="${SALONDESK_CHAIN_DIR:-/tmp/salondesk-pitr-test}"
export SALONDESK_CHAIN_PORT_BASE="${SALONDESK_CHAIN_PORT_BASE:-25210}"
# shellcheck source=chain-env.sh
. "$(dirname "$0")/chain-env.sh"
repo="$(cd "$CHAIN_SRC/../.." && pwd)"
jar="$repo/app/target/salondesk.jar"
keep=""; [ "${1:-}" = "--keep" ] && keep=yes
t0=$SECONDS
cleanup() {
    local rc=$?
    if [ -z "$keep" ]; then
        "$CHAIN_SRC/down.sh" --clean >/dev/null 2>&1 || true
    fi
    exit $rc
}
trap cleanup EXIT
status=0
check() {   # check WHAT COMMAND…: one line, ok or FAILED
    local what="$1"; shift
    if "$@"; then echo "pitr: ok   $what"; else echo "pitr: FAILED $what"; status=1; fi
}

if [ ! -f "$jar" ]; then
    chain_log "building the app (mvn package)"
    (cd "$repo" && mvn ${CHAIN_MVN_FLAGS:--o} -q -B -pl app -am package -DskipTests)
fi
"$CHAIN_SRC/down.sh" --clean >/dev/null 2>&1 || true
"$CHAIN_SRC/up.sh" > "$CHAIN_DIR.up.log" 2>&1 || { cat "$CHAIN_DIR.up.log" >&2; exit 1; }
chain_log "the cluster is up ($((SECONDS - t0)) s)"
chain_secrets

"$CHAIN_SRC/backup.sh" full > "$CHAIN_DIR.backup.log" 2>&1 || { cat "$CHAIN_DIR.backup.log" >&2; exit 1; }
chain_log "full backup taken ($((SECONDS - t0)) s)"

desk() {   # a desk's booking through PgBouncer, as olena (the demo salon's admin)
    SALONDESK_DB_PASSWORD="$ADMIN_PASSWORD" SALONDESK_HOME="$CHAIN_DIR/desk-home" \
        java -jar "$jar" --db-url "$DESK_URL" --user olena \
        book --tenant 1 --master "Olena Kovalenko" --service "Women's haircut" --start "$1" --client "$2"
}
sql() {   # sql NODE QUERY: one value, as postgres on the node's socket
    local port="$NODE1_PG_PORT"; [ "$1" = node2 ] && port="$NODE2_PG_PORT"
    as_chain psql -X -A -t -q -h "$CHAIN_DIR/$1" -p "$port" -d salondesk -c "$2"
}
count() {   # count NODE CLIENT: that client's bookings
    sql "$1" "SELECT count(*) FROM bookings b JOIN clients c ON c.tenant_id = b.tenant_id AND c.id = b.client_id WHERE c.name = '$2'"
}
run="$(date +%s)"
a="PITR A $run"; b="PITR B $run"; c="PITR C $run"
desk 2030-01-07T10:00 "$a"
leader="$(chain_leader)"
# T: the primary's own clock after A's commit (the server's time is the one recovery compares)
target="$(sql "$leader" "SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"')")"
sleep 1
desk 2030-01-07T11:00 "$b"
chain_log "booked A, T=$target, booked B ($((SECONDS - t0)) s)"
check "A and B are on the primary before the restore" test "$(count "$leader" "$a")/$(count "$leader" "$b")" = 1/1

# restore.sh's refusals, each with its sentence, the cluster untouched
refused() {   # refused EXPECTED-TEXT ARGS…: restore.sh exits non-zero and says EXPECTED-TEXT
    local expected="$1" out; shift
    if out="$("$CHAIN_SRC/restore.sh" "$@" 2>&1)"; then
        echo "pitr: restore.sh $* was not refused: $out"; return 1
    fi
    grep -q -- "$expected" <<<"$out" || { echo "pitr: restore.sh $* said: $out"; return 1; }
}
check "no TIME is refused" refused "to which moment" --yes
check "a TIME that is none is refused" refused "is not a time" --to "yesterday noon" --yes
check "a TIME without its zone is refused" refused "has no zone" --to "2026-12-07 14:02:00" --yes
check "a TIME in the future is refused" refused "in the future" --to "$(date -u -d '+1 hour' +%FT%TZ)" --yes
check "a TIME before the oldest backup is refused" refused "before the oldest backup" --to "2020-01-01 00:00:00+00" --yes
check "without --yes nothing happens" refused "Run it again with --yes" --to "$target"
check "the refusals left the leader where it was" test "$(chain_leader)" = "$leader"

r0=$SECONDS
if ! "$CHAIN_SRC/restore.sh" --to "$target" --yes > "$CHAIN_DIR.restore.log" 2>&1; then
    cat "$CHAIN_DIR.restore.log" >&2
    chain_log "restore.sh failed"; exit 1
fi
restore_s=$((SECONDS - r0))
grep '^restore.sh:' "$CHAIN_DIR.restore.log"
chain_log "restored to $target ($restore_s s)"

now_leader="$(chain_leader)"
check "node1 is the primary after the restore" test "$now_leader" = node1
got_a="$(count node1 "$a")"; got_b="$(count node1 "$b")"
check "A (booked before T) is there" test "$got_a" = 1
check "B (booked after T) is not" test "$got_b" = 0
node2_sync() {
    patronictl_chain list -f json | python3 -c '
import json, sys
sys.exit(0 if any(m["Member"] == "node2" and m["Role"] == "Sync Standby" for m in json.load(sys.stdin)) else 1)'
}
check "node2 is the synchronous standby" node2_sync
check "the data before the restore was moved aside, not deleted" \
    bash -c "ls -d '$CHAIN_DIR'/node1/data.before-restore-* '$CHAIN_DIR'/node2/data.before-restore-* >/dev/null"
check "a new cluster history: the timeline grew" test "$(chain_timeline)" -gt 1
check "a desk books again through PgBouncer" desk 2030-01-07T12:00 "$c"
got_c="$(count node1 "$c")"
check "C is on the restored primary" test "$got_c" = 1
replicated() {   # C reached the synchronous standby
    for _ in $(seq 1 20); do
        [ "$(count node2 "$c" 2>/dev/null)" = 1 ] && return 0
        sleep 0.5
    done
    return 1
}
check "and on its standby" replicated

echo "pitr: A=$got_a B=$got_b C=$got_c restore_s=$restore_s"
chain_log "done in $((SECONDS - t0)) s"
exit $status
