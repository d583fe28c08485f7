# Sourced by bin/run and bin/test. Creates .venv and installs the project with its dev extras
# when missing or when pyproject.toml or swiss/_blossom.c has changed since the last install.
ensure_venv() {
    if [ ! -x .venv/bin/python ]; then
        echo "Creating .venv ..."
        python3 -m venv .venv
    fi
    # The C extension is built at install time, so a change to its source installs again too.
    local stamp=".venv/.installed-$(cat pyproject.toml swiss/_blossom.c | sha256sum | cut -c1-16)"
    if [ ! -f "$stamp" ]; then
        if ! .venv/bin/python -c "import icu" 2>/dev/null; then ensure_icu_build || exit 1; fi
        echo "Installing the project and its dev tools into .venv ..."
        .venv/bin/python -m pip install --quiet --upgrade pip
        .venv/bin/python -m pip install --quiet -e ".[dev]"
        rm -f .venv/.installed-*
        touch "$stamp"
    fi
    export PATH="$PWD/.venv/bin:$PATH"
}

# ensure_icu_build: PyICU (the collation that sorts names, tournaments/names.py) compiles against
# the system's ICU, so it needs libicu-dev, pkg-config and a C++ compiler. As root with apt-get
# they are installed (as .ci/run does); otherwise one line says what to run, and it fails.
ensure_icu_build() {
    pkg-config --exists icu-i18n 2>/dev/null && command -v g++ >/dev/null && return 0
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "Installing libicu-dev, pkg-config and g++ to build PyICU ..."
        DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libicu-dev pkg-config g++ </dev/null || true
        pkg-config --exists icu-i18n 2>/dev/null && command -v g++ >/dev/null && return 0
    fi
    echo "PyICU (the names' collation) builds against the system's ICU: run" \
        "'sudo apt-get install libicu-dev pkg-config g++', then this command again." >&2
    return 1
}

# compile_catalogues: the translations are compiled here, not committed (docs/i18n.md): each
# locale/*/LC_MESSAGES/django.po newer than its .mo is compiled with `manage.py compilemessages`,
# which runs GNU gettext's msgfmt. As root with apt-get, gettext is installed when missing
# (as .ci/run and the Dockerfile do); otherwise one line says what to run, and it fails.
compile_catalogues() {
    local po stale=()
    for po in locale/*/LC_MESSAGES/*.po; do
        if [ -f "$po" ] && [ "$po" -nt "${po%.po}.mo" ]; then stale+=("$(basename "$(dirname "$(dirname "$po")")")"); fi
    done
    [ ${#stale[@]} -gt 0 ] || return 0
    if ! command -v msgfmt >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "Installing gettext to compile the translations ..."
        DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext </dev/null || true
    fi
    if ! command -v msgfmt >/dev/null; then
        echo "The translations compile with GNU gettext's msgfmt: run 'sudo apt-get install gettext'," \
            "then this command again." >&2
        return 1
    fi
    # The settings need a key to load when DEBUG is off; compiling uses none.
    SECRET_KEY="${SECRET_KEY:-compilemessages-only}" python manage.py compilemessages \
        $(printf -- '--locale %s ' "${stale[@]}") --ignore '.venv' --ignore 'staticfiles' >/dev/null
}
