#!/usr/bin/env bash
# Point-in-time recovery of the shared server (issue 37; ADR 41): the whole cluster back to a
# moment, from pgBackRest's repository (the last backup before it and the archived WAL after).
#   installer/server/restore.sh --to TIME [--node node1|node2] --yes
# TIME is a timestamp with its zone, as PostgreSQL reads it: '2026-12-07 14:02:00+02' (or
# 2026-12-07T12:02:00Z). It must lie after the oldest backup ended and before now.
#  1. first a check on the running primary, which switches to a new WAL segment and waits until
#     it is archived: everything committed until now is in the archive;
#  2. both nodes' Patroni stop (each stops its PostgreSQL) and the cluster's keys leave etcd
#     (patronictl remove): Patroni would otherwise fight a restored node as a stranger;
#  3. both data directories are MOVED ASIDE to data.before-restore-STAMP, never deleted: a wrong
#     TIME is undone by moving them back, and a booking made after TIME can be read there;
#  4. the chosen node (node1 unless --node) starts with Patroni's custom bootstrap: `pgbackrest
#     restore --type=time --target=TIME --target-action=promote` restores the last backup before
#     TIME, PostgreSQL replays the archived WAL up to TIME and promotes: a new cluster history;
#  5. the other node starts and is cloned from it (pg_basebackup), the synchronous standby again;
#  6. it prints PostgreSQL's own line of where recovery stopped and the newest booking the
#     restored primary holds.
# Without --yes it says what it would do and stops nothing. It runs on the one-machine trial
# (up.sh; SALONDESK_CHAIN_DIR); on real machines the same steps by hand (README, "Your data").
set -euo pipefail
# shellcheck source=chain-env.sh
. "$(dirname "$0")/chain-env.sh"

usage() {
    cat >&2 <<'TXT'
usage: restore.sh --to TIME [--node node1|node2] --yes
  TIME   a timestamp with its zone, e.g. '2026-12-07 14:02:00+02' or 2026-12-07T12:02:00Z
  --node the node restored first, the primary afterwards (node1)
  --yes  do it: both nodes stop, their data directories are moved aside (kept), and the
         cluster comes back as it was at TIME
TXT
}
fail() { echo "restore.sh: $*" >&2; exit 1; }
to=""; node=node1; yes=""
while [ $# -gt 0 ]; do
    case "$1" in
        --to) [ $# -ge 2 ] && [ -n "$2" ] || { echo "restore.sh: --to needs a time, e.g. --to '$(date '+%F %T%z')'" >&2; exit 2; }
              to="$2"; shift 2 ;;
        --to=*) to="${1#--to=}"; shift ;;
        --node) [ $# -ge 2 ] || { echo "restore.sh: --node needs node1 or node2" >&2; exit 2; }
                node="$2"; shift 2 ;;
        --yes) yes=yes; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "restore.sh: unknown argument '$1'" >&2; usage; exit 2 ;;
    esac
done
[ -n "$to" ] || { echo "restore.sh: to which moment? --to TIME is missing, e.g. --to '$(date '+%F %T%z')'" >&2; usage; exit 2; }
case "$node" in
    node1) other=node2 ;;
    node2) other=node1 ;;
    *) echo "restore.sh: --node is node1 or node2, not '$node'" >&2; exit 2 ;;
esac
[ -f "$CHAIN_DIR/$node/pgbackrest.conf" ] || fail "no trial in $CHAIN_DIR (up.sh brings one up; SALONDESK_CHAIN_DIR names another)"

# TIME: parsed here, with its zone, and handed to PostgreSQL in UTC (no zone is guessed: a
# restore to the wrong hour would be undone only by another restore)
parsed="$(python3 - "$to" <<'PY'
import sys, time
from datetime import datetime, timezone
text = sys.argv[1].strip()
try:
    t = datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith(("Z", "z")) else text)
