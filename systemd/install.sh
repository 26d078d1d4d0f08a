#!/usr/bin/env bash
# Installs the Lamella hub as a systemd service on Raspberry Pi OS or Debian (12 or 13), from
# a checkout:   sudo systemd/install.sh
# Run it again after `git pull` to update: it copies, builds, swaps and restarts, and never
# touches /etc/lamella/lamella.env once it exists. See README.md, "Running on a Raspberry Pi".
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: sudo systemd/install.sh [options]

  --dry-run              print every action, change nothing (no root needed)
  --dir DIR              where the hub is installed (default /opt/lamella)
  --in-place             run the hub from this checkout instead of a copy in --dir; the
                         checkout must be outside /home and /root (the service cannot read them)
  --udev VID:PID[:SERIAL]
                         install a udev rule naming the adapter /dev/lamella-rs485, e.g.
                         --udev 0403:6001:A10KXYZ1 (ids from `udevadm info`, see README.md)
  --no-build             use the checkout's node_modules and build as they are, without
                         `npm ci` and `npm run build` (run them there first)
  --no-start             install and enable, but do not (re)start the service
  --root DIR             write files under DIR as if it were / and skip every step that acts
                         on the running system (users, systemctl, udev, modules): for
                         packaging and tests
  -h, --help             this text
EOF
}

SOURCE=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROOT=/
APP_DIR=/opt/lamella
IN_PLACE=0
DRY_RUN=0
BUILD=1
START=1
UDEV=
SERVICE=lamella
PORT=8080
NODE_MIN=20.19

die() {
  printf 'install.sh: %s\n' "$*" >&2
  exit 1
}
# A bad option: exit 2, like the hub's bad setting, before anything is changed.
bad_option() {
  printf 'install.sh: %s\n' "$*" >&2
  printf 'See: %s --help\n' "$0" >&2
  exit 2
}
value_of() {
  [ $# -ge 2 ] && [ -n "$2" ] && [[ "$2" != --* ]] || bad_option "$1 needs a value"
  printf '%s' "$2"
}

while [ $# -gt 0 ]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --dir) APP_DIR=$(value_of "$@") || exit 2; shift ;;
    --in-place) IN_PLACE=1 ;;
    --udev) UDEV=$(value_of "$@") || exit 2; shift ;;
    --no-build) BUILD=0 ;;
    --no-start) START=0 ;;
    --root) ROOT=$(value_of "$@") || exit 2; shift ;;
    -h | --help) usage; exit 0 ;;
    *) bad_option "unknown option $1" ;;
  esac
  shift
done

# Every option is checked here, before the first change.
if [ -n "$UDEV" ] && ! [[ "$UDEV" =~ ^([0-9a-fA-F]{4}):([0-9a-fA-F]{4})(:([A-Za-z0-9._-]+))?$ ]]; then
  bad_option "--udev takes VID:PID or VID:PID:SERIAL, e.g. 0403:6001:A10KXYZ1 (got $UDEV)"
fi
if [ "$IN_PLACE" = 1 ] && [ "$APP_DIR" != /opt/lamella ]; then
  bad_option "--in-place runs the hub from the checkout; leave out --dir"
fi
if [ "$ROOT" != / ] && [ -e "$ROOT" ] && [ ! -d "$ROOT" ]; then
  bad_option "--root must be a folder (got $ROOT)"
