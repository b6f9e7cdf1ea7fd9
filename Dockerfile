# Arbor in one image: the web app is built, embedded in the Go binary, and run on a slim Debian.
FROM node:20-bookworm AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build && touch dist/.keep

FROM golang:1.26-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=web /src/web/dist ./web/dist
RUN CGO_ENABLED=0 go build -o /arbor ./cmd/arbor

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=server /arbor /usr/local/bin/arbor
ENV ARBOR_ADDR=:8080 ARBOR_DATA=/data
VOLUME /data
EXPOSE 8080
USER 65534
CMD ["arbor", "serve"]
