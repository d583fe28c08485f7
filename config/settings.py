"""Settings for every environment, driven by environment variables (listed in .env.example).

Malformed values fail loudly at start-up rather than being silently replaced by defaults.
"""

from __future__ import annotations

import os
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from dotenv import load_dotenv

BASE_DIR = Path(__file__).resolve().parent.parent

# Lets the classes that django-stubs types as generic (ModelAdmin[Board]) be subscripted at run time.
django_stubs_ext.monkeypatch()

# A developer's `.env` (bin/run writes one with DEBUG on and a key of its own); variables already
# set in the environment win over it. ENV_FILE names another file.
load_dotenv(os.environ.get("ENV_FILE") or BASE_DIR / ".env", override=False)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}.")


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "")
    if raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}.") from None


DEBUG = env_bool("DEBUG", False)

# The test run needs no secret of its own; pytest-django always runs with DEBUG off. Nor does
# mypy, whose django-stubs plugin imports these settings (in CI and on a fresh clone, without .env).
TESTING = "pytest" in sys.modules or "mypy" in sys.modules

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not (DEBUG or TESTING):
        raise ImproperlyConfigured(
            "SECRET_KEY must be set when DEBUG is off (bin/run writes a .env for development)."
        )
    # Only ever used on a developer's machine or in tests.
    SECRET_KEY = "insecure-development-key-never-used-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "axes",
    "ratinglists",
    "tournaments",
    "pairing",
]

# The middleware that only set response headers. The cached public pages' fast path
# (tournaments/public_cache.py) runs exactly these, so every response carries the same ones.
HEADER_MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
]

MIDDLEWARE = [
    *HEADER_MIDDLEWARE,
    "config.middleware.PrivatePagesMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # The page's language (docs/i18n.md), in place of Django's LocaleMiddleware: it also reads
    # the account's language and the tournament's default.
    "config.language.LanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "pairing.middleware.HtmxMessagesMiddleware",
    "config.middleware.DatabaseUnavailableMiddleware",
    # Last, as django-axes asks: it turns a lock-out raised while signing in into its page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            "builtins": ["django_htmx.templatetags.django_htmx"],
        },
    },
]

# SQLite when DATABASE_URL is unset keeps the first run free of set-up; PostgreSQL in CI and production.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# The task queue of the pairing jobs, procrastinate, lives in PostgreSQL (its tables come with
# `migrate`; workers: `manage.py procrastinate worker`). On SQLite jobs run in the request.
POSTGRES = DATABASES["default"].get("ENGINE") == "django.db.backends.postgresql"
if POSTGRES:
    INSTALLED_APPS.insert(INSTALLED_APPS.index("tournaments"), "procrastinate.contrib.django")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

if TESTING:
    # Fixtures create many users; the real hashers are deliberately slow.
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

LANGUAGE_CODE = "en"
# The languages of the pages (docs/i18n.md). A new one is a line here and a catalogue in locale/.
LANGUAGES = [("en", "English"), ("es", "Español"), ("fr", "Français"), ("de", "Deutsch")]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switcher's cookie lasts a year; set again when an arbiter signs in (config/language.py).
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
# Ratings, ids and years stay "2450", never "2.450"; decimals follow the language ("2,5" in German).
USE_THOUSAND_SEPARATOR = False
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Hashed, compressed files in production; tests serve through finders, which needs plain storage.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if TESTING
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Tests and the local demo run without collectstatic; whitenoise then looks files up per request.
WHITENOISE_AUTOREFRESH = DEBUG or TESTING

# The public pages' cache. Pages are keyed by a per-tournament version token, so the token
# must be shared by every web process on every machine for a change to retire the pages
# everywhere (tournaments/public_cache.py). With CACHE_URL or REDIS_URL (redis://...), pages
# and tokens live in Redis; without, pages are files on this machine and the tokens a table
# in the database, so a second web machine without Redis is still never stale, only colder.
# Tests keep both in memory unless a test asks for another backend.
_CACHE_DIR = Path(os.environ.get("CACHE_DIR", "") or BASE_DIR / ".cache")
CACHE_URL = os.environ.get("CACHE_URL", "") or os.environ.get("REDIS_URL", "")
if CACHE_URL and not CACHE_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured(f"CACHE_URL/REDIS_URL must be a redis:// address, not {CACHE_URL!r}.")


def cache_backends(url: str) -> dict[str, dict[str, Any]]:
    """The "default" (pages) and "versions" (tokens) caches for a Redis `url`, or for none."""
    if url:
        return {
            name: {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": url,
                "KEY_PREFIX": f"swiss-{name}",
            }
            for name in ("default", "versions")
        }
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(_CACHE_DIR),
            "OPTIONS": {"MAX_ENTRIES": env_int("CACHE_MAX_ENTRIES", 20000)},
        },
        # One row per tournament; created by migration 0008 (`createcachetable`).
        "versions": {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": "public_cache_versions",
            "OPTIONS": {"MAX_ENTRIES": 1_000_000},
        },
    }


