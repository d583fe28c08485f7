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
        echo "Installing the project and its dev tools into .venv ..."
        .venv/bin/python -m pip install --quiet --upgrade pip
        .venv/bin/python -m pip install --quiet -e ".[dev]"
        rm -f .venv/.installed-*
        touch "$stamp"
    fi
    export PATH="$PWD/.venv/bin:$PATH"
}
