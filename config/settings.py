"""Spielpost settings, driven by environment variables.

The stores' settings (database, channel layer, cache) are built by
config/stores.py, the API's by config/api.py; everything else is here.

Defaults serve a laptop with nothing installed: a SQLite file, and Redis only
when REDIS_URL names one. `make run` starts an embedded Redis and sets
REDIS_URL for its processes (config/devredis.py); without it (`make test`,
a bare manage.py) channel layer, cache and Celery broker are in-memory and
nothing crosses processes. Set DATABASE_URL and REDIS_URL for PostgreSQL
and Redis in production. Every variable is listed in the README.

Sections, in this order, each under a `# -- <n>. <title> ---` line:
  1. Paths and environment
  2. Security: hosts, proxies, TLS, cookies, Content-Security-Policy
  3. Apps, middleware, URLs, templates
  4. Database
  5. Redis: cache and channels (in-memory without REDIS_URL)
  6. Languages and time
  7. Static files
  8. Log-in: user model, passwords, allauth, sessions
  9. E-mail
  10. Celery: the worker and beat
  11. API: Django REST framework and the OpenAPI schema
  12. Play: vacations and notices
  13. Logging
"""

from __future__ import annotations

import os
from pathlib import Path

import django_stubs_ext
from django.utils.translation import gettext_lazy as _

from config import api, stores
from config.devredis import celery_broker_url, var_dir
from config.schedule import BEAT_SCHEDULE

# -- 1. Paths and environment -------------------------------------------------
# Lets Django's generic classes be subscripted at runtime, as the type
# checker wants them (`admin.ModelAdmin[Match]`, `forms.ModelForm[User]`).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Read a boolean environment variable ("1", "true", "yes" are true)."""
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    """Read a comma-separated environment variable."""
    return [
        item.strip()
        for item in os.environ.get(name, default).split(",")
        if item.strip()
    ]


DEBUG = env_bool("DEBUG", True)
SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-insecure-key-change-me")
if not DEBUG and SECRET_KEY.startswith("dev-only"):
    raise RuntimeError("Set SECRET_KEY when DEBUG is off.")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")


# -- 2. Security: hosts, proxies, TLS, cookies, Content-Security-Policy -------
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

# Client addresses, for allauth's and DRF's rate limits alike. X-Forwarded-For
# is written by the client unless a proxy of ours overwrites it, so it is read
# only behind TRUSTED_PROXY_COUNT proxies (then the address that the outermost
# of them saw); with 0, every client is REMOTE_ADDR.
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
if TRUSTED_PROXY_COUNT < 0:
    raise RuntimeError("TRUSTED_PROXY_COUNT must be 0 or more.")

# TLS. Production runs behind a TLS-terminating proxy (README, Configuration):
# SECURE_PROXY_SSL_HEADER names the header by which the proxy says the
# request came over HTTPS ("X-Forwarded-Proto"; the proxy must set it
# itself, never pass on the client's), so that SSL redirect, secure
# cookies and request.is_secure() see HTTPS. Off by default: plain HTTP
# (make run, bench/load.py) keeps working.
_proxy_ssl_header = os.environ.get("SECURE_PROXY_SSL_HEADER", "").strip()
if _proxy_ssl_header:
    SECURE_PROXY_SSL_HEADER = (
        "HTTP_" + _proxy_ssl_header.upper().replace("-", "_"),
        "https",
    )
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
# The health check is asked over plain HTTP by load balancers.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)

# Cookies: secure with DEBUG off (SECURE_COOKIES=0 on a plain-HTTP host).
if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
# The language cookie like the session cookie: secure with DEBUG off, never
# sent with cross-site requests, unreadable by scripts (none reads it).
LANGUAGE_COOKIE_SECURE = not DEBUG and env_bool("SECURE_COOKIES", True)
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_HTTPONLY = True

# Content-Security-Policy (config/security.py). Scripts and connections (the websockets too: CSP 3's
# 'self' covers ws: and wss: of the same host) only from the site itself;
# inline styles stay allowed for the boards' style attributes.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
CONTENT_SECURITY_POLICY_BY_PATH: dict[str, str] = {}