CACHES: dict[str, dict[str, Any]] = (
    {
        name: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": name}
        for name in ("default", "versions")
    }
    if TESTING and not CACHE_URL
    else cache_backends(CACHE_URL)
)

# Pairing jobs run on workers (`python manage.py procrastinate worker`); JOBS_IN_PROCESS runs
# them inside the request instead, for a single-process demo and for most tests.
JOBS_IN_PROCESS = env_bool("JOBS_IN_PROCESS", TESTING or not POSTGRES)
if not (JOBS_IN_PROCESS or POSTGRES):
    raise ImproperlyConfigured(
        "JOBS_IN_PROCESS=false needs PostgreSQL (DATABASE_URL): the queue lives there."
    )
# A job running longer than this many seconds is stopped and reported to the arbiter.
JOB_TIME_LIMIT = env_int("JOB_TIME_LIMIT", 900)
# The request that queues the pairing of a small field (pairing/job_kinds.SMALL_FIELD) waits this
# long for the worker before it shows a page that follows the job (scripts/bench_click_to_draft.py).
PAIRING_WAIT_SECONDS = float(os.environ.get("PAIRING_WAIT_SECONDS", "2.5"))
# A worker that has not shown a sign of life (heartbeat) for this many seconds is taken for
# dead, and its job is queued again (or failed after JOB_ATTEMPTS tries).
WORKER_STALLED_SECONDS = env_int("WORKER_STALLED_SECONDS", 30)
JOB_ATTEMPTS = env_int("JOB_ATTEMPTS", 3)
PROCRASTINATE_WORKER_DEFAULTS = {
    "update_heartbeat_interval": max(1.0, WORKER_STALLED_SECONDS / 3),
    "stalled_worker_timeout": float(WORKER_STALLED_SECONDS),
    # Cancel requests reach a running job within this many seconds.
    "abort_job_polling_interval": 1.0,
    # Job rows (tournaments.Job) keep the record; procrastinate's own rows of succeeded jobs go
    # (the stalled-job recovery alone adds one every 10 s).
    "delete_jobs": "successful",
}

# Content-Security-Policy (django-csp; Django 5.2 has none of its own): scripts, styles and
# images from this site only, no inline script or style, no plugins, no framing.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# The browser features no page uses are switched off for every page and anything it embeds.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        *("accelerometer", "camera", "geolocation", "gyroscope", "magnetometer", "microphone"),
        *("payment", "usb", "display-capture", "serial", "hid", "midi", "xr-spatial-tracking"),
    )
}

# Login throttling (django-axes) on both sign-in pages, the arbiters' and the admin's: after
# AXES_FAILURE_LIMIT wrong passwords for one username from one address, that pair is refused,
# even with the right password, until AXES_COOLOFF_MINUTES have passed without another try.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("AXES_COOLOFF_MINUTES", 15))
# Username and address together: a player at the venue's shared address cannot lock the arbiters out.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"

# Entrant imports (CSV or TRF): the largest file and the most players one upload may hold.
# The text comes back on confirmation as a form field, so Django's own limit must allow it.
IMPORT_MAX_BYTES = env_int("IMPORT_MAX_BYTES", 1_000_000)
IMPORT_MAX_ROWS = env_int("IMPORT_MAX_ROWS", 2000)
DATA_UPLOAD_MAX_MEMORY_SIZE = max(2_621_440, 3 * IMPORT_MAX_BYTES)

# E-mail, for password resets. Unset EMAIL_HOST: no e-mail, so the sign-in page offers no reset
# and the reset page says whom to ask, rather than pretending to send a message.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_PORT = env_int("EMAIL_PORT", 587)
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
EMAIL_USE_SSL = env_bool("EMAIL_USE_SSL", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "") or "webmaster@localhost"
SERVER_EMAIL = DEFAULT_FROM_EMAIL
PASSWORD_RESET_BY_EMAIL = bool(EMAIL_HOST)

# Arbiters need not be staff, so they sign in on the site, not in the admin.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "arbiter:tournaments"
LOGOUT_REDIRECT_URL = "/"

# HTTPS hardening, on by default in production; tests and the local demo serve plain HTTP.
_HTTPS = not (DEBUG or TESTING)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", _HTTPS)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", _HTTPS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", _HTTPS)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000 if _HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", _HTTPS)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", _HTTPS)
if env_bool("SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
