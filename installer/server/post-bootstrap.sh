#!/usr/bin/env bash
# Patroni's post_bootstrap: runs bootstrap.sql once on the new cluster's first primary, with
# the passwords up.sh made ($1 is the superuser's connection string Patroni passes).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck disable=SC1091
. "$here/secrets.env"
psql "$1" -X -q -v owner_password="$OWNER_PASSWORD" -v bouncer_password="$BOUNCER_PASSWORD" -f "$here/bootstrap.sql"