# -- 3. Apps, middleware, URLs, templates -------------------------------------
INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "channels",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_celery_beat",
    "allauth",
    "allauth.account",
    "accounts",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.security.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # A rate limit that cannot be counted (Redis down): 503, not 500.
    "accounts.ratelimits.RateLimitsUnavailableMiddleware",
    # Innermost: renders its pages with the user and language set above.
    "games.middleware.ErrorPageMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
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
                "django.template.context_processors.i18n",
                "games.context_processors.games",
                "games.context_processors.turns",
                "games.context_processors.notifications",
            ],
        },
    },
]


# -- 4. Database --------------------------------------------------------------
# config/stores.py: CONN_MAX_AGE 0, DATABASE_POOL for psycopg's pool,
# PGBOUNCER for PgBouncer in transaction mode, SQLite's WAL.
DATABASES = stores.databases(
    os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
    pool=env_bool("DATABASE_POOL", False),
    pool_size=int(os.environ.get("DATABASE_POOL_SIZE", "10")),
    pgbouncer=env_bool("PGBOUNCER", False),
)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


# -- 5. Redis: cache and channels (in-memory without REDIS_URL) ---------------
REDIS_URL = stores.redis_url_of(
    os.environ.get("REDIS_URL", ""),
    xdist_worker=os.environ.get("PYTEST_XDIST_WORKER", ""),
)
CHANNEL_LAYERS = stores.channel_layers(REDIS_URL, env_list("CHANNEL_REDIS_URLS", ""))
CACHES = stores.caches(REDIS_URL)

# Seconds between an open board's check for versions committed by another
# process; only needed when the channel layer cannot carry them (no Redis).
LIVE_POLL_SECONDS = float(
    os.environ.get("LIVE_POLL_SECONDS", "0" if REDIS_URL else "2")
)
# While the channel layer is unreachable (Redis down), open boards poll this
# often instead and try to rejoin their group.
LIVE_FALLBACK_POLL_SECONDS = float(os.environ.get("LIVE_FALLBACK_POLL_SECONDS", "3"))


# -- 6. Languages and time ----------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("de", _("German"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True


# -- 7. Static files ----------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}


# -- 8. Log-in: user model, passwords, allauth, sessions ----------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "games:lobby"
LOGOUT_REDIRECT_URL = "home"

# django-allauth: username + e-mail, verified e-mail, rate-limited log-in.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = os.environ.get("ACCOUNT_EMAIL_VERIFICATION", "mandatory")
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_SIGNUP_FORM_CLASS = "accounts.forms.SignupForm"
# The site's words on allauth's forms ("Log in", "e-mail"; issue 21).
ACCOUNT_FORMS = {
    "login": "accounts.forms.LoginForm",
    "signup": "accounts.entrance_forms.AccountSignupForm",
    "reset_password": "accounts.entrance_forms.PasswordResetForm",
    "reset_password_from_key": "accounts.entrance_forms.PasswordResetKeyForm",
    "add_email": "accounts.entrance_forms.EmailAddForm",
    "change_password": "accounts.entrance_forms.PasswordChangeForm",
}
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# Confirming the address (in the browser that signed up) logs the person in.
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
# Database sessions whose keys are checked before any lookup.
SESSION_ENGINE = "accounts.sessions"
ACCOUNT_RATE_LIMITS = {
    # Failed log-ins per IP and per account: slows password guessing. One
    # counter per account (name or e-mail), and a browser that logged in
    # before has its own (accounts/login_limits.py).
    "login_failed": os.environ.get("LOGIN_RATE_LIMIT", "10/m/ip,5/5m/key"),
}
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Spielpost] "
ALLAUTH_TRUSTED_PROXY_COUNT = TRUSTED_PROXY_COUNT


