#!/usr/bin/env python3
"""Writes memory.md for the eleventh recall evaluation (eval_test.go).

A project memory unlike the first ten and the development sets:
"wellspring", the customer and metering system of a municipal water
utility in the Western Cape: smart meters on LoRaWAN through ChirpStack
into a Go head-end, drive-by and handheld reads for the older meters,
meter data validation and estimation in Python, a Django billing system
with inclining-block tariffs, sewer charges, indigent rebates, late
interest and credit control (flow restrictions, medical exemptions),
payments from a bank file, cards and debit orders, leak alerts on
continuous flow, a Kotlin field app for work orders and meter swaps, a
Next.js customer portal, TimescaleDB and Airflow, PostGIS pressure
zones, SMS and email notices, backflow certificates and the regulator's
monthly reports. The team writes English with a few Afrikaans words.
About 100 sessions over eighteen months, written the way coding agents
and people write them: long learnings with code spans and paths,
multi-line learnings with a code block, long Documentation Seen lists,
sessions with a single learning, learnings struck through as superseded
(the replacement in a later session), near-duplicates of one fact
written again in another session, and follow-ups.

On purpose it holds traps for context-aware recall: sessions that read a
task's file or doc (rules.py, decoder.go, tariff.py, SyncWorker.kt,
api.ts, SwapFragment.kt, render.py, runbook.md, meter.py,
restrictions.py, sms.py, continuous_flow.py, lockbox.py, zones.py,
run.py, ci.yml, UsageChart.tsx, PhotoUploader.kt) while learning
something unrelated to the task, and near-miss learnings that share one
rare word with a task in another sense or about another subject
(fixture, probe, flushing, pool, seal, burst, freeze, drift, tier,
channel, sink, spike, shadow, grace, drain, portion, tower, oxygen,
lease, cold). This script only dates the sessions with eval6's writer
(seeded, so the output is the same on every run), orders them newest
first and writes the file. Sessions marked old are dated at least eight
months before the newest. Written, with tasks.txt, during issue 24's
eighth round and before that round was measured, and not tuned after it.

    python3 generate.py > memory.md
"""

import datetime
import importlib.util
import pathlib

_spec = importlib.util.spec_from_file_location(
    "eval6_generate", pathlib.Path(__file__).resolve().parent.parent / "eval6" / "generate.py"
)
_eval6 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_eval6)

SESSIONS = []


def S(focus, docs, learnings, old=False):
    SESSIONS.append(dict(focus=focus, docs=docs, learnings=learnings, old=old))


# A learning is "K: text", K a category code. "K~: text ~~ note" is a
# learning struck through as superseded, with the note after the strike.

# ---------------------------------------------------------------- LoRaWAN head-end (Go)
S("ChirpStack uplink decoding", ["headend/decode/decoder.go", "docs/lorawan.md", "https://www.chirpstack.io/docs/chirpstack/integrations/http.html"], [
    "D~: ChirpStack's HTTP integration posts every uplink once per gateway that heard it, so one meter frame can arrive three or four times; `decoder.go` dedupes on `(devEUI, fCnt)` in a 10-minute window before anything reaches Kafka. ~~ the window is 2 minutes now, see \"Uplink dedupe window\"",
    "C: Don't trust the `time` field in the uplink JSON for the read timestamp: it is the gateway's clock, and the two gateways on the Tygerberg water tower drift by minutes. Use the meter's own timestamp from the payload (bytes 2-5, little-endian epoch seconds).",
])
S("Frame counter resets", ["headend/decode/decoder.go", "headend/decode/decoder_test.go"], [
    "D: After a battery swap the Kamstrup-style modules restart `fCnt` at 0, and the dedupe cache then silently drops their first frames as replays; the cache key now includes the device's `devNonce` from the last join.",
])
S("Uplink dedupe window", ["headend/decode/decoder.go", "headend/decode/cache.go"], [
    "U: The dedupe window for repeated uplinks is 2 minutes now, not 10: at 10 minutes the cache grew to 3 GB once firmware 2.x started sending every 15 minutes. Late copies after 2 minutes are caught by the `(dev_eui, f_cnt)` unique index in Postgres instead.",
])
S("Meter battery alarms", ["headend/alarms/alarms.go", "docs/lorawan.md", "docs/vendor/ultrasonic-module-v3.pdf"], [
    "D: Status byte bit 3 is the low-battery flag and bit 5 is the reverse-flow flag; the vendor PDF has them swapped on page 14, which is why we opened 300 battery work orders for meters that were just mounted backwards.",
    "R: A low-battery alarm opens a field work order only after it is seen on three separate days; a single cold night trips it on meters in shaded boxes.",
])
S("Headend memory growth", ["headend/cmd/headend/main.go", "headend/kafka/producer.go", "https://pkg.go.dev/context#WithTimeout"], [
    "D: The headend's heap grew about 40 MB a day until the pod was OOM-killed: every Kafka produce retry started a goroutine that waited on a context without a deadline. All produce calls take `ctx` with a 5 s timeout now, and `pprof` is on `:6060` inside the pod.",
])
S("Gateway silent", ["docs/runbook.md", "headend/alarms/alarms.go"], [
    "D: When a gateway goes silent for more than 30 minutes, ChirpStack keeps the devices on its list, so the missing-read report shows hundreds of 'dead' meters in one suburb; check the gateway's last-seen in ChirpStack before sending anyone out.",
])
S("Uplink payload v2", ["headend/decode/payload_v2.go", "docs/lorawan.md"], [
    "U: Firmware 2.x meters send a 24-byte payload with hourly deltas for the last 12 hours instead of one cumulative register; `payload_v2.go` rebuilds the register from the last known absolute read and the deltas, and marks the rebuilt values `derived=true`.",
])
S("Go toolchain bump", ["headend/go.mod", "headend/decode/decoder.go", "https://go.dev/doc/toolchain"], [
    "U: The headend builds with Go 1.23; `go.mod` pins `toolchain go1.23.3` and CI's `setup-go` reads the version from it with `go-version-file`, so bump it in one place.",
])
S("Kafka topics", ["headend/kafka/producer.go", "docs/lorawan.md"], [
    "D: Reads are published to `meter.reads.v1` keyed by meter number, so every read of a meter lands on one partition in order; alarms go to `meter.alarms.v1` and are not ordered with reads.",
], old=True)

