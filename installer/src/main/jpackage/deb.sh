#!/usr/bin/env bash
# The .deb, from the app image jpackage has just made. Linux only, and only where the Debian
# tools are present (apt-get install fakeroot dpkg-dev); elsewhere the app image is the result.
set -euo pipefail
jpackage="$1"; dest="$2"; version="$3"; icon="$4"
if [[ "$(uname -s)" != Linux ]] || ! command -v dpkg-deb >/dev/null || ! command -v fakeroot >/dev/null; then
    echo "[deb] dpkg-deb or fakeroot missing (or not Linux): skipping the .deb; the app image is in $dest/SalonDesk"
    exit 0
fi
"$jpackage" --type deb \
    --app-image "$dest/SalonDesk" \
    --name SalonDesk \
    --app-version "$version" \
    --vendor "SalonDesk" \
    --description "Bookings for beauty salons that never double-book a master" \
    --icon "$icon" \
    --linux-package-name salondesk \
    --linux-menu-group "Office" \
    --linux-app-category "office" \
    --linux-shortcut \
    --linux-package-deps "libgtk-3-0, libgl1, libx11-6, libxtst6, libxxf86vm1, libasound2 | libasound2t64, libfreetype6, libfontconfig1" \
    --dest "$dest"
ls -l "$dest"/*.deb
