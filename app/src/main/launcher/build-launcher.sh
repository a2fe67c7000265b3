#!/usr/bin/env bash
# The README's one command (issue 38, ADR 38): writes target/salondesk, the launcher beside the jar,
# and the class-data sharing archive it maps (target/salondesk.jsa), in the app's `package` phase.
#   build-launcher.sh <java> <target dir> <Monocle jar> <skip the archive: true|false> <JVM options>
# The archive is the installed desk's (ADR 24) made for the build's own paths: the desk is started
# headless (Monocle, as the GUI tests) with -XX:DumpLoadedClassList, once on a new home until its
# welcome screen is painted (unpacking PostgreSQL, initdb, the migrations) and once on the demo
# salon until its first day is painted; the two lists merged are dumped with -Xshare:dump on the
# class path `java -jar target/salondesk.jar` has, and checked with -Xshare:on.
# A failure fails the build: a launcher that silently starts slower is worse than a red build.
set -euo pipefail
java="$1"; target="$2"; monocle="$3"; skip="$4"; options="$5"
here="$(cd "$(dirname "$0")" && pwd)"
target="$(cd "$target" && pwd -P)"
sed -e "s#@JAVA@#$java#" -e "s#@TARGET@#$target#" -e "s#@OPTIONS@#$options#" "$here/salondesk" > "$target/salondesk"
chmod +x "$target/salondesk"
rm -f "$target/salondesk.jsa"
if [ "$skip" = "true" ]; then
    echo "[launcher] $target/salondesk, without a class archive (salondesk.cds.skip)"
    exit 0
fi

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
          -Dprism.order=sw -Dprism.text=t2k -cp "$target/salondesk.jar:$monocle")
export SALONDESK_HOME="$home/home"
unset SALONDESK_DB_URL SALONDESK_DB_USER SALONDESK_DB_PASSWORD
log="$SALONDESK_HOME/logs/salondesk.log"

# record <list> <line the desk logs when painted>: one headless start of the desk, until that line and 2 s more
record() {
    local before=0
    if [ -f "$log" ]; then before="$(wc -l < "$log")"; fi
    # shellcheck disable=SC2086
    "$java" -XX:DumpLoadedClassList="$1" $options "${headless[@]}" app.salondesk.Main > "$home/desk.out" 2>&1 &
    desk=$!
    for _ in $(seq 1 900); do
        if tail -n +"$((before + 1))" "$log" 2>/dev/null | grep -q "$2"; then
            break
        fi
        if ! kill -0 "$desk" 2>/dev/null; then
            echo "[launcher] the desk ended before '$2':"; cat "$home/desk.out"; exit 1
        fi
        sleep 0.2
    done
    tail -n +"$((before + 1))" "$log" | grep -q "$2" || { echo "[launcher] no '$2' within 180 s"; cat "$home/desk.out"; exit 1; }
    sleep 2   # what the first seconds after the paint load (the schema's validation, the clock)
    kill -TERM "$desk"
    wait "$desk" || true
    desk=""
}
echo "[launcher] the desk's classes: a first start on a new home, to its welcome screen"
record "$home/first.raw" "first screen (welcome) painted"
"$java" "${headless[@]}" app.salondesk.Main demo > "$home/demo.out" 2>&1 || { cat "$home/demo.out"; exit 1; }
echo "[launcher] the desk's classes: a start on the demo salon, to its first painted day"
record "$home/warm.raw" "first day painted"
# Monocle is the build's headless stand-in for the screen (a person's desk draws with GTK); classes
# of loaders of their own (a "source:" line) are left to load as before
cat "$home/first.raw" "$home/warm.raw" | grep -v -e '^#' -e 'com/sun/glass/ui/monocle' -e ' source: ' \
    | awk '!seen[$0]++' > "$target/salondesk.classlist"
echo "[launcher] $(grep -c -v '^@' "$target/salondesk.classlist") classes in $target/salondesk.classlist"
# shellcheck disable=SC2086
"$java" -Xshare:dump -XX:SharedClassListFile="$target/salondesk.classlist" -XX:SharedArchiveFile="$target/salondesk.jsa" \
    $options -cp "$target/salondesk.jar" > "$home/dump.out" 2>&1 || { tail -20 "$home/dump.out"; exit 1; }
# shellcheck disable=SC2086
"$java" -Xshare:on -XX:SharedArchiveFile="$target/salondesk.jsa" $options -cp "$target/salondesk.jar" -version > "$home/check.out" 2>&1 \
    || { echo "[launcher] the archive does not map:"; cat "$home/check.out"; rm -f "$target/salondesk.jsa"; exit 1; }
echo "[launcher] $target/salondesk with $target/salondesk.jsa ($(du -m "$target/salondesk.jsa" | cut -f1) MB)"
