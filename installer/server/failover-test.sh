#!/usr/bin/env bash
# The failover test of the shared server for a chain (issue 19; ADR 23), in one command:
#   installer/server/failover-test.sh
# On this one machine, from Debian 12's packages (apt-get install -y patroni etcd-server
# etcd-client pgbouncer postgresql postgresql-contrib curl procps), it brings up the reference
# deployment (up.sh: etcd, two PostgreSQL nodes under Patroni with a synchronous standby,
# PgBouncer beside each), runs salondesk serve through PgBouncer, and then, each time under a
# storm of bookings from several desks (the app's real engine, pools and listeners) and from
# clients of serve's online page, on the same masters:
#   1. failover    SIGKILL to the primary's PostgreSQL: Patroni promotes the standby
#   2. switchover  patronictl switchover, the planned move
#   3. machine     SIGKILL to everything of the primary's machine (Patroni, PostgreSQL, PgBouncer)
# and checks on the new primary that every booking answered "booked" is there, none twice, no
# overlap, the desks went on by themselves and their listeners (half through serve's live relay,
# half straight to PostgreSQL) hear the new primary. Then the hundreds-of-desks load test: 300
# desks of 100 salons, each its own login, pool, engine and listener, through PgBouncer and the
# live relay, each person keeping their server connections (max_connections sized from the desks,
# server logins counted by PostgreSQL: at most two a person over the phase). Before the storms and after them, the control
# plane is tried as an attacker would (control-plane-test.sh: Patroni's REST API, etcd, PgBouncer's
# lookup, the chain's own logins), and every refusal it expects must hold. It ends with one line:
#   failover: booked=N lost=0 doubled=0 overlaps=0 pause_ms=N
# (every phase's bookings, the 300 desks' too, each checked on the primary by request id — the
# line before it says so and lists them; pause_ms the longest time from a kill to the next
# booking) and exits 0 only if every check held (the control plane's too), and each storm's hit moved the primary to the
# other node on a new timeline (Patroni's REST API, before and after). It cleans up after itself (down.sh --clean); --keep leaves the
# cluster running. Ports 25190–25199 on loopback; SALONDESK_CHAIN_DIR (default
# /tmp/salondesk-chain-test) holds its data while it runs.
set -euo pipefail
export SALONDESK_CHAIN_DIR="${SALONDESK_CHAIN_DIR:-/tmp/salondesk-chain-test}"
# shellcheck source=chain-env.sh
. "$(dirname "$0")/chain-env.sh"
repo="$(cd "$CHAIN_SRC/../.." && pwd)"
keep=""; [ "${1:-}" = "--keep" ] && keep=yes
t0=$SECONDS
serve_pid=""
cleanup() {
    local rc=$?
    if [ -n "$serve_pid" ] && kill -0 "$serve_pid" 2>/dev/null; then
        kill -TERM "$serve_pid" 2>/dev/null; wait "$serve_pid" 2>/dev/null || true
    fi
    # serve's log outlives the cluster's directory, beside the driver's (a 500 to a web client, say)
    cp "$CHAIN_DIR/serve-home/logs/salondesk.log" "$CHAIN_DIR.serve.log" 2>/dev/null || true
    if [ -z "$keep" ]; then
        "$CHAIN_SRC/down.sh" --clean >/dev/null 2>&1 || true
    fi
    exit $rc
}
trap cleanup EXIT

cd "$repo"
if [ -z "${CHAIN_SKIP_BUILD:-}" ]; then
    chain_log "building the app and the test driver (mvn -Pchain)"
    # offline by default, as on a developer's machine; CI passes -ntp (the chain profile's few
    # extra artifacts are fetched there)
    # shellcheck disable=SC2086
    mvn ${CHAIN_MVN_FLAGS:--o} -q -B -Pchain -pl app -am package -DskipTests