# ---------------------------------------------------------------- drive-by and handheld reads
S("Drive-by CSV import", ["mdm/imports/driveby.py", "docs/mdm.md"], [
    "D: The drive-by receiver's CSV export writes the read date as `dd/mm/yyyy` on the laptops set to en-ZA and `mm/dd/yyyy` on the one set to en-US; `driveby.py` refuses a file whose dates parse both ways for more than a day and asks for the export again.",
    "C: Reads from the drive-by van are in litres, not kilolitres; divide by 1000 before they reach the register table (a whole route was billed a thousand times over in the pilot).",
], old=True)
S("Handheld route files", ["mdm/imports/handheld.py", "mdm/imports/driveby.py", "docs/vendor/handheld-export.pdf"], [
    "D: The handheld readers export a fixed-width `.RTE` file, not CSV: columns 1-10 are the route sequence, 11-22 the meter number, 23-31 the read; a trailing `*` in column 32 means the reader entered a trouble code.",
], old=True)
S("Skip codes from readers", ["mdm/imports/handheld.py", "docs/mdm.md"], [
    "R: Skip codes `DG` (dog), `LK` (locked gate), `BR` (buried), `FL` (flooded box) must be stored with the estimated read so the call centre can tell a customer why their bill was estimated.",
])

# ---------------------------------------------------------------- validation and estimation (VEE)
S("Register rollover", ["mdm/vee/rules.py", "docs/mdm.md"], [
    "D: A 5-dial register rolls over from 99999 to 00000; VEE's `NEGATIVE_DELTA` rule now computes the delta modulo 10^digits when the previous read is within 2% of the maximum, instead of flagging it.",
], old=True)
S("Estimated reads", ["mdm/vee/estimate.py", "docs/mdm.md", "docs/ombudsman-ruling-2025-07.pdf"], [
    "D: Estimates use the same billing period last year scaled by the ratio of the last three actual reads to last year's same three; when there is no history (new account) it falls back to the zone's median for the property class.",
    "C: Never estimate two cycles in a row without a flag on the account: the ombudsman ruling means the third consecutive estimate has to be a physical read, so `estimate.py` raises `ConsecutiveEstimateError` on the second and the account lands in the field queue.",
])
S("Zero consumption rule", ["mdm/vee/rules.py", "mdm/vee/pipeline.py"], [
    "D: Zero consumption for 60+ days on an occupied account usually means a stuck meter, not an empty house; VEE opens a `METER_CHECK` work order when the account has a recent payment or portal login.",
])
S("Meter multiplier", ["mdm/vee/rules.py", "cis/models/meter.py"], [
    "C: Bulk and fire-line meters carry a multiplier (`meter.multiplier`, 10 or 100); the register value must be multiplied before the delta is billed. The user found a school billed for a tenth of its use.",
], old=True)
S("High use check", ["mdm/vee/rules.py", "mdm/vee/thresholds.yaml"], [
    "U: The high-consumption threshold is per property class in `thresholds.yaml` (residential 3x the 12-month average, commercial 5x), not a single global factor any more.",
])
S("VEE rule order", ["mdm/vee/rules.py", "mdm/vee/pipeline.py"], [
    "D: Rules run in the order listed in `pipeline.py`'s `RULES`; rollover has to run before the negative-delta and high-use rules or a rollover is first flagged as a huge negative and then estimated away.",
])
S("Python formatting", ["mdm/vee/rules.py", "pyproject.toml", "https://docs.astral.sh/ruff/formatter/"], [
    "P: Python in `mdm/` and `cis/` is formatted with `ruff format` and linted with `ruff check --select E,F,I,B`; no black, no isort, one tool.",
])
S("Python 3.12", ["mdm/alerts/continuous_flow.py", "mdm/pyproject.toml"], [
    "U: The MDM services run on Python 3.12; `datetime.utcnow()` is deprecated there, so use `datetime.now(UTC)`, and CI turns `DeprecationWarning` into errors with `-W error::DeprecationWarning`.",
])
S("Customer submitted reads", ["portal/src/app/submit-read/page.tsx", "mdm/imports/customer.py"], [
    "D: Customers can submit their own read with a photo in the portal; it counts as actual only if it is within 20% of the expected range, otherwise it's queued for an agent to compare against the photo.",
])

