# Garage Ledger's container image (docs/decisions/059): the build in one stage, the production
# packages in another, and a runtime of both that runs as the user `node` with its data in /data.
#
#   docker build -t garage-ledger .
#   docker run -d -p 3000:3000 -v garage-ledger-data:/data garage-ledger
#
# BASE_IMAGE must be Debian-based with Node.js 24 and npm on the PATH and a user `node`. Behind a
# proxy that re-signs TLS, pass its certificate for npm: --secret id=ca_certificates,src=FILE.
ARG BASE_IMAGE=node:24-bookworm-slim

FROM ${BASE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=ca_certificates \
  if [ -f /run/secrets/ca_certificates ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca_certificates; fi \
  && npm ci --no-audit --no-fund --no-update-notifier
COPY tsconfig.json vite.config.ts ./
COPY contract ./contract
COPY server ./server
COPY web ./web
COPY scripts/build-server.mjs ./scripts/
RUN npm run build

FROM ${BASE_IMAGE} AS production-packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=ca_certificates \
  if [ -f /run/secrets/ca_certificates ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca_certificates; fi \
  && npm ci --omit=dev --no-audit --no-fund --no-update-notifier
# Only what the built server imports stays (scripts/prune-server-packages.mjs).
COPY scripts/prune-server-packages.mjs ./scripts/
COPY --from=build /app/dist/server ./dist/server
RUN --mount=type=secret,id=ca_certificates \
  if [ -f /run/secrets/ca_certificates ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca_certificates; fi \
  && node scripts/prune-server-packages.mjs \
  && rm -rf dist scripts /root/.npm

FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
# The app's files stay root's: the server reads them and writes only to /data.
COPY --from=production-packages /app/node_modules ./node_modules
COPY package.json ./
COPY server/db/migrations ./server/db/migrations
COPY scripts/start.mjs scripts/build-state.mjs scripts/server-flags.mjs ./scripts/
COPY --from=build /app/dist ./dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((answer) => process.exit(answer.ok ? 0 : 1), () => process.exit(1))"]
# The server is PID 1: start.mjs replaces itself with it (same pid), so `docker stop`'s SIGTERM
# reaches it, and it drains, stops its PostgreSQL and exits.
ENTRYPOINT ["node", "scripts/start.mjs"]