# -- 9. E-mail ----------------------------------------------------------------
# By default every e-mail is a file in EMAIL_FILE_PATH and one console line
# (config/mail.py): under `make run` the sign-up link is in var/mail/.
# Production sets the SMTP backend.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "config.mail.FolderEmailBackend")
# Read by the default backend and Django's file-based one (the end-to-end
# tests read mails there).
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(var_dir() / "mail"))
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get(
    "DEFAULT_FROM_EMAIL", "Spielpost <noreply@spielpost.local>"
)


# -- 10. Celery: the worker and beat ------------------------------------------
# Celery. The broker is REDIS_URL's Redis (`make run`: its embedded one).
# Without REDIS_URL it is kombu's in-memory transport: a process enqueues only
# for itself (the tests run what they enqueue). kombu's filesystem transport,
# the old default, corrupts its message files under a worker with two
# processes and beat (celery/kombu#1551): it is not offered any more.
# Results are not stored (tasks return nothing).
CELERY_BROKER_URL = celery_broker_url(REDIS_URL) if REDIS_URL else "memory://"
# The worker retries a broker that is not up yet: said out loud, so the
# worker prints no deprecation warning about this default at each start.
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# The periodic tasks, with why each runs as often as it does.
CELERY_BEAT_SCHEDULE = BEAT_SCHEDULE
# Tests run tasks only where they enqueue them explicitly (STYLE.md B8).
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)


# -- 11. API: Django REST framework and the OpenAPI schema --------------------
# config/api.py: token and session log-in, the JSON parser with a depth
# limit, throttles that answer 503 while Redis is down, the schema.
REST_FRAMEWORK = api.rest_framework(
    anon_rate=os.environ.get("API_ANON_RATE", "30/minute"),
    proxies=TRUSTED_PROXY_COUNT,
)
SPECTACULAR_SETTINGS = api.SPECTACULAR_SETTINGS


# -- 12. Play: vacations and notices ------------------------------------------
# Vacation days each account may take per calendar year (clocks paused).
VACATION_DAYS_PER_YEAR = int(os.environ.get("VACATION_DAYS_PER_YEAR", "21"))

# E-mails of notices (games/notifications/schedule/). A "your turn"
# e-mail waits this many seconds after the turn began and goes out only if
# the person opened no page meanwhile: who plays live needs no e-mail.
NOTIFY_EMAIL_GRACE = int(os.environ.get("NOTIFY_EMAIL_GRACE", "180"))
# Seconds an open page counts as open after its last heartbeat (sent every
# third of it): a crashed process leaves nobody "online" for longer.
PRESENCE_TTL = int(os.environ.get("PRESENCE_TTL", "90"))
# The profile warns about the address after this many failed sends in a row.
EMAIL_FAILURES_SHOWN = int(os.environ.get("EMAIL_FAILURES_SHOWN", "3"))
# Seconds an e-mail's one-click unsubscribe link works (60 days): long
# enough for an old e-mail in the inbox, short enough that a leaked link
# soon stops mattering (games/notifications/tokens.py).
UNSUBSCRIBE_TOKEN_MAX_AGE = int(
    os.environ.get("UNSUBSCRIBE_TOKEN_MAX_AGE", str(60 * 24 * 3600))
)
# Notices older than this many days are deleted by the daily prune (the
# bell's page would otherwise grow for ever; e-mails are long sent by then).
NOTIFICATION_RETENTION_DAYS = int(os.environ.get("NOTIFICATION_RETENTION_DAYS", "90"))


# -- 13. Logging --------------------------------------------------------------
# One console line per thing that matters (README, "Set-up"): warnings and
# errors of everything, INFO of our own code (an e-mail sent: config/mail.py)
# and of the worker's start. Left at WARNING: Daphne's start-up and
# socket lines, beat's "Sending due task" every few seconds, the worker's
# "received"/"succeeded" per task, its broker and mingle chatter.
QUIET_LOGGERS = (
    "daphne",
    "django.channels.server",
    "celery.beat",
    "celery.app.trace",
    "celery.worker.strategy",
    "celery.worker.consumer",
    # Celery re-parents its loggers under "celery": named in full.
    "django_celery_beat.schedulers",
)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {name: {"level": "WARNING"} for name in QUIET_LOGGERS},
}