# ---------------------------------------------------------------- billing
S("Tiered tariff", ["cis/billing/tariff.py", "docs/billing.md", "docs/tariffs-2026-27.pdf"], [
    "D: Residential water is charged in inclining blocks (0-6 kl, 6-10.5, 10.5-20, 20-35, 35+) and the block limits are per 30 days; `tariff.py` prorates the limits to the actual days in the period before it splits the consumption.",
    "C: Don't round each block's charge: round only the line total to cents. Rounding per block made the bills a few cents off the regulator's published calculator, and people noticed.",
])
S("Block limits again", ["cis/billing/tariff.py", "cis/billing/tests/test_tariff.py"], [
    "D: The inclining-block limits are defined for 30 days and scaled to the period's real length, so a 35-day period's first block is 7 kl, not 6.",
])
S("Sewer charge", ["cis/billing/sewer.py", "docs/billing.md"], [
    "D~: Residential sewer is billed at 70% of water consumption, capped at 35 kl a month. ~~ residential sewer uses the winter average now, see \"Winter average sewer\"",
    "D: Commercial sewer uses the discharge factor on the account (`sewer_factor`), default 0.95; a car wash or a brewery has its own factor from the effluent permit.",
], old=True)
S("Winter average sewer", ["cis/billing/sewer.py", "cis/billing/tariff.py"], [
    "U: Sewer for residential is now based on the winter average (June-August consumption), recomputed every September, so summer garden watering no longer raises the sewer charge.",
])
S("Pool fill rebate", ["cis/billing/sewer.py", "docs/billing.md"], [
    "R: Owners who fill a swimming pool can claim a once-a-year sewer rebate for the fill, since that water never reaches the sewer; the claim needs the pool's volume and the date it was filled.",
])
S("Proration on move-in", ["cis/billing/periods.py", "cis/billing/tariff.py"], [
    "D: A move-in mid-cycle splits the period at the transfer read; the fixed basic charge is prorated by days, but the minimum charge is not (the bylaw says per account per month).",
])
S("Late fees", ["cis/billing/fees.py", "docs/billing.md"], [
    "R: Late payment interest is 1.5% a month on arrears older than 30 days, never on the current bill, and never on an account with an active payment arrangement.",
])
S("Interest for indigent accounts", ["cis/billing/fees.py", "docs/indigent-policy.pdf"], [
    "C: Interest on arrears is not charged on the indigent register's accounts at all, arrangement or not; the council resolution of March 2026 added it.",
])
S("Bill run locks", ["cis/billing/run.py", "docs/runbook.md"], [
    "D: The nightly bill run takes an advisory lock (`pg_try_advisory_lock(4242)`) so two Celery workers cannot bill the same cycle; if a run dies the lock goes with its connection, so a 'stuck' run is usually a worker still alive, not a stale lock.",
    "C: Never restart the bill run by clearing `billing_cycle.status` by hand; use `manage.py rerun_cycle <id>`, which voids the half-made bills first. A manual reset double-billed cycle 14 in March.",
])
S("Bill run duration", ["cis/billing/run.py", "cis/billing/tariff.py", "cis/billing/profile-2026-09.txt"], [
    "D: The bill run for the 60 000 residential accounts took 5 hours because every account loaded its tariff from the database; caching tariffs per run by `(class, valid_from)` cut it to 40 minutes.",
])
S("Bill PDF rendering", ["cis/billing/pdf/render.py", "cis/billing/pdf/templates/bill.html", "https://doc.courtbouillon.org/weasyprint/stable/"], [
    "D: WeasyPrint needs the fonts installed in the image (`fonts-dejavu-core`) or the bill falls back to a serif font and the rand sign and the barcode digits shift; the Dockerfile installs them now.",
    "D: The usage graph on the bill is an inline SVG made by `render.py`, not a PNG: PNGs made the print vendor's file 40 MB per 1000 bills.",
])
S("Print vendor file", ["cis/billing/print_export.py", "docs/print-vendor.md"], [
    "R: The print vendor wants one zip per cycle with PDFs named `<account>_<cycle>.pdf` and an index CSV in the same order as the postal sort; bills for paperless accounts must not be in it.",
], old=True)
S("Minimum charge", ["cis/billing/tariff.py"], [
    "D: Vacant erven with a connection but no consumption still get the availability charge; `tariff.py` applies it when the account's `status` is `vacant`, not when consumption is zero.",
])
S("Indigent free water", ["cis/billing/tariff.py", "docs/billing.md", "docs/indigent-policy.pdf"], [
    "R: Registered indigent households get the first 10.5 kl a month free and no sewer charge on it; the register is renewed every 12 months, and an expired registration must stop the rebate from the next cycle, not retroactively.",
])
S("Billing rounding", ["cis/billing/money.py", "https://docs.python.org/3/library/decimal.html"], [
    "U: Money is `Decimal` quantised to 0.01 with `ROUND_HALF_UP` in `money.py`; Python's default banker's rounding made half-cent totals disagree with the finance system.",
])
S("Estimated bill correction", ["cis/billing/adjust.py", "mdm/vee/estimate.py"], [
    "D: When an actual read follows estimates, `adjust.py` rebills the estimated periods as one catch-up line spread over the real days, so the customer isn't pushed into the top block by three months of use landing in one period.",
])
S("Django upgrade", ["cis/settings.py", "cis/billing/tariff.py", "https://docs.djangoproject.com/en/5.1/releases/5.1/"], [
    "U: CIS runs on Django 5.1; `USE_L10N` is gone from settings and `DEFAULT_AUTO_FIELD` must stay `BigAutoField` or the migrations want to alter every primary key.",
])
S("Meter sizes", ["cis/billing/tariff.py", "cis/models/meter.py"], [
    "D: The basic charge depends on the connection size (15 mm, 20 mm, 25 mm, 40 mm and up), read from `meter.size_mm`; a swapped meter of another size changes the charge from the swap date.",
], old=True)
S("Tariff shadow run", ["cis/billing/shadow.py", "docs/billing.md"], [
    "R: Before a new tariff year goes live, a shadow run bills every account under both the old and the new tariff, and finance signs off on every difference over R200.",
])
S("Time zones", ["mdm/vee/estimate.py", "cis/billing/periods.py"], [
    "C: Everything is stored in UTC and billing periods are cut at midnight SAST (UTC+2); a period cut at UTC midnight moved two hours of reads into the wrong month.",
], old=True)
S("Deposits", ["cis/accounts/deposits.py", "docs/billing.md"], [
    "R: Tenants pay a deposit of two months' average consumption for the erf (minimum R500); owners pay none. The deposit is refunded against the final bill.",
])
S("Flaky bill run tests", ["cis/billing/tests/test_run.py", ".github/workflows/ci.yml"], [
    "D: `test_run.py` failed now and then because tests ran across midnight UTC and the period cut moved; the tests freeze time with `time_machine` at 10:00 SAST now.",
    "D: Billing tests load accounts from `cis/billing/tests/fixtures/accounts.json`; a fixture with a real ID number turned up in 2025, so every fixture was regenerated with fake ones.",
])

