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
case "$(uname -s)" in
    Linux)
        if ! command -v dpkg-deb >/dev/null || ! command -v fakeroot >/dev/null; then
            echo "[installer] dpkg-deb or fakeroot missing: no .deb; the app image is in $dest/SalonDesk"
            exit 0
        fi
        "$jpackage" --type deb "${common[@]}" --icon "$icon" --resource-dir "$resources" \
            --linux-package-name salondesk --linux-menu-group "Office" --linux-app-category "office" --linux-shortcut \
            --linux-package-deps "libgtk-3-0, libgl1, libx11-6, libxtst6, libxxf86vm1, libasound2 | libasound2t64, libfreetype6, libfontconfig1"
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
