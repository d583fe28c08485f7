# Sourced by bin/run and bin/test. Creates .venv and installs the project with its dev extras
# when missing or when pyproject.toml has changed since the last install.
ensure_venv() {
    if [ ! -x .venv/bin/python ]; then
        echo "Creating .venv ..."
        python3 -m venv .venv
    fi
    local stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)"
    if [ ! -f "$stamp" ]; then
        echo "Installing the project and its dev tools into .venv ..."
        .venv/bin/python -m pip install --quiet --upgrade pip
        .venv/bin/python -m pip install --quiet -e ".[dev]"
        rm -f .venv/.installed-*
        touch "$stamp"
    fi
    export PATH="$PWD/.venv/bin:$PATH"
}
