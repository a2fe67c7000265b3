#!/usr/bin/env bash
# A backup of the one-machine trial's cluster into its pgBackRest repository (ADR 41), the same
# two commands the backup timers' services run on the repository host of real machines
# (salondesk-backup-full.service, salondesk-backup-incr.service): the backup, then a check that
# the WAL archive works end to end. It reads from the primary (on real machines the repository
# host names both nodes and reads from the standby: backup-standby=y).
#   installer/server/backup.sh full|incr
# Then `pgbackrest --config=$SALONDESK_CHAIN_DIR/node1/pgbackrest.conf --stanza=salondesk info`
# lists the backups and the archived WAL.
set -euo pipefail
# shellcheck source=chain-env.sh
. "$(dirname "$0")/chain-env.sh"
type="${1:-}"
case "$type" in
    full|incr|diff) ;;
    *) echo "backup.sh: which backup? full or incr (e.g. installer/server/backup.sh full)" >&2; exit 2 ;;
esac
leader="$(chain_leader)" || { echo "backup.sh: no primary answers in $CHAIN_DIR (is the trial up? up.sh)" >&2; exit 1; }
chain_log "pgBackRest: a $type backup from $leader"
chain_pgbackrest "$leader" --type="$type" backup
chain_pgbackrest "$leader" check
chain_pgbackrest "$leader" info | sed -n '/^stanza/,$p' | tail -n 6 >&2
