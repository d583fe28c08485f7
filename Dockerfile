FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml ./
COPY config ./config
COPY tournaments ./tournaments
COPY pairing ./pairing
COPY swiss ./swiss
# gcc builds the engine's matching extension (swiss/_blossom.c) in place, next to the
# sources that COPY . . lays over them; g++, pkg-config and libicu-dev build PyICU (the names'
# collation). The build tools are removed afterwards; ICU's run-time library (libicuNN, whatever
# version the base image has) is marked to stay.
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc g++ libc6-dev libicu-dev pkg-config \
    && pip install --no-cache-dir -e . \
    && apt-mark manual $(dpkg-query -W -f '${Package}\n' 'libicu[0-9]*') \
    && apt-get purge -y gcc g++ libc6-dev libicu-dev pkg-config && apt-get autoremove -y \
    && rm -rf /var/lib/apt/lists/*
COPY . .
# The translations are compiled here, not committed (docs/i18n.md); gettext's msgfmt goes again after.
RUN apt-get update && apt-get install -y --no-install-recommends gettext \
    && SECRET_KEY=compilemessages-only python manage.py compilemessages --ignore .venv \
    && apt-get purge -y gettext && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
# collectstatic needs settings to load; the key is a throwaway used only for this build step.
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "-c", "config/gunicorn.py"]