except ValueError:
    print(f"'{text}' is not a time: give it as 2026-12-07 14:02:00+02")
    sys.exit(1)
if t.tzinfo is None:
    print(f"'{text}' has no zone: add it (e.g. '{text}{time.strftime('%z')}' for this machine's)")
    sys.exit(1)
u = t.astimezone(timezone.utc)
print(f"{u.timestamp():.6f} {u.strftime('%Y-%m-%d %H:%M:%S.%f')}+00")
PY
)" || fail "$parsed"
target_epoch="${parsed%% *}"
target="${parsed#* }"
now_epoch="$(date +%s.%N)"
if python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) > float(sys.argv[2]) else 1)' "$target_epoch" "$now_epoch"; then
    fail "$to is in the future (it is $(date '+%F %T%z') now): nothing has happened there yet to restore"
fi

# the repository's backups: the oldest must have ended before TIME
info="$(chain_pgbackrest "$node" info --output=json)" || fail "pgBackRest cannot read the repository ($CHAIN_DIR/backups): $info"
oldest="$(printf '%s' "$info" | python3 -c '
import json, sys
backups = [b for s in json.load(sys.stdin) for b in s.get("backup", [])]
print(min(b["timestamp"]["stop"] for b in backups) if backups else "")')"
[ -n "$oldest" ] || fail "the repository holds no backup yet, so there is nothing to restore from (backup.sh full takes one)"
if python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) < float(sys.argv[2]) else 1)' "$target_epoch" "$oldest"; then
    fail "$to is before the oldest backup ended ($(date -d "@$oldest" '+%F %T%z')): the repository cannot go back that far"
fi

if [ -z "$yes" ]; then
    cat >&2 <<TXT
restore.sh: this would stop both nodes, move their data directories aside (kept, as
data.before-restore-…), and bring the cluster back as it was at $target (UTC), with $node as
the primary: every change after that moment is gone from the cluster. Run it again with --yes.
TXT
    exit 1
fi

t0=$SECONDS
# 1. everything committed until now into the archive (a new WAL segment, archived, waited for)
leader="$(chain_leader || true)"
if [ -n "$leader" ]; then
    chain_log "pgBackRest check on $leader: the WAL written until now is archived"
    chain_pgbackrest "$leader" check >&2 || fail "the WAL archive does not work (pgbackrest check, above): nothing was stopped"
else
    chain_log "no primary answers: the restore replays what the archive holds (the last archived segment may end before $target)"
fi

# 2. both nodes stop, the standby first; etcd forgets the cluster
touch "$CHAIN_DIR/stopping"   # Patroni's callbacks restart no PgBouncer meanwhile
order="$node $other"; [ "$leader" = "$node" ] && order="$other $node"
for n in $order; do
    chain_log "stopping Patroni and PostgreSQL of $n"
    chain_stop_pid "$CHAIN_DIR/pids/patroni-$n.pid"
    if [ -f "$CHAIN_DIR/$n/data/postmaster.pid" ]; then
        as_chain "$PG_BIN/pg_ctl" -D "$CHAIN_DIR/$n/data" -m fast stop >/dev/null 2>&1 || true
    fi
done
chain_log "removing the cluster salondesk from etcd"
printf 'salondesk\nYes I am aware\n' | patronictl_chain remove salondesk >/dev/null

# 3. the data directories moved aside, never deleted
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
for n in $node $other; do
    if [ -d "$CHAIN_DIR/$n/data" ]; then
        as_chain mv "$CHAIN_DIR/$n/data" "$CHAIN_DIR/$n/data.before-restore-$stamp"
        chain_log "$n's data directory moved aside: $CHAIN_DIR/$n/data.before-restore-$stamp"
    fi
done
as_chain install -d -m 700 "$CHAIN_DIR/$node/data"