# ---------------------------------------------------------------- payments
S("Bank lockbox file", ["cis/payments/lockbox.py", "docs/payments.md"], [
    "D: The bank's payment file is fixed-width with the account number right-aligned and zero-padded to 12 digits, but the reference the customer typed is in a free-text column; `lockbox.py` tries the padded account first, then digits found in the reference.",
    "C: A payment that matches no account goes to the suspense account, never to the closest match: a fuzzy match once credited a neighbour.",
], old=True)
S("Bank holiday calendar", ["cis/payments/lockbox.py", "cis/calendar/holidays.py"], [
    "D: Public holidays come from `holidays.py`, which has the 2027 dates typed in by hand from the government gazette; the `holidays` PyPI package was a year behind for this province.",
])
S("Card payments", ["cis/payments/stripe_webhook.py", "https://docs.stripe.com/webhooks"], [
    "D: Stripe sends `payment_intent.succeeded` sometimes before the redirect back to the portal; the webhook is the only place that posts the payment, the redirect page only shows 'processing'.",
    "C: Verify the webhook signature with the raw body; Django's `request.body` after `json.loads` and re-dumping changes the bytes and every signature fails.",
])
S("Debit orders", ["cis/payments/debit_orders.py", "docs/payments.md"], [
    "D: Debit order collections are submitted two business days before the due date; a collection that comes back unpaid (code 02, 04) adds the R85 returned-debit fee and switches the account off autopay after the second return in six months.",
])
S("Payment arrangements", ["cis/payments/arrangements.py", "docs/credit-control.md"], [
    "R: An arrangement needs a down payment of at least 10% of the arrears; missing one instalment gives a 7-day grace, missing two cancels it and the full arrears are due again.",
])
S("Refunds on closed accounts", ["cis/payments/refunds.py"], [
    "D: A credit balance on a closed account is refunded only to a verified bank account; the refund batch skips accounts whose bank details changed in the last 30 days (a fraud pattern finance saw twice).",
])
S("Payment allocation order", ["cis/payments/allocate.py"], [
    "C: Payments are allocated to the oldest debt first, interest before capital within a month, and sewer before water within the same month; the user corrected an allocation that paid the current bill first.",
], old=True)

