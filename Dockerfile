# One image for every Node process of the product; the command picks the service.
FROM node:20.19.0-bookworm-slim AS build
WORKDIR /app
ENV NX_NO_CLOUD=true NX_DAEMON=false
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npx nx run-many -t build --parallel=2 --outputStyle=static && node tools/precompress.mjs dist/apps/web && npm prune --omit=dev

FROM node:20.19.0-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The qr-service's data exports (DATA_EXPORT_DIR): a volume mounted here starts owned by node.
RUN mkdir -p /data/exports && chown node:node /data/exports
USER node
# e.g. command: ["node", "dist/apps/gateway/apps/gateway/src/main.js"]
CMD ["node", "dist/apps/gateway/apps/gateway/src/main.js"]

# The web app, served by nginx with nginx/nginx.conf.
FROM nginx:1.27.2-alpine AS web
COPY nginx/nginx.conf /etc/nginx/nginx.conf
COPY --from=build /app/dist/apps/web /usr/share/nginx/html