fi
if [ "$IN_PLACE" = 1 ]; then
  case "$SOURCE" in
    /home/* | /root/*)
      bad_option "--in-place needs a checkout outside /home and /root, which ProtectHome= hides" \
        "from the service (clone to e.g. /srv/lamella)"
      ;;
  esac
fi
[ "$IN_PLACE" = 1 ] && APP_DIR=$SOURCE
ROOT=$(realpath -m "$ROOT")
# Only a run on / acts on the live system; --root only writes files.
LIVE=0
[ "$ROOT" = / ] && LIVE=1

# Paths go into the unit's ExecStart= unquoted, so keep them plain.
plain_path() { [[ "$1" =~ ^/[A-Za-z0-9._/+-]+$ ]]; }
plain_path "$APP_DIR" ||
  bad_option "--dir must be an absolute path of letters, digits and ._+-/ (got $APP_DIR)"

# The path of FILE under --root.
at() { printf '%s%s' "${ROOT%/}" "$1"; }

step() { printf '\n==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
quoted() {
  local arg line=
  for arg in "$@"; do
    if [[ "$arg" =~ ^[A-Za-z0-9_./:=@%+,-]+$ ]]; then
      line+=" $arg"
    else
      line+=" $(printf '%q' "$arg")"
    fi
  done
  printf '%s' "${line# }"
}
# Prints a command as it would be typed, then runs it unless this is a dry run.
run() {
  printf '+ %s\n' "$(quoted "$@")"
  [ "$DRY_RUN" = 1 ] || "$@"
}
live_only() {
  if [ "$LIVE" = 1 ]; then run "$@"; else note "skipped under --root: $(quoted "$@")"; fi
}

TEMP=$(mktemp -d)
trap 'rm -rf "$TEMP"' EXIT

# Writes the content of TEMPFILE to DEST with MODE, unless DEST already holds exactly that.
put_file() {
  local content=$1 dest=$2 mode=$3
  if [ -f "$dest" ] && cmp -s "$content" "$dest"; then
    note "up to date: $dest"
    return
  fi
  run install -D -m "$mode" "$content" "$dest"
}

[ "$DRY_RUN" = 1 ] && printf 'Dry run: printing every action, changing nothing.\n'
[ "$LIVE" = 0 ] && printf 'Installing under %s; the live system is left alone.\n' "$ROOT"
if [ "$LIVE" = 1 ] && [ "$DRY_RUN" = 0 ] && [ "$(id -u)" != 0 ]; then
  die "run it as root: sudo $0 (or --dry-run to see what it would do)"
fi

step "Checking the system"
if [ -r /etc/os-release ]; then
  # shellcheck disable=SC1091
  os=$(. /etc/os-release && printf '%s %s' "${ID:-?}" "${VERSION_ID:-?}")
  case "$os" in
    'debian 12' | 'debian 13' | 'raspbian 12' | 'raspbian 13') note "system: $os" ;;
    *) note "system: $os (made for Debian or Raspberry Pi OS 12 and 13; carrying on)" ;;
  esac
fi

node_help() {
  cat >&2 <<EOF
install.sh: $1
Lamella needs Node.js $NODE_MIN or later, installed system-wide (not with nvm in a home folder).
Node 24 (LTS) is the one to take on a 64-bit system (arm64, as on a Pi 3, 4, 5 or Zero 2 W):
  curl -fsSL https://deb.nodesource.com/setup_24.x -o /tmp/nodesource_setup.sh
  sudo bash /tmp/nodesource_setup.sh && sudo apt install nodejs
Or Debian's own, 20.19 on Debian 13 / Raspberry Pi OS 13 (trixie): sudo apt install nodejs npm
On 32-bit Raspberry Pi OS (armv7l, armv6l): Debian's 20.19 on trixie as above, or Node 24
for armv7l/armv6l from https://unofficial-builds.nodejs.org unpacked into /usr/local
(README.md, "Running on a Raspberry Pi").
EOF
  exit 1
}
NODE=$(command -v node || true)
[ -n "$NODE" ] || node_help "node is not installed"
node_version=$("$NODE" -p 'process.versions.node')
IFS=. read -r major minor _ <<<"$node_version"
if ((major < 20 || (major == 20 && minor < 19))); then
  node_help "node $node_version at $NODE is too old"
fi
case "$NODE" in
  /home/* | /root/*) node_help "node at $NODE is in a home folder, which the service cannot read" ;;
esac
plain_path "$NODE" || die "node's path $NODE has characters a unit file would need quoted"
note "node $node_version at $NODE"
if ((major < 22)); then
  note "Node $major is past its end of life (April 2026 for 20); Node 24 LTS is recommended"
  [ "$(uname -m)" = aarch64 ] &&
    note "on this arm64 system: NodeSource's setup_24.x (README.md, \"Running on a Raspberry Pi\")"
fi
if [ "$BUILD" = 1 ]; then
  command -v npm >/dev/null || node_help "npm is not installed (Debian: sudo apt install npm)"
elif [ ! -f "$SOURCE/build/hub/cli.js" ] || [ ! -d "$SOURCE/node_modules" ]; then
  die "--no-build needs a built checkout: npm ci && npm run build in $SOURCE first"
fi

step "The user $SERVICE (no login; in group dialout for the serial adapter)"
if id -u "$SERVICE" >/dev/null 2>&1; then
  if id -nG "$SERVICE" | tr ' ' '\n' | grep -qx dialout; then
    note "user $SERVICE exists and is in dialout"
  else
    live_only usermod --append --groups dialout "$SERVICE"
  fi
else
  live_only useradd --system --user-group --groups dialout --home-dir /var/lib/lamella \
    --no-create-home --shell /usr/sbin/nologin --comment 'Lamella blinds hub' "$SERVICE"
fi

# npm runs as root in a root-owned copy: the hub's code stays read-only to the hub, and
# package-lock.json pins every package by hash. In place, npm runs as the checkout's owner.
npm_in() {
  local dir=$1 owner
  owner=$(stat -c %U "$dir" 2>/dev/null || echo root)
  local as=()
  if [ "$owner" != root ]; then
    as=(runuser -u "$owner" -- env HOME="$(getent passwd "$owner" | cut -d: -f6)")
  fi
  local tools=1
  command -v make >/dev/null && command -v g++ >/dev/null && command -v python3 >/dev/null || tools=0
  if ((major == 24 && tools == 0)); then
    # On Node 24 scripts/sqlite-node24.mjs always compiles better-sqlite3 after npm ci (the
    # headers of Node 24.19 and later make its prebuilt binary abort the hub).
    note "Node 24: npm ci compiles better-sqlite3; installing the build tools first"
    live_only apt-get install -y build-essential python3
    tools=1
  fi
  if ! run "${as[@]}" npm --prefix "$dir" ci --no-audit --no-fund; then
    # better-sqlite3 and serialport download a prebuilt binary for this Node and machine; only
    # where none fits (or none can be fetched) do they compile, which takes make, g++ and python3.
    ((tools == 1)) && die "npm ci failed in $dir; its lines above say why"
    note "npm ci found no prebuilt binary for a native module; installing the build tools"
    live_only apt-get install -y build-essential python3
    run "${as[@]}" npm --prefix "$dir" ci --no-audit --no-fund
  fi
  [ "$DRY_RUN" = 1 ] &&
    note "(if npm ci finds no prebuilt binary: apt-get install build-essential python3, npm ci again)"
  run "${as[@]}" npm --prefix "$dir" run build
}

if [ "$IN_PLACE" = 1 ]; then
  step "The hub runs from this checkout: $SOURCE"
  if [ "$BUILD" = 1 ]; then npm_in "$SOURCE"; else note "not building (--no-build)"; fi
else
  target=$(at "$APP_DIR")
  stage="$target.new"
  step "Copying $SOURCE to $target"
  # Built next to the running copy and swapped in at the end: a failed build leaves the hub
  # as it was, and no file of an older version (a dropped migration) survives an update.
  run rm -rf "$stage"
  run mkdir -p "$stage"
  # Anchored: ui/build holds vite plugins (sources); only the top-level build/ is output.
  leave_out=(.git data '.vitest-*')
  [ "$BUILD" = 1 ] && leave_out+=(node_modules build ui/dist)
  printf '+ tar -C %q -c . | tar -C %q -x   (leaving out %s)\n' "$SOURCE" "$stage" "${leave_out[*]}"
  if [ "$DRY_RUN" = 0 ]; then
    tar -C "$SOURCE" --anchored "${leave_out[@]/#/--exclude=./}" -cf - . |
      tar -C "$stage" --no-same-owner -xf -
  fi
  # Readable by the service whatever the checkout's umask was; writable by root alone.
  run chmod -R u+rwX,go+rX,go-w "$stage"
  if [ "$BUILD" = 1 ]; then
    npm_in "$stage"
  else
    note "not building (--no-build): node_modules and build copied as they are"
  fi
  run rm -rf "$target.old"
  if [ -d "$target" ]; then run mv "$target" "$target.old"; fi
  run mv "$stage" "$target"
  run rm -rf "$target.old"
fi

step "The service unit"
# The unit names /usr/bin/node and /opt/lamella; point it at this node and this folder, and
# give node the flags package.json keeps (scripts/node-flags.mjs).
node_flags=$("$NODE" "$SOURCE/scripts/node-flags.mjs") || die "package.json: no usable lamella.nodeFlags"
sed -e "s#/usr/bin/node#$NODE#g" -e "s#/opt/lamella#$APP_DIR#g" -e "s#@NODE_FLAGS@#$node_flags#" \
  "$SOURCE/systemd/lamella.service" >"$TEMP/lamella.service"
note "ExecStart=$(sed -n 's/^ExecStart=//p' "$TEMP/lamella.service")"
put_file "$TEMP/lamella.service" "$(at /etc/systemd/system/lamella.service)" 0644

step "The lamella command (sudo lamella user add NAME, sudo lamella user passwd NAME)"
# As the service's user on the service's database, so the file and its -wal/-shm stay its own.
cat >"$TEMP/lamella" <<EOF
#!/bin/sh
# Written by systemd/install.sh: the \`lamella\` command for the installed hub.
case "\${1:-serve}" in
  --help | -h) ;;
  serve | --*) echo "lamella: the hub runs as a service: systemctl status lamella" >&2; exit 2 ;;
esac
[ "\$(id -u)" = 0 ] || { echo "lamella: run it with sudo" >&2; exit 2; }
exec runuser -u $SERVICE -- env LAMELLA_DB=/var/lib/lamella/lamella.db \\
  $NODE $APP_DIR/build/hub/cli.js "\$@"
EOF
put_file "$TEMP/lamella" "$(at /usr/local/bin/lamella)" 0755

step "Settings: /etc/lamella/lamella.env"
env_file=$(at /etc/lamella/lamella.env)
if [ -e "$env_file" ]; then
  note "kept as it is: $env_file"
else
  # 0640 root:lamella: it may hold LAMELLA_ADMIN_PASSWORD; systemd reads it as root.
  run install -D -m 0640 "$SOURCE/systemd/lamella.env.example" "$env_file"
  live_only chown root:"$SERVICE" "$env_file"
fi
HOST=127.0.0.1
if [ -r "$env_file" ]; then
  # The last assignment wins, as in systemd's EnvironmentFile=; quotes are dropped.
  setting() { sed -n "s/^ *$1=[\"']\{0,1\}\([^\"' ]*\).*/\1/p" "$env_file" | tail -n 1; }
  configured_port=$(setting LAMELLA_PORT)
  [[ "$configured_port" =~ ^[0-9]+$ ]] && PORT=$configured_port
  configured_host=$(setting LAMELLA_HOST)
  # A hub on every address answers on 127.0.0.1; one on a single address only there.
  case "$configured_host" in
    '' | 0.0.0.0 | '::' | '[::]') ;;
    *:*) HOST="[${configured_host#[}" && HOST="${HOST%]}]" ;;
    *) HOST=$configured_host ;;
  esac
