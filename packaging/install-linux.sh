#!/bin/sh
# Install the one-folder Linux build for the current user: the folder goes to
# ~/.local/opt/RevoltTable, a launcher to ~/.local/bin/RevoltTable, the menu entry to
# ~/.local/share/applications and the icon to the hicolor theme. Run it from inside the built
# folder (dist/RevoltTable/install-linux.sh) or pass that folder: install-linux.sh PATH/TO/RevoltTable
# Uninstall: install-linux.sh --uninstall
set -eu
PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}"
OPT="$HOME/.local/opt/RevoltTable"
BIN="$HOME/.local/bin"
ICON_DIR="$PREFIX/icons/hicolor/256x256/apps"
APPS="$PREFIX/applications"

if [ "${1:-}" = "--uninstall" ]; then
    rm -rf "$OPT" "$BIN/RevoltTable" "$APPS/revolt-table.desktop" "$ICON_DIR/revolt-table.png"
    echo "Revolt Table removed."
    exit 0
fi

SRC="${1:-$(dirname "$0")}"
SRC="$(cd "$SRC" && pwd)"
[ -x "$SRC/RevoltTable" ] || { echo "no RevoltTable executable in $SRC" >&2; exit 1; }

mkdir -p "$OPT" "$BIN" "$ICON_DIR" "$APPS"
if [ "$SRC" != "$OPT" ]; then
    rm -rf "$OPT"
    cp -a "$SRC" "$OPT"
fi
ln -sf "$OPT/RevoltTable" "$BIN/RevoltTable"
cp "$SRC/revolt-table.png" "$ICON_DIR/revolt-table.png"
sed "s|^Exec=.*|Exec=\"$OPT/RevoltTable\"|" "$SRC/revolt-table.desktop" > "$APPS/revolt-table.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database "$APPS" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q "$PREFIX/icons/hicolor" || true
echo "Revolt Table installed: menu entry 'Revolt Table', or run $BIN/RevoltTable"
