#!/usr/bin/env python3
"""Writes memory.md for the third recall evaluation (eval_test.go).

A project memory unlike the first two: "routewise", a route-planning
service for delivery fleets (Go gRPC services, a Python optimiser on
OR-Tools, PostGIS, a Vue 3 dispatcher web app with MapLibre, a Flutter
driver app, GKE with Helm). About 50 sessions over fourteen months, written
by hand subsystem by subsystem with the files and docs each one read. On
purpose it holds near-misses (learnings that share one rare word with a
task and nothing else) and sessions whose documents overlap a task's paths
while their learnings are about something else. This script only dates the
sessions (seeded, so the output is the same on every run), orders them
newest first and writes the file. Sessions marked old are dated at least
eight months before the newest. Written before the first run of the
evaluation, and not tuned after it.

    python3 generate.py > memory.md
"""

import datetime
import random

CATS = {
    "C": "User Corrections",
    "R": "New Requirements",
    "U": "Updated Conventions",
    "D": "Fresh Discoveries",
    "P": "Preference Clarifications",
}
ORDER = "CRUDP"

SESSIONS = []


def S(focus, docs, learnings, old=False):
    SESSIONS.append(dict(focus=focus, docs=docs, learnings=learnings, old=old))


# Optimiser (Python, OR-Tools).
S("Solver time limits", ["optimizer/solver.py", "docs/optimizer.md"], [
    "D: OR-Tools' routing solver returns nothing at all when `time_limit` runs out before the first solution; set `first_solution_strategy` to `PATH_CHEAPEST_ARC` so a plan exists within 2 s.",
    "C: Never raise the solver time limit above 30 s for interactive replans; dispatchers give up and click again, which starts a second solve.",
    "D: Guided local search improves plans by 4-6% but only after about 10 s; it is on for the nightly batch only.",
], old=True)
S("Vehicle capacity constraints", ["optimizer/constraints.py", "docs/optimizer.md"], [
    "D: Capacity dimensions in OR-Tools take integers only; parcel volume is multiplied by 1000 and stored in litres times 1000.",
    "R: Refrigerated vans carry a second capacity (cold boxes) that chilled orders use; an order never splits between vans.",
    "C: Do not model driver breaks as fake stops; use `AddBreakIntervals` on the time dimension, fake stops broke the ETA maths.",
])
S("Time windows for deliveries", ["optimizer/constraints.py", "services/orders/timewindow.go"], [
    "D: Customer time windows are stored in the depot's local time but the solver works in seconds since midnight UTC; convert once in `to_solver_units()`.",
    "C: A delivery window that crosses midnight is two windows, not one with end before start; the solver silently dropped such orders.",
    "R: Late arrivals up to 10 minutes are allowed with a soft penalty of 100 per minute; hard windows only for pharmacy orders.",
])
S("Optimiser worker memory", ["optimizer/worker.py", "deploy/helm/optimizer/values.yaml"], [
    "D: The distance matrix for 2000 stops is 32 MB as int64 and the solver copies it twice; the worker pod needs a 2 GiB limit.",
    "U: Matrices are built with numpy and passed as lists only at the OR-Tools boundary; building them as lists of lists took 40 s.",
    "D: A worker OOM-killed mid-solve leaves the job `running` forever; the reaper marks jobs failed after 3 missed heartbeats.",
])
S("Code style in Python", ["optimizer/solver.py", "pyproject.toml", "CONTRIBUTING.md"], [
    "U: Run `ruff format` and `ruff check --fix` before committing Python; CI fails on any diff.",
    "U: Type hints everywhere in `optimizer/`; `mypy --strict` runs in CI.",
    "P: The user wants one function per constraint, named `add_<constraint>_constraint`.",
])