fi

step "USB serial drivers loaded at boot"
# DeviceAllow=char-ttyUSB finds the device number in /proc/devices when the service starts;
# with the driver not loaded yet (adapter plugged in later) it would allow nothing.
printf 'usbserial\ncdc_acm\n' >"$TEMP/modules.conf"
put_file "$TEMP/modules.conf" "$(at /etc/modules-load.d/lamella.conf)" 0644
live_only modprobe --all usbserial cdc_acm ||
  note "could not load them now; they load at the next boot"

step "The adapter's udev rule"
rule_file=$(at /etc/udev/rules.d/99-lamella-serial.rules)
if [ -n "$UDEV" ]; then
  [[ "$UDEV" =~ ^([0-9a-fA-F]{4}):([0-9a-fA-F]{4})(:([A-Za-z0-9._-]+))?$ ]]
  vendor=${BASH_REMATCH[1],,}
  product=${BASH_REMATCH[2],,}
  serial=${BASH_REMATCH[4]}
  match="ATTRS{idVendor}==\"$vendor\", ATTRS{idProduct}==\"$product\""
  [ -n "$serial" ] && match="$match, ATTRS{serial}==\"$serial\""
  {
    printf '# Written by systemd/install.sh --udev %s; see 99-lamella-serial.rules.example.\n' \
      "$UDEV"
    printf 'SUBSYSTEM=="tty", %s, GROUP="dialout", MODE="0660", SYMLINK+="lamella-rs485"\n' \
      "$match"
  } >"$TEMP/udev.rules"
  put_file "$TEMP/udev.rules" "$rule_file" 0644
  live_only udevadm control --reload-rules
  live_only udevadm trigger --subsystem-match=tty
  note "then set LAMELLA_SERIAL=/dev/lamella-rs485 in /etc/lamella/lamella.env"
