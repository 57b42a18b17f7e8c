#!/usr/bin/env python3
"""Writes memory.md for the tenth recall evaluation (eval_test.go).

A project memory unlike the first nine and the development sets:
"quayside", the terminal operating system of a container terminal with
quays in Rotterdam and Gdańsk: an OCR in-gate with truck appointments and
driver kiosks, a weighbridge on a serial line, EDIFACT messages to and
from shipping lines (BAPLIE, COPRAR, CODECO), yard allocation for
straddle carriers and RTGs in Python, a berth planner on OR-Tools with
AIS positions, reefer monitoring over MQTT, customs holds from Portbase,
storage billing exported to Exact Online, crane telemetry over OPC UA, a
rail planner, dangerous goods segregation, a React planner UI, all on
Kubernetes with Kafka and PostgreSQL. The team writes English with a few
Dutch and Polish words. About 95 sessions over nineteen months, written
the way coding agents and people write them: long learnings with code
spans and paths, multi-line learnings with a code block, long
Documentation Seen lists, sessions with a single learning, learnings
struck through as superseded (the replacement in a later session),
near-duplicates of one fact written again in another session, and
follow-ups.

On purpose it holds traps for context-aware recall: sessions that read a
task's file or doc (match.go, handlers.go, build.go, allocate.py,
YardMap.tsx, ingest.go, holds.go, storage.sql, plan.py, slots.go,
runbook.md, client.go, values.yaml, .gitlab-ci.yml, BerthGantt.tsx,
trainlist.py, serial.go) while learning something unrelated to the task,
and near-miss learnings that share one rare word with a task in another
sense or about another subject (ballast, manifest, pilot, trim, pin,
swap, feeder, hatch, stripping, segregation, harbor, gauge, twin, seal,
bunker, reach, wake). This script only dates the sessions with eval6's
writer (seeded, so the output is the same on every run), orders them
newest first and writes the file. Sessions marked old are dated at least
eight months before the newest. Written, with tasks.txt, during issue
24's seventh round and before that round was measured, and not tuned
after it.

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

# ---------------------------------------------------------------- in-gate, OCR, appointments, kiosk
S("OCR gate matching", ["gate/ocr/match.go", "docs/gate.md", "https://www.bic-code.org/check-digit-calculator/"], [
    "D: The OCR portal at the in-gate misreads about 4% of container numbers, nearly all `O`/`0` and `I`/`1` in the owner prefix; `match.go` now tries the ISO 6346 check digit on each such substitution before it sends the truck to the trouble lane.",
    "C: Never auto-accept an OCR read whose check digit fails, even when the appointment holds a single container: the user had a case where the wrong box left the terminal that way. It goes to the clerk.",
])
S("OCR misreads again", ["gate/ocr/match.go", "gate/ocr/match_test.go"], [
    "D: Owner prefix confusions seen this month besides O/0 and I/1: `B`/`8` on dirty doors and `S`/`5` at night under the sodium lights; added both pairs to the candidate list in `match.go` with tests from real portal images.",
])
S("Go toolchain bump", ["gate/ocr/match.go", "go.mod", "https://go.dev/doc/go1.23"], [
    "U: The Go services build with Go 1.23 now; `go.mod` says `toolchain go1.23.4` and the builder image was bumped in the same MR, otherwise `go` tries to download the toolchain inside the sandbox and fails offline.",
])
S("Trouble lane screen", ["gate/api/handlers.go", "gate/kiosk/src/Kiosk.tsx", "docs/gate.md"], [
    "R: A truck sent to the trouble lane must appear on the clerk's screen within 5 seconds; `handlers.go` now pushes it over the `gate.trouble` websocket instead of the clerk page polling every 30 s.",
])
S("Helm MR habits", ["gate/api/handlers.go", "deploy/helm/gate/values.yaml"], [
    "P: The user wants changes to Helm values in their own merge request, never mixed with code, so that a rollback is the revert of one commit.",
])
S("OCR outage", ["docs/gate.md", "gate/api/manual.go"], [
    "R: When the OCR cameras are down the clerks key the container number at the lane PC; `manual.go` must still enforce the check digit and log the entry as `MANUAL` so the gate report can count them.",
])
S("Truck appointment slots", ["gate/appointments/slots.go", "docs/tas.md", "https://www.portbase.com/en/services/truck-appointment/"], [
    "D: Appointment slots are 30 minutes long; `slots.go` caps a slot at open lanes × 6 trucks, and the cap is computed at midnight, so closing a lane during the day does not shrink today's slots and the lanes get overbooked.",
    "U: From 22:00 to 06:00 slot capacity is half the day value; the booking portal greys out a full slot instead of hiding it.",
])
S("Late trucks", ["gate/appointments/slots.go", "gate/appointments/expire.go"], [
    "R: A truck more than 60 minutes late loses its appointment and has to book again; the lane shows `APPT_EXPIRED`. A haulier with 3 no-shows in one week is blocked from booking for 48 hours.",
])
S("Release PIN", ["gate/appointments/pin.go", "gate/appointments/slots.go"], [
    "D: An import pickup needs the release PIN that the shipping line gives the haulier; it is 6 to 8 letters and digits, and `pin.go` compares it case-insensitively because half the lines print it in lower case.",
])
S("Kiosk receipt printer", ["gate/kiosk/src/Kiosk.tsx", "gate/kiosk/printer/escpos.ts"], [
    "D: The kiosk's Epson thermal printer silently drops the EIR slip when the QR code holds more than about 300 bytes; `escpos.ts` prints the short visit id in the QR now, not the whole visit JSON.",
])
S("Kiosk PWA", ["gate/kiosk/public/manifest.webmanifest", "https://developer.mozilla.org/en-US/docs/Web/Manifest/display"], [
    "D: The kiosk runs as an installed PWA on the lane tablets; `display: fullscreen` in the web manifest hides the Android navigation bar so drivers can't leave the app.",
])
S("Kiosk languages", ["gate/kiosk/src/i18n.ts"], [
    "P: The kiosk shows English, Polish, Romanian, Lithuanian and Turkish; the driver picks once and it is stored per driver card, not per tablet.",
])
S("Lane feature flags", ["gate/config/lanes.yaml", "gate/api/lanes.go"], [
    "D: Per-lane switches live in `gate/config/lanes.yaml` (e.g. `kiosk_v2: true` under `lane: 3`); `lanes.go` rereads the file every minute, so a new kiosk flow can be tried on one lane without a deploy.",
])

# ---------------------------------------------------------------- weighbridge and VGM
S("Weighbridge serial line", ["gate/weighbridge/serial.go", "https://pkg.go.dev/go.bug.st/serial", "docs/weighbridge.md"], [
    "D: The weighbridge indicator sends a frame every 200 ms over RS-232 at 9600 baud; `serial.go` must take a frame with the stable flag (`ST` at the start), not the last frame, or a truck that is still rolling gets a weight that is too low.",
    "C: VGM at the gate is the truck's gross weight minus the tare from the chassis register, never the tare written on the driver's paperwork.",
])
S("Weighbridge service", ["gate/weighbridge/serial.go", "gate/weighbridge/service_windows.go"], [
    "D: The indicator PC is a Windows 10 industrial box; our reader runs there as a Windows service through `kardianos/service`, and its logs go to the Event Log, not to files.",
])
S("VGM declarations", ["gate/vgm/declare.go", "https://www.imo.org/en/OurWork/Safety/Pages/Verification-of-the-gross-mass.aspx"], [
    "R: An export box without a VGM may enter the yard but must not be planned on a vessel; the planner UI marks it with a red scale icon and the loading list check refuses it.",
])

# ---------------------------------------------------------------- EDI
S("BAPLIE parser", ["edi/baplie/parse.go", "docs/edi.md", "https://smdg.org/documents/smdg-code-lists/"], [
    "D: BAPLIE 2.2 from some lines carries the stowage position in `LOC+147` as `0120382` (bay, row, tier: 7 digits) and from others as `120382` without the leading zero; `parse.go` left-pads to 7 before it splits.",
    "D: The SMDG liner code list has both `MSK` and `MAE` for Maersk depending on the sender's version; map both to the one line operator or its boxes are split in every report.",
])
S("BAPLIE 3.1", ["edi/baplie/parse31.go", "https://smdg.org/wp-content/uploads/BAPLIE-3.1.1.pdf"], [
    "R: BAPLIE 3.1 is needed for the CMA CGM calls from March; 3.1 carries the VGM in `MEA+AAE+VGM`, and `parse31.go` must reject a 3.1 file without it rather than fall back to the declared weight.",
])
S("CODECO gate messages", ["edi/codeco/build.go", "edi/mapping.yaml"], [
    "D: CODECO gate-out messages must get to MSC within 15 minutes of the truck leaving, or their system keeps the box as still in the terminal and charges the haulier for it.",
    "C: The user corrected me: CODECO is sent per shipping line, one interchange per line per 15-minute batch, not one interchange per container.",
])
S("EDIFACT character set", ["edi/codeco/build.go", "docs/edi.md"], [
    "D: The `UNB` segment must declare `UNOC:3` when a name holds characters like ł or ś (Polish transport companies); with `UNOA` the receiver rejected the whole interchange with `UNH segment count mismatch`.",
])
S("EDI partner config", ["edi/mapping.yaml", "edi/reload.go", "docs/edi.md"], [
    "U: `edi/mapping.yaml` is reloaded on SIGHUP (`kill -HUP` on the edi pod's main process, or `make edi-reload`); adding a trading partner needs no restart any more.",
])
S("Late loading lists", ["edi/coprar/load.go", "docs/edi.md"], [
    "D: A COPRAR loading list that arrives after the vessel's cutoff is still accepted but flagged `LATE`; the vessel planner must confirm each of its boxes by hand before they can be loaded.",
])
S("EDI archive", ["edi/archive.go"], [
    "U: Every inbound and outbound EDIFACT file is kept in the `edi-archive` bucket for 7 years (a customs requirement), gzip per day, named `{partner}/{yyyy}/{mm}/{dd}.tar.gz`.",
], old=True)

# ---------------------------------------------------------------- yard
S("Yard allocation v1", ["yard/allocate.py", "yard/blocks.yaml", "docs/yard.md"], [
    "D: `allocate.py` picks a block from the vessel's planned berth and the box's weight class; heavy boxes go on the lower tiers, and export boxes for one vessel are grouped by port of discharge inside a block.",
    "D~: `allocate.py` tries blocks in the order they are listed in `blocks.yaml` and takes the first with room. ~~ replaced by scoring on travel distance (see Yard allocation scoring).",
], old=True)
S("Yard allocation scoring", ["yard/allocate.py", "yard/score.py"], [
    "U: Blocks are scored on straddle carrier travel distance to the berth plus a penalty for every rehandle the new box would cause; the order in `blocks.yaml` is only a tie-break now.",
])
S("Python tooling", ["yard/allocate.py", "pyproject.toml", "https://docs.astral.sh/uv/"], [
    "U: The Python services are on 3.12 and use `uv`; `uv.lock` replaces the pip-tools `requirements.txt`, and `uv sync --frozen` is what the Dockerfiles run.",
])
S("Rehandles at night", ["yard/score.py", "yard/housekeeping.py"], [
    "D: Most rehandles (a straddle digging a box out from under others) come from import boxes whose pickup appointment is booked after they were stacked; `housekeeping.py` now re-sorts each import block at night by appointment time.",
])
S("Reefer blocks", ["yard/blocks.yaml", "reefer/plugs.yaml"], [
    "R: Reefer boxes may only be put in blocks R1 to R4 (the ones with power points); `allocate.py` must fail loudly rather than place a reefer elsewhere, because a reefer without power for more than 2 hours spoils its load.",
])
S("Stack heights", ["yard/blocks.yaml", "docs/yard.md"], [
    "U~: Straddle carrier blocks are stacked 3 high. ~~ 4 high since the new carriers (see Stack heights again).",
], old=True)
S("Stack heights again", ["yard/blocks.yaml"], [
    "U: Straddle carrier blocks go 4 high since the new Konecranes carriers (one over three); RTG blocks stay 6 high. `blocks.yaml`'s `max_tier` is the only place to change it.",
])
S("Out of size boxes", ["yard/allocate.py", "yard/oversize.py"], [
    "R: Flat racks and open tops with cargo sticking out over the sides or the top can't be stacked on or beside normal boxes; `oversize.py` sends them to block X1 on the ground only, one empty position either side.",
])
S("Empty depot", ["yard/empties.py"], [
    "D: Empties in the depot are handled by reach stackers, not straddles; their positions come from the reach stacker's terminal by GPS and are only good to about 5 m, so the depot is tracked per row, not per position.",
])
S("Yard map rendering", ["ui/src/yard/YardMap.tsx", "https://konvajs.org/docs/performance/All_Performance_Tips.html"], [
    "D: The yard map with 40k boxes froze the browser; drawing each block as one cached Konva layer and redrawing only the block that changed took a move update from 900 ms to 30 ms.",
])
S("Yard map colours", ["ui/src/yard/YardMap.tsx", "ui/src/theme.ts"], [
    "P: Default colouring is by port of discharge, not by shipping line (ops asked); keep the toggle for the other.",
])
S("CFS", ["yard/cfs.py"], [
    "D: CFS stripping (unloading an LCL box in the freight station) is booked per box with a 4-hour window, and the box goes back to the empty depot afterwards with `EMPTY_AFTER_CFS`.",
], old=True)

# ---------------------------------------------------------------- berth, cranes, vessels
S("Berth plan solver", ["berth/plan.py", "https://developers.google.com/optimization/scheduling/job_shop"], [
    "D: The berth planner uses OR-Tools CP-SAT with quay metres as a resource; a vessel needs its length plus 10% of quay. Solving is capped at 20 s, and if it has not proved optimality the best plan so far is kept and shown with a warning.",
])
S("Berth solver speed", ["berth/plan.py", "berth/plan_test.py"], [
    "D: Giving CP-SAT the previous plan as a hint (`AddHint` for every vessel's start) makes a replan after one ETA change finish in 2-3 s instead of hitting the 20 s cap.",
])
S("Marine pilots", ["berth/plan.py", "docs/berth.md"], [
    "D: Vessels over 200 m need a marine pilot; the agent books the pilot, and we must leave 90 minutes between the pilot's boarding time and the ETA at the quay.",
])
S("Feeders", ["berth/plan.py", "berth/windows.yaml"], [
    "D: Feeder vessels (under 1,000 TEU) get a fixed daily window at berth 9; the solver treats it as blocked quay, not as a vessel to place.",
])
S("AIS ETAs", ["berth/ais_ingest.go", "https://www.navcen.uscg.gov/ais-messages"], [
    "D: ETAs from AIS message type 5 are whatever the crew typed and are often days stale; `ais_ingest.go` computes the ETA from position and speed (types 1, 2, 3) within 200 nautical miles and trusts type 5 only further out.",
])
S("Berth Gantt", ["ui/src/berth/BerthGantt.tsx", "berth/plan.py", "berth/tides.py"], [
    "R: The Gantt must show the tide window as a hatched band for every vessel with a draught over 14.5 m; such vessels may only arrive or leave inside it, and the solver gets the same windows from `tides.py`.",
])
S("Date library", ["ui/src/berth/BerthGantt.tsx", "ui/package.json"], [
    "U: The UI uses `date-fns` v3 with `date-fns-tz`; moment.js is gone, don't bring it back in a new component.",
])
S("Crane split", ["berth/cranes.py", "docs/berth.md"], [
    "D: Two quay cranes can't work bays less than 2 apart (their legs would collide); `cranes.py` enforces the gap when it splits a vessel's bays over the STS cranes.",
])
S("Hatch covers", ["berth/cranes.py"], [
    "D: Hatch cover lifts count as crane moves in the gross figure but not for the productivity bonus; `cranes.py` tags them `HATCH`.",
])
S("Stability check", ["berth/stability.py"], [
    "D: The stowage stability check only warns when the trim by the stern is over 1 m; the chief officer decides, so `stability.py` never blocks a plan on it.",
], old=True)
S("Bunker barges", ["berth/windows.yaml", "docs/berth.md"], [
    "D: Bunker barges alongside a vessel at berths 4-6 take 15 m of quay on the water side only; they don't block the cranes, so they are not in the solver.",
])
S("Ballast water", ["berth/reports/port_authority.py"], [
    "U: The monthly port authority report no longer needs ballast water figures; the harbour office gets them from the agents directly since January.",
], old=True)

# ---------------------------------------------------------------- crane telemetry and KPIs
S("OPC UA cranes", ["cranes/opcua/client.go", "https://github.com/gopcua/opcua"], [
    "D: The STS cranes' PLCs expose spreader lock state and load weight over OPC UA; subscribe with a 500 ms publishing interval instead of polling, because the PLC allows 10 sessions and three polling services ran it out (`BadTooManySessions`).",
])
S("Twin lifts", ["cranes/opcua/client.go", "cranes/kpi.sql"], [
    "D: A twin-lift (two 20 ft boxes at once) gives one lock event but is two moves; `kpi.sql` counts the moves from the `twin` flag, not from lock events.",
])
S("Moves per hour", ["cranes/kpi.sql", "ui/src/berth/Kpi.tsx"], [
    "D: Gross moves per hour runs from a crane's first lift to its last; net leaves out breaks, shift changes and wind stops. Ops wants net on the wall screen and gross in the monthly report.",
])
S("Wind stops", ["cranes/wind.go", "docs/runbook.md"], [
    "R: Cranes stop at a 10-minute mean wind of 20 m/s; `wind.go` raises the stop from the anemometer on crane 1 and the berth plan gets a delay event, not a replan.",
])
S("Vessel wake", ["cranes/wind.go"], [
    "D: The wake of passing ships at berth 11 makes moored barges roll; the crane operators pause there, and those minutes are booked as weather stops.",
], old=True)

# ---------------------------------------------------------------- reefers
S("Reefer MQTT ingest", ["reefer/ingest.go", "https://www.emqx.io/docs/en/latest/"], [
    "D: Reefer controllers report through the power point's modem every 15 minutes over MQTT; the broker drops QoS 0 messages under load, so `ingest.go` subscribes with QoS 1 and de-duplicates on (container, timestamp).",
])
S("Metric types", ["reefer/ingest.go", "https://prometheus.io/docs/concepts/metric_types/"], [
    "D: `supply_temp_celsius` was exported as a counter by mistake and `rate()` made nonsense of it; it is a gauge now, and the old series was dropped from Prometheus.",
])
S("Reefer alarms", ["reefer/alarms.py", "docs/reefer.md"], [
    "R: A setpoint deviation over 2 °C for 30 minutes pages the reefer team; frozen cargo (setpoint below -10 °C) alarms at 1.5 °C.",
    "C: Don't alarm during a defrost cycle: the controller reports `DEFROST` and the supply temperature rises for up to 45 minutes, which is normal.",
])
S("Reefer alarm thresholds", ["reefer/alarms.py", "reefer/contracts.yaml"], [
    "U: Pharma reefers (commodity code 3004 in the booking) alarm at 1 °C for 15 minutes, as the customer's contract says; the thresholds are per commodity in `contracts.yaml`.",
])
S("Pre-trip inspections", ["reefer/pti.go"], [
    "D: PTI results come from the repair vendor as a CSV with Dutch headers (`Container`, `Uitslag`, `Datum`); `pti.go` maps `Uitslag` values `goed`/`afgekeurd` to pass/fail.",
], old=True)
S("Reefer plug counts", ["reefer/plugs.yaml", "ui/src/yard/ReeferPanel.tsx"], [
    "D: R1-R4 have 1,260 power points together but 40 are always broken; the plug count on the reefer panel comes from the last health check, not from `plugs.yaml`.",
])

# ---------------------------------------------------------------- customs
S("Customs holds", ["customs/holds.go", "https://www.portbase.com/en/services/"], [
    "D: Customs holds arrive from Portbase as `HOLD`/`RELEASE` events; a box with any open hold can't get a gate-out appointment, and `holds.go` keeps it open until every authority (customs, NVWA for food, port health) has released.",
    "C: The user: a scan hold (box picked for the X-ray) is not a normal hold; the box must go to the scan station first, and gate-out stays refused until the scan result is in.",
])
S("Customs release delay", ["customs/holds.go", "docs/runbook.md"], [
    "D: Portbase sends the release event minutes to hours after the broker sees the release in their own system, and hauliers phone the help desk; showing `last_event_at` on the hold screen cut those calls by half.",
])
S("Hold tests", ["customs/holds.go", "customs/holds_test.go"], [
    "D: `holds_test.go` used `time.Now()` and failed around midnight UTC; the tests inject a clock now (`clockwork.NewFakeClock`).",
])

# ---------------------------------------------------------------- billing
S("Storage billing", ["billing/storage.sql", "docs/tariffs.md"], [
    "D: Storage starts after the free days: 5 for full imports, 7 for exports, counted in calendar days from discharge; `storage.sql` counted working days and under-billed for a month.",
    "R: Reefer storage also charges the electricity per day from the first day, with no free days.",
])
S("SQL style", ["billing/storage.sql", ".sqlfluff"], [
    "P: SQL files are formatted with sqlfluff (dialect postgres, lower-case keywords); the pipeline fails on any diff.",
])
S("Invoice run", ["billing/invoice_run.py", "billing/tariffs.sql"], [
    "D: The monthly invoice run must price each move with the tariff valid on the day of the move, not on the invoice date; tariffs changed on 1 July and the June moves went out at the new rates.",
])
S("Exact export", ["billing/export_exact.py", "https://developers.exactonline.com/"], [
    "D: Exact Online rejects a sales invoice line whose description is over 60 characters; `export_exact.py` cuts it at 57 and adds `...`.",
])
S("Credit notes", ["billing/export_exact.py", "billing/credit.py"], [
    "C: A wrong invoice is never edited after export; the user wants a credit note for the whole invoice and a new invoice, both referencing the original number.",
])

# ---------------------------------------------------------------- rail
S("Train lists", ["rail/trainlist.py", "rail/wagons.go"], [
    "D: The rail operator's train list numbers wagon positions from the locomotive, our rail planner from the buffer end; `trainlist.py` reverses them on import.",
])
S("Typing", ["rail/trainlist.py", "mypy.ini"], [
    "P: Type hints everywhere and `mypy --strict` on new modules; old modules sit in the `mypy.ini` ignore list until someone touches them.",
])
S("Rail cutoff", ["rail/cutoff.go", "docs/rail.md"], [
    "R: A box must be in the rail yard 3 hours before its train leaves; a later box is rolled to the next train automatically and the line gets a `COARRI` with the new train number.",
])
S("Swap bodies", ["rail/wagons.go"], [
    "D: Swap bodies have no ISO 6346 number; the wagon check accepts an ILU code (four letters ending in C, D or K) for them instead.",
], old=True)

# ---------------------------------------------------------------- dangerous goods
S("IMDG segregation", ["dg/segregation.py", "https://www.imo.org/en/OurWork/Safety/Pages/DangerousGoods-default.aspx"], [
    "D: `segregation.py` encodes IMDG table 7.2.4 as a matrix of classes; in the yard 'separated from' means at least one empty ground position in every direction, and class 1 boxes only go to block DG1.",
])
S("DG declarations", ["dg/declare.go", "edi/mapping.yaml"], [
    "D: Dangerous goods data comes in the `DGS` segments of the booking; a UN number without a class is rejected at pre-advice, not at the gate, so the driver isn't turned away.",
])

# ---------------------------------------------------------------- platform
S("Kafka partitions", ["deploy/kafka/topics.yaml", "https://kafka.apache.org/documentation/#topicconfigs"], [
    "D: `gate.events` has 12 partitions keyed by visit id; keying by container number spread a truck's two boxes over two partitions and a gate-out could be handled before its gate-in.",
])
S("Kafka retention", ["deploy/kafka/topics.yaml", "deploy/kafka/s3-sink.json"], [
    "U: Retention of `reefer.readings` is 7 days (was 30); the S3 sink connector archives everything, so a replay further back reads from S3 with `tools/replay --from-s3`.",
])
S("Postgres 16 upgrade", ["deploy/postgres/README.md", "https://www.postgresql.org/docs/16/upgrading.html"], [
    "D: `pg_upgrade --link` from 13 to 16 took 4 minutes for 900 GB, but the planner statistics were gone and the yard queries ran sequential scans until `vacuumdb --analyze-in-stages` finished about an hour later.",
])
S("Postgres failover", ["deploy/postgres/patroni.yaml", "docs/runbook.md"], [
    "D: Patroni fails over in about 30 s; the Go services reconnect on their own, but the Python allocator keeps a dead connection unless `pool_pre_ping=True` is set on the SQLAlchemy engine.",
])
S("Sealed secrets", ["deploy/helm/gate/values.yaml", "https://github.com/bitnami-labs/sealed-secrets"], [
    "D: Secrets in the repo are sealed with `kubeseal`; the shared Portbase credentials must be sealed with `--scope namespace-wide`, or the sealed secret can't be renamed or copied to the edi chart.",
])
S("Memory limit", ["gate/api/main.go", "deploy/helm/gate/values.yaml", "https://tip.golang.org/doc/gc-guide"], [
    "U: Removed the 1 GB memory ballast from `gate-api`'s `main.go`; `GOMEMLIMIT=1536MiB` in the Helm values does the same job, with the pod limit at 2Gi.",
])
S("Registry robot", [".gitlab-ci.yml", "https://goharbor.io/docs/2.10.0/administration/robot-accounts/"], [
    "D: Images go to our Harbor at `harbor.quayside.internal`; its robot accounts expire after 30 days by default, which broke image pushes with `unauthorized: authentication required`. The robot now never expires and is rotated by hand each quarter.",
])
S("Pipeline caches", [".gitlab-ci.yml", "go.sum", "uv.lock"], [
    "D: The Go module cache in CI is keyed on `go.sum` and the `uv` cache on `uv.lock`; sharing one key made both jobs download everything on every run.",
])
S("Renovate", ["renovate.json"], [
    "U: Renovate groups Go minor updates into one weekly MR on Monday; `google.golang.org/grpc` is held at 1.64 in `renovate.json` (`allowedVersions`) until the OPC UA library supports the newer one.",
])
S("Grafana dashboards", ["deploy/grafana/gate.json", "deploy/grafana/README.md"], [
    "U: Dashboards are JSON in the repo and provisioned on deploy; an edit made in the Grafana UI is lost at the next deploy, so export it and commit.",
])
S("Logging", ["pkg/log/log.go"], [
    "U: Go services log with `slog` as JSON; every line about a box carries `container` and `visit_id` fields so Loki can follow one box across services.",
], old=True)
S("Build flags", ["Makefile", "gate/Dockerfile"], [
    "D: `make images` builds with `-trimpath` and injects the version with `-ldflags -X main.version=$(git describe)`; the images are distroless, so there is no shell to exec into.",
])

# ---------------------------------------------------------------- planner UI
S("Planner login", ["ui/src/auth/oidc.ts", "https://www.keycloak.org/docs/latest/securing_apps/"], [
    "D: Keycloak's session idle timeout is 30 minutes and planners lost unsaved stowage edits when it ran out; the UI refreshes the token silently every 4 minutes while a tab is open.",
])
S("Planner translations", ["ui/src/i18n/pl.json", "ui/src/i18n/nl.json"], [
    "P: The Gdańsk planners want the UI in Polish but EDI and ISO codes left untranslated; `pl.json` says `Nabrzeże` for quay, and the terms list in `docs/glossary.md` is the reference for both translations.",
])
S("Stowage drag and drop", ["ui/src/stowage/BayView.tsx"], [
    "D: Dropping a box on an occupied cell in the bay view used to exchange the two; planners wanted a refusal instead, so the drop is rejected with a shake and the two must be moved one by one.",
])
S("Planner printing", ["ui/src/stowage/print.css"], [
    "P: Bay plans print on A3 landscape, one bay per page, black and white with hatching for reefers; planners take them to the vessel.",
], old=True)
S("E2E tests", ["ui/playwright.config.ts"], [
    "D: Playwright tests run against the `staging-mock` profile with a fake Portbase; never point them at the real acceptance environment, they create appointments there.",
])

# ---------------------------------------------------------------- follow-ups, near-duplicates, second facts
S("Slot cap on lane changes", ["gate/appointments/slots.go", "gate/api/lanes.go"], [
    "U: The slot cap is recomputed whenever a lane opens or closes (the `lanes.changed` event), not only at midnight; bookings already over the new cap are kept, new ones are refused.",
])
S("Haulier pre-advice upload", ["gate/preadvice/csv.go", "docs/tas.md"], [
    "D: The haulier pre-advice CSV upload rejected container numbers typed with spaces or a dash (`MSKU 123456-7`); `csv.go` now strips spaces and dashes and upper-cases before the check digit test.",
    "C: A pre-advice row with an unknown container is not an error for the whole file; the user wants the good rows saved and the bad ones listed back with their line number.",
])
S("Pre-advice API", ["gate/preadvice/api.go"], [
    "D: Pre-advice through the portal API also arrives with lower-case owner codes now and then; upper-case them before the lookup, as the CSV upload does.",
])
S("Gate report", ["gate/report/daily.sql", "docs/gate.md"], [
    "D: The daily gate report counts a visit with two boxes as one truck turn; turn time is gate-in to gate-out per visit, reported as the median, not the mean.",
])
S("Turn time colours", ["ui/src/gate/OpsScreen.tsx"], [
    "R: A truck turn time over 60 minutes is orange on the ops screen and over 90 minutes red.",
])
S("Defrost modes", ["reefer/alarms.py", "reefer/controllers.py"], [
    "D: Pages at 03:00 again for boxes in defrost: Carrier controllers report defrost as mode `4`, not `DEFROST`; `alarms.py` maps both now, Daikin and Thermo King still send the word.",
])
S("Reefer unplug scan", ["reefer/alarms.py", "ui/src/yard/ReeferPanel.tsx"], [
    "R: Before a reefer is unplugged for loading, the straddle driver scans it and monitoring stops expecting readings for 4 hours; without that scan every reefer leaving the block raised `NO_DATA`.",
])
S("Hold screen names", ["ui/src/customs/HoldScreen.tsx"], [
    "P: The hold screen shows each authority by its own name (Douane, NVWA, Port Health), never by our internal codes.",
])
S("Free day start", ["billing/storage.sql", "billing/storage_test.sql"], [
    "D: The free-day count starts the day after discharge, not on it (the tariff says the day of discharge is day 0); `storage.sql` has tests for a box discharged at 23:50.",
])
S("Billing consumer lag", ["billing/consumer.go", "deploy/kafka/topics.yaml"], [
    "D: The billing consumer on `gate.events` fell 3 hours behind at month end: `max.poll.records` was 500 and every record made its own database round-trip; inserting per poll batch fixed it.",
])
S("Vessel visit ids", ["berth/visits.go", "docs/berth.md"], [
    "U: A vessel visit is identified as `{IMO}-{year}-{seq}`, never by a line's voyage number, because lines sharing a vessel give it different voyage numbers.",
])
S("Voyage numbers", ["berth/visits.go", "edi/baplie/parse.go"], [
    "D: Each line's voyage number is kept per visit in `visit_line_voyages`, and the BAPLIE import finds its visit through that table.",
])
S("Gate images", ["gate/ocr/images.go"], [
    "D: OCR portal images are kept 90 days in the `gate-images` bucket for damage claims; the inspection app attaches them to the EIR.",
])
S("Damage at gate-in", ["gate/inspection/damage.go"], [
    "R: A damage noted at gate-in needs at least one photo; the clerk can't finish the visit without one.",
])
S("Berth plan publishing", ["berth/publish.py"], [
    "D: The published berth plan goes to the port authority as CSV every 6 hours; their importer wants `;` as separator and decimal commas.",
])
S("Yard inventory", ["yard/inventory.py"], [
    "D: The yearly yard inventory compares the system with a drive-by scan from a straddle; most mismatches are boxes moved by the maintenance team without a job in the system.",
], old=True)
S("Straddle dispatch", ["yard/dispatch.go", "docs/yard.md"], [
    "D: Straddle carrier jobs are dispatched nearest-first by `dispatch.go`; a job older than 20 minutes jumps the queue so a truck isn't left standing at the transfer point.",
])
S("Buried boxes", ["yard/dispatch.go"], [
    "D: A truck waiting over 30 minutes at the transfer point nearly always means its box is buried; the dispatcher now creates the digging moves as soon as the job is made, not when the straddle gets there.",
])
S("Time zones", ["pkg/timeutil/zone.go"], [
    "C: Every timestamp in the database is UTC; the UI shows Europe/Amsterdam for both sites (Gdańsk is the same zone), never the browser's zone.",
], old=True)
S("Audit trail", ["pkg/audit/audit.go", "docs/security.md"], [
    "R: Every manual change to a box (position, hold, weight) writes an audit row with the user and the old value; the terminal's ISPS auditor reads them yearly.",
], old=True)
S("Deploy windows", ["docs/runbook.md", "deploy/README.md"], [
    "P: No deploys to the gate services between 05:00 and 09:00 or on Monday mornings, the busiest gate hours; the user asked to be reminded before any deploy in that window.",
])
S("Empty release", ["yard/empties.py", "edi/mapping.yaml"], [
    "D: An empty is released to a haulier against the line's booking number; the line's `min_grade` (A for food, B for general) decides which empties the depot may hand out.",
])
S("AIS ingest restart", ["berth/ais_ingest.go", "deploy/helm/berth/values.yaml"], [
    "D: The AIS feed from the provider drops the TCP connection every night at 02:00; `ais_ingest.go` reconnects with backoff, and positions older than 10 minutes don't move the ETA.",
])
S("KPI report", ["cranes/kpi.sql", "reports/monthly.py"], [
    "D: The monthly report's crane figures come from `kpi.sql` run on the last day at 23:59 UTC, which cut the last hour in Amsterdam time; it runs on the 1st at 02:00 now.",
])
S("Planner offline", ["ui/src/stowage/BayView.tsx", "ui/src/sync.ts"], [
    "R: Stowage edits must survive a lost connection on the vessel's Wi-Fi: `sync.ts` keeps them in IndexedDB and sends them when the connection is back, oldest first.",
])


CONSOLIDATED = [
    "C: Never run the yard allocator or the berth solver against production from a laptop; use the `plan-sandbox` namespace, which reads a nightly copy.",
    "R: Every message to or from a shipping line goes through the EDI service; no other service may send a line anything directly, not even an email.",
    "U: Container numbers are stored without spaces, upper case, check digit included (`MSKU1234565`); format them with spaces only for display.",
    "P: Commit messages in English, imperative, with the Jira key first (`QS-1234 gate: ...`); the Gdańsk and Rotterdam teams review each other's MRs.",
    "D: The acceptance environment shares Portbase's test system with other terminals; their messages show up in our queues and must be ignored by sender id, not treated as errors.",
    "U: Distances in the yard are metres along the straddle lanes, not straight lines; `yard/graph.py` holds the lane graph.",
    "C: Don't write `TEU` where a box count is meant: a 40 ft box is 2 TEU, and ops reads the numbers differently.",
    "P: Runbooks are in `docs/runbook.md`, one heading per alert name, so the pager link can jump straight to the section.",
]

CONSOLIDATED_DOCS = "`README.md` (24), `docs/runbook.md` (15), `docs/gate.md` (11), `docs/edi.md` (9), `docs/yard.md` (7), `docs/berth.md` (6), `CONTRIBUTING.md` (4)"

MULTILINE = {
    "BAPLIE parser": (
        "D",
        "A stowage segment group as the short-position lines send it (the parser pads `120382` to `0120382`):\n"
        "  ```text\n"
        "  LOC+147+120382::5'\n"
        "  MEA+WT++KGM:24500'\n"
        "  EQD+CN+MSKU1234565+45G1:102:5'\n"
        "  ```\n",
    ),
    "Postgres failover": (
        "D",
        "What the allocator logged after the failover until it was restarted:\n"
        "  ```text\n"
        "  sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) server closed the connection unexpectedly\n"
        "  \tThis probably means the server terminated abnormally before or while processing the request.\n"
        "  ```\n",
    ),
    "Kafka partitions": (
        "D",
        "The gate-out before gate-in showed up in the gate service as:\n"
        "  ```text\n"
        "  level=ERROR msg=\"gate-out for unknown visit\" visit_id=V-88213 container=TGHU8807315\n"
        "  ```\n",
    ),
}


def main():
    assert len({s["focus"] for s in SESSIONS}) == len(SESSIONS), "two sessions share a focus"
    follow_ups = [
        ("OCR gate matching", "OCR misreads again"),
        ("Truck appointment slots", "Slot cap on lane changes"),
        ("Truck appointment slots", "Late trucks"),
        ("Haulier pre-advice upload", "Pre-advice API"),
        ("BAPLIE parser", "BAPLIE 3.1"),
        ("Stack heights", "Stack heights again"),
        ("Berth plan solver", "Berth solver speed"),
        ("Reefer alarms", "Reefer alarm thresholds"),
        ("Reefer alarms", "Defrost modes"),
        ("Customs holds", "Customs release delay"),
        ("Storage billing", "Free day start"),
        ("Straddle dispatch", "Buried boxes"),
    ]
    print(_eval6.write(SESSIONS, 2410, datetime.datetime(2026, 11, 24, 16, 0), datetime.datetime(2025, 4, 14, 9, 0), "quayside",
                       follow_ups, CONSOLIDATED, CONSOLIDATED_DOCS, MULTILINE))


if __name__ == "__main__":
    main()