# Geocoding and maps data.
S("Geocoding addresses", ["services/geo/geocode.go", "docs/geo.md"], [
    "D: The geocoder returns the town centre with `match_level: locality` for unknown streets; treat anything coarser than `street` as unresolved and ask the dispatcher.",
    "C: Never geocode on every order save; cache by normalised address in the `geocode_cache` table, the provider bills per request.",
    "D: German addresses with `Str.` and `Straße` geocode to different points 200 m apart in some towns; normalise the street suffix first.",
], old=True)
S("Distance matrix from OSRM", ["services/geo/osrm.go", "deploy/helm/osrm/values.yaml"], [
    "D: OSRM's `table` service caps at 100 x 100 coordinates by default; `--max-table-size 4000` is set in the Helm values.",
    "D: OSRM car profile ignores truck height limits; vans over 3.5 t use the `hgv` profile built from the same extract.",
    "U: Distance matrices are cached in Redis under the sorted hash of coordinates for 24 h.",
])
S("Map extract updates", ["deploy/osrm/Makefile", "docs/geo.md"], [
    "D: Rebuilding the OSRM graph for Germany takes 3 h and 40 GB of RAM; it runs monthly on a preemptible n2-highmem node.",
    "C: Swap the OSRM graph with a blue-green deployment; restarting in place gave 20 minutes of failed plans.",
])
S("PostGIS queries", ["services/orders/store.go", "migrations/0042_orders_geom.sql"], [
    "D: `ST_DWithin` on `geography` uses the GiST index only when the column is cast in the index too; the depot radius query did a seq scan for months.",
    "U: Store points as `geometry(Point, 4326)` and cast to geography in queries that measure metres.",
    "C: Longitude comes first in `ST_MakePoint(lon, lat)`; two imports put every stop in Somalia.",
])

# Go services and gRPC.
S("gRPC deadlines", ["services/planner/server.go", "api/proto/planner.proto"], [
    "C: Every outgoing gRPC call sets a deadline from the incoming context; a missing deadline let a stuck optimiser hold 400 goroutines.",
    "D: grpc-gateway maps `DEADLINE_EXCEEDED` to HTTP 504, which the web app showed as \"server down\"; it now shows \"planning takes longer, we will notify you\".",
    "U: Proto changes go through `buf breaking --against '.git#branch=main'` in CI.",
], old=True)
S("Proto conventions", ["api/proto/planner.proto", "buf.yaml", "docs/api.md"], [
    "U: Field numbers are never reused; removed fields are listed under `reserved` with their old names.",
    "U: Timestamps in protos are `google.protobuf.Timestamp`, never int64 seconds.",
    "P: The user wants every RPC documented with an example request in `docs/api.md`.",
])
S("Service config loading", ["services/planner/config.go", "deploy/helm/planner/values.yaml"], [
    "D: `envconfig` silently ignores misspelled variables; the loader now fails on unknown `ROUTEWISE_` variables.",
    "C: Secrets come from Secret Manager through the CSI driver as files, never as environment variables.",
])
S("Go error handling review", ["services/planner/server.go", "CONTRIBUTING.md"], [
    "U: Wrap errors with `fmt.Errorf(\"load route %s: %w\", id, err)`; no `errors.Wrap` from pkg/errors.",
    "P: The user prefers early returns over nested ifs.",
    "U: Map domain errors to gRPC codes in one place, `status.go`, never in handlers.",
])
S("Flaky Go tests", ["services/orders/store_test.go", "docs/testing.md"], [
    "D: Tests using `testcontainers-go` for PostGIS time out on CI runners the first time because the image pull takes 90 s; the image is pre-pulled in the workflow.",
    "C: Do not share one database between test packages; each package gets its own schema from `testdb.New(t)`.",
    "D: `time.Now()` in order tests broke at midnight UTC; tests take a clock from `clock.Fixed`.",
])