# ---------------------------------------------------------------- leak alerts
S("Continuous flow alerts", ["mdm/alerts/continuous_flow.py", "docs/alerts.md"], [
    "D: A property with flow in every one of the last 24 hourly deltas (never a zero hour) gets a `CONTINUOUS_FLOW` alert; the smallest hourly value is the leak estimate, since a household normally has at least one hour at zero overnight.",
    "R: Alert the customer by SMS at most once a week for the same continuous flow, and never between 21:00 and 07:00.",
])
S("Leak adjustment policy", ["cis/billing/adjust.py", "docs/leak-adjustment.md"], [
    "R: A leak adjustment needs a plumber's invoice dated after the high bill; it credits 50% of the consumption above the 12-month average, for one period only, once per 24 months per property.",
])
S("Leak alert false positives", ["mdm/alerts/continuous_flow.py", "portal/src/app/alerts/page.tsx"], [
    "D: Irrigation controllers that water in two-hour slots through the night, and fish ponds with top-up valves, trip the continuous-flow alert; accounts can be marked `irrigation_exempt` from the portal to silence it.",
])
S("Leak alert wording", ["notify/templates/continuous_flow_en.txt", "mdm/alerts/continuous_flow.py"], [
    "P: Leak alert texts say 'possible leak' and give the litres per hour, never 'you have a leak'; the user got complaints from customers whose toilet cistern was just refilling.",
])
S("Reverse flow", ["mdm/alerts/reverse_flow.py", "docs/alerts.md"], [
    "D: Reverse flow on a residential meter nearly always means the meter was installed backwards (arrow pointing to the street); `reverse_flow.py` opens a `REINSTALL` work order rather than a backflow investigation when it's the first read after a meter swap.",
])
S("Meter tamper", ["mdm/alerts/tamper.py", "docs/alerts.md"], [
    "D: The magnetic tamper flag (status bit 6) fires when someone puts a magnet on the meter to slow it; two flags in a month opens an investigation, and the seal number on the meter is checked on the visit.",
])

# ---------------------------------------------------------------- credit control
S("Restriction rules", ["cis/credit/restrictions.py", "docs/credit-control.md"], [
    "R: Water is restricted (flow limiter fitted), never cut completely, on residential accounts; a full disconnection is only for businesses and only after the final notice's 14 days.",
    "C: No restriction orders are issued on Fridays, the day before a public holiday, or when the forecast minimum is below 0 °C; the field crew can't come back to lift it over the weekend.",
])
S("Medical exemptions", ["cis/credit/restrictions.py", "cis/models/account.py"], [
    "R: Accounts with a medical certificate on file (home dialysis, oxygen concentrator) are exempt from every collection action; the flag `medical_priority` expires after 12 months and must be renewed with a new certificate.",
])
S("Restriction weather check", ["cis/credit/restrictions.py", "https://open-meteo.com/en/docs"], [
    "D: The frost check in `restrictions.py` reads Open-Meteo's daily minimum for the erf's coordinates for the next 3 days; if the API is down, no restriction orders go out that day (fail closed).",
])
S("Final notice letters", ["cis/credit/notices.py", "cis/billing/pdf/render.py"], [
    "D: The final demand is printed and also sent by SMS; the 14 days count from the SMS delivery receipt, not from the print date, because post takes up to ten days here.",
])
S("Reconnection", ["cis/credit/reconnect.py"], [
    "D: A reconnection work order is created automatically when the arrears are paid or an arrangement is signed, with the R350 reconnection fee on the next bill; same-day reconnection only for payments before 14:00.",
])

# ---------------------------------------------------------------- field app (Kotlin)
S("Offline sync", ["field-app/app/src/main/java/za/rivermark/field/sync/SyncWorker.kt", "docs/field-app.md"], [
    "D: The field app queues completed work orders in Room and `SyncWorker` uploads them when there is a network; a work order edited on two phones keeps the one with the later `completed_at`, and the loser is saved as a note, not dropped.",
    "C: Don't use WorkManager's default exponential backoff of 30 s for the sync; in the dead zones on the farms it drained batteries. Minimum backoff is 15 minutes now.",
])
S("Meter swap flow", ["field-app/app/src/main/java/za/rivermark/field/swap/SwapFragment.kt", "cis/models/meter.py"], [
    "R: A meter swap must capture the old meter's final read AND the new meter's start read with a photo of each; without both the swap can't be closed, since billing needs the old register to close the period.",
    "D: Technicians kept typing the new meter's serial off the box label, which has a check letter the meter face doesn't; `SwapFragment.kt` scans the barcode now and strips the trailing check letter.",
])
S("Photo uploads", ["field-app/app/src/main/java/za/rivermark/field/photos/PhotoUploader.kt"], [
    "D: Photos are resized to 1600 px on the long side and EXIF GPS is kept (the ombudsman asks where the photo was taken); the original 12 MP photos filled the phones in two weeks.",
])
S("Crash on Android 14", ["field-app/app/src/main/java/za/rivermark/field/photos/PhotoUploader.kt", "field-app/app/src/main/AndroidManifest.xml"], [
    "D: Android 14 needs `FOREGROUND_SERVICE_DATA_SYNC` declared in the manifest for the upload service, or the app crashes when the service starts from the background.",
])
S("Android build", ["field-app/build.gradle.kts", "field-app/app/src/main/java/za/rivermark/field/sync/SyncWorker.kt"], [
    "U: The field app targets SDK 34 and builds with AGP 8.5 and JDK 17; the Play Console rejects builds below target 34 since August.",
])
S("Field app login", ["field-app/app/src/main/java/za/rivermark/field/auth/Login.kt", "docs/field-app.md"], [
    "D: Crews share phones between shifts, so the app logs out after 10 hours and on every 'end shift'; the token lives in `EncryptedSharedPreferences`, not in plain prefs.",
], old=True)
S("GPS capture", ["field-app/app/src/main/java/za/rivermark/field/location/Fix.kt"], [
    "D: A GPS fix with accuracy worse than 25 m is rejected for a meter location; inside the concrete meter chambers in town the phones report 60-100 m, so the tech stands at the kerb and the app asks again.",
])
S("Kotlin coroutines", ["field-app/app/src/main/java/za/rivermark/field/swap/SwapFragment.kt", "https://developer.android.com/kotlin/coroutines"], [
    "U: Field app code uses `viewLifecycleOwner.lifecycleScope` in fragments, never `GlobalScope`; the crash reports were coroutines touching views after the fragment was gone.",
])

