# Sourced by bin/test: Chromium for the browser tests (tests/browser), which drive Debian's
# /usr/bin/chromium (tests/conftest.py). Checked before anything slow, so that a machine
# without it installs it (as root, as .ci/run does) or is told at once what to run.

# needs_browser ARGS...: true when the pytest arguments reach the browser tests: no path
# given (the whole suite), or a path in or above tests/browser.
needs_browser() {
    local arg path paths=0
    for arg in "$@"; do
        path=${arg%%::*}
        [ -e "$path" ] || continue
        paths=1
        case "$(realpath -m "$path")/" in
            "$(realpath -m tests/browser)"/*) return 0 ;;
        esac
        case "$(realpath -m tests/browser)/" in
            "$(realpath -m "$path")"/*) return 0 ;;
        esac
    done
    [ "$paths" = 0 ]
}

# ensure_chromium: returns at once when $CHROMIUM (default /usr/bin/chromium) is there; else,
# as root with apt-get, installs the package; else says in one line what to run, and fails.
ensure_chromium() {
    local chromium=${CHROMIUM:-/usr/bin/chromium}
    [ -x "$chromium" ] && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "Installing chromium for the browser tests ..."
        DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium </dev/null || true
        [ -x "$chromium" ] && return 0
    fi
    echo "The browser tests need Chromium at $chromium: run 'sudo apt-get install chromium'" \
        "(or leave them out: bin/test tests/swiss tests/pairing tests/tournaments)." >&2
    return 1
}