fi
classpath="app/target/test-classes:app/target/classes:$(cat app/target/chain.classpath)"
driver() {
    java -Xmx2g -Xlog:gc:file="$CHAIN_DIR.driver-gc.log" -Dlogback.configurationFile="$repo/app/src/bench/resources/logback-chain.xml" -Dchain.log="$CHAIN_DIR.driver.log" \
        -Dorg.jooq.no-logo=true -Dorg.jooq.no-tips=true -cp "$classpath" \
        app.salondesk.bench.ChainDriver "$@"
}

"$CHAIN_SRC/down.sh" --clean >/dev/null 2>&1 || true
"$CHAIN_SRC/up.sh" > "$CHAIN_DIR.up.log" 2>&1 || { cat "$CHAIN_DIR.up.log" >&2; exit 1; }
chain_log "the cluster is up ($((SECONDS - t0)) s)"
chain_secrets
status=0
control_plane() {   # control_plane WHEN: the attacker's checks, their lines kept with the results' log
    if ! "$CHAIN_SRC/control-plane-test.sh" > "$CHAIN_DIR.control-plane-$1.log" 2>&1; then
        grep -v 'control-plane: ok' "$CHAIN_DIR.control-plane-$1.log" >&2
        status=1
    fi
    chain_log "control plane ($1): $(tail -n1 "$CHAIN_DIR.control-plane-$1.log")"
}
control_plane before
export CHAIN_DESK_URL="$DESK_URL" CHAIN_DIRECT_URL="$DIRECT_URL" CHAIN_SERVE_URL="http://127.0.0.1:$SERVE_PORT"
export CHAIN_LIVE_URL="http://127.0.0.1:$LIVE_PORT"
export CHAIN_OWNER_PASSWORD="$OWNER_PASSWORD"
CHAIN_DESK_PASSWORD="$(python3 -c 'import secrets; print(secrets.token_urlsafe(18))')"
export CHAIN_DESK_PASSWORD
driver setup --desks 6

# the online page, signed in as the online login, through PgBouncer like the desks; behind a
# proxy, as in production (its clients come from addresses of their own: X-Forwarded-For); and
# the live relay, signed in as its own login (ADR 25), LISTENing straight on PostgreSQL for the
# desks that listen through it, on 127.0.0.1 (its default, named as the README's serve names its --live-host).
# Every desk of the trial comes from loopback, one address, which the relay allows 64 streams by
# default: the load phase's 300 desks need more (as a site's desks behind one NAT address do, README).
SALONDESK_DB_PASSWORD="$ONLINE_PASSWORD" SALONDESK_LIVE_PASSWORD="$RELAY_PASSWORD" SALONDESK_HOME="$CHAIN_DIR/serve-home" \
    java -Xlog:gc:file="$CHAIN_DIR.serve-gc.log" -jar app/target/salondesk.jar --db-url "$DESK_URL" --user bookingweb \
    serve --host 127.0.0.1 --port "$SERVE_PORT" --base-url "http://127.0.0.1:$SERVE_PORT" --behind-proxy \
    --live-port "$LIVE_PORT" --live-host 127.0.0.1 --live-login liverelay --live-db-url "$DIRECT_URL" --live-per-address 400 \
    > "$CHAIN_DIR/serve.log" 2>&1 &
serve_pid=$!
for _ in $(seq 1 120); do
    curl -fsS -o /dev/null "http://127.0.0.1:$SERVE_PORT/health" 2>/dev/null && break
    sleep 0.5
done
curl -fsS -o /dev/null "http://127.0.0.1:$SERVE_PORT/health" || { chain_log "serve did not come up"; cat "$CHAIN_DIR/serve.log" >&2; exit 1; }