# ---------------------------------------------------------------- customer portal (Next.js)
S("Portal usage chart", ["portal/src/components/UsageChart.tsx", "portal/src/lib/api.ts"], [
    "D: The usage chart shows kilolitres per day, not per bill, because periods are 28-35 days long and a per-bill bar made a longer month look like a leak.",
])
S("Chart library", ["portal/src/components/UsageChart.tsx", "portal/package.json"], [
    "U: Portal charts use Recharts 2.12; the bundle analyzer showed Chart.js plus its date adapter at 180 kB, Recharts tree-shakes to about 60.",
])
S("Portal login", ["portal/src/app/login/page.tsx", "docs/portal.md"], [
    "D: Customers log in with the account number and a one-time code by SMS; email is optional because a large share of accounts have no email on file.",
    "C: The one-time code must expire after 5 minutes and lock the account's login for 15 minutes after five wrong codes; the pen test found the codes could be guessed.",
])
S("Paperless signup", ["portal/src/app/paperless/page.tsx", "cis/billing/print_export.py"], [
    "D: Switching to paperless takes effect from the next cycle that hasn't started printing; the flag set during a run is read after the print file is cut, so that month's paper bill still goes out.",
])
S("Portal accessibility", ["portal/src/components/UsageChart.tsx", "https://www.w3.org/WAI/WCAG22/quickref/"], [
    "R: Every chart in the portal has a table version behind a 'show as table' toggle, for screen readers; the audit flagged the SVG chart as unreadable.",
])
S("Next.js upgrade", ["portal/package.json", "portal/src/lib/api.ts", "https://nextjs.org/docs/app/building-your-application/upgrading/version-15"], [
    "U: The portal is on Next.js 15; `cookies()` and `headers()` are async now, so every server component that read the session with them had to `await` it.",
])
S("Afrikaans strings", ["portal/messages/af.json", "portal/messages/en.json"], [
    "P: Portal copy is in English and Afrikaans (`messages/af.json`: 'meterlesing' for meter reading, 'rekening' for the bill); the user wants new strings added to both files in the same PR, never English only.",
])
S("Portal API errors", ["portal/src/lib/api.ts", "cis/api/views.py"], [
    "D: The CIS API returns 409 with `{\"code\":\"cycle_locked\"}` while a bill run is in progress; `api.ts` shows 'Your account is being updated, try again in an hour' instead of a generic error.",
])

# ---------------------------------------------------------------- data platform
S("Timescale hypertables", ["mdm/db/migrations/0012_reads_hypertable.sql", "https://docs.timescale.com/use-timescale/latest/compression/"], [
    "D: `reads` is a Timescale hypertable chunked by 7 days; compression after 30 days cut it from 410 GB to 38 GB, but compressed chunks can't be updated, so late corrections older than 30 days go through `decompress_chunk` first.",
])
S("Airflow DAG timing", ["dags/nightly_vee.py", "docs/runbook.md"], [
    "D: `nightly_vee` starts at 01:30, after ChirpStack's last batch of the night; at 00:00 it missed the uplinks buffered in gateways that only backhaul over the cellular link every hour.",
])
S("Airflow upgrade", ["dags/nightly_vee.py", "https://airflow.apache.org/docs/apache-airflow/stable/release_notes.html"], [
    "U: Airflow 2.9: `schedule_interval` is deprecated, DAGs use `schedule=`; and `catchup=False` must be set explicitly, or a paused DAG runs every missed night when it's unpaused.",
], old=True)
S("Backups", ["ops/backup/pgbackrest.conf", "docs/runbook.md"], [
    "D: pgBackRest takes a full backup on Sundays and differentials on the other days to the S3-compatible store in the Johannesburg region; copies older than 90 days move to the archive tier, and a restore test runs on the first Monday of the month.",
], old=True)
S("Read retention", ["mdm/db/retention.sql", "docs/data-retention.md"], [
    "R: Hourly reads are kept for 5 years, daily aggregates for 10; POPIA means reads must be deleted 5 years after an account closes, together with the name and contact details.",
])
S("Slow usage query", ["mdm/db/queries/usage.sql", "portal/src/lib/api.ts"], [
    "D: The portal's usage query was scanning all chunks because it filtered on `date(read_at)`; filtering on a range of `read_at` lets Timescale skip chunks, and the page went from 6 s to 150 ms.",
])