# 4. the chosen node bootstraps a new cluster history from the repository: its own yml with
# Patroni's custom bootstrap (no post_bootstrap: the restored cluster has its roles and schema)
restore_yml="$CHAIN_DIR/$node-restore.yml"
as_chain python3 - "$CHAIN_DIR/$node.yml" "$restore_yml" "$CHAIN_DIR/$node/pgbackrest.conf" "$target" <<'PY'
import os, shlex, sys, yaml
source, out, conf, target = sys.argv[1:]
config = yaml.safe_load(open(source))
bootstrap = config["bootstrap"]
bootstrap.pop("post_bootstrap", None)
bootstrap["method"] = "pgbackrest"
bootstrap["pgbackrest"] = {
    "command": " ".join(["pgbackrest", "--config=" + conf, "--stanza=salondesk", "--type=time",
                         shlex.quote("--target=" + target), "--target-action=promote", "restore"]),
    "no_params": True,
    # pgbackrest wrote the recovery settings (restore_command, the target, promote): keep them
    "keep_existing_recovery_conf": True,
}
fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
with os.fdopen(fd, "w") as f:
    f.write("# " + source + " with the custom bootstrap of restore.sh (written by it; Patroni of this node runs\n"
            "# from it until it is next started by up.sh)\n")
    yaml.safe_dump(config, f, sort_keys=False)
PY
rm -f "$CHAIN_DIR/stopping"
chain_log "restoring $node to $target (UTC) and replaying the archived WAL up to it"
chain_start "patroni-$node" patroni "$restore_yml"
until=$((SECONDS + ${CHAIN_RESTORE_TIMEOUT:-900}))
until chain_api "$([ "$node" = node1 ] && echo "$NODE1_API_PORT" || echo "$NODE2_API_PORT")" /primary >/dev/null 2>&1; do
    if ! chain_pid "$CHAIN_DIR/pids/patroni-$node.pid" >/dev/null; then
        tail -n 20 "$CHAIN_DIR/patroni-$node.log" >&2
        fail "Patroni of $node stopped during the restore (its log above; PostgreSQL's in $CHAIN_DIR/$node/log). The old data is in data.before-restore-$stamp"
    fi
    if [ "$SECONDS" -ge "$until" ]; then
        tail -n 20 "$CHAIN_DIR/patroni-$node.log" >&2
        fail "$node did not become the primary within ${CHAIN_RESTORE_TIMEOUT:-900} s (its log above). The old data is in data.before-restore-$stamp"
    fi
    sleep 1
done
chain_log "$node is the primary again ($((SECONDS - t0)) s)"

# 5. the other node: a fresh clone of the restored primary, the synchronous standby once caught up
chain_start "patroni-$other" patroni "$CHAIN_DIR/$other.yml"
chain_wait_healthy 300 || fail "the cluster did not become healthy after the restore (patronictl list above)"
chain_start_bouncer "$node"
chain_start_bouncer "$other"

# 6. where recovery stopped, in PostgreSQL's words, and the newest booking it kept
port="$NODE1_PG_PORT"; [ "$node" = node2 ] && port="$NODE2_PG_PORT"
stopped="$(grep -h "recovery stopping\|recovery stopped\|last completed transaction" "$CHAIN_DIR/$node"/log/*.log 2>/dev/null | tail -n 2 || true)"
newest="$(as_chain psql -X -A -t -h "$CHAIN_DIR/$node" -p "$port" -d salondesk \
    -c "SELECT coalesce(max(created_at)::text, 'none') FROM bookings" 2>/dev/null || echo unknown)"
echo "restore.sh: the cluster is as it was at $target (UTC), $node the primary, $other its synchronous standby ($((SECONDS - t0)) s)"
[ -n "$stopped" ] && echo "restore.sh: PostgreSQL: ${stopped//$'\n'/ | }"
echo "restore.sh: the newest booking it holds was made at $newest"
echo "restore.sh: the data before the restore: $CHAIN_DIR/$node/data.before-restore-$stamp and $CHAIN_DIR/$other/data.before-restore-$stamp"
