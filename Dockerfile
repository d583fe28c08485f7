FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml ./
COPY config ./config
COPY tournaments ./tournaments
COPY pairing ./pairing
COPY swiss ./swiss
RUN pip install --no-cache-dir .
COPY . .
# collectstatic needs settings to load; the key is a throwaway used only for this build step.
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput
EXPOSE 8000
CMD ["gunicorn", "config.wsgi", "--bind", "0.0.0.0:8000", "--workers", "3"]