# ---------------------------------------------------------------- infrastructure
S("Helm values", ["deploy/helm/values-prod.yaml", "docs/runbook.md"], [
    "D: The headend runs with 2 replicas but only one consumes ChirpStack's MQTT topic at a time (leader election through a Kubernetes Lease); scaling it up doesn't make ingestion faster.",
    "D: Before node upgrades, `kubectl drain` needs `--delete-emptydir-data` for the headend pods, which keep their dedupe cache on an emptyDir.",
])
S("Secrets with SOPS", ["deploy/secrets/prod.enc.yaml", ".sops.yaml"], [
    "C: Never commit a decrypted `*.dec.yaml`; the pre-commit hook refuses them, and secrets are edited with `sops deploy/secrets/prod.enc.yaml` only. Someone committed the Stripe key once and it had to be rotated.",
])
S("CI database", [".github/workflows/ci.yml", "headend/go.mod"], [
    "D: GitHub Actions runs the Django tests against a real Postgres with Timescale (`timescale/timescaledb:2.15.2-pg16` service); SQLite hid a bug where a migration used a Timescale function.",
])
S("Sentry noise", ["cis/settings.py", "https://docs.sentry.io/platforms/python/configuration/filtering/"], [
    "D: Sentry was flooded by `DisallowedHost` from scanners hitting the IP directly; `before_send` drops them now, and the event quota lasts the month again.",
])
S("Liveness probes", ["deploy/helm/templates/headend.yaml", "https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/"], [
    "D: The headend's liveness probe hit `/healthz`, which checked Kafka, so a Kafka hiccup restarted every pod at once; liveness only checks the process now and readiness checks Kafka.",
])
S("Log shipping", ["deploy/helm/templates/vector.yaml"], [
    "D: Vector ships pod logs to Loki; the `loki` sink batched every second, and raising `batch.timeout_secs` to 10 halved Loki's CPU with nobody noticing the lag.",
])
S("Alert channels", ["ops/alertmanager.yml", "docs/runbook.md"], [
    "D: Alertmanager posts to the `#water-ops` Slack channel only for `severity=page`; warnings go to the morning digest so the channel stays readable.",
])
S("Staging data", ["docs/runbook.md", "ops/anonymise.py"], [
    "C: Staging gets a copy of production only through `ops/anonymise.py`, which replaces names, phone numbers, ID numbers and bank details; never restore a raw dump to staging.",
], old=True)
S("Sprint habits", ["CONTRIBUTING.md"], [
    "P: Investigations go in as a Jira spike with a time box of two days; the user doesn't want open-ended research tickets, and each spike ends with a short written note.",
])

# ---------------------------------------------------------------- GIS
S("Address geocoding", ["gis/geocode.py", "docs/gis.md"], [
    "D: Erf numbers are the reliable key for a property, not street addresses: many rural properties have none, and 'Farm 412 Portion 3' style addresses don't geocode. `geocode.py` matches on the erf first.",
], old=True)
S("Pressure zones", ["gis/zones.py", "gis/data/pressure_zones.geojson"], [
    "D: Each property's pressure zone comes from a spatial join on its connection point, not the erf centroid; big farms straddle two zones and the centroid picked the wrong one for outage notices.",
])
S("PostGIS SRID", ["gis/zones.py", "https://postgis.net/docs/ST_Transform.html"], [
    "C: Store geometries in EPSG:4326 and transform to the local Lo19 (EPSG:2048) only for distances; mixing them made the 'meters within 500 m of a burst' query return the whole town.",
])
S("Hydrant flushing", ["ops/flushing/schedule.py", "docs/operations.md"], [
    "D: Mains flushing happens per pressure zone in autumn; turbidity goes up while it runs and customers call about brown water, so the call centre gets the schedule a week ahead from `schedule.py`.",
], old=True)

# ---------------------------------------------------------------- notifications
S("Outage SMS", ["notify/sms.py", "docs/notifications.md", "https://www.twilio.com/docs/messaging"], [
    "D: Planned outage SMSes go out 48 and 2 hours before; they're sent per pressure zone, and a property in two zones must get one message, not two.",
    "R: Every outbound SMS must honour STOP replies except boil-water and other health notices, which the regulator says go to everyone in the zone.",
])
S("SMS length", ["notify/sms.py", "notify/templates/outage_af.txt"], [
    "D: Afrikaans outage texts ran past 160 characters and, with 'ê' in them, switched to UCS-2, which splits at 70 per segment; the templates were shortened and the cost per notice fell by two thirds.",
])
S("Email bounces", ["notify/email.py", "https://docs.aws.amazon.com/ses/latest/dg/notification-contents.html"], [
    "D: SES bounce notifications mark the email `undeliverable` after a hard bounce; the e-bill for that account falls back to print automatically for the next cycle and the call centre sees a banner.",
])
S("Quiet hours", ["notify/sms.py", "notify/schedule.py"], [
    "P: Non-urgent messages (bill ready, payment received) wait for 08:00-19:00 on weekdays and 09:00-13:00 on Saturdays; nothing on Sundays.",
], old=True)

