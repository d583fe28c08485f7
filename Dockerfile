FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml ./
COPY config ./config
COPY tournaments ./tournaments
COPY pairing ./pairing
COPY swiss ./swiss
# gcc builds the engine's matching extension (swiss/_blossom.c) in place, next to the
# sources that COPY . . lays over them; the compiler is removed afterwards.
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && pip install --no-cache-dir -e . \
    && apt-get purge -y gcc libc6-dev && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
COPY . .
# collectstatic needs settings to load; the key is a throwaway used only for this build step.
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "-c", "config/gunicorn.py"]