elif [ -e "$rule_file" ]; then
  note "kept as it is: $rule_file"
else
  note "none asked for; /dev/serial/by-id/ already names the adapter stably."
  note "For /dev/lamella-rs485 instead: sudo $0 --udev VID:PID[:SERIAL] (README.md)"
fi

step "Enabling and starting $SERVICE"
live_only systemctl daemon-reload
live_only systemctl enable "$SERVICE.service"
if [ "$START" = 0 ]; then
  note "not started (--no-start): sudo systemctl restart $SERVICE"
  exit 0
fi
# Type=notify: restart returns once the hub has said READY=1, or fails.
if ! live_only systemctl restart "$SERVICE.service"; then
  journalctl -u "$SERVICE" -n 30 --no-pager -o cat >&2 || true
  # Exit code 2 is a bad setting: the unit does not restart it (RestartPreventExitStatus=2),
  # and neither do we; the line naming it is the last of the log above.
  if [ "$(systemctl show -p ExecMainStatus --value "$SERVICE.service" 2>/dev/null)" = 2 ]; then
    printf 'install.sh: the hub refused a setting in /etc/lamella/lamella.env (the last line above);\n' >&2
    printf 'mend it, then: sudo systemctl restart %s\n' "$SERVICE" >&2
    exit 2
  fi
  die "the service did not start; the lines above are its last log"
