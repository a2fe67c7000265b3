#!/usr/bin/env bash
# Patroni's post_bootstrap: runs bootstrap.sql once on the new cluster's first primary, with
# the passwords up.sh made ($1 is the superuser's connection string Patroni passes). bootstrap.sql
# runs superuser.sql (db/src/main/resources/db/superuser.sql), which lies beside it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck disable=SC1091
. "$here/secrets.env"
[ -f "$here/superuser.sql" ] || { echo "post-bootstrap.sh: $here/superuser.sql is missing (copy db/src/main/resources/db/superuser.sql beside bootstrap.sql)" >&2; exit 1; }
psql "$1" -X -q -v owner_password="$OWNER_PASSWORD" -v bouncer_password="$BOUNCER_PASSWORD" -f "$here/bootstrap.sql"
