#!/usr/bin/env bash
# The classes the desk loads on its way to the first painted day, recorded by one start of it
# (issue 16, ADR 24): the .deb's postinst dumps them into a class-data sharing archive at the
# installed path, which a start then maps instead of loading, verifying and linking them.
#   class-list.sh <java> <jpackage input dir> <jlinked runtime> <Monocle jar>
# Writes into the input dir (jpackage copies it to the app's folder, $APPDIR):
#   salondesk.classlist  the list, from the desk started headless (Monocle, as the GUI tests)
#                        on a demo salon, until its first day is painted
#   salondesk.jsa        the runtime's own archive of the JDK's classes, so that the launcher's
#                        -XX:SharedArchiveFile=$APPDIR/salondesk.jsa names a valid archive on any
#                        class path until the postinst replaces it (a missing or unusable file
#                        would turn off all sharing, the JDK's classes' too)
# A failure fails the build: a package without its list would start slower without a word.
set -euo pipefail
java="$1"; input="$2"; runtime="$3"; monocle="$4"
cp "$runtime/lib/server/classes.jsa" "$input/salondesk.jsa"

home="$(mktemp -d)"
desk=""
cleanup() {
    if [ -n "$desk" ] && kill -0 "$desk" 2>/dev/null; then
        kill -TERM "$desk" 2>/dev/null || true
        wait "$desk" 2>/dev/null || true
    fi
    rm -rf "$home"
}
trap cleanup EXIT
headless=(-Dglass.platform=Monocle -Dmonocle.platform=Headless -Dheadless.geometry=1600x1000-32
          -Dprism.order=sw -Dprism.text=t2k -cp "$input/salondesk.jar:$monocle")
export SALONDESK_HOME="$home"
unset SALONDESK_DB_URL SALONDESK_DB_USER SALONDESK_DB_PASSWORD
echo "[class list] a demo salon in a scratch home"
"$java" "${headless[@]}" app.salondesk.Main demo > "$home/demo.out" 2>&1 || { cat "$home/demo.out"; exit 1; }
echo "[class list] the desk, headless, until its first day is painted"
raw="$home/classes.raw"
"$java" -XX:DumpLoadedClassList="$raw" "${headless[@]}" app.salondesk.Main > "$home/desk.out" 2>&1 &
desk=$!
log="$home/logs/salondesk.log"
for _ in $(seq 1 600); do
    if grep -q "first day painted" "$log" 2>/dev/null; then
        break
    fi
    if ! kill -0 "$desk" 2>/dev/null; then
        echo "[class list] the desk ended before painting a day:"; cat "$home/desk.out"; exit 1
    fi
    sleep 0.2
done
grep -q "first day painted" "$log" || { echo "[class list] no painted day within 120 s"; cat "$home/desk.out"; exit 1; }
sleep 2   # what the first seconds after the paint load (the schema's validation, the clock)
kill -TERM "$desk"
wait "$desk" || true
desk=""
# Monocle is the build's headless stand-in for the screen; an installed desk draws with GTK
grep -v -e 'com/sun/glass/ui/monocle' "$raw" > "$input/salondesk.classlist"
echo "[class list] $(grep -c -v '^@\|^#' "$input/salondesk.classlist") classes in $input/salondesk.classlist"