# ---------------------------------------------------------------- backflow compliance
S("Backflow certificates", ["cis/compliance/backflow.py", "docs/backflow.md"], [
    "R: Commercial and fire connections need an annual backflow preventer test certificate from a registered tester; reminders go 60 and 30 days before the due date, and after 30 days overdue a compliance notice is issued.",
    "D: Testers upload certificates as PDFs with the device serial typed by hand; `backflow.py` matches on the serial with spaces and dashes removed, since half of them write `RP-4 55 012`.",
])
S("Tester registry", ["cis/compliance/testers.py", "docs/backflow.md"], [
    "D: The tester registry is a spreadsheet from the plumbing board, emailed quarterly; `testers.py` imports it and keeps expired testers so old certificates still show who signed them.",
], old=True)

# ---------------------------------------------------------------- regulator reports
S("Non-revenue water report", ["reports/nrw.py", "docs/regulator.md"], [
    "D: Non-revenue water = bulk meter input minus billed consumption, per zone per month; the bulk meters read at midnight but billing periods don't line up with months, so `nrw.py` prorates billed consumption by days.",
    "C: Report kilolitres with no decimals and percentages with one; the regulator's template rejects the sheet otherwise.",
])
S("Excel export", ["reports/nrw.py", "reports/export.py"], [
    "D: `openpyxl` writes dates as text unless the cell's `number_format` is set; the regulator's macro then sorted the months alphabetically. `export.py` sets `yyyy-mm` on every date cell.",
])
S("Water quality results", ["reports/water_quality.py", "docs/regulator.md"], [
    "D: Water quality samples come from the lab's LIMS as a CSV per week; E. coli results are `<1` when nothing was found, which `water_quality.py` stores as 0 with a `below_detection` flag, never as the string.",
], old=True)
S("Call centre screen", ["cis/admin/account_view.py", "docs/call-centre.md"], [
    "R: The account screen shows the last 13 reads with their source (LoRa, handheld, drive-by, estimated, customer-submitted) so agents can answer 'why is my bill so high' without opening the MDM.",
])

CONSOLIDATED = [
    "C: Never run a bill run, a restriction batch or a refund batch against production from a laptop; use the `billing-sandbox` namespace, which reads last night's anonymised copy.",
    "R: Account numbers are 10 digits with a Luhn check digit; store them as text, never as integers, or the leading zeros of the old Paarl accounts are lost.",
    "U: Volumes are kilolitres (kl) everywhere in the database and on bills; litres only in the field app's display and in leak alerts.",
    "P: Commit messages in English, imperative, with the Jira key first (`WS-1234 billing: ...`); every PR touching `cis/billing/` needs a review from finance's developer.",
    "D: The test environment's ChirpStack is shared with the neighbouring municipality; their devices show up in our uplink logs and must be ignored by application id, not treated as errors.",
    "P: Runbooks are in `docs/runbook.md`, one heading per alert name, so the pager link jumps straight to the section.",
]

CONSOLIDATED_DOCS = "`README.md` (21), `docs/runbook.md` (14), `docs/billing.md` (12), `docs/mdm.md` (9), `docs/lorawan.md` (8), `docs/credit-control.md` (5), `CONTRIBUTING.md` (4)"

MULTILINE = {
    "Headend memory growth": (
        "D",
        "What the pod showed before it was killed, from `kubectl describe`:\n"
        "  ```text\n"
        "  Last State:     Terminated\n"
        "    Reason:       OOMKilled\n"
        "    Exit Code:    137\n"
        "  ```\n",
    ),
    "Bill run locks": (
        "D",
        "What a second worker logs when the lock is held:\n"
        "  ```text\n"
        "  WARNING billing.run cycle=2026-10-R3 lock 4242 held by another session, skipping\n"
        "  ```\n",
    ),
    "Timescale hypertables": (
        "D",
        "The error an update of a compressed chunk gives:\n"
        "  ```text\n"
        "  ERROR:  cannot update/delete rows from chunk \"_hyper_3_412_chunk\" as it is compressed\n"
        "  ```\n",
    ),
}


def main():
    assert len({s["focus"] for s in SESSIONS}) == len(SESSIONS), "two sessions share a focus"
    follow_ups = [
        ("ChirpStack uplink decoding", "Frame counter resets"),
        ("ChirpStack uplink decoding", "Uplink dedupe window"),
        ("Sewer charge", "Winter average sewer"),
        ("Tiered tariff", "Block limits again"),
        ("Late fees", "Interest for indigent accounts"),
        ("Restriction rules", "Restriction weather check"),
        ("Continuous flow alerts", "Leak alert false positives"),
        ("Continuous flow alerts", "Leak alert wording"),
        ("Bill run locks", "Bill run duration"),
        ("Register rollover", "VEE rule order"),
        ("Portal usage chart", "Portal accessibility"),
    ]
    print(_eval6.write(SESSIONS, 2411, datetime.datetime(2026, 11, 25, 15, 0), datetime.datetime(2025, 5, 19, 9, 0), "wellspring",
                       follow_ups, CONSOLIDATED, CONSOLIDATED_DOCS, MULTILINE))


if __name__ == "__main__":
    main()
