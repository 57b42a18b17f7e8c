#!/usr/bin/env python3
"""Writes memory.md for the eighth recall evaluation (eval_test.go).

A project memory unlike the first seven and the development sets:
"phial", the pharmacy system of a hospital group in Belfast, built by a
team split between Belfast and Gdańsk: medication orders from the
electronic patient record (EPR) as HL7 v2 through Mirth Connect, a
pharmacist verification queue (Django API, React front end), clinical
decision support (FDB interactions, allergies, dose range, renal dosing,
therapeutic drug monitoring), Omnicell cabinets behind a Go service, a
Swisslog packaging robot, aseptic compounding with gravimetric checks and
ZPL labels, barcode medication administration on Zebra scanners, an
electronic controlled drugs register, the weekly dm+d import, stock and
wholesaler EDI, Power BI reports, all on an on-prem Kubernetes with Argo
CD, CloudNativePG and Keycloak smartcard login. About 90 sessions over
eighteen months, written by hand the way coding agents and people write
them: long learnings with code spans and paths, a multi-line learning
with a pasted stack trace, long Documentation Seen lists, sessions with a
single learning, learnings struck through as superseded (the replacement
in a later session), near-duplicates of one fact written again in
another session, and follow-ups.

On purpose it holds traps for context-aware recall: sessions that read a
task's file or doc (renal.py, client.go, verify/models.py,
DoseInput.tsx, Queue.tsx, zpl.py, ingest.py, ScanActivity.kt,
realm.json, dmd_import.py, fridges.py, verify/api.py, discharge.py,
InterventionForm.tsx, .gitlab-ci.yml) while learning something unrelated
to the task, and near-miss learnings that share one rare word with a task
in another sense or about another subject (shadow, trough, cold, pump,
sealed, recall, formula, tablet, strength, loading, tray, round, tag,
gateway, switch, interval, protocol, leaked). This script holds the
sessions; eval6's write, imported, not copied, dates them (seeded, so the
output is the same on every run), orders them newest first and writes
the file. Sessions marked old are dated at least eight months before the
newest. Written, with tasks.txt, during issue 24's fifth round and before
that round was measured, and not tuned after it.

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

# ---------------------------------------------------------------- orders from the EPR (HL7 through Mirth)
S("HL7 order intake", ["orders/hl7/ingest.py", "docs/hl7.md", "https://hl7-definitions.github.io/v2.5.1/"], [
    "D: Medication orders arrive from the EPR as HL7 v2.5.1 `RDE^O11` messages through Mirth Connect on port 2575; `orders/hl7/ingest.py` maps RXE-2 (the give code) to our formulary item by its dm+d AMP code and rejects the message with an `AE` ack when no item matches.",
    "C: Never ack an `RDE^O11` before the order is committed: the EPR stops resending once it gets `AA`, and in June a crash between the ack and the commit lost 14 orders. Commit first, then ack.",
], old=True)
S("Order frequency parsing", ["orders/hl7/frequency.py", "docs/hl7.md#timing", "docs/wards.md"], [
    "D: The EPR sends the frequency in TQ1-3 as free-text codes (`OD`, `BD`, `TDS`, `QDS`, `ON`, `PRN`, `STAT`); `frequency.py` maps them to administration times from the ward's `dose_times` table, and an unknown code makes the order `needs_review` instead of failing the message.",
    "D: `TDS` on the elderly care wards means 08:00, 14:00, 22:00, not the hospital default 08:00, 14:00, 20:00; the ward table overrides the default, per ward and not per drug.",
])
S("Order cancellations", ["orders/hl7/ingest.py", "orders/models.py"], [
    "D: A discontinue arrives as `RDE^O11` with ORC-1 `DC`, not as a separate message type; the old code looked only at MSH-9 and treated every discontinue as a new order, so stopped drugs came back on the chart.",
])
S("Duplicate orders", ["orders/dedupe.py", "orders/models.py", "docs/hl7.md"], [
    "D: The EPR resends an order with a new MSH-10 control ID after a network timeout; dedupe is on the placer order number (ORC-2) plus the order's version, never on MSH-10.",
])
S("Time zones in HL7", ["orders/hl7/ingest.py", "common/timeutil.py"], [
    "D: HL7 timestamps from the EPR have no offset and are local time; `common/timeutil.py` reads them as `Europe/London`, and on the October clock change the hour 01:00-02:00 happens twice, so doses in it are ordered by message sequence, not by time.",
])
S("Weight units", ["orders/weights.py", "web/src/patient/Weight.tsx"], [
    "D: Weights entered in pounds on the EPR arrive with the unit `[lb_av]` in OBX-6; `orders/weights.py` converts them to kg, and before that an 80 lb child was dose-checked as 80 kg.",
])
S("Patient merge", ["orders/patients.py", "docs/hl7.md#merge"], [
    "D: A patient merge arrives as `ADT^A40`; orders, allergies and weights move to the surviving patient, but CD register entries keep the old ID and get a link to the new one, because the register can't be edited.",
])
S("Ward transfers", ["orders/adt.py", "cabinets/omnicell/client.go"], [
    "D: Ward transfers (`ADT^A02`) move the patient's pending cabinet orders to the new ward's cabinet only after the nurse accepts the patient on the new ward; in between the drugs are available from neither cabinet.",
])
S("Mirth channel deploy", ["mirth/channels/rde_in.xml", "docs/hl7.md#mirth"], [
    "U: Mirth channels are exported as XML into `mirth/channels/` and deployed by `mirth-cli` in the pipeline; never edit a channel in the Mirth Administrator in prod.",
])
S("Mirth backlog after outage", ["mirth/channels/rde_in.xml", "docs/runbook.md#mirth"], [
    "D: When our API is down Mirth queues the RDE messages on its side; after an outage it sends them in order at about 20 a second and the verify queue floods, so pause the notifications with `VERIFY_NOTIFY=off` while it catches up.",
])

# ---------------------------------------------------------------- verification queue
S("Verify queue performance", ["web/src/verify/Queue.tsx", "verify/api.py", "docs/verify.md"], [
    "D: The verify queue polled `/api/verify/pending` every 2 s from every open tab; with 40 pharmacists that was 20 requests a second, and an N+1 on `patient.allergies` made each call 1.8 s. It now uses server-sent events from `verify/stream.py` and `select_related('patient')`.",
    "P: The user wants the queue sorted by clinical urgency first (STAT, then antimicrobials, then time-critical drugs such as Parkinson's medicines) and only then by time waiting.",
])
S("Verify SSE follow-up", ["verify/stream.py", "deploy/ingress.yaml"], [
    "D: The SSE stream for the verify queue was cut every 60 s by the ingress's `proxy-read-timeout`; it is 3600 s on that path now, and the client reconnects with `Last-Event-ID`.",
])
S("Queue cards in dark mode", ["web/src/verify/Queue.tsx", "web/src/theme.ts"], [
    "D: The queue cards' `box-shadow` was drawn with a hard-coded `rgba(0,0,0,.2)`, invisible on the dark theme; cards now take `theme.elevation[2]`, which the dark palette overrides.",
])
S("Pharmacist sign-off", ["verify/api.py", "verify/models.py", "docs/validation.md"], [
    "R: A pharmacist's verification must record the pharmacist's PSNI registration number, not only the user ID; the audit export reads `verification.registrant_no`.",
    "C: Verification of a chemotherapy order needs two pharmacists; the second check must be a different person, and the API returns 409 when the same user tries both.",
])
S("Intervention recording", ["verify/interventions.py", "web/src/verify/InterventionForm.tsx"], [
    "D: Pharmacist interventions are coded with the hospital's 12 intervention types (dose change, drug change, stop, monitoring...) and a significance score from 1 to 5; the monthly report counts only significance 3 and above.",
])
S("Queue hotkeys", ["web/src/verify/Queue.tsx", "web/src/hooks/useHotkeys.ts"], [
    "P: Pharmacists want to verify without the mouse: `J`/`K` move between orders, `V` verifies, `I` opens the intervention form. Keep those keys whenever the queue changes.",
])
S("Queue ward filter", ["web/src/verify/Queue.tsx", "web/src/verify/filters.ts"], [
    "D: The queue's ward filter is kept in the URL (`?ward=7B`) so that pharmacists can bookmark their wards; the old filter in localStorage leaked between users on shared PCs.",
])
S("Dose input cursor", ["web/src/components/DoseInput.tsx", "web/src/verify/InterventionForm.tsx"], [
    "D: The dose field lost the cursor on every keystroke because `DoseInput` was a controlled input whose value was reformatted with `toFixed` on change; it now keeps the raw text in state and formats only on blur.",
])
S("Out of hours", ["docs/oncall.md#out-of-hours", "verify/api.py"], [
    "D: Out of hours (20:00-08:00 and weekends) one on-call pharmacist covers all three sites; the verify queue filters to urgent orders then, and the rest wait for the morning.",
])
S("Alert fatigue", ["checks/rules/engine.py", "verify/api.py", "reports/alerts.sql"], [
    "P: The user wants fewer alerts, not more: a rule whose alerts are overridden more than 90% of the time over a month goes to the medication safety committee for removal; do not add a new hard stop without that data.",
    "D: Override reasons are a required pick list (`clinically appropriate`, `patient already on it`, `dose checked with prescriber`, `other`); free text only after `other`.",
])

# ---------------------------------------------------------------- clinical decision support
S("Interaction checks", ["checks/interactions.py", "docs/cds.md", "https://www.fdbhealth.co.uk/"], [
    "D: Drug interactions come from the FDB MDDF tables loaded into the `fdb` schema; `checks/interactions.py` checks the new order against every active order of the patient, severity levels 1-2 alert and level 3 is only shown in the side panel.",
    "C: Don't alert on interactions between an order and the drug it replaces: a dose change discontinues the old order in the same message, and checking before the DC was applied flagged the drug against itself.",
], old=True)
S("Clarithromycin alert missing", ["checks/interactions.py", "checks/fdb_load.py"], [
    "D: Interactions were missed for drugs ordered by VTM (`clarithromycin`) instead of AMP: the FDB lookup needs a VMP or AMP, so VTM-level orders are now expanded to every VMP in the formulary before the check.",
])
S("Allergy checks", ["checks/allergy.py", "docs/cds.md#allergy"], [
    "D: Allergies come from the EPR as free text as often as coded; `checks/allergy.py` matches coded ones through the FDB allergen classes and free text only by exact ingredient name, so a misspelt 'penicilin' matches nothing and the pharmacist gets the 'uncoded allergy' banner.",
    "C: A penicillin allergy must also alert on every beta-lactam the FDB cross-sensitivity table marks, cephalosporins with a similar side chain included; the user said the old same-class-only rule was unsafe.",
])
S("Dose range checks", ["checks/doserange.py", "checks/tests/test_doserange.py", "docs/cds.md#dose-range"], [
    "D: Dose range checking compares against the FDB minimum and maximum per dose and per day by age band and weight; loading doses (amiodarone, digoxin, vancomycin) exceed the daily maximum on day one, so an order with the EPR's `loading` flag is checked against the loading range instead.",
    "D: Paediatric doses are checked per kg with the newest weight from the last 30 days; an older weight gives the 'weight out of date' warning and no range check at all.",
])
S("Renal dosing first cut", ["checks/renal.py", "docs/cds.md#renal"], [
    "D~: The CrCl for renal dose checks uses ideal body weight for every patient. ~~ Superseded by the renal dosing session: actual body weight, capped for a BMI over 30.",
], old=True)
S("Renal dosing", ["checks/renal.py", "checks/cockcroft.py", "docs/cds.md#renal", "docs/renal-handbook.pdf"], [
    "D: Renal dose adjustment uses creatinine clearance by Cockcroft-Gault with actual body weight, capped at ideal body weight + 30% when the BMI is over 30; the lab's eGFR is shown but not used for the check, because the renal handbook's bands are in CrCl.",
    "D: The creatinine used is the newest result within 72 hours; without one the renal check is skipped and the order shows 'no recent creatinine' in amber.",
])
S("Renal dosing again", ["docs/cds.md#renal"], [
    "D: Renal checks ignore eGFR on purpose and work from the Cockcroft-Gault CrCl, since every band in the handbook is given as CrCl.",
])
S("Ruff", ["checks/renal.py", "pyproject.toml", "ruff.toml", ".pre-commit-config.yaml"], [
    "U: Python code is formatted and linted with `ruff` (line length 100, rules `E,F,I,B,UP`); `black` and `isort` were removed from the pre-commit config.",
])
S("Shadow mode for new rules", ["checks/rules/engine.py", "docs/cds.md#rollout"], [
    "R: A new CDS rule runs in shadow mode for two weeks first: it is evaluated and logged to `cds_shadow_log` but shows no alert, and the medication safety committee reviews the log before it goes live.",
])
S("Vancomycin levels", ["checks/tdm.py", "orders/lab_results.py", "docs/tdm.md"], [
    "D: Vancomycin trough levels come in as `ORU^R01` from the lab with LOINC 4092-3 (trough) or 20578-1 (random); `orders/lab_results.py` imported only the trough code, so the TDM page stayed empty for wards that take random levels. Both codes are imported now.",
    "C: The TDM page must show the time of the level against the time of the last dose given, not the ordered dose time; a level taken 20 minutes after the dose was read as a trough.",
])
S("Gentamicin nomogram", ["checks/tdm.py", "docs/tdm.md#gentamicin"], [
    "D: Gentamicin once-daily dosing uses the Hartford nomogram: the level 6-14 h after the start of the infusion decides the dosing interval (24, 36 or 48 h), and the TDM page draws the nomogram with the patient's point on it.",
])
S("Dose rounding", ["checks/rounding.py", "docs/cds.md#rounding"], [
    "D: Paediatric oral liquid doses are rounded to what the syringe can measure: to 0.1 ml under 1 ml, 0.2 ml up to 5 ml, 0.5 ml above; `checks/rounding.py` only rounds when the change is under 10% of the dose, otherwise it asks the pharmacist.",
])
S("Split tablets", ["formulary/models.py", "checks/doserange.py"], [
    "C: A dose that needs half a tablet of a modified-release product must be refused at order time: `can_split` is false for every MR form, and pharmacy used to allow it by writing it in the label text.",
])
S("Insulin units", ["orders/insulin.py", "labels/zpl.py", "docs/cds.md#insulin"], [
    "C: Insulin doses must never be written with 'U' or 'u' for units on labels or screens ('10U' was read as 100); the renderer spells 'units' in full.",
])
S("IV to oral", ["verify/stewardship.py", "docs/stewardship.md"], [
    "R: IV antibiotics get a 48-hour review prompt (the IV to oral switch nudge) on the verify queue; it is shown to the pharmacist, not to the prescriber.",
])
S("Restricted antimicrobials", ["formulary/restrictions.py", "docs/formulary.md#restricted"], [
    "R: Restricted antimicrobials (meropenem, linezolid, daptomycin...) need a microbiology approval code on the order within 24 hours; after that the verify queue shows the order in red and the stewardship pharmacist gets an e-mail.",
])
S("Sepsis first doses", ["checks/rules/sepsis.py", "docs/stewardship.md#sepsis"], [
    "R: A first dose of an antibiotic for suspected sepsis is `STAT` and skips the verify queue; pharmacy verifies it afterwards, within 4 hours.",
])

# ---------------------------------------------------------------- cabinets (Go)
S("Omnicell interface", ["cabinets/omnicell/client.go", "docs/cabinets.md", "https://www.omnicell.com/"], [
    "D~: The cabinet client reconnects to every cabinet server every 10 minutes to avoid stale sockets. ~~ Superseded by the keep-alive (Omnicell keep-alive session).",
    "D: Cabinet removals arrive as `RDS^O13` with the cabinet ID in MSH-4; a removal for a patient whose order was discontinued is still recorded, and flagged as an override removal for the ward manager.",
], old=True)
S("Omnicell keep-alive", ["cabinets/omnicell/client.go", "docs/cabinets.md#connections"], [
    "D: `cabinets/omnicell/client.go` keeps one TCP connection per cabinet server; the server drops it after 10 minutes idle, so the client sends a keep-alive `QRY` every 5 minutes.",
    "D: `syncd` leaked a goroutine per reconnect because the keep-alive ticker was never stopped; RSS grew about 300 MB a day until `ticker.Stop()` went into the reconnect path.",
])
S("Cabinet stock sync", ["cabinets/stock/sync.go", "docs/cabinets.md#stock"], [
    "D: Cabinet stock levels are synced from the cabinet server every 15 minutes, but a refill done at the cabinet shows up only after the technician closes the refill session; stock looked wrong for an hour when a tech left a session open.",
    "U: Go code in `cabinets/` logs with `log/slog` as JSON and puts the `cabinet_id` attribute on every line; `logrus` is gone.",
])
S("syncd start-up", ["cabinets/cmd/syncd/main.go", "deploy/cabinets.yaml"], [
    "D: `syncd` took 40 s to become ready because it loaded the whole formulary (38,000 items) before opening the first cabinet connection; it now loads per cabinet on demand, and the readiness probe's `initialDelaySeconds` went from 60 to 10.",
])
S("Discrepancy reports", ["cabinets/discrepancy.go", "reports/discrepancy.sql", "docs/cabinets.md"], [
    "R: A cabinet count discrepancy on a controlled drug must be resolved by the end of the shift by two nurses; the report lists the unresolved ones at 07:00, 15:00 and 23:00 to the ward manager and the CD pharmacist.",
])
S("Go 1.23", ["cabinets/go.mod", "cabinets/omnicell/client.go", ".gitlab-ci.yml"], [
    "U: `cabinets/` is on Go 1.23; the CI image is `golang:1.23-bookworm`, and `go vet` plus `staticcheck` run in the `lint` job.",
])

# ---------------------------------------------------------------- packaging robot
S("Packaging robot", ["robot/swisslog.py", "docs/robot.md"], [
    "D: The BoxPicker robot takes pick requests over its WWKS2 XML protocol on TCP; `robot/swisslog.py` must answer the robot's `StatusRequest` within 3 s or the robot marks the host offline and stops accepting picks.",
    "D: The robot rejects a pack whose barcode has no GTIN in its master data; new products reach the robot's master data from the formulary through the nightly `robot_sync` job, so a product added today can't go into the robot until tomorrow unless someone runs `manage.py robot_sync --now`.",
], old=True)
S("Robot output", ["robot/trays.py", "docs/robot.md#output"], [
    "D: The robot's output tray holds at most 12 packs; a pick list with more is split into several `OutputRequest`s by `robot/trays.py`, and the old code sent one request that the robot silently cut to 12.",
])
S("Robot FMD", ["robot/swisslog.py", "stock/fmd.py"], [
    "D: Packs are decommissioned for FMD (the falsified medicines check) when they enter the robot, not at dispensing, because the hospital is the end user; `stock/fmd.py` calls the national hub, and NMVS alert code A7 means the pack was already decommissioned elsewhere.",
])

# ---------------------------------------------------------------- aseptic unit and labels
S("Gravimetric checks", ["compounding/gravimetric.py", "compounding/balance.py", "docs/aseptic.md"], [
    "D: Aseptic preparations are checked gravimetrically: the balance (a Sartorius on RS-232) weighs the syringe before and after, and `gravimetric.py` accepts a dose within 5% of the target using the drug's density from the formulary; a missing density blocks the step instead of assuming 1.0 g/ml.",
    "D: The balance is on `COM3` on the isolator PCs and `/dev/ttyUSB0` on the Linux ones; `balance.py` reads it from `BALANCE_PORT`, and a wrong setting shows up as 'balance not stable' after 30 s, not as a connection error.",
])
S("Isolator environment", ["compounding/environment.py", "docs/aseptic.md#environment"], [
    "R: Every aseptic session records the isolator's pressure and the particle count at the start; an isolator out of range locks the worksheet until QA releases it.",
])
S("Worksheet numbers", ["compounding/worksheet.py", "compounding/templates/worksheet.html"], [
    "D: A worksheet's batch number is `AS-<yyMMdd>-<seq>` with the sequence per isolator per day; two isolators printed the same number until the sequence moved to one Postgres sequence per isolator.",
])
S("Aseptic expiry", ["compounding/expiry.py", "docs/aseptic.md#expiry"], [
    "D: The shelf life of an aseptic product comes from the stability table per drug, diluent and container; `expiry.py` takes the shortest of the three, and the worksheet shows which one limited it.",
])
S("Chemo protocols", ["compounding/protocols.py", "docs/chemo.md"], [
    "D: Chemotherapy regimens are built from protocols (cycle length, day offsets, dose per m² or AUC); body surface area uses Mosteller and is capped at 2.0 m² unless the consultant unlocks it.",
], old=True)
S("Carboplatin", ["compounding/protocols.py", "checks/renal.py"], [
    "D: Carboplatin doses by Calvert (AUC × (GFR + 25)) take the GFR from the renal module's Cockcroft-Gault value, capped at 125 ml/min.",
])
S("IV labels", ["labels/zpl.py", "labels/templates/iv.zpl", "docs/labels.md"], [
    "D: IV labels are ZPL sent raw to Zebra ZD421 printers on port 9100; the template `labels/templates/iv.zpl` printed the expiry in UTC, an hour off in summer, so `zpl.py` now renders times in `Europe/London`.",
    "C: The drug name on every label must be in Tall Man lettering (`predniSOLONE`, `prednisONE`) from the formulary's `tallman_name`, never the plain name.",
])
S("Printer out of paper", ["labels/zpl.py", "docs/runbook.md#printers"], [
    "D: A ZD421 that is out of labels still accepts the job on port 9100 and loses it; `zpl.py` sends `~HS` first and refuses to print when the paper-out flag is set.",
])
S("Label print agent", ["labels/agent/README.md", "labels/agent/Notify.cs", "docs/labels.md#agent"], [
    "D: On the ward PCs labels go through the print agent, a small .NET app with an icon by the clock; after a Windows update it started before the network was up, crashed and its icon vanished. It now has a 30 s start delay in Task Scheduler.",
])
S("Oral morphine", ["formulary/concentrations.py", "labels/zpl.py"], [
    "C: Oral morphine solution is stocked in one strength only (10 mg in 5 ml); the 20 mg/ml concentrate was removed after a near miss, and ordering it gives a hard stop.",
])

# ---------------------------------------------------------------- barcode medication administration
S("BCMA scanning", ["bcma/app/src/main/java/ie/phial/bcma/ScanActivity.kt", "bcma/docs/scanning.md"], [
    "D: Ward scanners are Zebra TC52s running the BCMA app; DataWedge sends scans as intents, and the app must register its intent filter in `onResume`, not `onCreate`, or scans after the screen wakes up are lost.",
    "D: Medication packs carry GS1 DataMatrix codes with GTIN (01), expiry (17), batch (10) and serial (21); the parser must handle the FNC1 separator (`\\u001d`) and must not rely on the order of the AIs.",
])
S("Wristband scanning crash", ["bcma/app/src/main/java/ie/phial/bcma/ScanActivity.kt", "bcma/app/src/main/java/ie/phial/bcma/Wristband.kt"], [
    "D: The app crashed on wristbands printed as Code 128 with a leading `H` (the old hospital number format); `Wristband.kt` now accepts both `H1234567` and the 10-digit health and care number.",
])
S("Ward tablets", ["bcma/web/README.md", "deploy/mdm/kiosk.json"], [
    "D: Where there are no TC52s, ward tablets (Galaxy Tab Active) run the BCMA web app in kiosk mode through Knox; their camera reads DataMatrix but not the Code 128 wristbands older than 2019.",
])
S("Administration timing", ["bcma/api/administrations.py", "docs/bcma.md"], [
    "R: Time-critical medicines (Parkinson's, insulin, antiepileptics) given more than 30 minutes late must be recorded with a reason; the ward dashboard counts them per shift.",
    "D: A scan of the wrong patient's wristband shows a full-screen red stop and needs the nurse to rescan; it can't be overridden, by decision of the medication safety committee.",
])
S("Resus trolleys", ["docs/wards.md#resus"], [
    "R: Resuscitation (crash) trolleys are checked daily by the ward and weekly by pharmacy; the pharmacy check records the tag number of the tamper tag and any drug within 3 months of expiry.",
])

# ---------------------------------------------------------------- controlled drugs
S("CD register", ["cdreg/models.py", "cdreg/api.py", "docs/cd.md"], [
    "R: The electronic CD register must keep every entry forever and never allow an edit: a mistake is corrected by a new entry that references the wrong one, with both nurses' signatures.",
    "D: Witness signatures are done by the second nurse tapping their smartcard on the same PC within 2 minutes; the register rejects the same card twice.",
])
S("CD returns", ["cdreg/returns.py", "docs/cd.md#returns"], [
    "D: Controlled drugs returned from wards travel to pharmacy in sealed, numbered bags; the bag number is entered in both the ward and the pharmacy register, and a mismatch raises a CD incident.",
])

# ---------------------------------------------------------------- formulary and dm+d
S("dm+d import", ["formulary/dmd_import.py", "docs/formulary.md", "https://www.nhsbsa.nhs.uk/pharmacies-gp-practices-and-appliance-contractors/dictionary-medicines-and-devices-dmd"], [
    "D: The dm+d release comes weekly as XML zips from TRUD; `dmd_import.py` needs both the main release and the bonus (GTIN) file, and without the bonus file every new product has no GTIN and the robot and BCMA can't match its packs.",
    "C: Never delete formulary items when dm+d marks them invalid: old orders and CD register entries point to them. Set `invalid_from` and hide them from ordering.",
], old=True)
S("dm+d import memory", ["formulary/dmd_import.py", "deploy/cronjobs.yaml"], [
    "D: The dm+d import used 6 GB parsing the AMPP file with `ElementTree.parse`; it now streams with `iterparse` and clears each element (under 400 MB), and the CronJob's memory limit is 1 GiB.",
])
S("Tall Man list", ["formulary/tallman.py", "labels/zpl.py"], [
    "D: `tallman_name` is filled from the NHS England Tall Man list plus the hospital's own additions in `formulary/tallman_local.csv`; the local list wins when both have the drug.",
])
S("Nutrition products", ["stock/categories.py"], [
    "D: Infant formula and enteral feeds are stocked by the dietetics store, not pharmacy; they are in the catalogue with `category=nutrition` only so that wards can order them on the same screen.",
])
S("Drug search", ["web/src/search/DrugSearch.tsx", "search/index.py", "docs/search.md"], [
    "D: The drug search in Elasticsearch lost recall on short queries when the edge n-gram tokenizer's `min_gram` went from 2 to 3: 'fl' no longer found flucloxacillin. It is 2 again, and brand names are indexed as synonyms of the generic.",
])
S("Smart pump library", ["pumps/library.py", "docs/pumps.md"], [
    "D: The smart pumps' drug library (Alaris Guardrails) is built from our formulary concentrations by `pumps/library.py` and exported as a `.dls` file that biomedical engineering loads; a concentration missing in the formulary leaves the drug out of the library without a warning.",
])

# ---------------------------------------------------------------- stock, wholesaler, fridges
S("Wholesaler EDI", ["stock/edi/orders.py", "docs/stock.md#edi", "deploy/secrets/edi-as2.yaml"], [
    "D: Purchase orders go to the wholesaler as EDIFACT ORDERS over AS2; the wholesaler's MDN comes back within a minute, and no MDN after 10 minutes means the order wasn't received and must be resent from the stock screen.",
])
S("Reorder levels", ["stock/reorder.py", "docs/stock.md"], [
    "D: Reorder levels are the 28-day average usage times the lead time plus a safety stock of 7 days; items marked `critical` (adrenaline, naloxone...) use 14 days of safety stock.",
    "C: Don't reorder for a ward whose cabinet count is under review: the count is frozen, and the reorder job ordered 200 packs of gentamicin on a mistaken zero.",
])
S("Drug alerts", ["stock/recalls.py", "docs/stock.md#recalls"], [
    "R: When the MHRA issues a drug alert (a batch recall), pharmacy must find every ward and cabinet holding the affected batch within 4 hours; `stock/recalls.py` searches by GTIN and batch from the GS1 scans and lists where each pack went.",
])
S("Fridges", ["stock/fridges.py", "docs/stock.md#cold-chain"], [
    "R: Cold chain: a vaccine or insulin out of the fridge for more than 30 minutes is quarantined and can't be issued until a pharmacist releases it; the fridge sensors alarm at 8 °C.",
    "D: The fridge sensors (Tinytag over LoRa) report every 5 minutes, and the condensate pump of the old ward fridges makes them read 1-2 °C high for a few minutes after a defrost; alarms wait for two readings in a row.",
])
S("Fridge sensor uplink", ["stock/fridges.py", "stock/sensors/lora.py"], [
    "D: The LoRa gateway for the sensors sits on the pharmacy roof and its uplink is a 4G router, not the hospital network; when the router reboots at 04:00 the readings arrive 10 minutes late in one burst.",
])
S("Stock take", ["stock/stocktake.py", "docs/stock.md#stocktake"], [
    "R: The annual stock take freezes every stock movement in the main dispensary between 18:00 and 22:00 on the last Sunday of March; the robot's own count is imported, not counted by hand.",
])

# ---------------------------------------------------------------- discharge
S("Discharge prescriptions", ["orders/discharge.py", "web/src/discharge/TTOForm.tsx", "docs/discharge.md"], [
    "D: Discharge prescriptions (TTOs) are screened by pharmacy before the patient leaves; a TTO marked `urgent` goes to the top of the queue and must be done within 60 minutes.",
    "D: The TTO was printed twice because both the EPR and our app sent it to the ward printer; our app now prints only when the EPR's ORC-16 says the EPR did not.",
])
S("Discharge letters", ["orders/discharge.py", "docs/discharge.md#letters"], [
    "D: The medicines section of the discharge letter lists changes as started, stopped or dose changed; a drug stopped and restarted in the same stay shows as changed, which GPs complained about.",
])

# ---------------------------------------------------------------- reports
S("Stewardship report", ["reports/stewardship.sql", "reports/powerbi/Stewardship.pbix", "docs/reports.md"], [
    "D: Antimicrobial days of therapy (DOT) per 1000 bed-days are computed from administrations, not orders; an order never given counts zero, which is what the stewardship team wants.",
])
S("Power BI gateway", ["reports/powerbi/README.md", "docs/reports.md#gateway"], [
    "D: The Power BI reports read a read-only replica through the on-premises data gateway on `rpt-gw01`; the gateway's service account password expires every 90 days, and the refresh then fails silently, with 'credentials invalid' only in the gateway log.",
])
S("Intervention report", ["reports/interventions.sql", "verify/interventions.py"], [
    "D: The intervention report joins on the pharmacist's current team, so interventions by locums who have left show under no team; it now takes the team at the time of the intervention.",
])

# ---------------------------------------------------------------- platform, auth, CI, releases
S("Cluster setup", ["deploy/README.md", "docs/infra.md", "deploy/argocd/apps.yaml"], [
    "D: Everything runs on the hospital's on-prem Kubernetes (RKE2) in two data centres; Argo CD syncs `deploy/` from the `gitops` repo, so a `kubectl edit` in the cluster is undone within 3 minutes.",
], old=True)
S("Postgres", ["deploy/postgres/cluster.yaml", "docs/infra.md#postgres"], [
    "D: Postgres 15 runs with CloudNativePG, three instances; the app connects through the `-rw` service and reports through `-ro`, and a failover takes about 15 s, during which Django raises `OperationalError` and Celery retries.",
])
S("Celery at night", ["deploy/celery.yaml", "docs/runbook.md#workers"], [
    "D: Celery workers sit near idle most of the day, with a trough between 02:00 and 05:00 that the dm+d import and the nightly stock recount fill; scaling the workers down to one at night made the recount miss its 06:00 deadline.",
])
S("Sealed secrets", ["deploy/secrets/README.md", "docs/infra.md#secrets"], [
    "D: Secrets in the GitOps repo are SealedSecrets encrypted for the cluster's controller key; a secret sealed for the test cluster does not decrypt in prod, you have to seal it again with `kubeseal --context prod`.",
])
S("Keycloak smartcards", ["deploy/keycloak/realm.json", "web/src/auth/keycloak.ts", "docs/auth.md"], [
    "D: Login is Keycloak with the staff smartcard (an X.509 client certificate) and a PIN; tokens last 15 minutes, and the web app refreshes them only while the tab is visible, so a background tab comes back logged out.",
    "D: The verify queue page showed a loading spinner forever when the token had expired in a background tab; it now redirects to login when the refresh fails instead of waiting.",
])
S("Locum passwords", ["deploy/keycloak/realm.json", "docs/auth.md#passwords"], [
    "R: Accounts without a smartcard (locums, agency techs) need a password of 14 characters or more, checked against the breached-password list; Keycloak's `passwordPolicy` holds the rule, not our code.",
])
S("Audit trail", ["common/audit.py", "docs/validation.md#audit"], [
    "R: Every write to an order, verification, CD entry or stock level goes through `common/audit.py`, which stores who, when, and the old and new values; Django admin edits are blocked in prod for those models.",
], old=True)
S("Django 5 upgrade", ["pyproject.toml", "orders/models.py", "verify/models.py"], [
    "U: The backend is on Django 5.1 and Python 3.12; `USE_TZ = True` everywhere, and datetimes are stored in UTC.",
])
S("Frontend build", ["web/package.json", "web/vite.config.ts"], [
    "U: The web app is React 18 with Vite; `pnpm` only (the lockfile is `pnpm-lock.yaml`), and an `npm install` breaks the lockfile.",
])
S("Storybook", ["web/.storybook/main.ts", "web/src/components/DoseInput.tsx"], [
    "U: Every shared component in `web/src/components/` has a Storybook story; the visual tests run on the stories with Chromatic.",
])
S("E2E tests", ["web/e2e/verify.spec.ts", "web/playwright.config.ts", "docs/testing.md"], [
    "D: Playwright e2e tests log in with a test certificate instead of a smartcard; the cert is in `web/e2e/certs/`, and the Keycloak test realm trusts only that CA.",
    "D: `expect.poll` in `playwright.config.ts` has a polling interval of 500 ms; the default 100 ms hammered the SSE endpoint and made the queue tests flaky.",
])
S("Sentry", ["web/src/main.tsx", "verify/settings.py"], [
    "D: Sentry is self-hosted at `sentry.phial.internal`; patient identifiers are scrubbed by the `before_send` hook, and `common/tests/test_sentry.py` fails if a hospital number pattern gets through.",
])
S("CI pipeline", [".gitlab-ci.yml", "docs/ci.md"], [
    "U: CI runs on GitLab in the stages `lint`, `test`, `build`, `validate`; the `validate` stage runs the IQ/OQ scripts against the test cluster, and its PDF is attached to the change record.",
])
S("Validated releases", ["docs/validation.md", "docs/release.md"], [
    "R: Every production release needs an approved change record in ServiceNow with the validation PDF attached (GAMP 5 category 4 for the core, 5 for the CDS rules); a hotfix can go out first under an emergency change, with the paperwork within 48 hours.",
    "C: Never cherry-pick onto a `release/*` branch without also merging the fix to `main`; the 2.12.1 hotfix was lost in 2.13 that way.",
])
S("Release branches", ["docs/release.md", ".gitlab-ci.yml"], [
    "U: Release branches are `release/<major>.<minor>`; tags such as `v2.14.0` are cut from them, and only the tag pipeline deploys to prod.",
])
S("Load test", ["loadtest/locustfile.py", "docs/performance.md"], [
    "C: The load test (Locust, 200 simulated pharmacists) must run against `phial-perf`, never the shared test cluster: it filled the test HL7 channel with 50,000 orders and Mirth fell over.",
])
S("On-call rota", ["docs/oncall.md"], [
    "U: The on-call rota (dyżur, as Gdańsk calls it) switches on Mondays at 09:00 Belfast time; the Gdańsk team covers 07:00-15:00 UTC and Belfast the rest.",
])
S("Ward round view", ["web/src/ward/RoundView.tsx", "docs/wards.md"], [
    "P: The consultant's ward round view shows only active orders and today's missed doses; the user wants the full history one click away, not on the main screen.",
])

CONSOLIDATED = [
    "C: Never test against the live EPR interface; use the Mirth test channel `RDE_IN_TEST`, which the EPR's training system feeds.",
    "R: Any change to a CDS rule, a label template or the CD register needs sign-off from the medication safety officer before merge.",
    "U: Commit messages start with the area: `orders:`, `verify:`, `checks:`, `cabinets:`, `robot:`, `aseptic:`, `labels:`, `bcma:`, `cd:`, `formulary:`, `stock:`, `deploy:`, `docs:`.",
    "D: The group has three sites (the City, the Mater and Musgrave Park); pharmacy runs the main dispensary at the City, and the other two hold ward stock in Omnicell cabinets.",
    "P: The user prefers small merge requests and wants clinical wording in the UI checked by a pharmacist, not written by developers alone.",
]
CONSOLIDATED_DOCS = "`README.md` (24), `docs/cds.md` (12), `docs/hl7.md` (9), `docs/runbook.md` (7), `CONTRIBUTING.md` (5), `docs/validation.md` (4)"

MULTILINE = {
    "Wristband scanning crash": (
        "D",
        "The crash, from `adb logcat` on a TC52:\n"
        "  ```text\n"
        "  java.lang.NumberFormatException: For input string: \"H1234567\"\n"
        "      at java.lang.Long.parseLong(Long.java:594)\n"
        "      at ie.phial.bcma.Wristband.parse(Wristband.kt:41)\n"
        "  ```\n",
    ),
    "Gravimetric checks": (
        "D",
        "What the operator sees when the density is missing:\n"
        "  ```text\n"
        "  GravimetricError: no density for formulary item 41277 (ganciclovir 500 mg powder); step blocked\n"
        "  ```\n",
    ),
}


def main():
    assert len({s["focus"] for s in SESSIONS}) == len(SESSIONS), "two sessions share a focus"
    follow_ups = [
        ("Renal dosing first cut", "Renal dosing"),
        ("Renal dosing", "Renal dosing again"),
        ("Omnicell interface", "Omnicell keep-alive"),
        ("Verify queue performance", "Verify SSE follow-up"),
        ("Packaging robot", "Robot output"),
        ("dm+d import", "dm+d import memory"),
        ("Fridges", "Fridge sensor uplink"),
        ("Discharge prescriptions", "Discharge letters"),
        ("Validated releases", "Release branches"),
    ]
    print(_eval6.write(SESSIONS, 2408, datetime.datetime(2026, 11, 23, 15, 0), datetime.datetime(2025, 5, 5, 9, 0), "phial",
                       follow_ups, CONSOLIDATED, CONSOLIDATED_DOCS, MULTILINE))


if __name__ == "__main__":
    main()