# Driver app (Flutter).
S("Offline mode in the driver app", ["driver_app/lib/sync/outbox.dart", "docs/driver-app.md"], [
    "D: Drivers lose signal in underground car parks; proof-of-delivery events are queued in the SQLite outbox and sent in order when online.",
    "C: The outbox must keep events in the order they happened; sending newest first marked stops delivered before arrived.",
    "R: The app must work a full shift (10 h) offline, including the route and customer notes.",
], old=True)
S("GPS and battery", ["driver_app/lib/location/tracker.dart", "driver_app/android/app/src/main/AndroidManifest.xml"], [
    "D: Android 14 kills background location unless the app runs a foreground service with type `location`; declare it in the manifest.",
    "D: Sampling GPS every second drained a phone in 5 h; we sample every 15 s and every 3 s within 500 m of the next stop.",
    "P: The user wants the battery cost of any tracking change measured on the old Samsung A12 test phone.",
])
S("Proof of delivery photos", ["driver_app/lib/pod/camera.dart", "services/pod/upload.go"], [
    "D: Photos from newer iPhones are HEIC; the upload service converts them to JPEG because the dispatcher web app cannot show HEIC in Chrome.",
    "C: Resize proof-of-delivery photos to 1600 px on the phone before upload; full-size photos blew the mobile data plans.",
    "R: Photos are kept 90 days, then deleted, unless the delivery is disputed.",
])
S("Driver app releases", ["driver_app/pubspec.yaml", "docs/releasing.md"], [
    "U: Bump `version:` in `pubspec.yaml` as `major.minor.patch+build`; the build number must grow or Play Console rejects the upload.",
    "D: TestFlight builds expire after 90 days; drivers on old builds saw a blank screen.",
    "C: Never release the driver app on a Friday; drivers cannot reach support on weekends.",
])
S("Signature capture", ["driver_app/lib/pod/signature.dart"], [
    "D: The signature pad drops strokes when the screen protector is thick; raising the touch slop to 2 px fixed it.",
    "R: A delivery needs a signature or a photo; pharmacies need both.",
])

# Push notifications and SMS.
S("Push notifications to drivers", ["services/notify/fcm.go", "driver_app/lib/push/handler.dart"], [
    "D: FCM data-only messages are not delivered to iOS apps in the background unless `content-available` is set in the APNs payload.",
    "C: Route changes are sent as a push that only says \"route changed\"; the app fetches the route itself, the payload limit is 4 KB.",
    "D: FCM tokens rotate after reinstall; the server drops a token when FCM answers `UNREGISTERED`.",
])
S("Customer ETA SMS", ["services/notify/sms.go", "docs/notifications.md"], [
    "R: Customers get one SMS the evening before and one when the driver is two stops away; never more than three SMS per order.",
    "D: Twilio rejects SMS with Unicode over 70 characters per segment and bills each segment; ETA texts stay GSM-7 where possible.",
    "C: Do not send SMS between 21:00 and 07:00 local time of the customer, even when the plan changes.",
    "P: The user wants SMS texts in the customer's language from the order, German as the fallback.",
])
S("Email notifications", ["services/notify/email.go", "templates/email/eta.html"], [
    "D: Outlook strips `<style>` blocks in the ETA email; styles are inlined with `premailer` at build time.",
    "U: Email templates live in `templates/email/` and are tested with golden files.",
])

