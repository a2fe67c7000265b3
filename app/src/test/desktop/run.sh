#!/usr/bin/env bash
# The desktop suite (issue 31, ADR 0027): the tests tagged "desktop" on a real X display (Xvfb)
# with a real window manager (openbox), JavaFX's GTK glass, not headless Monocle. Needs the
# packages xvfb openbox xdotool imagemagick libgtk-3-0 (.ci/run installs them).
# Usage: app/src/test/desktop/run.sh [extra Maven arguments, e.g. -Dtest=DeskWindowsOnDesktopTest]
set -euo pipefail
cd "$(dirname "$0")/../../../.."
# Xvfb picks a free display itself and writes its number once it accepts clients (-displayfd):
# no race with a display still shutting down, nor with another run on this machine
displayfile="$(mktemp)"
Xvfb -displayfd 3 -screen 0 1600x1000x24 -nolisten tcp 3> "$displayfile" > /tmp/salondesk-xvfb.log 2>&1 &
xvfb=$!
cleanup() {
    [ -n "${openbox:-}" ] && kill "$openbox" 2>/dev/null || true
    kill "$xvfb" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -f "$displayfile"
}
trap cleanup EXIT
for _ in $(seq 100); do [ -s "$displayfile" ] && break; sleep 0.1; done
[ -s "$displayfile" ] || { echo "desktop suite: Xvfb did not start (/tmp/salondesk-xvfb.log)" >&2; exit 1; }
display=":$(head -n1 "$displayfile")"
DISPLAY="$display" openbox > /tmp/salondesk-openbox.log 2>&1 &
openbox=$!
# openbox is up once it owns the root window's _NET_SUPPORTING_WM_CHECK
wm=""
for _ in $(seq 100); do
    if DISPLAY="$display" xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id"; then wm=up; break; fi
    sleep 0.1
done
[ -n "$wm" ] && kill -0 "$openbox" 2>/dev/null \
    || { echo "desktop suite: openbox did not start on $display (/tmp/salondesk-openbox.log)" >&2; exit 1; }
echo "desktop suite: Xvfb $display 1600x1000 with openbox"
start=$(date +%s)
DISPLAY="$display" GDK_BACKEND=x11 mvn -B -ntp -Pdesktop -pl app -am test -Dtest='*OnDesktopTest' \
    -Dsurefire.failIfNoSpecifiedTests=false "$@"
echo "desktop suite: $(( $(date +%s) - start )) s"
