#!/usr/bin/env bash
# The installer package, from the app image jpackage has just made:
#   Linux  -> .deb  (needs dpkg-deb and fakeroot: apt-get install fakeroot dpkg-dev)
#   macOS  -> .dmg  (needs Xcode's command line tools)
#   Windows (Git Bash) -> .msi (needs the WiX Toolset 3.x on the PATH)
# Where the tools are missing it says so and stops; the app image is the result then.
# Only the Linux branch is exercised here; the other two follow jpackage's documentation.
set -euo pipefail
jpackage="$1"; dest="$2"; version="$3"; icon="$4"
# our own templates of jpackage's (the .deb's maintainer scripts): see linux/postinst
resources="$(dirname "$0")/linux"
common=(--app-image "$dest/SalonDesk" --name SalonDesk --app-version "$version" --vendor "SalonDesk"
        --description "Bookings for beauty salons that never double-book a master" --dest "$dest")
# salondesk serve as a service (issue 37): jpackage puts files only under /opt/salondesk, so the
# .deb it made is opened and given serve's unit (/lib/systemd/system, installed disabled), its
# settings (/etc/salondesk/serve.properties, a conffile an upgrade keeps when edited) and the
# passwords' template the postinst copies to /etc/salondesk/serve.env (0600, made once, never a
# conffile: root's own, not the package's). Then it is packed again, every file root's.
add_serve_unit() {
    local deb="$1" server work
    server="$(cd "$(dirname "$0")/../../../server" && pwd)"
    work="$(mktemp -d)"
    dpkg-deb -R "$deb" "$work/root"
    install -D -m 644 "$server/salondesk-serve.service" "$work/root/lib/systemd/system/salondesk-serve.service"
    install -D -m 644 "$server/serve.properties" "$work/root/etc/salondesk/serve.properties"
    install -D -m 644 "$server/serve.env" "$work/root/usr/share/salondesk/serve.env"
    install -D -m 644 "$server/salondesk-dashboard.json" "$work/root/usr/share/salondesk/salondesk-dashboard.json"
    echo /etc/salondesk/serve.properties >> "$work/root/DEBIAN/conffiles"
    chmod 644 "$work/root/DEBIAN/conffiles"
    if [ -f "$work/root/DEBIAN/md5sums" ]; then
        (cd "$work/root" && md5sum lib/systemd/system/salondesk-serve.service etc/salondesk/serve.properties \
            usr/share/salondesk/serve.env usr/share/salondesk/salondesk-dashboard.json >> DEBIAN/md5sums)
    fi
    # the size apt shows, in KiB, with the files added
    local size
    size="$(du -sk --exclude=DEBIAN "$work/root" | cut -f1)"
    sed -i "s/^Installed-Size:.*/Installed-Size: $size/" "$work/root/DEBIAN/control"
    # gzip: xz took six minutes more of a loaded CI machine for 150 MB, and every apt reads gzip
    dpkg-deb --root-owner-group -Zgzip -b "$work/root" "$deb" >/dev/null
    rm -rf "$work"
    echo "[installer] $deb: serve's unit, settings and passwords' template added (issue 37)"
}

case "$(uname -s)" in
    Linux)
        if ! command -v dpkg-deb >/dev/null || ! command -v fakeroot >/dev/null; then
            echo "[installer] dpkg-deb or fakeroot missing: no .deb; the app image is in $dest/SalonDesk"
            exit 0
        fi
        "$jpackage" --type deb "${common[@]}" --icon "$icon" --resource-dir "$resources" \
            --linux-package-name salondesk --linux-menu-group "Office" --linux-app-category "office" --linux-shortcut \
            --linux-package-deps "libgtk-3-0, libgl1, libx11-6, libxtst6, libxxf86vm1, libasound2 | libasound2t64, libfreetype6, libfontconfig1, adduser"
        add_serve_unit "$(ls "$dest"/salondesk_*.deb)"
        ls -l "$dest"/*.deb ;;
    Darwin)
        "$jpackage" --type dmg "${common[@]}" --mac-package-name SalonDesk ;;
    MINGW*|MSYS*|CYGWIN*)
        if ! command -v candle.exe >/dev/null; then
            echo "[installer] WiX Toolset 3 (candle.exe, light.exe) not on the PATH: no .msi"
            exit 0
        fi
        "$jpackage" --type msi "${common[@]}" --win-menu --win-menu-group "SalonDesk" --win-shortcut --win-dir-chooser ;;
    *)
        echo "[installer] no installer package for $(uname -s); the app image is in $dest/SalonDesk" ;;
esac
