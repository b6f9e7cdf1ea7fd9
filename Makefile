# Arbor — the two commands are `make run` and `make test` (see README.md).
SHELL := /bin/bash
.DEFAULT_GOAL := run
GO  ?= go
BIN := bin/arbor

.PHONY: run test build web web-deps tools test-tools db migrate vet go-test web-test e2e clean

# Go and Node are the toolchains; everything else is installed by the targets that need it.
tools:
	@command -v $(GO) >/dev/null || { echo "make: Go 1.26 or newer is needed (https://go.dev/dl)"; exit 1; }
	@command -v npm >/dev/null || { echo "make: Node.js 20 or newer with npm is needed (apt-get install nodejs npm)"; exit 1; }

web/node_modules/.package-lock.json: web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error

web-deps: tools web/node_modules/.package-lock.json

# The built app is embedded in the binary (web/embed.go).
web: web-deps
	cd web && npm run build --silent
	@touch web/dist/.keep

build: web
	$(GO) build -o $(BIN) ./cmd/arbor

# The database: DATABASE_URL if set, else Docker, else a local PostgreSQL/PostGIS (installed with apt).
db:
	@scripts/db.sh >/dev/null

migrate: build
	DATABASE_URL=$$(scripts/db.sh) $(BIN) migrate

# Database, build, migrations and demo data (arbor demo migrates; quick once loaded), server on
# http://localhost:8080 (ARBOR_ADDR to change). Demo login: demo@arbor.example / arbor-demo.
run: build
	@DATABASE_URL=$$(scripts/db.sh) && export DATABASE_URL && $(BIN) demo && exec $(BIN) serve -no-migrate

# Every test: go vet, Go tests on a real PostGIS, web type-check, lint, Vitest, Playwright in Chromium.
test: build vet go-test web-test e2e

# Go packages of this module; web/node_modules may hold stray Go files of npm packages.
PKGS = $$($(GO) list ./... | grep -v /node_modules/)

vet:
	$(GO) vet $(PKGS)
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt would change:"; gofmt -l $$(git ls-files '*.go'); exit 1; }

# Tools the tests read outputs with (xmllint, pdftotext, ogrinfo, mapserv), installed when missing.
test-tools:
	@scripts/test-tools.sh

# -timeout: the api package's tests walk every route as every role against a real server; on a
# loaded machine they outlast go test's default of ten minutes.
go-test: test-tools
	DATABASE_URL=$$(scripts/db.sh) $(GO) test -count=1 -timeout 30m $(PKGS)

web-test: web-deps
	cd web && npm run typecheck --silent && npm run lint --silent && npm test --silent

e2e: build
	scripts/e2e.sh

clean:
	rm -rf bin web/dist/assets web/dist/index.html web/e2e/artifacts
