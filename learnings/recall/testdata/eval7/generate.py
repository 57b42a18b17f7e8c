#!/usr/bin/env python3
"""Writes memory.md for the seventh recall evaluation (eval_test.go).

A project memory unlike the first six and the development sets:
"skyrota", the crew planning system of a regional airline with crew bases
in Helsinki (HEL) and Lisbon (LIS): an SSIM schedule import and ASM
messages from the ops system over Kafka, a pairing optimiser in Python
(column generation, OR-Tools), a flight time limitation (FTL) rules engine
in Kotlin after EASA ORO.FTL, a Spring Boot roster service with
preferential bidding and monthly publication, day-of-operations tracking
(standby call-outs, re-planning after delays, swaps, ACARS block times), a
React crew portal with an iCal feed, a Flutter crew app, a payroll export,
all on OpenShift with Postgres (Patroni) and Kafka (Strimzi). The team
sits in Helsinki and Lisbon, so a few Finnish and Portuguese words turn
up. About 80 sessions over sixteen months, written by hand the way coding
agents and people write them: long learnings with code spans and paths, a
multi-line learning with a code block, long Documentation Seen lists,
sessions with a single learning, learnings struck through as superseded
(the replacement in a later session), near-duplicates of one fact written
again in another session, and follow-ups.

On purpose it holds traps for context-aware recall: sessions that read a
task's file or doc (Rest.kt, solve.py, Publisher.kt, RosterTable.tsx,
docs/runbook.md, CallOut.kt, parser.py, roster_page.dart, ical.ts,
BidProcessor.kt, Replan.kt, perdiem.py, MaxFdp.kt, values.yaml,
docs/bidding.md, SwapService.kt) while learning something unrelated to
the task, and near-miss learnings that share one rare word with a task in
another sense or about another subject (rest, standby, tail, positioning,
window, offset, matrix, pilot, trip, currency, manifest, lock, gate, sim,
briefing, rating, hub). This script holds the sessions; eval6's write,
imported, not copied, dates them (seeded, so the output is the same on
every run), orders them newest first and writes the file. Sessions
marked old are dated at least eight months before the newest. Written,
with tasks.txt, during issue 24's fourth round and before that round was
measured, and not tuned after it.

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


# A learning is "K: text", K a category code (C, R, U, D, P). "K~: text ~~
# note" is a learning struck through as superseded, with the note after the
# strike.

# ---------------------------------------------------------------- schedule import (SSIM, ASM)
S("SSIM import", ["ingest/ssim/parser.py", "ingest/ssim/README.md", "docs/ssim.md", "https://www.iata.org/en/publications/manuals/standard-schedules-information/"], [
    "D: SSIM record type 3 lines are exactly 200 bytes; the parser called `.strip()` on each line and lost the trailing spaces that carry the aircraft configuration field, so every leg came out with an empty `aircraft_config`. Slice by column, never strip.",
    "D: Times in SSIM type 3 records are local times with a UTC variation field (`+0200`); `parser.py` converts them to UTC at read time and everything downstream (pairing, FTL, roster) works in UTC only.",
], old=True)
S("Operational suffix", ["ingest/ssim/parser.py", "pairing/model/leg.py"], [
    "D: The same flight number can fly twice on one day (an operational suffix, `AY1431A`); legs are keyed by `(flight_no, suffix, dep_date_utc, dep_station)`, and the old key without the suffix merged the two legs into one.",
])
S("Schedule change messages", ["ingest/asm/consumer.py", "docs/ssim.md#asm", "docs/events.md"], [
    "D: ASM messages from the ops system arrive on the Kafka topic `ops.asm.v1`; a `CNL` for a leg that is already in a published roster must not delete the leg, it only marks it `cancelled` so that tracking can re-plan the crew.",
    "C: Never replay `ops.asm.v1` from the earliest offset to recover a missed message: the consumer is not idempotent for `RPL`, and a replay in March doubled 40 legs. Ask ops to resend the schedule instead.",
])
S("Python 3.12 upgrade", ["ingest/ssim/parser.py", "pairing/pyproject.toml", "payexport/pyproject.toml"], [
    "U: `datetime.utcnow()` is deprecated in Python 3.12 and warned in every test run; use `datetime.now(UTC)` everywhere, the linter (`ruff` rule `DTZ003`) now flags the old call.",
])

# ---------------------------------------------------------------- pairing optimiser
S("Pairing solver setup", ["pairing/solve.py", "pairing/README.md", "https://developers.google.com/optimization/cp/cp_solver", "https://developers.google.com/optimization/lp/mip_example"], [
    "D: The pairing optimiser is column generation: a set-partitioning master problem solved with `pywraplp` (SCIP) and a resource-constrained shortest-path pricing problem in Python; CP-SAT is only used for the final integer solve over the generated columns.",
    "P: The user wants solver runs compared on the same `--seed` and the same input snapshot; a 0.3% cost difference between two runs with different seeds is noise, not a result.",
], old=True)
S("Solver time limit", ["pairing/solve.py", "pairing/config/solver.yaml"], [
    "U~: The final CP-SAT solve gets `max_time_in_seconds: 600` and 8 workers. ~~ Superseded: 1800 s and 16 workers since the summer schedule (solver limits follow-up).",
    "D: With fewer than 8 workers CP-SAT never finds a first feasible solution for the HEL base within the time limit; `num_workers` below 8 is pointless on this model.",
], old=True)
S("Solver limits follow-up", ["pairing/config/solver.yaml", "docs/runbook.md#pairing", "deploy/helm/solver/values.yaml"], [
    "U: The final solve now runs with `max_time_in_seconds: 1800` and `num_workers: 16` on the `solver-xl` node pool; the monthly pairing run for a summer schedule takes about 5 h end to end, a winter one about 2 h.",
])
S("Solver logging", ["pairing/solve.py", "pairing/log.py", "docs/observability.md"], [
    "U: Logging in the optimiser goes through `structlog` with JSON output; the `print` calls were removed because they broke the log parsing in Loki.",
])
S("Deadhead costs", ["pairing/cost.py", "docs/pairing.md", "pairing/data/load_factor.csv"], [
    "D: A deadhead (crew travelling as passengers to get into position) costs half the block time of the leg plus a seat that cannot be sold; `cost.py` priced only the half block time, so the solver loved deadheads on full flights. The seat cost now comes from `load_factor.csv`.",
    "R: Deadheads on flights with a forecast load factor over 95% are forbidden in pairing; the commercial team signed off on this rule.",
    "R: Pairings are at most 4 duty days long; five days is legal under FTL, but the collective agreement forbids it, and `pairing/rules/length.py` enforces it.",
])
S("Pricing speed", ["pairing/pricing/rcspp.py", "pairing/pricing/labels.pyx", "pairing/Makefile"], [
    "D: The label-setting loop of the pricing problem spent 70% of its time in Python dict lookups; moving the labels to Cython (`labels.pyx`) took a pricing round from 14 s to 1.9 s. Build it with `make -C pairing cython` after a fresh clone; without it the pure-Python fallback is used silently.",
])
S("Night stops", ["pairing/rules/nightstop.py", "docs/pairing.md#layovers", "pairing/data/hotels.csv"], [
    "D: A layover must be at a station with a contract hotel, listed in `pairing/data/hotels.csv`; a new destination without a row let the solver build pairings that stop overnight where nobody can sleep.",
    "C: Don't plan HEL-based layovers in LIS on Fridays; the contract hotel is full with our own Lisbon crew and the user had to book rooms by hand for three weekends.",
    "D: Hotel transfer times per station are in `hotels.csv` too (column `transfer_min`); the FTL engine reads them through its stations table when it works out the sleep opportunity.",
])
S("Pairing rerun for one base", ["docs/runbook.md", "pairing/solve.py", "pairing/snapshot.py"], [
    "D: To rerun the pairing for one base only, run `python -m pairing.solve --base LIS --from-snapshot <snapshot_id>`; without `--from-snapshot` it pulls the live schedule and the result cannot be compared with the month's run.",
])
S("Trip terminology", ["docs/glossary.md"], [
    "U: US-trained planners say trip for what the code calls a pairing; in code, APIs and docs we always write pairing.",
])
S("Hub and spoke", ["docs/pairing.md", "docs/glossary.md"], [
    "D: HEL is the hub of the network and LIS a spoke with its own base since last spring; almost every pairing out of LIS touches HEL once.",
], old=True)

# ---------------------------------------------------------------- FTL rules engine
S("FTL max FDP table", ["ftl/src/main/kotlin/MaxFdp.kt", "docs/ftl.md", "https://www.easa.europa.eu/en/document-library/easy-access-rules/easy-access-rules-air-operations"], [
    "D: The max FDP for acclimatised crew comes from table 2 of ORO.FTL.205: it depends on the reporting time and the number of sectors; `MaxFdp.kt` keeps the table as a 2-D array, and a report between 06:00 and 13:29 with 1-2 sectors gives 13:00.",
    "C: The reference time for the FDP table is local time in the zone the crew is acclimatised to; an earlier version looked it up in UTC and allowed a 13:00 FDP for a 05:30 local report in Lisbon.",
], old=True)
S("Kotest for FTL", ["ftl/src/test/kotlin/MaxFdpTest.kt", "ftl/src/main/kotlin/MaxFdp.kt", "ftl/build.gradle.kts"], [
    "U: FTL tests are Kotest property tests; the duty generator (`Arb.duty()`) keeps report times between 2020 and 2035 because `java.time` zone rules outside that range made tests flaky.",
])
S("Cumulative duty limits", ["ftl/src/main/kotlin/Cumulative.kt", "docs/ftl.md#cumulative"], [
    "D: Cumulative limits are rolling windows: 60 duty hours in 7 days, 110 in 14 days, 190 in 28 days; 100 flight hours in 28 days and 900 in a calendar year. `Cumulative.kt` recomputes every window on each roster change, which is O(days x duties) and fine below 10k crew.",
    "D~: The 28-day flight-time check counts block time from chocks-off to chocks-on. ~~ Superseded by the block time follow-up: it uses the ACARS Out and In times.",
], old=True)
S("Block time follow-up", ["ftl/src/main/kotlin/Cumulative.kt", "ingest/acars/consumer.kt", "docs/tracking.md#acars"], [
    "D: Actual block times come from ACARS OOOI messages (Out, Off, On, In); the flight-time limits use Out to In, and when an `IN` message never arrives the tracker falls back to the scheduled arrival plus the last known delay.",
])
S("Rest before duty", ["ftl/src/main/kotlin/Rest.kt", "docs/ftl.md#rest"], [
    "D: Minimum rest at home base is the longer of the preceding duty and 12 hours; away from base, the longer of the duty and 10 hours, and those 10 hours must give 8 hours of sleep opportunity, which `Rest.kt` models as the hotel transfer time doubled plus 8 h.",
    "C: Rest is measured from the end of the duty (on-block plus 30 min post-flight duties), not from on-block; the user found a roster where rest was 11:40 by our numbers and 11:10 by the union's.",
])
S("Kotlin 2 upgrade", ["ftl/src/main/kotlin/Rest.kt", "build.gradle.kts", "gradle/libs.versions.toml"], [
    "U: Kotlin 2.0 (K2) is enabled in all modules; `-Xjsr305=strict` turned up eleven platform-type warnings that had to be fixed before `allWarningsAsErrors` could be switched on.",
])
S("Extended recovery rest", ["ftl/src/main/kotlin/Rest.kt", "ftl/src/test/kotlin/RestTest.kt"], [
    "D: Every 168 hours a crew member needs an extended recovery rest of at least 36 hours including two local nights; the check had an off-by-one on the second local night (22:00-08:00) and accepted a recovery that ended at 07:30.",
])
S("Disruptive schedules", ["ftl/src/main/kotlin/Disruptive.kt", "docs/ftl.md#disruptive"], [
    "D: Early starts (report 05:00-05:59), late finishes (duty ending 23:00-01:59) and night duties are disruptive schedules; two or more of them in a row raise the minimum rest, which the engine enforces since the union complaint in May.",
    "D: Split duty: a break of at least 3 h on the ground in suitable accommodation extends the FDP by half the break; only the HEL crew lounge counts as suitable, Lisbon has nothing that does.",
])
S("Acclimatisation", ["ftl/src/main/kotlin/Acclimatisation.kt", "docs/ftl.md#acclimatisation"], [
    "D: A crew member counts as acclimatised to a new time zone only after the time in the table of ORO.FTL.105; LIS is UTC+0 and HEL UTC+2 (UTC+3 in summer), so with a 2-hour band HEL crew on a Lisbon layover stay acclimatised to HEL for the whole night stop.",
])
S("FTL engine as a library", ["ftl/build.gradle.kts", "roster/build.gradle.kts", "tracking/build.gradle.kts"], [
    "U: The FTL engine is a plain Kotlin library (`:ftl`) used by both the roster service and tracking; it must stay free of Spring and of database access so that the optimiser's sidecar can load it.",
    "D: The Python optimiser calls the FTL engine through a small gRPC sidecar (`ftl-check`) because JPype leaked memory over a 5-hour solve and the pod was OOM-killed near the end.",
])
S("Crew rest seats", ["docs/ftl.md#augmented", "docs/fleet.md"], [
    "D: The rest facility on our A321s is a class 3 seat (reclining 40 degrees), so an augmented crew cannot extend the FDP past 15 h on that type.",
])

# ---------------------------------------------------------------- roster service
S("Roster service bootstrap", ["roster/README.md", "roster/src/main/resources/application.yml", "CONTRIBUTING.md", "docker-compose.yml"], [
    "D: The roster service is Spring Boot 3.2 on Java 21 with Flyway migrations in `roster/src/main/resources/db/migration`; run it locally with `./gradlew :roster:bootRun --args='--spring.profiles.active=local'` against the compose Postgres.",
    "U: Migration files are named `V<yyyyMMddHHmm>__<what>.sql`, never `V<n>__`; two branches that both added `V42` broke main twice in one week.",
], old=True)
S("Big table migrations", ["roster/src/main/resources/db/migration/", "docs/infra.md#db"], [
    "C: A Flyway migration that adds an index to `duty` (80M rows) must use `CREATE INDEX CONCURRENTLY` in its own migration with `-- flyway:executeInTransaction=false`; the plain version blocked every write for 9 minutes in prod.",
])
S("Preferential bidding", ["roster/bids/BidProcessor.kt", "docs/bidding.md"], [
    "D: Bids are processed in seniority order: the most senior crew member's bids are honoured first, as long as the roster stays legal and coverage holds; `BidProcessor.kt` runs one CP-SAT model per crew member in that order.",
    "R: A crew member can enter at most 20 bids a month, and a days-off bid counts double against that limit.",
], old=True)
S("Gradle build cache", ["roster/bids/BidProcessor.kt", "settings.gradle.kts", ".gitlab-ci.yml"], [
    "D: The remote Gradle build cache on the CI runners cut `./gradlew check` from 11 to 4 minutes; the cache is write-enabled only on `main`, merge requests read it.",
])
S("Bid window", ["roster/bids/BidWindow.kt", "docs/bidding.md#window"], [
    "R~: The bid window for a month opens on the 1st of the month before and closes on the 15th at 23:59 UTC. ~~ Superseded: it closes on the 10th (bid window follow-up).",
], old=True)
S("Bid window follow-up", ["roster/bids/BidWindow.kt", "portal/src/pages/Bids.tsx", "docs/bidding.md#window"], [
    "D: The bid window opens on the 1st at 00:00 UTC and closes on the 10th at 12:00 UTC; the portal showed the deadline in the browser's time zone while the API checked it in UTC, so crew in Lisbon were shut out an hour early in summer.",
])
S("Docs site", ["docs/bidding.md", "mkdocs.yml", "docs/requirements.txt"], [
    "D: The docs are built with MkDocs Material; `mkdocs serve` needs `pip install -r docs/requirements.txt` first, and the diagrams are Mermaid blocks, not images.",
])
S("Seniority list", ["roster/seniority/SeniorityImport.kt", "docs/bidding.md#seniority"], [
    "D: Seniority comes from HR as a CSV with a `seniority_no`; ties (same date of joining) are broken by date of birth, older first, as the collective agreement says, and the import rejected every tie until that rule was added.",
])
S("Roster publication", ["roster/publish/Publisher.kt", "docs/runbook.md#publish", "docs/agreements/cla-2025.pdf"], [
    "R: The monthly roster must be published at least 14 days before the first day of the month (collective agreement); `Publisher.kt` refuses a later publish unless `--late-publish-approved-by` names a manager.",
    "D: Publishing writes a snapshot into `roster_published` and emits `roster.published.v1`; any change after that is a roster change that the crew member has to acknowledge in the app.",
])
S("Late publish follow-up", ["roster/publish/Publisher.kt", "roster/src/main/kotlin/Roles.kt"], [
    "D: `--late-publish-approved-by` must be the employee ID of someone with the `planning_manager` role; a free-text name was accepted before and nobody could tell who had approved.",
])
S("Event schemas", ["roster/publish/Publisher.kt", "deploy/kafka/schemas/roster-published.avsc", "docs/events.md"], [
    "D: Event payloads are Avro with the schema registry set to `BACKWARD` compatibility; adding a field without a default made the producer fail at start-up in stage.",
])
S("Planning freeze", ["docs/planning.md", "roster/src/main/kotlin/RosterMonth.kt"], [
    "R: Roster months are locked for editing 48 hours before publication; only the planning lead can unlock one, from the admin page.",
])
S("Concurrent edits", ["roster/src/main/kotlin/RosterRepository.kt", "portal/src/api/roster.ts"], [
    "D: Two planners editing the same crew member's month overwrote each other's changes; the repository now uses optimistic locking (`@Version` on `RosterMonth`) and the portal shows \"someone else changed this roster\" on a 409.",
    "U: `RosterMonth` is the aggregate root; duties are never saved on their own, always through their month.",
])
S("Coverage report", ["roster/reports/Coverage.kt", "docs/reports.md"], [
    "D: The coverage report counts a pairing as covered only when every seat (CP, FO, SC, CC) is filled; a pairing short of one cabin crew member showed as covered because seats were counted per pairing, not per position.",
])
S("Duty gaps query", ["roster/reports/DutyGaps.kt", "roster/src/main/resources/db/queries/duty_gaps.sql"], [
    "D: Gaps between duties are computed in SQL with a window function (`lag(end_utc) over (partition by crew_id order by report_utc)`); doing it in Kotlin loaded two million rows into the heap.",
])
S("Qualifications", ["roster/quals/Qualifications.kt", "docs/quals.md"], [
    "D: A captain flying into Funchal (FNC) needs the FNC airport qualification on top of the type rating; the check reads `crew_qualification.valid_to`, and an expired qualification is treated exactly like a missing one.",
    "D: Recency: a pilot needs 3 take-offs and landings in the last 90 days on the type; someone back from long leave fails it and first needs a simulator session or a flight with a training captain.",
])
S("Language qualifications", ["roster/quals/Qualifications.kt", "docs/quals.md#languages"], [
    "R: Every flight to or from Portugal needs at least one cabin crew member with Portuguese in their language qualifications; it is a soft constraint with a high penalty, not a hard one, since the Lisbon base opened.",
])
S("Qualification matrix export", ["roster/quals/MatrixExport.kt", "docs/quals.md#matrix"], [
    "R: The qualification matrix export (`quals/matrix.csv`) listed only valid qualifications; the training department wants expired ones too, marked red, so `MatrixExport.kt` takes `--include-expired`.",
])
S("Training imports", ["roster/quals/TrainingImport.kt", "docs/quals.md#training"], [
    "D: Sim checks are booked by the training department in their own system; skyrota only imports them as `TRAINING` activities from `training_import.csv` every night.",
    "D: Type rating expiry dates also come from the training department's nightly export; HR's copy is months behind.",
])
S("Hibernate lazy loading", ["roster/src/main/kotlin/RosterMonth.kt", "roster/src/main/kotlin/RosterController.kt"], [
    "D: The roster API's p99 went from 300 ms to 4 s when Hibernate started loading `duties` lazily one day at a time; `@EntityGraph(attributePaths = [\"duties\"])` on the month query fixed it.",
])
S("Empty month export", ["roster/src/main/kotlin/RosterExportController.kt"], [
    "D: `GET /api/v1/roster/{crewId}/{yyyy-MM}` threw on `.first()` for a crew member on leave the whole month; an empty month now returns an empty list with 200, not a 500.",
])
S("Legacy codes from Lisbon", ["roster/legacy/CodeMap.kt", "docs/migration-lis.md"], [
    "D: The Lisbon rosters came from the old system with Portuguese activity codes: `FOLGA` maps to `OFF`, but `FOLGA_R` (a requested day off) was missing from `CodeMap.kt`, so requested days off were treated as free days and swapped away.",
])
S("Base transfer", ["roster/crew/BaseTransfer.kt", "docs/crew.md"], [
    "D: A crew member who transfers base (HEL to LIS or back) keeps their seniority number, but the first month at the new base is built by hand; the solver treats them as a new joiner because it never reads `crew_base_history`.",
])

# ---------------------------------------------------------------- day of operations
S("Standby call-out", ["tracking/standby/CallOut.kt", "docs/tracking.md"], [
    "D: Airport standby counts in full as duty for FTL; home standby counts 25% towards the FDP when called out, and a call-out more than 6 hours into a home standby shortens the max FDP.",
    "C: Call out the standby with the fewest duty hours in the last 28 days, not the first one in the list; the old order wore out the same four people at HEL all winter.",
    "D: Reserve days (a whole day available with no fixed standby window) are not standby; they count as a day off for the weekly rest but not for the monthly days-off target.",
])
S("Standby fairness again", ["tracking/standby/CallOut.kt", "tracking/standby/CallOutTest.kt"], [
    "C: Standby call-outs go to whoever has flown and worked least over the past four weeks; taking the first name on the list is what tired out the HEL reserves.",
])
S("Detekt in tracking", ["tracking/standby/CallOut.kt", "tracking/detekt.yml"], [
    "U: `!!` is banned in the tracking module by detekt (`UnsafeCallOnNullableType`); use `requireNotNull` with a message that names the crew ID.",
])
S("Disruption re-plan", ["tracking/replan/Replan.kt", "docs/tracking.md#replan"], [
    "D: When a delay pushes a crew past their max FDP, `Replan.kt` proposes (1) a swap with the crew of the same aircraft rotation, (2) a standby, (3) a reserve from the other base with a deadhead; the duty manager picks, nothing is applied automatically.",
])
S("Re-plan on snow days", ["tracking/replan/Replan.kt", "tracking/replan/Candidates.kt"], [
    "D: The re-plan search tried all crew at both bases and timed out during the snow days at HEL (120 delayed legs); it now filters by base and legality before scoring and answers in under 3 s.",
])
S("Audit trail", ["tracking/replan/Replan.kt", "tracking/audit/AuditEvent.kt", "docs/compliance.md"], [
    "R: Every decision a duty manager takes in tracking is written to `audit_event` with the user and the reason; the authority asks for it after each incident.",
])
S("Crew swaps", ["tracking/swaps/SwapService.kt", "portal/src/pages/Swaps.tsx", "docs/tracking.md#swaps"], [
    "R: A crew-to-crew swap needs both crew members to accept in the app and then a crew controller to approve it; the engine checks the legality of both rosters after the swap, not only the roster of the one who asked.",
    "D: A swap across two months is refused with `SWAP_CROSSES_PUBLICATION`; the user said to leave it that way.",
])
S("ULID identifiers", ["tracking/swaps/SwapService.kt", "tracking/ids/Ulid.kt"], [
    "U: New IDs in tracking are ULIDs, not UUIDv4, so that lists sort by creation time without an extra column.",
])
S("Fatigue reports", ["tracking/fatigue/FatigueReport.kt", "docs/safety.md"], [
    "R: A fatigue report takes the crew member off duty at once and is never shown to planners with the name; the safety team reads it in `fatigue_report`, which only the `safety` role can select from.",
])
S("ACARS feed", ["ingest/acars/consumer.kt", "docs/tracking.md#acars"], [
    "D: The ACARS OOOI feed comes from SITA as Type B messages; the consumer reads `OUT`, `OFF`, `ON` and `IN` with the station's UTC time, and a missing `OFF` is normal for the older ATRs whose avionics never send it.",
    "D: OOOI messages for one leg can arrive out of order; the consumer orders them by the event time in the message, not by arrival.",
], old=True)
S("Tail assignments", ["tracking/aircraft/TailAssignment.kt", "docs/tracking.md#aircraft"], [
    "D: Ops change tail assignments (which registration flies which leg) several times a day; a tail change that leaves a crew less than 35 minutes to change aircraft raises a warning in tracking.",
])
S("Report times", ["docs/ops/report-times.md"], [
    "D: Crew report 45 min before departure at HEL and 60 min at LIS, because the crew room in Lisbon is a long walk from the gates.",
])
S("Duty phone", ["tracking/config/contacts.yaml", "tracking/sms/SmsGateway.kt"], [
    "D: The crew control phone number is in `tracking/config/contacts.yaml` and the SMS gateway reads it at start-up only; change it there and restart tracking, or texts keep going to the old number.",
])
S("Hotel booking API", ["tracking/hotels/HotelClient.kt", "docs/integrations.md#hotels"], [
    "D: The hotel booking API rate-limits at 10 requests a second; the Resilience4j circuit breaker opened on its 429s every morning, so bookings now go out from a queue at 5 a second.",
])
S("Crew briefing room", ["docs/ops/lis.md"], [
    "D: The crew briefing at LIS is held in the crew room on level 2, and the printed brief pack is still required there by the base chief.",
])

# ---------------------------------------------------------------- portal and app
S("Crew portal auth", ["portal/src/auth/oidc.ts", "docs/portal.md"], [
    "D: The crew portal signs in through the airline's Entra ID with OIDC and PKCE; the crew ID is in the `employeeId` claim, not in `sub`, which is a GUID nobody in crew control recognises.",
], old=True)
S("iCal export", ["portal/api/ical.ts", "docs/portal.md#calendar"], [
    "D: The roster iCal feed must use UTC times ending in `Z`; local times with a `TZID` made Google Calendar show duties an hour off after the DST change in October.",
    "P: The user wants every duty in the iCal feed titled with its flight numbers and stations (\"AY1431 HEL-LIS\"), not \"Duty\", because crew read them on their watches.",
])
S("iCal again", ["portal/api/ical.ts", "portal/api/ical.test.ts"], [
    "D: Calendar events in the feed are written in UTC with the trailing `Z`; a TZID-based feed breaks at every daylight-saving switch in Google Calendar.",
])
S("API rate limits", ["portal/api/ical.ts", "deploy/gateway/ratelimit.yaml"], [
    "D: The public API is rate-limited per crew ID at 60 requests a minute by the gateway; the ICS endpoint has its own limit of 6 a minute because some clients poll it every 10 s.",
])
S("Portal table speed", ["portal/src/components/RosterTable.tsx", "portal/package.json"], [
    "D: The month table re-rendered all 31 columns on every cell hover; memoising `DutyCell` with `React.memo` and a stable `onSelect` took a 400-crew view from 2.8 s to about 300 ms.",
])
S("Sticky column", ["portal/src/components/RosterTable.tsx", "portal/src/styles/table.css"], [
    "D: The sticky crew-name column broke in Safari and Firefox because `position: sticky` sat inside an element with `overflow: hidden`; use `overflow: clip` on the wrapper.",
])
S("Portal stack", ["portal/package.json", "portal/vite.config.ts", "docs/portal.md"], [
    "U: The portal is React 18 with Vite and TanStack Query; server state is never copied into a Redux store.",
])
S("Roster view in the app", ["app/lib/roster/roster_page.dart", "app/pubspec.yaml", "docs/app.md"], [
    "D: The Flutter app keeps the published roster in SQLite (`sqflite`) so it works offline on layovers; it refreshes on app start and on a `roster.changed` push.",
    "C: Don't show times in the device's time zone in the roster list; crew want station local time on each leg and UTC in the header. The user was very clear about it.",
])
S("App localisation", ["app/lib/roster/roster_page.dart", "app/lib/l10n/app_fi.arb", "app/l10n.yaml"], [
    "D: App strings live in `app/lib/l10n/*.arb` in English, Finnish, Swedish and Portuguese; Finnish plural forms need `intl` 0.19 or newer, older versions fell back to English.",
])
S("Push notifications", ["app/lib/push/fcm.dart", "docs/app.md#push"], [
    "D: Roster change pushes go through FCM for Android and iOS; on iOS the APNs key must be uploaded to Firebase for each environment, and the staging app got no pushes because only the prod key was there.",
    "D: `flutter test` needs `--dart-define=FLAVOR=test`; without it the app's config reads the prod API URL even in tests.",
])
S("Android 13 notifications", ["app/android/app/src/main/AndroidManifest.xml", "app/lib/push/permissions.dart"], [
    "D: Android 13 needs the `POST_NOTIFICATIONS` runtime permission in `AndroidManifest.xml` and a prompt at first start; without it roster change pushes were silently dropped on newer phones.",
])
S("Acknowledging changes", ["app/lib/roster/ack_button.dart", "roster/src/main/kotlin/AckController.kt"], [
    "R: A roster change after publication only counts once the crew member acknowledges it in the app; changes still unacknowledged 48 h before the duty are phoned through by crew control.",
])
S("Acknowledgement reminder", ["roster/src/main/kotlin/AckReminder.kt"], [
    "D: Unacknowledged roster changes get a reminder push after 12 hours and again after 24; at 48 hours before the duty they land on crew control's call list.",
])
S("App login loop", ["app/lib/auth/login.dart", "app/ios/Runner/Info.plist"], [
    "D: The login loop after the October app release came from the redirect URI: iOS got `fi.airline.skyrota://callback` while Entra ID had `fi.airline.skyrota:/callback` registered; both are registered now.",
])
S("App store rating prompt", ["app/lib/feedback/review_prompt.dart"], [
    "P: The user does not want the in-app review prompt shown right after a roster change; only after a week with no changes and at most twice a year.",
])

# ---------------------------------------------------------------- payroll export
S("Per diem export", ["payexport/perdiem.py", "docs/payroll.md"], [
    "D: Per diems are paid per night stop by country from the `perdiem_rates` table; HR wants the fixed yearly rate of the destination, and converting with the exchange rate of the day made every Madeira stop a few cents off.",
])
S("Per diem storage", ["payexport/models.py", "docs/payroll.md#amounts"], [
    "U: Amounts are stored in cents as integers with an ISO 4217 currency code next to them, never as floats.",
])
S("Payroll SFTP", ["payexport/perdiem.py", "payexport/upload.py", "deploy/payexport/known_hosts"], [
    "D: The payroll export is uploaded to the payroll provider's SFTP at 02:00 on the 3rd of the month; the host key is pinned in `deploy/payexport/known_hosts` and a key rotation on their side breaks the upload until we update it.",
])
S("Sector pay", ["payexport/sector_pay.py", "docs/payroll.md#sectors"], [
    "D: Sector pay counts a sector only when the crew member operated it; deadhead sectors are paid at 50% and ground transport not at all.",
    "R: The per diem export lists each night stop on its own line with the hotel city, not a monthly total; the tax office asked for it in the 2025 audit.",
])
S("Ground transport", ["docs/ops/ground-transport.md"], [
    "D: Positioning by taxi or train between Lisbon and Porto is booked by crew control by hand; it is outside the optimiser's model.",
])

# ---------------------------------------------------------------- platform
S("Cluster layout", ["deploy/helm/roster/values.yaml", "docs/infra.md", "deploy/helm/solver/values.yaml"], [
    "D: Everything runs on the airline's OpenShift 4.14 cluster in two namespaces, `skyrota-stage` and `skyrota-prod`; the solver runs on its own node pool `solver-xl` (64 cores) with nothing else scheduled there.",
], old=True)
S("Roster pod memory", ["deploy/helm/roster/values.yaml", "roster/src/main/jib.gradle.kts"], [
    "C: The roster pod needs `-XX:MaxRAMPercentage=75` and a 2 Gi memory limit; with the JVM default of 25% the heap was 512 MB and publishing a month got it OOM-killed.",
])
S("Feature flags", ["deploy/helm/roster/values.yaml", "docs/feature-flags.md"], [
    "D: Feature flags are Unleash toggles read at request time; `swap-v2` is on in stage and for the LIS base in prod only, as a pilot before the HEL crew get it.",
])
S("Postgres failover", ["deploy/postgres/patroni.yaml", "docs/infra.md#db"], [
    "D: Postgres 16 runs under Patroni with one primary and one standby replica in the second data centre; a failover takes 20-30 s and the services must retry on SQLState `57P01` (terminating connection due to administrator command) instead of failing the request.",
])
S("Kafka topics", ["deploy/kafka/topics.yaml", "docs/events.md"], [
    "U: Kafka topics are created only through `deploy/kafka/topics.yaml` (Strimzi `KafkaTopic` resources); `roster.published.v1` has 12 partitions keyed by crew ID so that one crew member's events stay in order.",
])
S("CI pipeline", [".gitlab-ci.yml", "CONTRIBUTING.md", "pairing/pytest.ini"], [
    "U: CI runs `./gradlew check` for the Kotlin modules, `pytest -q pairing/` and `flutter test`; the solver's long tests are marked `@pytest.mark.slow` and only run nightly.",
    "D: The CI matrix runs the FTL tests on Java 17 and 21 because the `ftl-check` sidecar image is still on 17.",
], old=True)
S("Docker Hub limits", [".gitlab-ci.yml", "docs/ci.md"], [
    "D: CI pulls images through the GitLab dependency proxy because Docker Hub's anonymous pull limit broke the nightly builds twice; use `${CI_DEPENDENCY_PROXY_GROUP_IMAGE_PREFIX}/python:3.12-slim` in job images.",
])
S("Solver image", ["deploy/docker/solver.Dockerfile", "pairing/pyproject.toml"], [
    "D: The solver image is built on `python:3.12-slim`; OR-Tools wheels need glibc, and the Alpine variant failed at import with `ImportError: Error relocating ... _ortools.so: symbol not found`.",
])
S("Quality gate", ["sonar-project.properties", ".gitlab-ci.yml"], [
    "U: The SonarQube quality gate needs 80% coverage on new code; generated Avro classes and `labels.pyx` are excluded in `sonar-project.properties`.",
])
S("Secrets", ["deploy/helm/roster/templates/secret.yaml", "docs/infra.md#secrets"], [
    "C: Secrets come from Vault through the Vault agent injector; never put a database password in `values.yaml`, not even for stage.",
])
S("Onboarding doc", ["docs/onboarding.md", "README.md"], [
    "P: The user wants new developers pointed to `docs/onboarding.md` first and then to `docs/ftl.md`; the README is only the build commands.",
])
S("On-call", ["docs/runbook.md", "docs/oncall.md"], [
    "D: The on-call phone rotates weekly on Monday 09:00 between the four backend developers; the PagerDuty schedule is `skyrota-primary`.",
])
S("Cockpit door codes", ["docs/security.md"], [
    "C: Cockpit door codes are changed monthly by security and must never be stored in skyrota, not even in a note field.",
])
S("Passenger manifest", ["docs/integrations.md#reservations"], [
    "D: skyrota never needs the passenger manifest; a deadhead seat is booked through the reservation system's staff listing with the crew ID.",
])
S("GDPR retention", ["docs/compliance.md#retention", "roster/src/main/kotlin/Retention.kt"], [
    "R: Rosters and duty records are kept for 24 months after the duty for the authority (ORO.FTL.245 asks for that), then deleted by the `retention` job; fatigue reports are kept for 36 months.",
])
S("Timezone library", ["ftl/src/main/kotlin/Acclimatisation.kt", "gradle/libs.versions.toml"], [
    "U: Use `java.time` with the tzdb that ships with the JDK; ThreeTen-Extra was removed, and the JDK is updated in the same week as a tzdata release that touches Europe.",
])
S("HR sync", ["roster/crew/HrSync.kt", "docs/integrations.md#hr"], [
    "D: Crew master data (name, base, rank, contract percentage) comes from the HR system every night at 01:00; a part-time contract of 75% scales every cumulative target of the roster, not the FTL limits.",
])
S("Part-time rosters", ["roster/crew/HrSync.kt", "roster/bids/BidProcessor.kt"], [
    "C: Part-time crew get their days off as whole blocks (at least 3 days in a row), not spread over the month; the user said spreading them was the top complaint in the crew survey.",
])

# ---------------------------------------------------------------- old one-offs and follow-ups
S("Old roster diff", ["roster/src/main/kotlin/RosterDiff.kt"], [
    "D: `RosterDiff` compares two roster months by duty ID; a duty moved by a time change keeps its ID, so the diff shows it as changed rather than removed and added.",
], old=True)
S("Kafka consumer groups", ["tracking/src/main/resources/application.yml", "docs/events.md#consumers"], [
    "D: Each service has one consumer group per topic named `<service>.<topic>`; reusing the roster service's group in tracking split the messages between the two and half the ASM changes were never seen by tracking.",
], old=True)
S("Crew portal translations", ["portal/src/i18n/pt.json", "portal/src/i18n/fi.json"], [
    "D: The portal's Portuguese uses `escala` for roster and `folga` for day off, the words the Lisbon crew use; the first machine translation said `lista` and nobody understood it.",
])

CONSOLIDATED = [
    "C: Never run the solver or a load test against the prod database; use the nightly anonymised copy in `skyrota-stage`.",
    "R: Every roster change after publication must be traceable to a person: the user ID and a reason.",
    "U: Commit messages start with the area: `pairing:`, `ftl:`, `roster:`, `tracking:`, `portal:`, `app:`, `ingest:`, `payexport:`, `deploy:`, `docs:`.",
    "D: HEL and LIS are the two crew bases; the network has 34 destinations, all in Europe, flown with A320s, A321s and ATR 72-600s.",
    "P: The user prefers small merge requests reviewed the same day; anything touching `ftl/` needs a second reviewer from the Lisbon team.",
]
CONSOLIDATED_DOCS = "`README.md` (21), `docs/ftl.md` (11), `docs/runbook.md` (8), `CONTRIBUTING.md` (6), `docs/bidding.md` (4), `docs/infra.md` (3)"

MULTILINE = {
    "Pricing speed": (
        "D",
        "Without the Cython build the optimiser only logs this once at start and then runs about seven times slower:\n"
        "  ```text\n"
        "  WARNING pairing.pricing.labels: compiled labels not found, using the pure-Python implementation\n"
        "  ```\n",
    ),
    "Postgres failover": (
        "D",
        "The retry for a failover lives in each service's `application.yml`:\n"
        "  ```yaml\n"
        "  skyrota:\n"
        "    db-retry:\n"
        "      sql-states: [\"57P01\", \"08006\"]\n"
        "      max-attempts: 5\n"
        "      backoff: 2s\n"
        "  ```\n",
    ),
}


def main():
    assert len({s["focus"] for s in SESSIONS}) == len(SESSIONS), "two sessions share a focus"
    follow_ups = [
        ("Solver time limit", "Solver limits follow-up"),
        ("Cumulative duty limits", "Block time follow-up"),
        ("Bid window", "Bid window follow-up"),
        ("Roster publication", "Late publish follow-up"),
        ("Standby call-out", "Standby fairness again"),
        ("iCal export", "iCal again"),
        ("Disruption re-plan", "Re-plan on snow days"),
        ("Acknowledging changes", "Acknowledgement reminder"),
    ]
    print(_eval6.write(SESSIONS, 2407, datetime.datetime(2026, 11, 24, 16, 0), datetime.datetime(2025, 7, 7, 9, 0), "skyrota",
                       follow_ups, CONSOLIDATED, CONSOLIDATED_DOCS, MULTILINE))


if __name__ == "__main__":
    main()
