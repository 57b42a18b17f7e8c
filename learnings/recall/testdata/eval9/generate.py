#!/usr/bin/env python3
"""Writes memory.md for the ninth recall evaluation (eval_test.go).

A project memory unlike the first eight and the development sets:
"tessera", the timetabling and room booking system of a Welsh university
(Prifysgol Glannau, two campuses, Bryn and Morfa), built by a team split
between Cardiff and Valencia: a Timefold constraint solver in Kotlin for
the teaching timetable and a second solver run for exams, nightly imports
from the student records system (SITS) and the estates room inventory
(Planon), staff availability, a FastAPI back end on PostgreSQL, a Vue 3
front end in Welsh and English, personal iCal feeds, ad-hoc room booking
synced with Exchange room mailboxes through Microsoft Graph, exam seating
and invigilation, QR and Bluetooth-beacon attendance check-in, Metabase
utilisation reports, all on Azure AKS with Terraform and GitHub Actions.
About 90 sessions over eighteen months, written by hand the way coding
agents and people write them: long learnings with code spans and paths,
a multi-line learning with a pasted stack trace, long Documentation Seen
lists, sessions with a single learning, learnings struck through as
superseded (the replacement in a later session), near-duplicates of one
fact written again in another session, and follow-ups.

On purpose it holds traps for context-aware recall: sessions that read a
task's file or doc while learning something unrelated to the task, and
near-miss learnings that share one rare word with a task in another sense
or about another subject (beacon, drift, clearing, freeze, halls, seat,
token, orphan, window, badge, anchor, ghost, heat, pin, bank, sitting,
bridge, draft). This script holds the sessions; eval6's write, imported,
not copied, dates them (seeded, so the output is the same on every run),
orders them newest first and writes the file. Sessions marked old are
dated at least eight months before the newest. Written, with tasks.txt,
during issue 24's sixth round and before that round was measured, and not
tuned after it.

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

# ---------------------------------------------------------------- the teaching solver (Timefold, Kotlin)
S("Solver first run", ["solver/src/main/kotlin/Constraints.kt", "solver/src/main/resources/solverConfig.xml", "docs/solver.md", "https://docs.timefold.ai/timefold-solver/latest/constraints-and-score/overview"], [
    "D: The teaching timetable is solved with Timefold Solver 1.9 in `solver/`; a session (one lecture, lab or seminar of one group) is the planning entity and its timeslot and room are the two planning variables. Hard constraints live in `Constraints.kt` as constraint streams, never in DRL.",
    "D~: The solver runs for a fixed 20 minutes (`<secondsSpentLimit>1200</secondsSpentLimit>` in `solverConfig.xml`) ~~ replaced by the unimproved-time limit, see \"Solver termination\".",
], old=True)
S("Solver termination", ["solver/src/main/resources/solverConfig.xml", "docs/solver.md#termination"], [
    "U: The solver now stops after 5 minutes without a better score (`<unimprovedSpentLimit>PT5M</unimprovedSpentLimit>`), with a hard cap of 90 minutes; a full-year solve usually settles after 35-50 minutes.",
])
S("Room capacity constraint", ["solver/src/main/kotlin/Constraints.kt", "api/tessera/imports/planon.py"], [
    "C: Room capacity is a hard constraint on the *teaching* capacity from Planon (`teach_cap`), not the fire-safety capacity (`fire_cap`); using `fire_cap` put 180 students in a 140-seat theatre in week 2 and the fire officer closed it.",
])
S("Travel time between campuses", ["solver/src/main/kotlin/Constraints.kt", "docs/solver.md#travel", "data/campus_travel.csv"], [
    "R: A student or lecturer with back-to-back sessions on different campuses needs a free slot between them: Bryn to Morfa is a 25-minute walk and the shuttle bus runs only every half hour. The constraint is `campusTravel` (hard) and reads `data/campus_travel.csv`.",
])
S("Wednesday afternoons", ["solver/src/main/kotlin/Constraints.kt", "docs/policy/teaching-week.md"], [
    "R: Wednesday afternoons from 13:00 are kept free of undergraduate teaching for sport and societies (Senate policy); postgraduate sessions may use them, so the constraint filters on `level < 7`.",
])
S("Lecturer preferences", ["solver/src/main/kotlin/Constraints.kt", "api/tessera/staff/availability.py"], [
    "D: Staff \"prefer not\" times are a soft constraint weighted 10 per hour, and \"cannot\" times (caring duties, part-time days) are hard; the availability form stores both in `staff_availability` with a `kind` column.",
    "C: Never show one lecturer's availability reasons to another: the `reason` field holds things like medical appointments, so the API returns it only to the owner and the timetabling office.",
])
S("Max teaching hours in a row", ["solver/src/main/kotlin/Constraints.kt"], [
    "R: No lecturer teaches more than four hours in a row (UCU local agreement); it is a hard constraint, `maxConsecutiveTeaching`, and a one-hour lunch gap between 12:00 and 14:00 is soft.",
])
S("Solver score explanation", ["solver/src/main/kotlin/ScoreReport.kt", "docs/solver.md#explain"], [
    "D: `ScoreReport.kt` turns the `ScoreAnalysis` into a CSV per department (which constraint, which session, how much it costs); departments get it by email after each draft solve, and the timetabling office reads it before publishing.",
])
S("Pinned sessions", ["solver/src/main/kotlin/Session.kt", "api/tessera/sessions.py"], [
    "D: Departments can pin a session to a fixed slot and room (`pinned = true`, a `@PlanningPin` field); the solver never moves it, and a pinned session that breaks a hard constraint makes the whole solve infeasible, so the API refuses to pin a session into a clash.",
])
S("Solver memory", ["solver/Dockerfile", "infra/aks/solver-job.yaml", "docs/runbook.md"], [
    "D: A full-year solve needs about 11 GB of heap; the solver pod is given `-Xmx12g` and a 14 Gi memory limit, and it runs on the `solver` node pool (E8s_v5) so it does not starve the API.",
    "D: Kotlin and the solver build with Gradle 8.10 and JDK 21; the `solver/` module is on Kotlin 2.0.",
])
S("Solver job cancellation", ["infra/aks/solver-job.yaml", "api/tessera/solve.py", "solver/src/main/kotlin/Main.kt"], [
    "D: Cancelling a solve from the UI deletes the Kubernetes Job with `propagationPolicy: Foreground`; with the default (`Orphan`) the pods kept running for an hour and held the 14 Gi node.",
])
S("Solver random seed", ["solver/src/main/resources/solverConfig.xml", "docs/solver.md"], [
    "D: The solver's `<randomSeed>` is fixed at 37 in `solverConfig.xml` so two solves of the same data give the same timetable; change it only to get a different draft on purpose.",
])
S("Split groups", ["solver/src/main/kotlin/Constraints.kt", "api/tessera/imports/sits.py", "docs/solver.md#groups"], [
    "D: Labs with more students than the lab holds are split into groups (A, B, C) by the import, from the module's `max_group` in SITS; students are spread over groups by surname, and a student is never in two groups of one module.",
])
S("Room features", ["solver/src/main/kotlin/Constraints.kt", "api/tessera/imports/planon.py", "docs/rooms.md"], [
    "D: A session's required room features (`needs`: `pc_lab`, `wet_lab`, `dual_projection`, `lecture_capture`, `hearing_loop`) must all be in the room's Planon feature list; the constraint `roomFeatures` is hard except for `dual_projection`, which is soft.",
])
S("Step-free access", ["solver/src/main/kotlin/Constraints.kt", "api/tessera/imports/sits.py", "docs/rooms.md#access"], [
    "R: When any student or lecturer of a session has an access need flagged in SITS (`ACC` code), every room of that session must be step-free; the flag is hard, and the Old College's upper floors are never step-free.",
])

# ---------------------------------------------------------------- imports (SITS, Planon)
S("SITS import", ["api/tessera/imports/sits.py", "docs/imports.md", "https://sits.glannau.ac.uk/api/docs"], [
    "D: Modules, programmes and enrolments come nightly at 01:30 from SITS as CSV over SFTP (`/outbound/tessera/`); `imports/sits.py` loads them into staging tables and swaps them in one transaction, so a half-written file never reaches the solver.",
    "C: SITS writes the CSVs in Windows-1252, not UTF-8; reading them as UTF-8 turned Welsh names like `Siân` and `Llŷr` into mojibake on every timetable.",
], old=True)
S("SITS import again", ["api/tessera/imports/sits.py", "docs/imports.md"], [
    "D: SITS sends a module's teaching weeks as a pattern like `1-5,7-11` in `WEEKS`; week 6 is reading week in the first semester and the pattern skips it. `parse_weeks()` returns a 52-bit mask, with week 1 being the first week of teaching, not induction week.",
    "C: SITS writes the CSVs in Windows-1252 (cp1252), not UTF-8: decode with `cp1252` or names with a circumflex come out broken.",
])
S("Late enrolments", ["api/tessera/imports/sits.py", "api/tessera/groups.py"], [
    "D: Students enrolled through clearing in late August arrive in SITS without a group; the import puts them in the smallest group of each lab, and `groups.py` reruns the balancing only before week 1, never after, so settled students are not moved.",
])
S("Planon room import", ["api/tessera/imports/planon.py", "docs/rooms.md"], [
    "D: The room list comes from Planon's REST API every Sunday at 04:00; a room marked `bookable = false` in Planon (offices, store rooms) is skipped, and a room that disappears is kept but flagged `retired`, never deleted, because old timetables point at it.",
])
S("Planon API keys", ["api/tessera/imports/planon.py", "infra/aks/secrets.tf"], [
    "D: The Planon API key expires every 90 days; it is in Key Vault as `planon-api-key` and the CSI driver mounts it. The import fails with `401 Unauthorized` the morning after it expires and estates issue the new one.",
])
S("Module codes", ["api/tessera/models.py", "docs/imports.md#codes"], [
    "D: Module codes are four letters and five digits (`CSC12345`); a trailing `W` marks the Welsh-medium version of the same module (`CSC12345W`), which is timetabled separately but shares the lecturer.",
])
S("Programme structure", ["api/tessera/imports/sits.py", "api/tessera/clashes.py"], [
    "D: Clash checking is per programme and year: two compulsory modules of one programme year must not overlap, and optional modules are checked only against the compulsory ones, because students pick optional ones in so many combinations.",
])
S("Joint honours clashes", ["api/tessera/clashes.py", "docs/solver.md#clashes"], [
    "C: Joint honours students (two subjects, `JH` route in SITS) were missing from the clash check because it grouped by the first subject only; now each JH student's real module list is checked, which is slower (about 3 s per department) but catches the clashes students kept reporting.",
])

# ---------------------------------------------------------------- API (FastAPI, Postgres)
S("API stack", ["api/pyproject.toml", "api/tessera/main.py", "README.md"], [
    "D: The API is FastAPI 0.115 on Python 3.12 with SQLAlchemy 2 and Alembic; dependencies are locked with `uv` (`uv.lock`), and `uv sync --frozen` is what CI and the image run.",
], old=True)
S("Alembic migrations", ["api/alembic/env.py", "api/alembic/versions/", "docs/runbook.md#migrations"], [
    "C: Never edit an Alembic migration that has reached `main`; prod runs `alembic upgrade head` as an init container and a changed migration does not rerun, so the schema silently drifts from the code.",
    "D: Alembic revision files are named by date (`2026_03_14_add_room_features.py`); `alembic/env.py` sets `file_template` for it.",
])
S("Session ownership", ["api/tessera/sessions.py", "api/tessera/auth.py"], [
    "D: Only the timetabling office and the owning department's timetable coordinator can edit a session; `auth.py` reads the coordinator role from the Entra ID group `tessera-coord-<dept>`.",
])
S("Timeslot model", ["api/tessera/models.py", "docs/solver.md#timeslots"], [
    "D: A timeslot is a day and an hour from 09:00 to 18:00; sessions start on the hour and last one, two or three slots, and the 18:00-21:00 evening slots exist only for part-time postgraduate modules.",
])
S("Slow session list", ["api/tessera/sessions.py", "api/alembic/versions/"], [
    "D: The department session list was slow (4-6 s) because it loaded every room and lecturer lazily per row; `selectinload` on both and an index on `sessions(department_id, week_mask)` brought it under 200 ms.",
])
S("Advisory locks", ["api/tessera/solve.py", "api/tessera/db.py"], [
    "D: Only one solve per department runs at a time: `solve.py` takes `pg_try_advisory_lock(hashtext('solve:' || dept))` and returns 409 when it is held, instead of queueing a second solve.",
])
S("Connection pool", ["api/tessera/db.py", "infra/aks/api.yaml"], [
    "D: PgBouncer in transaction mode sits in front of Postgres; asyncpg's prepared statement cache must be off (`statement_cache_size=0`) or requests fail with `prepared statement \"__asyncpg_stmt_1__\" already exists`.",
])
S("Azure Postgres", ["infra/aks/postgres.tf", "docs/runbook.md#database"], [
    "D: Postgres is Azure Database for PostgreSQL Flexible Server 16, General Purpose D4ds_v5, with zone-redundant HA; point-in-time restore covers 14 days.",
])
S("Audit trail", ["api/tessera/audit.py", "api/tessera/sessions.py"], [
    "R: Every change to a published session (time, room, lecturer) is written to `session_audit` with who, when and why; the timetabling office has to answer students' complaints with it, so a move without a reason is refused.",
])

# ---------------------------------------------------------------- front end (Vue 3, bilingual)
S("Front end stack", ["web/package.json", "web/vite.config.ts", "README.md"], [
    "D: The front end is Vue 3 with Vite 5, Pinia and vue-i18n 9; `pnpm` only (the lockfile is `pnpm-lock.yaml`), and `pnpm dev` proxies `/api` to the local FastAPI on 8000.",
], old=True)
S("Welsh language", ["web/src/i18n/cy.json", "web/src/i18n/en.json", "docs/welsh-language.md"], [
    "R: Under the Welsh Language Standards every screen must be fully available in Welsh and Welsh must not be treated less favourably: the language toggle shows Cymraeg first, and no string may fall back to English in `cy.json` on a release.",
    "D: Welsh strings are translated by the university's translation unit (Uned Gyfieithu), not by developers; new keys go into `cy.json` with the value `TODO-CY` and a CI check blocks a release while any remain.",
])
S("Welsh plurals", ["web/src/i18n/cy.json", "web/src/i18n/index.ts"], [
    "D: Welsh has six plural forms (zero, one, two, few, many, other); vue-i18n's default rule only knows two, so `i18n/index.ts` adds a `pluralRules.cy` function, without which \"3 darlith\" and \"2 ddarlith\" came out wrong.",
])
S("Room search page", ["web/src/views/RoomSearch.vue", "api/tessera/rooms.py"], [
    "D: The room search filters by capacity, features and campus on the server; the page waits 300 ms after the last keystroke before it calls `/api/rooms/search`, because firing on every key hung the browser tab on slow laptops.",
])
S("Room search styling", ["web/src/views/RoomSearch.vue", "web/src/styles/buttons.css"], [
    "D: The secondary \"ghost\" button style (transparent, thin border) fails contrast in the high-contrast theme; `buttons.css` gives it a solid border under `prefers-contrast: more`.",
])
S("My timetable view", ["web/src/views/MyTimetable.vue", "web/src/components/WeekGrid.vue"], [
    "D: `WeekGrid.vue` draws a week with CSS grid, one row per half hour; overlapping sessions (a student's optional clash) are drawn side by side, each at half width, and the week picker uses teaching weeks, not ISO weeks.",
])
S("Timetable print", ["web/src/views/MyTimetable.vue", "web/src/styles/print.css"], [
    "P: The user wants the printed timetable on one A4 landscape page with the module codes, not the module titles, which overflow the cells.",
])
S("Help page anchors", ["web/src/views/Help.vue", "web/src/i18n/cy.json"], [
    "D: The help page builds its heading ids from the English heading text, so the anchor links in the Welsh version point at ids that do not exist; ids now come from a fixed key per heading, the same in both languages.",
])
S("Front-end analytics", ["web/src/analytics.ts", "web/src/views/MyTimetable.vue"], [
    "D: Page views go to the university's Matomo; the time-on-page event is sent as a beacon (`navigator.sendBeacon`) on `visibilitychange`, because a normal fetch on unload was dropped by the browser.",
])
S("Accessibility audit", ["web/src/components/WeekGrid.vue", "docs/accessibility.md"], [
    "R: The week grid must be usable with a screen reader: each session cell is a button whose label reads module, type, room and time in full, and arrow keys move between cells.",
])

# ---------------------------------------------------------------- iCal feeds
S("iCal feed", ["api/tessera/ical.py", "docs/ical.md", "https://www.rfc-editor.org/rfc/rfc5545"], [
    "D: Every student and lecturer has a personal iCal feed at `/ical/<token>.ics`; the token is 32 random bytes, stored hashed, and \"reset link\" in the settings makes a new one, after which the old calendar subscription stops updating.",
    "D: Outlook refreshes a subscribed calendar only every 3-24 hours and Google every 8-24 hours, whatever `REFRESH-INTERVAL` says; a room change made in the morning may not show in the student's phone calendar until the next day.",
], old=True)
S("iCal time zones", ["api/tessera/ical.py", "docs/ical.md#timezones"], [
    "C: Events must carry `TZID=Europe/London` with a full `VTIMEZONE` block; in UTC form (`...Z`) Outlook on Windows put every lecture an hour early from the end of March to the end of October.",
])
S("iCal feed size", ["api/tessera/ical.py", "api/tessera/cache.py"], [
    "D: A lecturer's feed for the whole year was 600 KB and took 2 s to build; the feed now holds only the current semester and the next four weeks, and is cached in Redis for 15 minutes per token.",
])
S("iCal cancelled sessions", ["api/tessera/ical.py"], [
    "D: A cancelled session stays in the feed with `STATUS:CANCELLED` and the same `UID` (`session-<id>-w<week>@tessera`) rather than disappearing, so calendar apps remove it instead of keeping a stale copy.",
])

# ---------------------------------------------------------------- ad-hoc room booking, Exchange / Graph
S("Room booking", ["api/tessera/bookings.py", "docs/booking.md"], [
    "D: Ad-hoc bookings (meetings, society events, external hires) go into the same room calendar as teaching; a booking can never displace a published teaching session, and the booking form only offers rooms free in every week asked for.",
], old=True)
S("Exchange room mailboxes", ["api/tessera/graph.py", "docs/booking.md#exchange", "https://learn.microsoft.com/graph/api/resources/event"], [
    "D: Each bookable room has an Exchange room mailbox (`rm-bryn-b23@glannau.ac.uk`); `graph.py` writes teaching sessions and bookings into it through Microsoft Graph with application permissions restricted by an `ApplicationAccessPolicy` to the `tessera-rooms` mail-enabled group.",
    "C: Graph throttles one mailbox at about 10,000 requests per 10 minutes; the first full sync of a lecture theatre hit 429s for an hour. Batch with `$batch` (20 per request) and honour `Retry-After`.",
])
S("Exchange sync drift", ["api/tessera/graph.py", "api/tessera/jobs/reconcile.py"], [
    "D: People book rooms straight in Outlook and the room calendar drifts away from tessera; a nightly `reconcile.py` compares both and cancels Outlook-only bookings that clash with teaching, mailing the organiser.",
])
S("No-show bookings", ["api/tessera/bookings.py", "api/tessera/checkin.py", "docs/booking.md#release"], [
    "R: A room booked for a meeting where nobody checks in within 20 minutes is released automatically (\"ghost bookings\", estates' request); teaching sessions are never released this way.",
])
S("External hires", ["api/tessera/bookings.py", "api/tessera/invoices.py"], [
    "D: External hires are invoiced through the finance system (Agresso) by a CSV drop; refunds for a cancelled hire go back to the bank account on the invoice, never as a credit note, finance insists.",
])
S("Booking service account", ["infra/aks/graph.tf", "docs/booking.md#accounts"], [
    "D: The Graph app registration uses a certificate, not a client secret; the cert is in Key Vault as `tessera-graph-cert` and rotates yearly in September, before the term's booking rush.",
])

# ---------------------------------------------------------------- exams
S("Exam solver", ["solver/src/main/kotlin/exams/ExamConstraints.kt", "docs/exams.md"], [
    "D: Exams are solved in a second Timefold run with its own constraints in `exams/ExamConstraints.kt`: no student sits two exams at once, none sits more than two in a day, and a gap of at least one exam period between a student's two exams is soft.",
], old=True)
S("Exam extra time", ["api/tessera/exams/arrangements.py", "docs/exams.md#arrangements"], [
    "R: Students with extra time (25% or 50%, from the disability service's `ARR` record) sit in a separate room from the main hall, and their exam end time, not the hall's, is what the clash check uses.",
])
S("Exam seating", ["api/tessera/exams/seating.py", "docs/exams.md#seating"], [
    "D: Seats in the sports hall are numbered row letter plus number (`A12`); `seating.py` seats students of one exam in alphabetical order, and two students of the same exam are never placed side by side when the hall has room for a gap.",
])
S("Invigilators", ["api/tessera/exams/invigilation.py", "docs/exams.md#invigilation"], [
    "R: One invigilator per 40 candidates, at least two per room, and a separate-room exam with one candidate still needs one; postgraduate invigilators may not invigilate their own department's exams.",
])
S("Resit period", ["solver/src/main/kotlin/exams/ExamConstraints.kt", "docs/exams.md#resits"], [
    "D: The August resit period has only eight days and the Morfa hall, so the resit solve drops the \"at most two exams a day\" rule to soft; students resitting four modules often get two in one day.",
])
S("Exam timetable publishing", ["api/tessera/exams/publish.py", "docs/exams.md#publishing"], [
    "R: The exam timetable is published to students six weeks before the first exam and may not change after that except for a room swap; the publish step freezes the exam rows (`frozen = true`).",
])
S("Exam PDF", ["api/tessera/exams/pdf.py", "web/src/views/MyExams.vue"], [
    "D: Students' exam timetable PDFs are made with WeasyPrint; the Welsh version needs the `Noto Sans` font installed in the image or letters like `ŵ` and `ŷ` render as boxes.",
])

# ---------------------------------------------------------------- attendance check-in
S("QR check-in", ["api/tessera/checkin.py", "web/src/views/CheckIn.vue", "docs/checkin.md"], [
    "D: Attendance check-in shows a QR code on the lectern screen that changes every 30 seconds (a TOTP-like code from the session id and a server secret), so a photo of it sent to a friend stops working.",
], old=True)
S("Bluetooth beacons", ["api/tessera/checkin.py", "docs/checkin.md#beacons"], [
    "D: In the Hugh Owen lecture theatres check-in uses Bluetooth beacons (Kontakt.io) instead of QR codes; the app sees the beacon's major/minor ids and the API maps them to a room in `beacons.csv`.",
    "C: Beacon batteries last about 18 months; a dead one makes every student in that room \"absent\", so `checkin.py` ignores a room whose beacon has not been heard for 24 h instead of marking absences.",
])
S("Attendance for visas", ["api/tessera/checkin.py", "api/tessera/reports/ukvi.py", "docs/checkin.md#ukvi"], [
    "R: Students on a Student visa (the old Tier 4) must have attendance reported to the compliance team weekly; `reports/ukvi.py` lists students who missed two weeks of all sessions, and the list must never leave the compliance team's SharePoint.",
])
S("Check-in clock", ["api/tessera/checkin.py", "infra/aks/api.yaml"], [
    "D: Check-in times are stamped by the server, never by the phone: phone clocks are often minutes off and a student 10 minutes late looked on time.",
])

# ---------------------------------------------------------------- reports (Metabase)
S("Utilisation reports", ["reports/metabase/utilisation.sql", "docs/reports.md"], [
    "D: Room utilisation for estates is frequency (hours booked / hours available) times occupancy (students enrolled / teaching capacity); `utilisation.sql` computes both per room per week, and Metabase draws the heat map from it.",
], old=True)
S("Utilisation by campus", ["reports/metabase/utilisation.sql", "reports/metabase/rooms_view.sql"], [
    "D: The utilisation heat map showed nothing for Morfa because Morfa rooms have `campus = 'MORFA '` with a trailing space in Planon; the view now trims it.",
])
S("Cohort report", ["reports/metabase/cohorts.sql", "docs/reports.md#cohorts"], [
    "D: Metabase's cohort dashboard groups students by entry year and programme to show hours of teaching per week; first years average 14 hours in sciences and 8 in humanities.",
])
S("Estates heating", ["docs/rooms.md", "reports/metabase/utilisation.sql"], [
    "D: Estates turn the heat off in the Old College at 18:00, so evening classes there got complaints all winter; rooms in the Old College now carry `evening = false` in Planon and the solver keeps evening slots out of them.",
])

# ---------------------------------------------------------------- infra (AKS, Terraform, CI)
S("AKS cluster", ["infra/aks/main.tf", "docs/runbook.md", "README.md"], [
    "D: Everything runs on one AKS cluster in UK South (`aks-tessera-prod`) with three node pools: `system`, `api` (D4s_v5) and `solver` (E8s_v5, scaled to zero when no solve runs).",
], old=True)
S("Terraform state", ["infra/aks/backend.tf", "docs/runbook.md#terraform"], [
    "D: Terraform state is in the `sttesseratf` storage account with a blob lease lock; `terraform plan` in CI runs against it read-only, and only the `deploy` workflow applies.",
])
S("Terraform drift", ["infra/aks/main.tf", "infra/aks/solver-pool.tf"], [
    "D: `terraform plan` showed drift on the solver node pool's `node_count` every morning because the cluster autoscaler changes it; `lifecycle { ignore_changes = [node_count] }` on the pool stops that.",
])
S("CI pipeline", [".github/workflows/ci.yml", "api/pyproject.toml", "web/package.json"], [
    "D: CI runs `ruff`, `pytest` and `mypy --strict` for the API, `pnpm lint`, `vitest` and `vue-tsc` for the web app, and `./gradlew test` for the solver, in parallel jobs; the solver job is the slow one (about 9 minutes).",
])
S("CI badge", ["README.md", ".github/workflows/ci.yml"], [
    "D: The coverage badge in `README.md` is written by the `coverage` job into the `badges` branch as an SVG; it showed 0% for a week because the job ran on pull requests too, where the push is refused.",
])
S("Renovate", ["renovate.json", ".github/workflows/ci.yml"], [
    "U: Dependency updates come from Renovate, not Dependabot; minor and patch updates of the API group into one weekly PR on Monday, and Timefold is pinned to a minor version because its score DSL changed between minors.",
])
S("Deploy", [".github/workflows/deploy.yml", "infra/aks/api.yaml", "docs/runbook.md#deploy"], [
    "D: Deploys go through `deploy.yml` on a tag `v*`; it builds the images, pushes them to `acrtessera`, runs the Alembic init container and rolls the API with `maxUnavailable: 0`.",
    "R: No deploy during the first two weeks of a semester or during the exam period, except for a hotfix the head of timetabling approves; the freeze dates are in `docs/runbook.md#freeze`.",
])
S("Maintenance window", ["docs/runbook.md#maintenance", "reports/metabase/traffic.sql"], [
    "D: Traffic is lowest on Saturday between 02:00 and 06:00 (under 20 requests a minute); database upgrades and node image upgrades are done then, and the status page is set an hour before.",
])
S("Secrets", ["infra/aks/secrets.tf", "infra/aks/api.yaml"], [
    "C: Secrets reach pods only through the Key Vault CSI driver; never put them in the Helm values or a ConfigMap, and never in GitHub Actions variables.",
])
S("Licences", ["docs/runbook.md#accounts", "infra/aks/graph.tf"], [
    "D: The service mailbox that sends timetable change emails (`amserlen@glannau.ac.uk`) is a shared mailbox and needs no licence; the university ran out of Microsoft 365 seats once and a licensed service account was removed without warning.",
])

# ---------------------------------------------------------------- timetable publishing and changes
S("Draft and publish", ["api/tessera/publish.py", "docs/policy/timeline.md"], [
    "D: A department's timetable goes through `draft` -> `review` -> `published`; students see only published sessions, and the timetabling office publishes all departments at once on the fixed date in `timeline.md`.",
], old=True)
S("Timetable freeze", ["api/tessera/publish.py", "docs/policy/timeline.md#freeze"], [
    "R: Four weeks before teaching starts the teaching timetable is frozen: after that only the timetabling office can move a published session, and each move emails every affected student.",
])
S("Change emails", ["api/tessera/notify.py", "api/tessera/templates/change_email.html"], [
    "D: Change emails are batched: moves of one session within 10 minutes send one email with the final state; the first version sent five emails when a coordinator dragged a lecture around the week.",
    "D: Change emails are bilingual in one message, Welsh first, as the Welsh Language Standards ask of emails to students.",
])
S("Change emails again", ["api/tessera/notify.py"], [
    "D: Emails about timetable changes are grouped: several moves of the same session inside 10 minutes become one message showing where it ended up.",
])
S("Bank holidays", ["api/tessera/calendar.py", "data/holidays.yml"], [
    "D: Bank holidays are not in SITS; `data/holidays.yml` lists them with the Easter closure days, and the solver treats them as unavailable for all sessions. The May bank holidays fall in the exam period and exams are held on them.",
])
S("Term dates", ["api/tessera/calendar.py", "docs/policy/timeline.md"], [
    "D: Teaching week 1 is the Monday after induction week; `calendar.py` maps teaching weeks to dates from `term_start` per academic year, and semester two's week numbering restarts at 1 after the January exams.",
])
S("Withdrawn modules", ["api/tessera/imports/sits.py", "api/tessera/sessions.py"], [
    "D: When SITS withdraws a module, its sessions become orphans: the import keeps them in draft with `withdrawn = true` and lists them for the department's coordinator instead of deleting them, since a module is sometimes reinstated a week later.",
])
S("Python 3.12 upgrade", ["api/tessera/notify.py", "api/tessera/jobs/__init__.py", "api/pyproject.toml"], [
    "D: `datetime.utcnow()` is deprecated in Python 3.12 and raised warnings in every test run; the code uses `datetime.now(UTC)` throughout.",
])
S("Profiling the API", ["api/tessera/clashes.py", "infra/aks/api.yaml", "docs/runbook.md#profiling"], [
    "D: To profile a live API pod, `py-spy dump --pid 1` needs the `SYS_PTRACE` capability, which the prod pod spec does not grant; profile on staging, where `api.yaml` adds it.",
])
S("Room swap tool", ["api/tessera/sessions.py", "web/src/views/RoomSwap.vue"], [
    "D: The room swap tool exchanges the rooms of two sessions in the same slot in one transaction, checking both rooms' capacity and features first; it exists because moving one then the other used to fail halfway with a clash.",
])
S("Bridging courses", ["api/tessera/imports/sits.py", "docs/imports.md#foundation"], [
    "D: Foundation-year and summer bridging courses are not in SITS as modules; they come from a spreadsheet the Access office sends, loaded with `imports/foundation.py`, and are timetabled before the main solve so their rooms are pinned.",
])
S("Welsh-medium sessions", ["solver/src/main/kotlin/Constraints.kt", "api/tessera/imports/sits.py"], [
    "R: A Welsh-medium module (`W` suffix) must not be timetabled at the same time as its English twin when they share a lecturer, and the Coleg Cymraeg's funded modules must get rooms with simultaneous translation equipment when the group is mixed.",
])
S("Lecture capture", ["api/tessera/capture.py", "docs/rooms.md#capture"], [
    "D: Lectures in rooms with `lecture_capture` are recorded by Panopto automatically from the published timetable; `capture.py` pushes the schedule nightly, and a session moved after 18:00 is recorded in the old room unless pushed by hand with `tessera capture push`.",
])
S("Teams meetings", ["api/tessera/graph.py", "docs/booking.md#teams"], [
    "D: Hybrid sessions get a Teams meeting link created through Graph as the lecturer (delegated permission), so the lecturer owns the meeting; creating it as the room mailbox made the room the organiser and nobody could admit guests.",
])
S("Staff import", ["api/tessera/imports/staff.py", "docs/imports.md#staff"], [
    "D: Lecturers come from the HR system (iTrent) nightly; staff on fractional contracts have their non-working days as \"cannot\" availability, and a staff member leaving is kept until the end of the semester with `end_date` set.",
])
S("PhD teaching assistants", ["api/tessera/imports/staff.py", "solver/src/main/kotlin/Constraints.kt"], [
    "R: PhD students who teach (demonstrators) may teach at most 6 hours a week under their studentship terms; the solver treats it as hard per week, and they come from a separate CSV because iTrent does not hold them.",
])
S("Local dev", ["README.md", "docker-compose.yml", "api/tessera/seed.py"], [
    "D: `docker compose up` starts Postgres 16, Redis and a fake SFTP with a small SITS extract; `python -m tessera.seed` loads two departments and three weeks, enough to run a draft solve in about 40 s.",
])
S("Spanish comments", ["solver/src/main/kotlin/Constraints.kt", "CONTRIBUTING.md"], [
    "U: Code comments and commit messages are in English; the Valencia team's old `// ojo:` and `// pendiente:` comments are translated when a file is touched.",
])
S("Room booking charges", ["api/tessera/invoices.py", "docs/booking.md#charges"], [
    "D: External hire prices are per hour per room band (A-D), set yearly by estates in `data/room_bands.yml`; VAT is added for commercial hirers but not for charities, which need a charity number on the form.",
])
S("Session types", ["api/tessera/models.py", "docs/solver.md#types"], [
    "D: Session types are `LEC`, `SEM`, `PRAC`, `TUT`, `WKSHP` and `FIELD`; field trips take a whole day and block the students' other sessions that day, so `FIELD` sessions are pinned before the solve.",
])
S("Sitting and standing desks", ["docs/rooms.md", "api/tessera/imports/planon.py"], [
    "D: Planon lists the new collaborative rooms with standing desks and no sitting capacity, so `teach_cap` was 0 and the solver never used them; the import now takes the room's `flex_cap` when `teach_cap` is 0.",
])
S("Mobile app", ["mobile/README.md", "api/tessera/ical.py"], [
    "D: There is no native app: the Glannau app (built by Marketing in Flutter) embeds `MyTimetable.vue` in a WebView and passes the user's session in a header, so a front-end change must be checked inside that WebView too.",
])
S("Exam halls", ["docs/exams.md#halls", "api/tessera/exams/seating.py"], [
    "D: Students living in halls of residence are emailed their exam timetable to their university address only; the halls' own notice boards are run by Accommodation, not us.",
])
S("Exam timetable drafts", ["api/tessera/exams/publish.py", ".github/workflows/ci.yml"], [
    "P: The user wants draft exam timetables kept as numbered versions (draft 1, draft 2...) that can be compared side by side, never overwritten.",
])
S("API rate limits", ["api/tessera/main.py", "api/tessera/ical.py"], [
    "D: The API rate-limits per IP with `slowapi`: 60 requests a minute, except `/ical/` which allows 600 because a whole student residence shares one NAT address.",
])
S("Redis", ["infra/aks/redis.tf", "api/tessera/cache.py"], [
    "C: Do not run `FLUSHALL` on the prod Redis to clear a stale cache: it also holds the login sessions and the Celery queue; clear one key prefix with `tessera cache clear ical:` instead.",
])
S("Login", ["api/tessera/auth.py", "web/src/auth.ts"], [
    "D: Login is Entra ID with OIDC (PKCE) for staff and students; the SPA keeps tokens in memory only, and the CSRF check on form posts failed after login because the cookie was set on `api.` and the page read it on the bare domain.",
])
S("Search in Welsh", ["api/tessera/rooms.py", "web/src/i18n/cy.json"], [
    "D: Searching rooms by Welsh building names must fold mutations and accents: \"Adeilad Hugh Owen\", \"adeilad hugh owen\" and \"Hugh Owen\" find the same rooms, and `ŵ` matches `w`.",
])
S("Celery jobs", ["api/tessera/jobs/__init__.py", "infra/aks/worker.yaml"], [
    "D: Background jobs (imports, emails, the Graph sync, capture pushes) run on Celery with Redis as the broker; the Graph sync is on its own queue `graph` with one worker so Exchange throttling does not hold up emails.",
])
S("Sports hall bookings", ["api/tessera/bookings.py", "docs/exams.md#halls"], [
    "D: The sports hall is a teaching room only in the exam periods; the rest of the year Sport Glannau books it through their own system and tessera shows it as unavailable.",
])
S("Week patterns UI", ["web/src/components/WeekPicker.vue", "api/tessera/sessions.py"], [
    "D: The week picker sends weeks as a 52-bit mask string (`\"0111110111110...\"`), not a list; older clients sending a list get a 422 with a message naming the field.",
])
S("Solver infeasible", ["solver/src/main/kotlin/Main.kt", "docs/solver.md#infeasible"], [
    "D: When a draft solve ends with a negative hard score, the usual causes are a pinned session in a clash, a room feature nobody has (typos like `wetlab` for `wet_lab`), or a lecturer whose \"cannot\" times cover the whole week.",
])
S("Large lectures", ["solver/src/main/kotlin/Constraints.kt", "docs/rooms.md"], [
    "D: Only three rooms hold more than 250 (the Arts Centre theatre, Bryn B23 and the Morfa Great Hall); first-year lectures over 250 are pre-assigned to them before the solve so the solver does not waste time on them.",
])
S("Optional module sign-up", ["api/tessera/optionals.py", "web/src/views/Optionals.vue"], [
    "D: Students choose optional modules in tessera in a two-week window in April; the choices go back to SITS through its API the same night, and a student whose choices clash is shown the clash before confirming.",
])

CONSOLIDATED = [
    "C: Never run a solve against the production database from a laptop; use the `solver-draft` workflow, which runs it in the cluster against a snapshot.",
    "R: Any change to a hard constraint needs the head of timetabling's sign-off in the pull request, because it changes what every department is promised.",
    "U: Commit messages start with the area: `solver:`, `api:`, `web:`, `ical:`, `booking:`, `exams:`, `checkin:`, `imports:`, `infra:`, `docs:`.",
    "D: The university has two campuses, Bryn (the main one, on the hill) and Morfa (by the sea, sciences and the sports hall), and the Old College in town for some humanities teaching.",
    "P: The user prefers small pull requests and wants every user-facing string checked in both languages before merge.",
]
CONSOLIDATED_DOCS = "`README.md` (21), `docs/solver.md` (14), `docs/runbook.md` (9), `docs/exams.md` (7), `docs/imports.md` (6), `CONTRIBUTING.md` (4)"

MULTILINE = {
    "Connection pool": (
        "D",
        "What a request logged before the cache was turned off:\n"
        "  ```text\n"
        "  asyncpg.exceptions.DuplicatePreparedStatementError: prepared statement \"__asyncpg_stmt_1__\" already exists\n"
        "  HINT: pgbouncer with pool_mode set to \"transaction\" does not support prepared statements properly.\n"
        "  ```\n",
    ),
    "Exam PDF": (
        "D",
        "The WeasyPrint warning when the font is missing:\n"
        "  ```text\n"
        "  WARNING: Ignored `font-family: Noto Sans` at 3:5, no font found.\n"
        "  ```\n",
    ),
}


def main():
    assert len({s["focus"] for s in SESSIONS}) == len(SESSIONS), "two sessions share a focus"
    follow_ups = [
        ("Solver first run", "Solver termination"),
        ("SITS import", "SITS import again"),
        ("Change emails", "Change emails again"),
        ("iCal feed", "iCal feed size"),
        ("Exam solver", "Resit period"),
        ("QR check-in", "Bluetooth beacons"),
        ("Utilisation reports", "Utilisation by campus"),
        ("Room booking", "No-show bookings"),
    ]
    print(_eval6.write(SESSIONS, 2409, datetime.datetime(2026, 11, 25, 16, 0), datetime.datetime(2025, 5, 12, 9, 0), "tessera",
                       follow_ups, CONSOLIDATED, CONSOLIDATED_DOCS, MULTILINE))


if __name__ == "__main__":
    main()