# Dispatcher web app (Vue 3, MapLibre).
S("Map rendering in the dispatcher app", ["web/src/components/RouteMap.vue", "docs/web.md"], [
    "D: MapLibre re-renders all layers when a GeoJSON source is replaced; update routes with `setData` on the existing source or 300 routes freeze the tab.",
    "U: Vector tiles come from our own tile server at `tiles.routewise.io`; never call the public demo tiles in production.",
    "C: Draw stop numbers as a symbol layer, not as HTML markers; 2000 markers made the map unusable.",
], old=True)
S("Drag and drop replanning", ["web/src/components/StopList.vue", "web/src/stores/plan.ts"], [
    "D: Dragging a stop to another route triggers one replan per drop; the store debounces replans by 800 ms.",
    "R: A dispatcher can pin a stop to a driver; pinned stops are passed to the solver as a hard assignment.",
    "C: Keep the old plan visible until the new one arrives; blanking the map made dispatchers think the data was lost.",
])
S("Pinia store conventions", ["web/src/stores/plan.ts", "CONTRIBUTING.md"], [
    "U: One Pinia store per screen; shared data lives in `stores/session.ts`.",
    "U: API calls go through the generated client in `web/src/api/`, never through `fetch` directly.",
    "P: The user prefers the Composition API with `<script setup>` for new components.",
])
S("Dashboard tiles layout", ["web/src/views/Dashboard.vue"], [
    "D: The KPI tile grid collapses to one column below 1280 px because dispatchers use half-screen windows next to the phone system.",
    "P: The user wants the on-time rate as the first tile on the dashboard.",
])
S("Web accessibility", ["web/src/components/StopList.vue", "docs/web.md"], [
    "R: Every action on the map is also possible from the stop list with the keyboard.",
    "D: Vue's `<TransitionGroup>` in the stop list announced every reorder to screen readers; `aria-live` is off on the list itself now.",
])
S("Web app tests", ["web/vitest.config.ts", "web/src/components/RouteMap.spec.ts"], [
    "D: MapLibre needs WebGL, which jsdom lacks; map components are tested with `vi.mock('maplibre-gl')` and Playwright covers the real map.",
    "U: Component tests sit next to the component as `*.spec.ts`.",
    "C: Run Playwright against the preview build, not the dev server; HMR made the map tests flaky.",
])

# Imports.
S("Order CSV import", ["services/imports/csv.go", "docs/imports.md"], [
    "D: Customers' CSV exports from Excel use semicolons and Windows-1252 in Germany; detect the delimiter from the header line and decode with a fallback.",
    "C: Never reject a whole import for one bad row; import the good rows and return a report of the bad ones with line numbers.",
    "R: Imports over 5000 orders run as a background job and email the dispatcher when done.",
], old=True)
S("Shopify integration", ["services/integrations/shopify.go", "docs/integrations.md"], [
    "D: Shopify webhooks can arrive twice and out of order; orders are upserted by Shopify order id and the newest `updated_at` wins.",
    "C: Verify the Shopify HMAC against the raw body before JSON decoding.",
    "R: Merchants choose which Shopify shipping methods become delivery orders.",
])
S("Slack integration for dispatch alerts", ["services/integrations/slack.go"], [
    "D: Slack's incoming webhooks rate-limit at one message per second per channel; alerts are batched per minute.",
    "P: The user wants Slack alerts only for routes more than 30 minutes late, not for every delay.",
])

# Auth.
S("Login with Keycloak", ["services/auth/oidc.go", "docs/auth.md"], [
    "D: Keycloak access tokens live 5 minutes; the web app refreshes 30 s before expiry in a single shared promise, or parallel requests refreshed ten times.",
    "C: Check the `azp` claim as well as `aud`; the driver app's token was accepted by the admin API.",
    "R: Customers with their own IdP log in through Keycloak identity brokering, never directly.",
], old=True)
S("Driver login on shared phones", ["driver_app/lib/auth/login.dart", "docs/auth.md"], [
    "R: Drivers share phones between shifts; logging out wipes the outbox only after it is empty.",
    "D: Refresh tokens in the driver app are stored with `flutter_secure_storage`; on Android it needs `encryptedSharedPreferences: true` or it crashes on some Xiaomi phones.",
    "P: The user wants drivers to log in with a 6-digit PIN after the first login on a phone.",
])
S("Roles and permissions", ["services/auth/rbac.go", "docs/auth.md"], [
    "U: Roles are `admin`, `dispatcher`, `driver`, `viewer`; permissions are checked with `rbac.Can(ctx, action, resource)`.",
    "C: Check tenant on every query, not only in the handler; a dispatcher once saw another tenant's depot through a join.",
])

