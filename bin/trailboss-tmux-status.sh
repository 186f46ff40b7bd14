#!/bin/sh
# The tmux status-line segment `trailboss tmux install` has tmux run: `⏳3 12m` (three wait, the
# oldest for 12 minutes), `⏳3 12m ⚠1` (one of them stuck), nothing when nobody waits. tmux runs it
# every status-interval in every client, so it is POSIX sh with built-ins only (`date +%s` is the
# one command it starts, and only when something waits): a fraction of a Node start.
#
# It prints exactly what bin/trailboss-tmux-status.mjs (`trailboss tmux-status`) prints for the same
# file, test/cli/tmux-status-parity.test.ts runs one table of cases against both. The file
# (<home>/queue-status.json, main/engine/api/queue-status-file.ts) is one line of JSON written by the
# engine; anything but exactly that line (keys in order, whole numbers as JSON writes them, within
# JavaScript's safe integers) prints nothing. Values are checked as digits before any arithmetic and
# are never evaluated: a hostile or truncated file prints nothing and runs nothing. A file whose
# engine pid is gone (killed without cleaning up) prints nothing. Exit 0 in every case, nothing on
# stderr (tmux would show it), and the output is digits, letters and two fixed symbols only.
#
# Usage: trailboss-tmux-status.sh [HOME]. HOME is the Trail Boss home (the installer passes it);
# without it, it is resolved as main/engine/platform/paths.ts does (TRAILBOSS_HOME, else the
# platform's config directory). Unlike paths.ts, `..` in it is left to the file system.

exec 2>/dev/null

home=${1-}
if [ -z "$home" ]; then
  case ${TRAILBOSS_HOME-} in
    *[![:space:]]*)
      case $TRAILBOSS_HOME in
        /*) home=$TRAILBOSS_HOME ;;
        *) home=$PWD/$TRAILBOSS_HOME ;;
      esac
      ;;
    *)
      [ -n "${HOME-}" ] || exit 0
      if [ -e /System/Library/CoreServices/SystemVersion.plist ]; then
        home="$HOME/Library/Application Support/Trail Boss"
      else
        case ${XDG_CONFIG_HOME-} in
          /*) home=$XDG_CONFIG_HOME/trailboss ;;
          *) home=$HOME/.config/trailboss ;;
        esac
      fi
      ;;
  esac
fi

# The first line, and proof there is no second one (a last line without its newline still counts).
# The shell's read drops NUL bytes; the .mjs does the same so that the two agree.
line='' more='' last=0
{
  IFS= read -r line
  IFS= read -r more
  last=$?
} <"$home/queue-status.json"
[ "$last" -ne 0 ] && [ -z "$more" ] || exit 0

# The value after "key": in the line, up to the next `,` or `}` (empty when the key is missing).
value() {
  v=${line#*\""$1"\":}
  [ "$v" != "$line" ] || v=''
  v=${v%%[,\}]*}
}

# A whole number as JSON writes it (no sign, fraction or leading zero), at most 2^53 - 1.
whole() {
  case $1 in
    '' | *[!0123456789]* | 0?*) return 1 ;;
  esac
  [ "${#1}" -lt 16 ] || { [ "${#1}" -eq 16 ] && [ "$1" -le 9007199254740991 ]; }
}

value pid
pid=$v
value count
count=$v
value oldestSince
oldest=$v
value stuck
stuck=$v
whole "$pid" && [ "${#pid}" -le 10 ] && [ "$pid" -ge 1 ] && [ "$pid" -le 2147483647 ] || exit 0
whole "$count" && whole "$stuck" || exit 0
[ "$oldest" = null ] || whole "$oldest" || exit 0
# Exactly the engine's line for these values: other keys, another order, spaces or another version print nothing.
[ "$line" = "{\"version\":1,\"pid\":$pid,\"count\":$count,\"oldestSince\":$oldest,\"stuck\":$stuck}" ] || exit 0
[ "$count" -gt 0 ] || exit 0
# Alive, or there but not ours to signal (EPERM): /proc tells the two from a pid that is gone.
kill -0 "$pid" || [ -d "/proc/$pid" ] || exit 0

# The clock in whole seconds (no command gives milliseconds without more forks): an age can be a
# second shorter than the .mjs says at the same moment.
age=''
if [ "$oldest" != null ]; then
  now=$(date +%s)
  case $now in
    '' | *[!0123456789]*) now='' ;;
  esac
  if [ -n "$now" ] && [ "${#now}" -le 12 ]; then
    waited=$((now * 1000 - oldest))
    s=0
    [ "$waited" -le 0 ] || s=$((waited / 1000))
    if [ "$s" -lt 60 ]; then
      age=" ${s}s"
    elif [ "$s" -lt 3600 ]; then
      age=" $((s / 60))m"
    elif [ "$s" -lt 86400 ]; then
      age=" $((s / 3600))h"
    else
      age=" $((s / 86400))d"
    fi
  fi
fi
mark=''
[ "$stuck" -eq 0 ] || mark=" ⚠$stuck"
printf '%s\n' "⏳$count$age$mark"
exit 0
