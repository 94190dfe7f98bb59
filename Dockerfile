# syntax=docker/dockerfile:1
# Multi-stage build: dependencies and the web build in a builder, a slim non-root runtime.
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm install, not npm ci: see .ci/run (the lock file cannot list other platforms' packages here)
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx react-router build && npm prune --omit=dev

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 API_PORT=3001 DATA_DIR=/data
WORKDIR /app
RUN groupadd --system app && useradd --system --gid app --home /app app && mkdir -p /data && chown app:app /data
COPY --from=build --chown=app:app /app/node_modules ./node_modules
COPY --from=build --chown=app:app /app/build ./build
COPY --chown=app:app package.json server.ts ./
COPY --chown=app:app api ./api
COPY --chown=app:app app/lib ./app/lib
COPY --chown=app:app locales ./locales
COPY --chown=app:app public ./public
USER app
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SESSION_SECRET is required in production; DATABASE_URL points at PostgreSQL (PGlite in /data otherwise), as the
# application's role, with DATABASE_OWNER_URL for the migrations (README, Scaling). Audit chain check:
# node --import tsx api/db/cli.ts verify-audit
CMD ["node", "--import", "tsx", "server.ts"]
