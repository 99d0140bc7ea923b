# syntax=docker/dockerfile:1
# The site's server image: the built shell and remotes (dist + dist-server), the server, its migrations and media,
# and production dependencies only; runs as the unprivileged `node` user with NODE_ENV=production. See docs/deploy.md.
#   docker build -t gta-site .
#   docker run -p 8080:8080 -e PUBLIC_URL=http://localhost:8080 -e STAFF_PASSWORD_FILE=/run/secrets/staff_password \
#     -v "$PWD/secrets:/run/secrets:ro" -e DATABASE_URL=postgres://… gta-site
# Node 24 (LTS, supported until April 2028; package.json's engines: >=20.19 <25) on Debian 13 (trixie).
ARG NODE_IMAGE=node:24-trixie

# 0. the lock and the workspaces' package.json files only (what npm ci reads, and all that makes the lock match), the
#    base of the two stages that install: their `npm ci` is a cached layer until these change.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY shell/package.json shell/
COPY mfe-listings/package.json mfe-listings/
COPY mfe-content/package.json mfe-content/
COPY mfe-forms/package.json mfe-forms/
COPY mfe-chat/package.json mfe-chat/
COPY mfe-admin/package.json mfe-admin/
COPY server/package.json server/
COPY e2e/package.json e2e/

# 1. build everything (dev dependencies, native addons compiled here); a source change only re-runs the build.
FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. production dependencies of the server only
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace server --no-audit --no-fund

# 3. what runs: the same Node and Debian as the stages above, slim
FROM ${NODE_IMAGE}-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/shared/package.json shared/
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/shared/dist-server shared/dist-server
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/media server/media
COPY --from=build /app/server/migrations server/migrations
COPY --from=build /app/shell/dist shell/dist
COPY --from=build /app/shell/dist-server shell/dist-server
COPY --from=build /app/mfe-listings/dist mfe-listings/dist
COPY --from=build /app/mfe-listings/dist-server mfe-listings/dist-server
COPY --from=build /app/mfe-content/dist mfe-content/dist
COPY --from=build /app/mfe-content/dist-server mfe-content/dist-server
COPY --from=build /app/mfe-forms/dist mfe-forms/dist
COPY --from=build /app/mfe-forms/dist-server mfe-forms/dist-server
COPY --from=build /app/mfe-chat/dist mfe-chat/dist
COPY --from=build /app/mfe-admin/dist mfe-admin/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
VOLUME ["/data"]
# liveness; the load balancer's readiness check is GET /readyz
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1's child through tini-less exec form: SIGTERM reaches the server, which drains and exits
STOPSIGNAL SIGTERM
CMD ["node", "server/dist/index.js"]
