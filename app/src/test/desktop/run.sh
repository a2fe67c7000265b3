#!/usr/bin/env bash
# The desktop suite (issue 31, ADR 0027): the tests tagged "desktop" on a real X display (Xvfb)
# with a real window manager (openbox), JavaFX's GTK glass, not headless Monocle. Needs the
# packages xvfb openbox xdotool imagemagick libgtk-3-0 (.ci/run installs them).
# Usage: app/src/test/desktop/run.sh [extra Maven arguments]
set -euo pipefail
cd "$(dirname "$0")/../../../.."
display="${DESKTOP_DISPLAY:-:99}"
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp > /tmp/salondesk-xvfb.log 2>&1 &
xvfb=$!
cleanup() {
    [ -n "${openbox:-}" ] && kill "$openbox" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    wait 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 50); do DISPLAY="$display" xdotool getdisplaygeometry > /dev/null 2>&1 && break; sleep 0.1; done
DISPLAY="$display" openbox > /tmp/salondesk-openbox.log 2>&1 &
openbox=$!
# openbox is up once it owns the root window's _NET_SUPPORTING_WM_CHECK
for _ in $(seq 50); do DISPLAY="$display" xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id" && break; sleep 0.1; done
start=$(date +%s)
DISPLAY="$display" GDK_BACKEND=x11 mvn -B -ntp -Pdesktop -pl app -am test -Dtest='*OnDesktopTest' \
    -Dsurefire.failIfNoSpecifiedTests=false "$@"
echo "desktop suite: $(( $(date +%s) - start )) s"