fi

# Node's fetch rather than curl, which a minimal Debian lacks.
health=http://$HOST:$PORT/healthz
if [ "$LIVE" = 0 ]; then
  note "skipped under --root: wait for $health"
else
  printf '+ wait for %s to answer (at most 60 s)\n' "$health"
fi
if [ "$LIVE" = 1 ] && [ "$DRY_RUN" = 0 ]; then
  probe='fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))'
  answered=0
  for _ in $(seq 60); do
    if "$NODE" -e "$probe" "$health"; then
      answered=1
      break
    fi
    sleep 1
  done
  if [ "$answered" = 0 ] &&
    [ "$(systemctl show -p ExecMainStatus --value "$SERVICE.service" 2>/dev/null)" = 2 ]; then
    journalctl -u "$SERVICE" -n 5 --no-pager -o cat >&2 || true
    printf 'install.sh: the hub stopped on a bad setting in /etc/lamella/lamella.env (above)\n' >&2
    exit 2
  fi
  [ "$answered" = 1 ] || die "the hub does not answer on $health; see journalctl -u $SERVICE"
fi

address=$(hostname -I 2>/dev/null | awk '{ print $1 }')
[ -n "$address" ] || address="<the Pi's address>"
if [ "$DRY_RUN" = 1 ] || [ "$LIVE" = 0 ]; then
  printf '\nOnce installed for real, the hub answers on http://%s:%s.\n' "$address" "$PORT"
  exit 0
fi
cat <<EOF

Lamella runs. Open http://$address:$PORT in a browser on your network.
On the first start the hub made user admin with a generated password, printed once to the log:
  sudo journalctl -u $SERVICE -o cat | grep password
Settings: /etc/lamella/lamella.env, then: sudo systemctl restart $SERVICE
Log: journalctl -u $SERVICE -f
EOF
