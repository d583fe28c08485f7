"""Deployment files and production settings, checked without a Docker engine."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "a-production-secret-" + "x" * 50,
    "ALLOWED_HOSTS": "chess.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://chess.example.org",
    "DATABASE_URL": "postgres://swiss:secret@db.example.org:5432/swiss",
}


def clean_environment(*unset: str) -> dict[str, str]:
    """This process's environment without the settings these checks set, and without `unset`."""
    # The test process allows async-unsafe ORM calls for Playwright; production never does.
    skip = {*PRODUCTION, "DJANGO_ALLOW_ASYNC_UNSAFE", *unset}
    clean = {k: v for k, v in os.environ.items() if k not in skip and not k.startswith("SECURE_")}
    # A developer's .env (bin/run writes one) must not leak into these checks.
    return {**clean, "ENV_FILE": os.devnull}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean_environment(), **env},
        capture_output=True,
        text=True,
    )


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_check_deploy_is_clean_with_production_values():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_gunicorns_entry_point_loads_in_a_fresh_interpreter():
    """What gunicorn imports first (config.wsgi, whose fast path reads the public cache before the
    settings are loaded) loads with production values: a module that only works once the settings
    have run would stop every web worker at boot."""
    result = subprocess.run(
        [sys.executable, "-c", "import config.wsgi; print(callable(config.wsgi.application))"],
        cwd=ROOT,
        env={**clean_environment("DJANGO_SETTINGS_MODULE"), **PRODUCTION},
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "True"


def test_settings_refuse_to_start_without_a_secret_key_when_debug_is_off():
    result = manage("check", **{**PRODUCTION, "SECRET_KEY": ""})
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_a_development_env_file_lets_every_command_run_without_exports(tmp_path):
    dotenv = tmp_path / ".env"
    dotenv.write_text("DEBUG=true\nSECRET_KEY=from-the-env-file\n")
    result = manage(
        "shell", "-c", "from django.conf import settings; print(settings.SECRET_KEY)", ENV_FILE=str(dotenv)
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "from-the-env-file"
    # The environment wins over the file.
    result = manage("check", ENV_FILE=str(dotenv), DEBUG="false", SECRET_KEY="")
    assert "SECRET_KEY must be set" in result.stderr


def test_bin_run_writes_a_private_development_env_file_that_the_image_leaves_out():
    script = (ROOT / "bin" / "run").read_text()
    assert "umask 077" in script and "DEBUG=true" in script and '>"$env_file"' in script
    assert 'env_file="${ENV_FILE:-.env}"' in script
    assert ".env" in (ROOT / ".dockerignore").read_text().split()
    assert ".env" in (ROOT / ".gitignore").read_text().split()


def test_settings_reject_a_malformed_boolean():
    result = manage("check", **{**PRODUCTION, "DEBUG": "maybe"})
    assert "DEBUG must be true or false" in result.stderr


def test_every_setting_the_code_reads_is_listed_in_env_example():
    lines = (ROOT / ".env.example").read_text().splitlines()
    listed = {line.split("=")[0] for line in lines if "=" in line and not line.startswith("#")}
    settings = (ROOT / "config" / "settings.py").read_text()
    read = {name for name in listed if f'"{name}"' in settings}
    assert read == listed - {"DATABASE_URL"}  # dj-database-url reads DATABASE_URL itself
    assert {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS"} <= listed


def test_compose_runs_postgres_with_a_volume_and_a_health_check():
    db = compose()["services"]["db"]
    assert db["image"].startswith("postgres:")
    assert any(volume.endswith(":/var/lib/postgresql/data") for volume in db["volumes"])
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert db["volumes"][0].split(":")[0] in compose()["volumes"]


def test_compose_web_migrates_then_serves_with_gunicorn_once_the_database_is_healthy():
    web = compose()["services"]["web"]
    command = web["command"]
    assert command.index("migrate") < command.index("gunicorn config.wsgi")
    assert web["ports"] == ["8000:8000"]
    assert web["depends_on"]["db"]["condition"] == "service_healthy"
    env = web["environment"]
    assert env["DATABASE_URL"].startswith("postgres://") and "@db:5432/" in env["DATABASE_URL"]
    assert {"SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS"} <= env.keys()
    assert env["DEBUG"] == "false"
    assert web["sysctls"] == {"net.ipv4.tcp_migrate_req": 1}  # see config/gunicorn.py's reuse_port


def test_compose_runs_workers_on_the_web_image_and_database_and_the_pages_cache_on_redis():
    services = compose()["services"]
    web, worker, cache = services["web"], services["worker"], services["redis"]
    assert worker["command"] == "python manage.py procrastinate worker"
    # A worker of its own for the quick queue: a check or an import never waits behind a pairing.
    assert services["worker-quick"]["command"] == "python manage.py procrastinate worker --queues quick"
    assert services["worker-quick"]["environment"] == web["environment"]
    assert worker["build"] == web["build"] == "."
    assert worker["environment"] == web["environment"]
    assert worker["depends_on"]["db"]["condition"] == "service_healthy"
    assert "ports" not in worker
    assert cache["image"].startswith("redis:") and "profiles" not in cache
    assert "profiles" not in web and "profiles" not in worker
    # Redis unless REDIS_URL is set, even empty (then pages in files, tokens in the database).
    assert web["environment"]["REDIS_URL"] == "${REDIS_URL-redis://redis:6379/0}"
    assert web["depends_on"]["redis"]["condition"] == "service_started"


def test_compose_config_validates_where_docker_compose_is_installed():
    if (
        not shutil.which("docker")
        or subprocess.run(["docker", "compose", "version"], capture_output=True).returncode
    ):
        pytest.skip("docker compose is not installed here")
    env = {**os.environ, "POSTGRES_PASSWORD": "x", "SECRET_KEY": "y"}
    result = subprocess.run(["docker", "compose", "config", "-q"], cwd=ROOT, env=env, capture_output=True)
    assert result.returncode == 0, result.stderr


def test_static_files_are_served_by_whitenoise_in_production():
    settings = (ROOT / "config" / "settings.py").read_text()
    assert "whitenoise.middleware.WhiteNoiseMiddleware" in settings
    assert "collectstatic" in (ROOT / "Dockerfile").read_text()


def listening_sockets(port: int) -> set[int]:
    """The inodes of the sockets listening on 127.0.0.1:`port` (Linux's /proc/net/tcp)."""
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    wanted = f"0100007F:{port:04X}"
    return {int(f[9]) for f in map(str.split, lines) if f[1] == wanted and f[3] == "0A"}


def sockets_of(pid: int) -> set[int]:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:  # closed meanwhile
            continue
        if target.startswith("socket:["):
            inodes.add(int(target[8:-1]))
    return inodes


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc")
def test_each_gunicorn_worker_accepts_on_a_listening_socket_of_its_own():
    """With one shared socket the busiest worker takes most keep-alive connections (config/gunicorn.py
    gives the figures); with a socket per worker the kernel spreads them."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**clean_environment(), **PRODUCTION, "WEB_CONCURRENCY": "2"}
    gunicorn = Path(sys.executable).parent / "gunicorn"
    server = subprocess.Popen(
        [str(gunicorn), "config.wsgi", "-c", "config/gunicorn.py", "-b", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            children = Path(f"/proc/{server.pid}/task/{server.pid}/children").read_text().split()
            listeners = listening_sockets(port)
            owners = {pid: sockets_of(int(pid)) & listeners for pid in children}
            if len(owners) == 2 and all(owners.values()) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert len(listeners) == 2
        assert sorted(len(inodes) for inodes in owners.values()) == [1, 1]
        assert owners[children[0]] != owners[children[1]]
        assert not sockets_of(server.pid) & listeners  # the master accepts nothing
    finally:
        server.terminate()
        server.wait(timeout=30)
