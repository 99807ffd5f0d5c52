# Pitchpad: one Node process serving the API and the built PWA.
FROM node:20-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The PWA (web/dist, with .br/.gz copies) and the compiled server (dist/server/main.js).
RUN npm run build
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
EXPOSE 8080
# Plain node on the compiled server (npm run serve), as PID 1 so it gets SIGTERM itself and shuts down cleanly.
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