results="$CHAIN_DIR.results"
: > "$results"
: > "$CHAIN_DIR.driver.log"
phase() {   # phase NAME ACTION [OPTIONS…]: one storm, its lines kept for the summary
    local name="$1" action="$2"; shift 2
    local leader_before timeline_before
    leader_before="$(chain_leader)" || { chain_log "$name: no leader before the storm"; status=1; return; }
    timeline_before="$(chain_timeline)"
    chain_log "$name: storm, then $action ($leader_before leads, timeline $timeline_before)"
    if ! driver storm "$name" "$CHAIN_SRC/chain-action.sh $action" "$@" | tee -a "$results"; then
        status=1
    fi
    promoted "$name" "$leader_before" "$timeline_before"
}
promoted() {   # promoted NAME LEADER TIMELINE: the other node took over, on a new timeline, or the phase fails
    local name="$1" before="$2" timeline_before="$3" after="" timeline_after=0
    for _ in $(seq 1 30); do
        after="$(chain_leader || true)"
        [ -n "$after" ] && [ "$after" != "$before" ] && break
        sleep 1
    done
    [ -n "$after" ] && timeline_after="$(chain_timeline)"
    if [ -n "$after" ] && [ "$after" != "$before" ] && [ "$timeline_after" -gt "$timeline_before" ]; then
        echo "$name: promoted $before -> $after (timeline $timeline_before -> $timeline_after)" | tee -a "$results"
    else
        echo "$name: NOT PROMOTED: the leader was $before, is ${after:-nobody} (timeline $timeline_before -> $timeline_after)" | tee -a "$results"
        status=1
    fi
}
rejoin() {   # the old primary back as the synchronous standby before the next phase
    chain_wait_healthy 180 || status=1
    chain_log "healthy again: $(chain_leader) leads ($((SECONDS - t0)) s)"
}

# CHAIN_PHASES picks some of them (while working on one); the summary then counts those
phases="${CHAIN_PHASES:-failover switchover machine load}"
wanted() { case " $phases " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
if wanted failover; then
    phase failover kill-postgres
    rejoin
fi
if wanted switchover; then
    phase switchover switchover --pause gap
    rejoin
fi
if wanted machine; then
    lost_node="$(chain_leader)"
    phase machine kill-machine
    "$CHAIN_SRC/chain-action.sh" restart "$lost_node"
    rejoin
fi
if wanted load; then
    chain_log "load: ${CHAIN_LOAD_DESKS:-300} desks through PgBouncer and the live relay"
    if ! driver load --desks "${CHAIN_LOAD_DESKS:-300}" --salons 100 --seconds "${CHAIN_LOAD_SECONDS:-30}" | tee -a "$results"; then
        status=1
    fi
fi
control_plane after
storms=0
for p in failover switchover machine; do wanted "$p" && storms=$((storms + 1)); done

python3 - "$results" "$storms" <<'PY' || status=1
import re, sys
booked = lost = doubled = overlaps = 0
pauses = []
parts = []
for line in open(sys.argv[1]):
    m = re.match(r'([\w-]+): booked=(\d+) lost=(\d+) doubled=(\d+) overlaps=(\d+)(?: pause_ms=(-?\d+))?$', line.strip())
    if m:
        booked += int(m[2]); lost += int(m[3]); doubled += int(m[4]); overlaps += int(m[5])
        parts.append(f"{m[1]} {m[2]}")
        if m[6] is not None:
            pauses.append(int(m[6]))
pause = max(pauses) if len(pauses) == int(sys.argv[2]) and pauses and min(pauses) >= 0 else -1
# what the total counts, said before it
print("failover-test: booked= counts every request answered \"booked\" in every phase and found once on the primary by its "
      "request id (" + " + ".join(parts) + "); pause_ms= is the longest of the storms' pauses")
print(f"failover: booked={booked} lost={lost} doubled={doubled} overlaps={overlaps} pause_ms={pause}")
sys.exit(0 if lost == doubled == overlaps == 0 and (pause >= 0 or int(sys.argv[2]) == 0) else 1)
PY
chain_log "done in $((SECONDS - t0)) s"
exit $status
