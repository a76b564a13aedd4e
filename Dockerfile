# Tidemark in a container: the same single process as `npm start` (trader app at /, console at
# /console, API, websocket), SQLite in /data by default, PostgreSQL with DATABASE_URL.
#   docker build -t tidemark .
#   docker run -p 8080:8080 -v tidemark-data:/data tidemark
# Multi-stage: the build stage compiles the apps and the native modules (better-sqlite3, sharp,
# argon2); the runtime stage holds only the built files and production dependencies, runs as the
# unprivileged `node` user and reports its health from /healthz.

FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY packages/contract/package.json packages/contract/
COPY packages/i18n/package.json packages/i18n/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# NEWSIGN_SECRET is baked into the web build when it is not the default (docs/configuration.md).
ARG NEWSIGN_SECRET=
RUN NEWSIGN_SECRET="$NEWSIGN_SECRET" npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/packages ./packages
COPY --from=build --chown=root:root /app/apps/server/package.json ./apps/server/
COPY --from=build --chown=root:root /app/apps/server/dist ./apps/server/dist
COPY --from=build --chown=root:root /app/apps/web/dist ./apps/web/dist
COPY --from=build --chown=root:root /app/apps/console/dist ./apps/console/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