# Infrastructure.
S("GKE node pools", ["deploy/terraform/gke.tf", "docs/operations.md"], [
    "D: The optimiser runs on a separate node pool with `c2-standard-8`; on shared nodes solves were 40% slower because of noisy neighbours.",
    "U: Terraform changes go through Atlantis; nobody runs `terraform apply` locally.",
    "C: Keep at least one on-demand node in every pool; the all-spot pool was empty for an hour on a Monday morning.",
], old=True)
S("Helm chart conventions", ["deploy/helm/planner/values.yaml", "deploy/helm/README.md"], [
    "U: Every chart sets resource requests and limits and a `PodDisruptionBudget` with `minAvailable: 1`.",
    "D: `helm upgrade --atomic` rolls back on a failed readiness probe but keeps the failed migration job; the job is deleted by a pre-upgrade hook.",
    "P: The user wants image tags pinned to the git SHA in values files, never `latest`.",
])
S("Database migrations", ["migrations/README.md", "services/orders/store.go"], [
    "C: Migrations must be backwards compatible with the running version; add columns nullable, backfill, then add the constraint in a later release.",
    "D: `CREATE INDEX CONCURRENTLY` cannot run inside the migration tool's transaction; such migrations carry `-- +goose NO TRANSACTION`.",
    "U: Migration files are numbered `NNNN_description.sql` and never edited after merge.",
])
S("CI pipeline speed", [".github/workflows/ci.yml", "docs/testing.md"], [
    "D: The Go module cache is restored with `actions/setup-go` caching; it cut CI from 14 to 6 minutes.",
    "D: Flutter builds on GitHub's macOS runners cost ten times Linux minutes; iOS builds run only on tags.",
    "U: Integration tests run in a separate job with `-tags integration` and only on pull requests touching `services/`.",
])
S("Windows build agent", [".github/workflows/release.yml"], [
    "D: The Windows build agent for the customer's on-premise connector needs long paths enabled in the registry or `go build` fails deep in the module cache.",
    "C: The on-premise connector is signed with the EV certificate on the build agent only; never export the key.",
])

# Observability.
S("Tracing with OpenTelemetry", ["services/planner/telemetry.go", "docs/operations.md"], [
    "D: The OpenTelemetry Python SDK does not propagate context into OR-Tools callbacks; the optimiser records one span per solve and attributes for the solver stats.",
    "U: Span names are `<service>.<operation>`, like `planner.replan`.",
    "C: Never put customer addresses in span attributes; traces go to a US-hosted vendor.",
])
S("Alerting and on-call", ["docs/runbook.md", "deploy/monitoring/alerts.yaml"], [
    "R: Page on-call only for things a driver or dispatcher feels now; everything else goes to the morning Slack digest.",
    "D: The `PlanLatencyHigh` alert fired on every nightly batch; it now only looks at interactive replans.",
    "P: The user wants every alert to link its runbook section.",
])
S("Logging cost", ["services/planner/logging.go", "docs/operations.md"], [
    "D: Debug logs of GPS pings were 70% of the logging bill; pings are sampled at 1% in logs and kept in full only in BigQuery.",
    "U: Logs are JSON via `slog` with `tenant_id` and `route_id` on every line.",
])

# Billing.
S("Stripe subscriptions", ["services/billing/stripe.go", "docs/billing.md"], [
    "R: Tenants pay per active vehicle per month; a vehicle is active if it had one planned route that month.",
    "D: Stripe metered usage must be reported before the invoice is finalised, about one hour after the period ends; the usage job runs at 23:00 UTC on the last day.",
    "C: Never change a tenant's price in Stripe by hand; prices are created by `billing sync-prices` from `config/prices.yaml`.",
], old=True)
S("Trial accounts", ["services/billing/trial.go"], [
    "R: Trials last 14 days with up to 5 vehicles; no card needed.",
    "D: Trial tenants that imported more than 5 vehicles got plans for all of them; the vehicle limit is checked in the planner, not only in the UI.",
])

