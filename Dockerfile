# Palco in a container: Node 24 (the project's own `node` package runs it), Debian's ffmpeg, the built
# app, a non-root user. The same steps as deploy/local/up.sh: install, `npm run build`, `bin/serve`.
# Configuration: environment variables (.env.example lists them all); DATA_DIR is scratch space and,
# without DATABASE_URL, the embedded database: mount a volume there. docs/deployment.md.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM debian:bookworm-slim
# ffmpeg and ffprobe (transcodes, live packaging); pocketsphinx for automatic English subtitles.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg pocketsphinx pocketsphinx-en-us ca-certificates curl \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --system --create-home --home-dir /var/lib/palco --uid 10001 palco
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist ./dist
COPY --from=build /app/server/dist ./server/dist
ENV NODE_ENV=production DATA_DIR=/var/lib/palco STATIC_DIR=/app/dist HOST=0.0.0.0 PORT=8080
USER palco
VOLUME /var/lib/palco
# HTTP (behind the proxy), RTMP ingest; WebRTC's UDP range is WEBRTC_UDP_PORT_MIN..MAX.
EXPOSE 8080 1935
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s CMD curl -fsS http://127.0.0.1:8080/readyz || exit 1
STOPSIGNAL SIGTERM
CMD ["bin/serve"]
