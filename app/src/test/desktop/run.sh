#!/usr/bin/env bash
# The desktop suite (issue 31, ADR 0027): the tests tagged "desktop" on a real X display (Xvfb)
# with a real window manager (openbox), JavaFX's GTK glass, not headless Monocle. Needs the
# packages xvfb openbox xdotool imagemagick libgtk-3-0 (.ci/run installs them).
# Two displays, each with its own openbox: the suite's 1600x1000, and a 1366x768 one where the main
# window's first opening is checked once more (the old 1280x800 window under a title bar did not fit it).
# Usage: app/src/test/desktop/run.sh [extra Maven arguments, e.g. -Dtest=DeskWindowsOnDesktopTest]
set -euo pipefail
cd "$(dirname "$0")/../../../.."
pids=()
files=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    rm -f "${files[@]}"
}
trap cleanup EXIT

# Starts Xvfb at a size and openbox on it; prints the display's name.
# Xvfb picks a free display itself and writes its number once it accepts clients (-displayfd): no
# race with a display still shutting down, nor with another run on this machine. openbox is up
# once it owns the root window's _NET_SUPPORTING_WM_CHECK (a run whose openbox lost the race saw
# no title bars and no maximising, and failed for that).
start_display() {
    local size="$1" name="$2" displayfile display wm=""
    displayfile="$(mktemp)"
    files+=("$displayfile")
    Xvfb -displayfd 3 -screen 0 "${size}x24" -nolisten tcp 3> "$displayfile" > "/tmp/salondesk-xvfb-$name.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 100); do [ -s "$displayfile" ] && break; sleep 0.1; done
    [ -s "$displayfile" ] || { echo "desktop suite: Xvfb $size did not start (/tmp/salondesk-xvfb-$name.log)" >&2; return 1; }
    display=":$(head -n1 "$displayfile")"
    DISPLAY="$display" openbox > "/tmp/salondesk-openbox-$name.log" 2>&1 &
    local openbox=$!
    pids+=($openbox)
    for _ in $(seq 100); do
        if DISPLAY="$display" xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q "window id"; then wm=up; break; fi
        sleep 0.1
    done
    [ -n "$wm" ] && kill -0 "$openbox" 2>/dev/null \
        || { echo "desktop suite: openbox did not start on $display (/tmp/salondesk-openbox-$name.log)" >&2; return 1; }
    echo "$display"
}

# not in $( ): the servers must be this shell's children, for the cleanup to stop them
displayfile="$(mktemp)"; files+=("$displayfile")
start_display 1600x1000 main > "$displayfile"; display="$(cat "$displayfile")"
start_display 1366x768 small > "$displayfile"; small="$(cat "$displayfile")"
echo "desktop suite: Xvfb $display 1600x1000 and $small 1366x768, each with openbox"
start=$(date +%s)
DISPLAY="$display" GDK_BACKEND=x11 mvn -B -ntp -Pdesktop -pl app -am test -Dtest='*OnDesktopTest' \
    -Dsurefire.failIfNoSpecifiedTests=false -Ddesktop.smallDisplay="$small" -Ddesktop.smallScreen.skip=false "$@"
echo "desktop suite: $(( $(date +%s) - start )) s"