# i18n.
S("Translations", ["web/src/i18n/de.json", "docs/i18n.md"], [
    "U: Translation keys are English sentences in snake case under the screen name, like `plan.replan_button`.",
    "D: vue-i18n treats `@` in translations as a linked message; email addresses in texts must be written as `{'@'}`.",
    "R: The web app ships in German, English and Polish; the driver app also in Romanian and Turkish.",
])
S("Japanese pilot customer", ["web/src/i18n/ja.json", "services/geo/geocode.go"], [
    "R: A pilot tenant in Osaka needs Japanese in the web app; addresses are written from prefecture down to block number.",
    "D: Japanese addresses have no street names; the geocoder needs the `chome` and block number, the postcode alone lands in the wrong block.",
    "D: The web app font lacked Japanese glyphs; Noto Sans JP is loaded only for the `ja` locale.",
])

# Data protection.
S("GDPR deletion requests", ["services/privacy/delete.go", "docs/privacy.md"], [
    "R: A customer's deletion request removes their name, phone and email from orders but keeps the address point, anonymised to 3 decimals, for route statistics.",
    "C: Deletion also covers proof-of-delivery photos and signatures in the bucket; the first version forgot the bucket.",
    "D: BigQuery GPS history is partitioned by day; deleting one driver's data needs a DML delete per partition and costs a full scan unless clustered by driver.",
], old=True)
S("Driver location privacy", ["services/tracking/store.go", "docs/privacy.md"], [
    "R: Driver locations are recorded only during a shift; the works council signed off on that rule.",
    "C: Dispatchers see a driver's live position only while that driver has an active route.",
])

# Performance.
S("Plan list performance", ["services/planner/list.go", "web/src/views/Plans.vue"], [
    "D: Listing plans loaded every stop of every route; the list endpoint now returns counts only and stops load on expand.",
    "U: List endpoints use keyset pagination on `(created_at, id)`, never OFFSET.",
])
S("Redis caching of plans", ["services/planner/cache.go", "deploy/helm/redis/values.yaml"], [
    "D: Redis evicted distance matrices under memory pressure before plan keys because both had the same TTL; matrices go to a separate Redis with `allkeys-lru`.",
    "C: Cache keys include the tenant id and the plan version; a stale plan was served to the driver app after a replan.",
])

# Process and preferences.
S("Code review habits", ["CONTRIBUTING.md"], [
    "P: The user wants pull requests under 400 changed lines; bigger changes are split into a stack.",
    "P: The user prefers English commit messages in the imperative: `planner: retry solver on timeout`.",
    "U: Every PR that changes behaviour adds a line to `CHANGELOG.md` under Unreleased.",
])
S("Release process", ["docs/releasing.md", "CHANGELOG.md"], [
    "U: Backend releases are tagged `vYYYY.MM.N` and deployed by Argo CD from the tag.",
    "C: Database migrations are deployed one release before the code that needs them.",
    "D: Argo CD's auto-sync reverted a hotfix applied with `kubectl edit`; hotfixes go through the repository too.",
])
S("Depot onboarding", ["docs/onboarding-depot.md", "services/depots/create.go"], [
    "R: A new depot needs its opening hours, loading bays and the vehicle list before the first plan.",
    "D: Depots in the same city but different time zones do not exist yet, but `depot.tz` is required anyway; the planner refuses depots without it.",
    "P: The user wants onboarding steps written as a checklist in the docs, not in a wiki.",
])
S("Returns and failed deliveries", ["services/orders/returns.go", "docs/orders.md"], [
    "R: A failed delivery is retried the next working day at most twice, then the parcel goes back to the depot.",
    "D: Failed deliveries were counted as late in the on-time rate; they are a separate KPI now.",
    "C: The driver must pick a failure reason from the list; free text alone made the reports useless.",
])
S("Batch planning at night", ["optimizer/batch.py", "deploy/helm/optimizer/cronjob.yaml"], [
    "D: The nightly batch plans all depots in sequence and took 5 h for 40 depots; depots are planned in parallel, 4 at a time, limited by the optimiser node pool.",
    "C: The nightly batch must finish by 05:00 local time; drivers load vans at 05:30.",
    "U: Batch runs are idempotent per depot and date; a rerun replaces the plan only if nobody edited it.",
])
S("Tenant settings page", ["web/src/views/Settings.vue", "services/tenants/settings.go"], [
    "D: Settings saved with an empty depot list wiped all depots because the API treated a missing field as empty; the API uses field masks now.",
    "U: Settings use `google.protobuf.FieldMask` in update RPCs.",
])
S("Vehicle types", ["services/fleet/vehicles.go", "optimizer/constraints.py"], [
    "R: Cargo bikes serve the city centre zone only and carry at most 120 kg.",
    "D: Electric vans lose 30% range in winter; range is a per-month setting of the vehicle type, not a constant.",
    "C: Never plan an electric van beyond 80% of its range; drivers refuse routes that leave them without charge.",
])

