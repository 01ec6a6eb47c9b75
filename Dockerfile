# syntax=docker/dockerfile:1
#
# 万象 AI: one image for both process roles. The default command is the web server (`npm run serve`);
# the task worker runs the same image with `npm run worker`'s command (compose.yaml). Build from the
# repository root:
#
#   docker build -t wanxiang:0.1.0 .
#
# Node: the official Debian bookworm-slim image of the exact Node release the lockfile pins through
# npm's `node` package (`npm run check:deploy` fails when the two drift apart). The production install
# brings that package too, and node_modules/.bin comes first on PATH, so `node` in this image is the
# same binary `npm run serve` starts on a bare machine; the image's own Node and npm run the installs
# and `npm run` (admin CLIs). docs/deploy.md explains every stage.

FROM node:24.21.0-bookworm-slim AS base
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_AUDIT=false
WORKDIR /app

# Only the manifests: the install layers below are reused until a package.json or the lockfile changes.
FROM base AS manifests
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY bench/package.json bench/

# Every package, dev tools included: what the web build needs.
FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm ci

# The web bundle with its .br/.gz copies (web/dist).
FROM deps AS build
COPY tsconfig.base.json ./
COPY contract contract
COPY web web
RUN npm run build

# What the server runs and nothing else: no Vite, TypeScript, test tools or browser libraries.
FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev

FROM base AS runtime
# The programs the tools run (docs/deployment.md, scripts/ensure-install.mjs): ffmpeg/ffprobe for every
# media cut, mix, subtitle and AIGC label; sox with MP3 for the demo melodies and audio edits; espeak-ng
# for demo speech; fpcalc (Chromaprint) for music recognition; poppler-utils for PDF pages and text;
# LibreOffice Writer for Word <-> PDF (Impress and Calc serve only tests and preview rendering);
# the Noto CJK fonts for the 「AI生成」 marks and the words the design tools set; tini as PID 1, so
# the converters' orphaned children are reaped and SIGTERM reaches node.
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      ffmpeg \
      sox libsox-fmt-mp3 \
      espeak-ng \
      libchromaprint-tools \
      poppler-utils \
      libreoffice-writer-nogui \
      fonts-noto-cjk \
      tini \
 && rm -rf /var/lib/apt/lists/*

# A fixed non-root account: files it writes in the data volume keep one owner across upgrades.
RUN groupadd --system --gid 10001 wanxiang \
 && useradd --system --uid 10001 --gid wanxiang --home-dir /home/wanxiang --create-home --shell /usr/sbin/nologin wanxiang \
 && mkdir -p /data \
 && chown wanxiang:wanxiang /data

# Root owns the code: the server process cannot rewrite what it runs.
COPY --from=prod-deps /app ./
COPY package.json package-lock.json tsconfig.base.json ./
COPY contract contract
COPY server server
COPY deploy/healthcheck.mjs deploy/
COPY --from=build /app/web/dist web/dist

ENV NODE_ENV=production \
    PATH=/app/node_modules/.bin:$PATH \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    HOME=/home/wanxiang
# PGlite's database (when no DATABASE_URL is set) and local files (when no bucket is set) live here.
VOLUME ["/data"]
EXPOSE 3000
USER wanxiang

# Liveness: /api/health answers while the process does. The worker has no HTTP; compose.yaml gives it
# `deploy/healthcheck.mjs worker` instead (its database and Redis answer from inside the container).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]

ENTRYPOINT ["/usr/bin/tini", "--"]
# `npm run serve` without npm in between: signals go straight to node, which drains streams on SIGTERM.
CMD ["node", "--import", "tsx", "server/src/main.ts"]