CONSOLIDATED = [
    "C: Ask before running anything against production, including read-only queries.",
    "R: All customer data stays in europe-west3 (Frankfurt).",
    "U: Commit messages start with the area: `planner:`, `optimizer:`, `web:`, `driver:`, `infra:`.",
    "U: Go code follows the standard layout with one package per service under `services/`.",
    "D: Production runs Go 1.23, Python 3.12, Postgres 16 with PostGIS 3.4.",
    "P: The user prefers small, boring solutions over new infrastructure.",
]
CONSOLIDATED_DOCS = "`README.md` (9), `docs/architecture.md` (5), `CONTRIBUTING.md` (4)"


def block(lines):
    by = {}
    for l in lines:
        code, text = l.split(": ", 1)
        by.setdefault(code, []).append(text)
    out = []
    for code in ORDER:
        if code in by:
            out.append(f"**{CATS[code]}:**")
            out.extend(f"- {t}" for t in by[code])
            out.append("")
    return out


def main():
    rng = random.Random(24)
    newest = datetime.datetime(2026, 11, 18, 16, 0)
    oldest = datetime.datetime(2025, 9, 1, 9, 0)
    cutoff = newest - datetime.timedelta(days=245)
    span_old = (cutoff - oldest).total_seconds()
    span_new = (newest - cutoff).total_seconds()
    for s in SESSIONS:
        if s["old"]:
            t = oldest + datetime.timedelta(seconds=rng.random() * span_old)
        else:
            t = oldest + datetime.timedelta(seconds=rng.random() * (span_old + span_new))
        t = t.replace(minute=rng.choice([0, 5, 10, 15, 20, 30, 40, 45, 50]), second=0, microsecond=0)
        s["time"] = t
    sessions = sorted(SESSIONS, key=lambda s: s["time"], reverse=True)
    out = ["## Consolidated Learnings", ""]
    out += block(CONSOLIDATED)
    out += [f"**Documentation Seen** (compacted sessions): {CONSOLIDATED_DOCS}", "", "---", "", "## Recent Sessions", ""]
    for s in sessions:
        stamp = s["time"].strftime("%Y-%m-%d %H:%M") + " CET"
        out.append(f"## [{stamp}] - {s['focus']}")
        out.append("**Project**: routewise")
        out.append("**Documentation Seen**: " + ", ".join(f"`{d}`" for d in s["docs"]))
        out.append("")
        out.append("### Learnings")
        out.append("")
        out += block(s["learnings"])
        out += ["---", ""]
    print("\n".join(out).rstrip("\n-") + "\n")


if __name__ == "__main__":
    main()
