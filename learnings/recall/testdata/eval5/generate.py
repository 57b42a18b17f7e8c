#!/usr/bin/env python3
"""Writes memory.md for the fifth recall evaluation (eval_test.go).

A project memory unlike the first four: "kachel", firmware for a
battery-powered smart radiator valve and its hub (the valve: C on Zephyr
for an nRF52840, Thread and Matter, MCUboot, an e-paper display, a geared
DC motor with stall detection by current sense, an SHT40 sensor; the hub:
ESP-IDF on an ESP32-S3, Wi-Fi provisioning, an OpenThread border router
and MQTT; a small Go cloud for telemetry and OTA rollouts; a Python
factory test station). The team sits in Germany and the Netherlands, so a
few German and Dutch words turn up. About 80 sessions over sixteen months,
written by hand the way coding agents and people write them: long
learnings with code spans and paths, a multi-line learning with a code
block, long Documentation Seen lists, sessions with a single learning,
learnings struck through as superseded (the replacement in a later
session), and near-duplicates of one fact written again in another
session.

On purpose it holds traps for context-aware recall: sessions that read a
task's file or doc (motor.c, kachel_valve.dts, mqtt_client.c,
docs/power-budget.md, firmware.yml) while learning something unrelated to
the task, and near-miss learnings that share one rare word with a task
and nothing else (holiday, tariff, sticker, ghosting, canary). This script
only dates the sessions (seeded, so the output is the same on every run),
orders them newest first and writes the file. Sessions marked old are
dated at least eight months before the newest. Written, with tasks.txt,
after issue 24's earlier tuning and before any run of the evaluation, and
not tuned after it.

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


# A learning is "K: text", K a category code. "K~: text ~~ note" is a
# learning struck through as superseded, with the note after the strike.

# ---------------------------------------------------------------- valve: motor and mechanics
S("Motor stall detection", ["valve/src/motor/motor.c", "valve/src/motor/stall.c", "docs/hardware.md#motor"], [
    "D: The valve pin end stop is detected by motor current, not by a switch: `stall.c` samples the shunt on SAADC channel 2 every 2 ms and calls it a stall when the current stays above 38 mA for 60 ms; a single spike when the gearbox starts is normal and must not count.",
    "C: Do not lower the stall threshold to make adaptation faster; at 30 mA cheap Heizkörper valve inserts with a stiff spring were reported as fully closed halfway down, and the room never got warm.",
    "D: Motor current rises with lower battery voltage because the H-bridge PWM duty is fixed; `stall.c` scales the threshold by `vbat_mv / 3000` since a 2.4 V battery set off false stalls.",
], old=True)
S("Valve adaptation run", ["valve/src/motor/adapt.c", "valve/src/motor/motor.c", "docs/hardware.md#adaptation"], [
    "D: After mounting, the adaptation run drives the pin fully out, then in until the stall, and stores the travel in motor steps (encoder ticks from the optical gear sensor) in NVS; typical travel is 1100-1500 ticks, below 600 means the adapter ring is missing.",
    "R: If the adaptation run fails three times the display shows `F2` and the valve stays open (frost-safe), it must never retry forever and drain the battery.",
])
S("clang-format and code style", ["valve/src/motor/motor.c", "valve/src/control/pid.c", ".clang-format", "CONTRIBUTING.md"], [
    "U: C code follows the Zephyr style (`.clang-format` copied from Zephyr 3.7, tabs, 100 columns); CI runs `git clang-format --diff origin/main` and fails on any diff.",
    "P: The user wants `LOG_MODULE_REGISTER` with a per-module log level from Kconfig in every new C file, never `printk` left in committed code.",
    "U: Include order: Zephyr headers first, then `<kachel/...>`, then the module's own header, separated by blank lines.",
])
S("Gearbox noise at night", ["valve/src/motor/motor.c", "valve/src/motor/profile.c"], [
    "D: Users complained about the whining noise at night; ramping the PWM from 40% to 80% over 150 ms and running at 20 kHz (above hearing) instead of 4 kHz made the motor close to silent.",
    "P: Between 22:00 and 06:00 the valve moves in at most two steps per hour unless the room is more than 1.5 K off its setpoint (the user calls it the Nachtruhe rule).",
])
S("Encoder miscounts", ["valve/src/motor/encoder.c", "valve/boards/arm/kachel_valve/kachel_valve.dts"], [
    "D: The optical gear encoder lost ticks when the motor was fast because the GPIO interrupt was on both edges with a 1 ms debounce in software; moving it to the nRF GPIOTE + PPI + TIMER counter counts in hardware and lost nothing in 10000 strokes.",
])

# ---------------------------------------------------------------- valve: sensing and control
S("Temperature sensor offset", ["valve/src/sensors/sht4x.c", "valve/src/control/offset.c", "docs/control.md#sensor-offset"], [
    "D: The SHT40 sits 4 cm from the radiator, so it reads 2-4 K above the room; `offset.c` models it from valve position and the last 30 minutes of readings, and a room thermometer next to the valve reads 1.5 K lower than a wall thermometer even after correction.",
    "C: Do not read the SHT40 in high-precision mode with the heater on; the built-in heater is for condensation only and its 200 mW warmed the sensor by 6 K.",
], old=True)
S("PID tuning", ["valve/src/control/pid.c", "docs/control.md", "tools/sim/room_model.py"], [
    "D: The PID runs every 5 minutes, not every sensor reading; Kp 25 %/K, Ki 0.6 %/(K*h), Kd 0, with anti-windup clamping the integral to 0-70% valve opening.",
    "U: Controller changes are tried first in `tools/sim/room_model.py` with the three rooms from the field trial (`trial_bathroom.csv`, `trial_living.csv`, `trial_attic.csv`) before any firmware change.",
    "C: Never derive the valve opening straight from the temperature error (proportional only); the overshoot in well-insulated flats was 2 K and that was the main complaint in the field trial.",
])
S("Open window detection", ["valve/src/control/window.c", "docs/control.md#window"], [
    "D: Open window (Fensteroffen) is detected as a drop of 1.2 K within 3 minutes; the valve closes for 15 minutes or until the temperature rises 0.5 K, whichever comes first.",
    "D: Afternoon sun on a south-facing window caused a rise and then a fast drop when clouds came, which triggered window detection falsely; the detector now ignores drops that follow a rise of more than 1 K within the last 20 minutes.",
])
S("Frost protection", ["valve/src/control/frost.c", "docs/control.md#frost"], [
    "R: Frost protection opens the valve fully below 5 °C whatever the mode, schedule or child lock, and holds it open until 7 °C; this is a safety requirement, do not make it configurable.",
])
S("Boost and comfort modes", ["valve/src/control/modes.c", "app/src/screens/Modes.tsx"], [
    "D: Boost opens the valve to 100% for 5 minutes and then returns to the previous mode; pressing boost again during the 5 minutes extends it, it does not cancel.",
    "U: The modes are `auto`, `manual`, `eco`, `boost`, `off` in code and in the Matter vendor attribute; the app labels them Auto, Manual, Eco, Boost, Off and the German app says Absenkung for eco.",
])
S("Holiday mode", ["valve/src/control/modes.c", "valve/src/control/schedule.c", "docs/control.md#holiday"], [
    "R: Holiday mode holds 12 °C until the return date and time, then resumes the week schedule 2 hours early so the room is warm on arrival; frost protection still applies.",
])
S("Week schedule storage", ["valve/src/control/schedule.c", "valve/src/settings/nvs_store.c"], [
    "D: The week schedule is stored as 7 x 6 switch points of 2 bytes each (10-minute resolution and a temperature step of 0.5 °C) in one NVS record, 84 bytes, so the app can write the whole week in a single Matter write.",
    "C: Do not store the schedule per day in separate NVS records; a power loss between two writes left a week with half old and half new days.",
])
S("Night setback", ["valve/src/control/schedule.c", "docs/control.md"], [
    "U: Night setback (Nachtabsenkung) defaults to 17 °C from 22:00 to 06:00 and is part of the default week schedule, not a separate mode.",
])

# ---------------------------------------------------------------- valve: power
S("Sleep current too high", ["valve/prj.conf", "valve/boards/arm/kachel_valve/kachel_valve.dts", "docs/power-budget.md"], [
    "D: The valve drew 48 uA in sleep instead of 6 uA because UART0 was enabled for the console; `CONFIG_SERIAL=n` in `prj.conf` for release builds and `pm_device_action_run(uart, PM_DEVICE_ACTION_SUSPEND)` in debug builds fixed it.",
    "D: The SHT40's I2C pull-ups were on the always-on rail and cost 12 uA; they now hang on the sensor's switched rail (`vdd-sensor` in the devicetree).",
    "R: Two AA cells must last a heating season: the power budget is 30 uA average, measured with the PPK2 over 24 h with a Thread poll every 30 s.",
], old=True)
S("Battery level readings", ["valve/src/power/battery.c", "docs/power-budget.md#battery"], [
    "D: Battery voltage is read on SAADC with the internal 0.6 V reference and 1/6 gain, only right after a motor movement (loaded voltage); an idle reading overestimated the remaining charge by 30% on alkaline cells.",
    "U: Battery percentage uses a lookup table per chemistry (`alkaline`, `nimh`, `lithium`) in `battery.c`; the user picks the chemistry in the app, default alkaline.",
])
S("Low battery behaviour", ["valve/src/power/battery.c", "valve/src/control/modes.c", "docs/power-budget.md"], [
    "R: Below 2.2 V the valve drives to 30% open and stops all regulation, shows the battery symbol and reports `battery_critical`; it must not close, a dead valve in winter has to leave the room heatable.",
])
S("Power budget spreadsheet", ["docs/power-budget.md", "tools/power/budget.xlsx"], [
    "P: The user wants every power number in the docs with the measurement setup (PPK2 sample rate, battery or bench supply, firmware commit), numbers without a setup get removed in review.",
    "U: `docs/power-budget.md` is the source of truth for the uA budget per feature; the spreadsheet under `tools/power/` is only the calculator.",
])
S("Thread polling interval", ["valve/src/ot/thread.c", "valve/prj.conf", "docs/power-budget.md#thread"], [
    "D: As a Sleepy End Device the valve polls its parent every 30 s; going to 10 s made app changes feel instant but cost 9 uA, so the app now asks for a fast-poll window of 60 s (`otLinkSetPollPeriod(…, 1000)`) while its screen is open.",
])

# ---------------------------------------------------------------- valve: display and UI
S("E-paper refresh", ["valve/src/display/epd.c", "valve/src/display/fonts/", "docs/hardware.md#display"], [
    "D: The 1.54\" e-paper needs a full refresh every 10 partial refreshes or ghosting builds up; a full refresh blinks black twice and takes 2 s, so it is done when the setpoint has not changed for a minute.",
    "C: Never refresh the e-paper below 0 °C; the panel's waveform is only specified from 0 °C and a refresh in a cold stairwell left the display grey for good.",
])
S("Display fonts and umlauts", ["valve/src/display/fonts/", "tools/fontgen/gen.py"], [
    "D: The display fonts only had ASCII, so the German error texts lost their umlauts (`Batterie schwach`, `Fenster offen` were fine, `Ventil prüfen` was not); `tools/fontgen/gen.py` now bakes Latin-1 glyphs into the bitmap font.",
])
S("Buttons and child lock", ["valve/src/ui/buttons.c", "valve/src/ui/lock.c"], [
    "D: The child lock is toggled by holding both buttons for 3 s; a single button held for 3 s is boost, so the lock timer starts only when the second button goes down within 200 ms of the first.",
    "R: With the child lock on, the buttons do nothing except the lock combination; the app and Matter still change the setpoint.",
])
S("Rotary knob bounce", ["valve/src/ui/knob.c", "valve/boards/arm/kachel_valve/kachel_valve.dts"], [
    "D: The setpoint knob's quadrature encoder bounced and skipped steps; the QDEC peripheral with `nordic,qdec` in the devicetree and a sample period of 128 us replaced the GPIO decoding.",
])

# ---------------------------------------------------------------- valve: board, build, bootloader
S("Devicetree for rev C board", ["valve/boards/arm/kachel_valve/kachel_valve.dts", "valve/boards/arm/kachel_valve/kachel_valve_defconfig", "docs/hardware.md"], [
    "U: Board revisions are Zephyr board revisions (`kachel_valve@B`, `kachel_valve@C`); rev C overlays live in `kachel_valve_C.overlay` and `west build -b kachel_valve@C` picks them.",
    "D: Rev C moved the motor driver enable from P0.13 to P1.02 and the SHT40 to I2C1; flashing a rev B image on a rev C board runs the motor without the stall sense and can break the gearbox.",
])
S("Board bring-up notes", ["valve/boards/arm/kachel_valve/kachel_valve.dts", "docs/hardware.md#bring-up"], [
    "P: The user wants hardware quirks written in `docs/hardware.md` with the board revision they apply to, not only in code comments.",
    "D: The 32 kHz crystal on early rev B boards needed 12 pF load caps instead of 7 pF; with the wrong caps the RTC drifted 4 minutes a day and schedules shifted.",
])
S("West manifest and NCS version", ["west.yml", "docs/build.md", "https://docs.nordicsemi.com/bundle/ncs-latest/page/nrf/releases_and_maturity.html"], [
    "U: We build on nRF Connect SDK v2.7.0 pinned in `west.yml`; run `west update` after every pull that touches `west.yml`, a stale checkout builds but links an older OpenThread.",
    "C: Do not bump NCS in a feature branch; SDK upgrades get their own PR with a full HIL run, the 2.6 to 2.7 upgrade changed the default BLE TX power and range dropped.",
], old=True)
S("Sysbuild and MCUboot", ["valve/sysbuild.conf", "valve/sysbuild/mcuboot.conf", "docs/ota.md"], [
    "D: MCUboot is built through sysbuild (`SB_CONFIG_BOOTLOADER_MCUBOOT=y` in `sysbuild.conf`); putting `CONFIG_BOOTLOADER_MCUBOOT` in `prj.conf` is ignored since NCS 2.7 and produced unsigned images.",
    "U: Images are signed with ECDSA P-256; the development key is `keys/dev-p256.pem` in the repo, the production key lives only in the HSM and CI signs release images through `tools/sign_remote.py`.",
])
S("Partition layout", ["valve/pm_static.yml", "docs/ota.md#partitions"], [
    "D: The static partition layout in `pm_static.yml` gives MCUboot 48 KB, two image slots of 472 KB each and 32 KB NVS; the layout can never change in the field, any change needs a new product SKU.",
])
S("Build warnings as errors", ["valve/CMakeLists.txt", ".github/workflows/firmware.yml"], [
    "U: Firmware builds use `-Werror` via `CONFIG_COMPILER_WARNINGS_AS_ERRORS=y`; third-party code under `modules/` is exempt, our own code is not.",
])

# ---------------------------------------------------------------- valve: Thread and Matter
S("Matter commissioning", ["valve/src/matter/app_task.cpp", "docs/matter.md", "https://developers.home.apple.com/"], [
    "D: Commissioning from Apple Home failed at the Thread network step because the valve advertised over BLE for only 30 s; Matter requires 15 minutes of advertising after a factory reset (`CHIP_DEVICE_CONFIG_BLE_ADVERTISING_TIMEOUT`).",
    "D: Google Home needs the Thread credentials from its own border router; a valve commissioned onto our hub's Thread network shows in Google Home only after multi-admin pairing from the Kachel app.",
])
S("Thermostat cluster", ["valve/src/matter/thermostat_cluster.cpp", "docs/matter.md#clusters"], [
    "D: Matter temperatures are in hundredths of a degree (`int16_t`, 2150 = 21.5 °C); the first build sent tenths and Apple Home showed 2.1 °C.",
    "U: Setpoint limits are 5-30 °C (`MinHeatSetpointLimit` 500, `MaxHeatSetpointLimit` 3000); writes outside them return CONSTRAINT_ERROR, they are not clamped silently.",
    "D: The valve opening percentage is exposed as `PIHeatingDemand` on the Thermostat cluster; Home Assistant reads it, Apple Home ignores it.",
])
S("Matter certification", ["docs/matter.md#certification", "valve/src/matter/zap/kachel_valve.zap"], [
    "R: The certified configuration is fixed in `kachel_valve.zap`; adding or removing an attribute after certification needs a re-test at the lab, so ZAP changes go through the certification owner.",
    "D: The test harness flagged that our vendor-specific mode attribute used a manufacturer code from the test range (0xFFF1); the real code 0x1A2B is in `docs/matter.md` and the ZAP file.",
])
S("Thread network drops", ["valve/src/ot/thread.c", "hub/main/border_router.c", "docs/thread.md"], [
    "D: Valves dropped off the Thread network every night at 03:00 because the hub restarted the RCP during its own OTA check; the hub now skips the RCP restart unless the RCP firmware really changed.",
    "C: Do not make the valve a Thread router to improve the mesh; a router cannot sleep and empties two AA cells in three weeks.",
])
S("Thread parent selection", ["valve/src/ot/thread.c", "docs/thread.md#parents"], [
    "D: A valve attached to a parent with poor link quality kept that parent for days; `otThreadSearchForBetterParent()` is now called once a day and after 3 failed polls.",
])

# ---------------------------------------------------------------- valve: OTA and settings
S("OTA over Thread", ["valve/src/ota/dfu_target.c", "docs/ota.md", "cloud/ota/rollout.go"], [
    "D: A full image over Thread takes 25-40 minutes at the sleepy poll rate; the valve switches to 500 ms polling during a download and back afterwards, which made it 6 minutes.",
    "R: An OTA update is only applied above 2.6 V battery, and never between 05:00 and 09:00 or 16:00 and 22:00, when people heat.",
    "C: Never confirm the new image (`boot_write_img_confirmed()`) before the valve has rejoined Thread and reported to the hub once; an image that could not join was confirmed and the valve was bricked until someone reflashed it by cable.",
], old=True)
S("OTA rollouts from the cloud", ["cloud/ota/rollout.go", "cloud/ota/cohorts.go", "docs/ota.md#rollouts"], [
    "U: Rollouts go in stages: internal (40 valves in the office and our homes), 1%, 10%, 50%, 100%, with at least 48 h between stages and an automatic halt if more than 0.5% of updated valves stop reporting.",
    "D: The canary cohort is picked by `hash(device_id) % 1000`, so the same valves are always first; that is on purpose, support knows them.",
])
S("Settings in NVS", ["valve/src/settings/nvs_store.c", "valve/pm_static.yml"], [
    "D: NVS sectors are 4 KB and the flash is rated 10000 erase cycles; writing the current temperature to NVS every 5 minutes would have worn it out in two winters, so only settings go there and runtime state stays in RAM.",
    "U: Settings keys are `k/<module>/<name>` (`k/motor/travel`, `k/ctrl/offset`, `k/ui/lock`), registered with the Zephyr settings subsystem, never raw NVS ids.",
])
S("Factory reset", ["valve/src/settings/reset.c", "valve/src/ui/buttons.c", "docs/support.md#factory-reset"], [
    "R: Factory reset (both buttons for 10 s during power-on) erases the Matter fabrics and the Thread dataset but keeps the adaptation travel and the factory calibration; support needs the calibration after a reset.",
])
S("Watchdog resets", ["valve/src/main.c", "valve/src/motor/motor.c", "docs/hardware.md#watchdog"], [
    "D: The task watchdog fired during OTA because the flash erase of a 4 KB page blocked the system workqueue for 90 ms; erases now run in their own thread with the watchdog fed between pages.",
    "D: The reset reason is read from `RESETREAS` at boot and sent as `last_reset` in the first report, so the cloud dashboard shows how many valves reset by watchdog, brownout or pin reset.",
])

# ---------------------------------------------------------------- hub (ESP32-S3, ESP-IDF)
S("Wi-Fi provisioning", ["hub/main/wifi_prov.c", "hub/sdkconfig.defaults", "docs/hub.md#provisioning"], [
    "D: Provisioning uses `wifi_provisioning` over BLE with security 2 (SRP6a) and the proof of possession printed on the hub's label; security 1 was dropped after the pen test.",
    "C: Do not store the Wi-Fi password in our own NVS namespace; ESP-IDF keeps it in the `nvs.net80211` namespace and `esp_wifi_restore()` wipes it on factory reset, our copy survived resets.",
], old=True)
S("Hub MQTT connection", ["hub/main/mqtt_client.c", "cloud/ingest/mqtt_bridge.go", "docs/hub.md#mqtt"], [
    "D: The hub lost MQTT every few hours behind some Fritz!Box routers because the keepalive was 120 s and the router dropped idle NAT mappings after 90 s; keepalive is now 45 s.",
    "U: Topics are `kachel/<hub_id>/<valve_eui>/report` for telemetry and `kachel/<hub_id>/cmd` for commands; QoS 1 for commands, QoS 0 for telemetry.",
    "C: Never put the valve's Matter node id in topics, only the EUI-64; node ids change when a valve is re-commissioned.",
])
S("MQTT TLS certificates", ["hub/main/mqtt_client.c", "hub/main/certs/", "docs/hub.md#tls"], [
    "D: Each hub has its own client certificate, written at the factory into the `esp_secure_cert` partition; the broker's CA bundle is built in, and a CA rotation must ship in firmware at least three months before the old CA expires.",
])
S("Hub logging cleanup", ["hub/main/mqtt_client.c", "hub/main/border_router.c", "hub/CMakeLists.txt"], [
    "U: Hub code logs with `ESP_LOGx` and a per-file `TAG` that matches the file name without `.c`; no `printf` in hub code.",
    "P: The user prefers one small component per feature under `hub/components/` over growing `hub/main/`.",
])
S("Border router", ["hub/main/border_router.c", "hub/components/rcp_update/", "docs/thread.md#border-router"], [
    "D: The hub runs the OpenThread border router on the ESP32-S3 with an ESP32-H2 as RCP over UART at 460800 baud; at 115200 the spinel link overflowed during network formation.",
    "U: The RCP firmware is embedded in the hub image and flashed by `rcp_update` when its version differs; never flash the H2 by hand on a customer hub.",
])
S("Hub OTA", ["hub/main/ota_hub.c", "hub/partitions.csv", "docs/ota.md#hub"], [
    "D: Hub OTA uses `esp_https_ota` with two 3 MB app partitions in `partitions.csv`; the image grew past 2.5 MB with the border router and the old 2 MB slots no longer fit.",
    "R: The hub rolls back automatically if it cannot reach the MQTT broker within 10 minutes of booting a new image (`esp_ota_mark_app_invalid_rollback_and_reboot`).",
])
S("Hub brownouts", ["hub/main/power.c", "docs/hardware.md#hub-power"], [
    "D: Hubs on cheap USB chargers reset with `ESP_RST_BROWNOUT` when Wi-Fi TX and the H2 transmitted at the same time; the brownout level is at 2.7 V and the docs now ask for a 1 A charger.",
])
S("Hub LED", ["hub/main/led.c", "docs/hub.md#led"], [
    "U: Hub LED: white breathing while provisioning, solid green when online, slow orange when the cloud is unreachable, fast red for a hardware fault; the support docs use exactly these words.",
])

# ---------------------------------------------------------------- cloud (Go)
S("Telemetry ingest", ["cloud/ingest/mqtt_bridge.go", "cloud/ingest/schema.go", "docs/cloud.md"], [
    "D: Reports arrive as CBOR, not JSON, to save airtime on Thread; `schema.go` decodes them with `fxamacker/cbor` and keys are small integers (1 = temperature, 2 = setpoint, 3 = valve position, 4 = battery mV).",
    "U: Telemetry is written to TimescaleDB in the `reports` hypertable with 7-day chunks; raw rows are kept 90 days, hourly aggregates forever.",
])
S("Device registry", ["cloud/devices/registry.go", "cloud/migrations/", "docs/cloud.md#registry"], [
    "U: A device row is keyed by EUI-64 for valves and by MAC for hubs; the serial number printed on the box is a separate column, support searches by either.",
    "C: Never delete a device row when a customer removes a valve; mark it `retired_at` so warranty and RMA history survive.",
])
S("Cloud deploys", ["cloud/Dockerfile", "deploy/fly.toml", "docs/cloud.md#deploy"], [
    "U: The cloud runs on Fly.io in `fra` and `ams`; `fly deploy --strategy rolling` from CI on main, never from a laptop.",
])
S("Energy tariff feature", ["cloud/energy/tariff.go", "app/src/screens/Energy.tsx", "docs/cloud.md#energy"], [
    "R: The energy screen estimates heating cost from valve opening hours and the tariff the user enters (ct/kWh for gas or district heating); the estimate must say it is an estimate in every language.",
])
S("Time zone and DST", ["valve/src/control/schedule.c", "cloud/devices/time.go", "hub/main/sntp.c"], [
    "D: The valve has no time zone database; the hub sends the UTC offset and the next DST change with the time sync, and the schedule used to jump an hour early on the last Sunday of March until the change time was sent as UTC.",
])

# ---------------------------------------------------------------- app (React Native)
S("App schedule editor", ["app/src/screens/Schedule.tsx", "app/src/matter/writeSchedule.ts"], [
    "D: The schedule editor writes the whole week in one Matter write of the vendor schedule attribute; writing it day by day took 7 round trips at the sleepy poll rate, almost four minutes.",
    "P: The user wants the schedule editor to snap to 10-minute steps, like the firmware stores it, so the app never shows a time the valve cannot keep.",
])
S("App translations", ["app/src/i18n/de.json", "app/src/i18n/nl.json", "docs/app.md#i18n"], [
    "U: App strings live in `app/src/i18n/<lang>.json` with dot keys; German and Dutch are reviewed by the support team (Jeroen for nl, Katrin for de) before a release.",
    "D: Dutch reviewers want 'radiatorknop' and 'verwarming', not machine-translated 'thermostaatventiel'; the glossary is `docs/app.md#glossary`.",
])

# ---------------------------------------------------------------- factory and production
S("Factory test station", ["factory/station/test_valve.py", "factory/station/jig.py", "docs/factory.md"], [
    "D: The end-of-line test runs 40 s per valve: flash over SWD with `nrfjprog`, run the motor against the jig's spring, read the SHT40 against a reference PT100, check BLE RSSI above -60 dBm at 30 cm.",
    "R: Every tested valve gets a row in the station's SQLite log and is uploaded to the cloud registry before it leaves the line; a valve without a test record must not be shippable.",
    "C: Do not retry a failed motor test on the station; a valve that fails once goes to the rework bin, retries hid a gearbox batch with burrs.",
])
S("Provisioning keys at the factory", ["factory/provision/keys.py", "docs/factory.md#keys"], [
    "D: Matter DAC certificates are generated per device by the PAI in the factory HSM and written to the `factory_data` partition with `nrfutil`; the private key never leaves the device after that.",
    "U: The QR code on the valve sticker encodes the Matter setup payload (`MT:...`) and the serial; the station prints it only after the DAC write was verified.",
])
S("Calibration data", ["factory/station/calibrate.py", "valve/src/sensors/calib.c"], [
    "D: The SHT40 offset measured at the factory is stored in the `factory_data` partition, not in NVS, so a factory reset never erases it.",
])

# ---------------------------------------------------------------- tests and CI
S("Twister unit tests", ["tests/twister/", "valve/src/control/pid.c", "docs/testing.md"], [
    "U: Unit tests run with Twister on `native_sim` (`west twister -T tests/ -p native_sim`); control logic must be testable without hardware, hardware access goes through the `kachel_hal` interface.",
    "P: The user prefers ztest's `zassert_within` for temperatures over exact equality, with a tolerance of 0.05 K.",
])
S("Hardware-in-the-loop rig", ["tests/hil/test_motor.py", "tests/hil/conftest.py", "docs/testing.md#hil"], [
    "D: The HIL rig has 6 valves on real radiator inserts in the office basement, powered by a Keysight supply through `pyvisa`; pytest drives them over the debug UART and a Thread sniffer.",
    "C: HIL jobs must lock the rig (`tests/hil/lock.py`), two pipelines flashing the same valves at once bricked two of them during the NCS upgrade.",
], old=True)
S("Firmware CI pipeline", [".github/workflows/firmware.yml", "docs/build.md#ci"], [
    "U: CI builds every board revision and both build types (`debug`, `release`) in a matrix; the nightly job also runs the HIL rig and the Renode simulation of the motor driver.",
    "D: The CI build cache (`ccache` plus the NCS checkout in the runner image) cut firmware builds from 14 to 3 minutes; a `west.yml` change invalidates the NCS cache key.",
])
S("Renode simulation", ["tests/renode/kachel_valve.repl", "tests/renode/motor.robot"], [
    "D: Renode has no model for the motor current sense, so `motor.robot` feeds recorded ADC traces from `tests/renode/traces/` into the SAADC model to test the stall detector.",
])
S("Release process", ["docs/release.md", "CHANGELOG.md", ".github/workflows/firmware.yml"], [
    "U: Firmware versions are `MAJOR.MINOR.PATCH+build` in `VERSION` (Zephyr's format); tags are `valve-v1.8.2` and `hub-v1.4.0`, the cloud is not versioned.",
    "P: The user wants release notes in German and English, written for customers, not commit lists; the support team copies them into the app's What's New.",
])
S("Release freeze", ["docs/release.md#freeze", "docs/ota.md#rollouts"], [
    "R: No firmware rollout between 15 December and 7 January (holiday freeze); support is thin and a bad update in the coldest weeks is the worst case.",
])

# ---------------------------------------------------------------- support and field
S("Field returns analysis", ["docs/support.md#rma", "tools/rma/analyse.py"], [
    "D: Most RMA returns in the first winter were leaked alkaline cells corroding the battery contacts; the manual now recommends lithium or NiMH and the low-battery warning comes at 2.4 V instead of 2.3 V.",
    "U: `tools/rma/analyse.py` reads the valve's NVS dump over SWD and the last 64 log entries from the retained RAM ring buffer; run it on every return before the valve is opened.",
])
S("Support sticker and labels", ["docs/support.md", "factory/labels/label.zpl"], [
    "D: The label printer's ZPL template puts the serial in Code 128 under the QR code; support asked for the last 6 digits in large type because customers read them out on the phone.",
])
S("Customer logs", ["valve/src/log/ring.c", "docs/support.md#logs"], [
    "U: The valve keeps its last 64 log entries in a retained RAM ring buffer that survives resets (not power loss); the app can fetch it over Matter with the vendor `DiagnosticLog` command.",
])
S("Radiator compatibility", ["docs/compatibility.md", "hardware/adapters/"], [
    "D: Danfoss RA valves need the RA adapter and have only 2.5 mm of pin travel; the adaptation run accepts down to 450 ticks when the user picked a Danfoss adapter in the app.",
    "U: `docs/compatibility.md` lists every valve body we have tested with its adapter and the measured travel; add a row for every customer report we confirm.",
])

# ---------------------------------------------------------------- security
S("Debug port lockdown", ["valve/src/main.c", "factory/provision/keys.py", "docs/security.md"], [
    "R: Release valves have APPROTECT enabled after the factory test; the nRF52840 rev 3 needs both the UICR bit and `CONFIG_NRF_APPROTECT_LOCK=y` in firmware, the UICR bit alone was undone by the old bootloader.",
    "C: Never ship a release image with the shell or `CONFIG_MCUMGR_TRANSPORT_UART` enabled; the pen testers got a shell over the test pads in minutes.",
])
S("Secrets in the repo", ["docs/security.md", ".gitignore", "keys/"], [
    "C: Only the development signing key may be in the repo; the hub's MQTT test certificates are generated locally by `scripts/dev_certs.sh` and `hub/main/certs/*.key` is in `.gitignore`.",
])

# ---------------------------------------------------------------- process and preferences
S("Code review habits", ["CONTRIBUTING.md", ".github/pull_request_template.md"], [
    "P: The user wants PRs to say which board revision and which radiator insert they were tested on; 'tested on HW' alone gets sent back.",
    "P: Small PRs; one subsystem per PR, and a firmware change and its cloud change are separate PRs that name each other.",
])
S("Docs conventions", ["docs/README.md", "CONTRIBUTING.md"], [
    "U: Docs are in English even though the team speaks German and Dutch; customer-facing texts are the only German ones.",
])
S("Working with the hardware team", ["docs/hardware.md", "hardware/README.md"], [
    "P: Hardware questions go to Maarten in the #kachel-hw channel, not in PR comments; he answers on Tuesdays and Thursdays.",
])
S("Meeting notes tooling", ["tools/notes/README.md"], [
    "P: The user does not want meeting notes or planning text in the memory file, only things about the code and devices.",
])

# ---------------------------------------------------------------- superseded and near-duplicates
S("Stall threshold rework", ["valve/src/motor/stall.c", "tests/renode/traces/"], [
    "C~: The stall threshold is a fixed 45 mA for every battery level. ~~ replaced by the scaled threshold",
    "D: The stall detector now also needs the encoder to stop: current above the threshold while encoder ticks still arrive is a stiff valve, not the end stop, and the motor keeps going up to 2 s.",
])
S("Poll interval again", ["valve/src/ot/thread.c", "app/src/matter/session.ts"], [
    "D: The app's fast-poll window makes a setpoint change arrive within about a second; without it a change takes up to 30 s because of the sleepy poll.",
])
S("Hub keepalive follow-up", ["hub/main/mqtt_client.c", "docs/hub.md#mqtt"], [
    "U~: MQTT keepalive is 120 s on the hub to save traffic. ~~ too long for Fritz!Box NAT",
    "D: Some Vodafone cable routers drop NAT mappings even after 60 s; 45 s keepalive is fine there too, checked with three customers.",
])
S("Matter temperature units again", ["valve/src/matter/thermostat_cluster.cpp"], [
    "D: LocalTemperature is reported in 0.01 °C units; do not divide by 10 anywhere on the Matter path, only the display rounds to 0.5 °C.",
])
S("OTA stages follow-up", ["cloud/ota/rollout.go", "docs/ota.md#rollouts"], [
    "U~: OTA rollouts go straight from internal to 100% after one week. ~~ replaced by staged rollouts",
    "D: The rollout halt check counts a valve as stopped when it has not reported for 2 hours after its update; sleepy valves with a dead battery were counted and halted a rollout once, so valves under 2.4 V are excluded.",
])
S("Frost protection in holiday mode", ["valve/src/control/frost.c", "valve/src/control/modes.c"], [
    "D: Frost protection runs before the mode logic in `control_tick()`, so holiday, off and child lock can never keep the valve closed below 5 °C; a unit test in `tests/twister/control/` pins this.",
])
S("Window detection near-duplicate", ["valve/src/control/window.c"], [
    "D: When a window is opened the temperature falls by more than 1.2 K in three minutes and the valve shuts for a quarter of an hour.",
])
S("Interrupt priorities", ["valve/src/motor/motor.c", "valve/src/ot/thread.c", "docs/hardware.md#irq"], [
    "D: The motor PWM timer interrupt must stay below the radio's priority; at priority 0 it delayed 802.15.4 ACKs and the parent dropped the valve during long movements.",
])
S("Ghost Thread children", ["hub/main/border_router.c", "docs/thread.md#children"], [
    "D: The hub's child table filled with ghosting entries of valves that had re-attached elsewhere; the child timeout was 240 s and is now 120 s so stale children age out.",
])
S("Canary builds of the toolchain", ["docs/build.md#toolchain", "tools/toolchain/README.md"], [
    "U: A canary job builds with the next Zephyr SDK toolchain every week and only reports; the pinned toolchain for releases is Zephyr SDK 0.16.8.",
])
S("Export paperwork", ["docs/compliance.md", "docs/release.md"], [
    "D: For shipments to Switzerland and Norway the hub needs the customs tariff number 8517.62 on the invoice; the valve ships under 9032.10.",
])
S("Label sticker sizes", ["factory/labels/label.zpl", "docs/factory.md#labels"], [
    "U: The box sticker is 50 x 30 mm and the valve sticker 20 x 15 mm on the label roll; the ZPL template checks the roll size before printing.",
])
S("Device lost after move", ["cloud/devices/registry.go", "docs/support.md#transfer"], [
    "D: A customer who moved house and set up the hub again got a second hub row, and the valves stayed on the old one; re-provisioning now matches the hub by its MAC and keeps the valves.",
])

# ---------------------------------------------------------------- more field issues
S("I2C bus lockup", ["valve/src/sensors/sht4x.c", "valve/boards/arm/kachel_valve/kachel_valve.dts", "docs/hardware.md#i2c"], [
    "D: After a brownout during a sensor read the SHT40 held SDA low and every later read timed out; the driver now clocks SCL nine times (`i2c_recover_bus()`) before giving up, and reports `sensor_fault` after three failed recoveries.",
    "U: Sensor reads run every 60 s in normal mode and every 10 s for 3 minutes after a window-open event.",
])
S("BLE range complaints", ["valve/src/matter/app_task.cpp", "valve/prj.conf", "docs/matter.md#ble"], [
    "D: Commissioning through a thick wall failed because BLE TX power was 0 dBm after the NCS upgrade; `CONFIG_BT_CTLR_TX_PWR_PLUS_8=y` restores +8 dBm, only while commissioning, to save battery.",
])
S("Hub Wi-Fi roaming", ["hub/main/wifi.c", "hub/sdkconfig.defaults"], [
    "D: With mesh Wi-Fi systems the hub stuck to a far access point at -85 dBm; enabling 802.11k/v (`CONFIG_ESP_WIFI_11KV_SUPPORT=y`) and a roam at -75 dBm fixed it.",
    "C: Do not scan for a better access point more than once every 10 minutes; scanning pauses the Thread border router's radio coexistence and valves lost polls.",
])
S("Cloud alerts", ["cloud/alerts/rules.yaml", "docs/cloud.md#alerts"], [
    "U: Alerts page the on-call only for the broker down, ingest lag over 10 minutes and an OTA halt; everything else goes to the #kachel-alerts channel in office hours.",
])
S("Push notifications", ["app/src/notifications/push.ts", "cloud/notify/notify.go"], [
    "R: The app notifies for low battery once per week per valve, and immediately for `battery_critical`, frost protection active and a motor fault; never for window open, users found that annoying.",
    "D: iOS push tokens change after a restore from backup; the app re-registers its token on every start, not only on first install.",
])
S("Multi-admin pairing", ["valve/src/matter/app_task.cpp", "app/src/matter/multiAdmin.ts", "docs/matter.md#multi-admin"], [
    "D: The valve allows 5 fabrics; opening a commissioning window from the Kachel app (`OpenCommissioningWindow` with a 180 s timeout) is how users add Apple Home or Home Assistant next to our app.",
])
S("Hydraulic balancing", ["cloud/balancing/balance.go", "docs/control.md#balancing"], [
    "D: Automatic hydraulic balancing (hydraulischer Abgleich) limits the maximum opening of valves on radiators that warm up fastest; it needs two weeks of data and the limits are sent as the `max_open` setting.",
    "P: The user wants balancing off by default and explained in the app before it is turned on; installers must be able to see the limits.",
])
S("Firmware size budget", ["valve/CMakeLists.txt", "docs/build.md#size"], [
    "D: The release image is 441 KB of the 472 KB slot; `west build -t rom_report` shows OpenThread and the Matter data model as the biggest parts, our own code is 38 KB.",
    "U: A PR that grows the release image by more than 4 KB must say why in its description; CI posts the size diff as a comment.",
])
S("Sensor read near-duplicate", ["valve/src/sensors/sht4x.c"], [
    "D: If SDA stays stuck low after a reset, the SHT40 driver toggles the clock nine times to free the bus before it tries again.",
])
S("Logging levels in release builds", ["valve/prj.conf", "valve/release.conf", "valve/src/log/ring.c"], [
    "U: Release builds keep `LOG_LEVEL_WRN` and above in the retained ring buffer only; `CONFIG_LOG_BACKEND_UART` is off in `release.conf`.",
])
S("Scheduled adaptation", ["valve/src/motor/adapt.c", "docs/control.md#adaptation"], [
    "D: Valves that stood still all summer seized; once a week at 11:00 from May to September the valve drives fully open and closed again (Ventilschutz), skipped if the battery is under 2.5 V.",
])

CONSOLIDATED = [
    "C: Never flash a customer's device from a development machine; returned devices are flashed on the station in the lab only.",
    "C: Never commit the production signing key, the HSM PIN or the broker's admin password; they come from the CI secrets and the factory HSM.",
    "R: Customer data stays in the EU; telemetry is pseudonymous by EUI-64 and the registry is the only place that links it to an account.",
    "U: Commit messages start with the area: `valve:`, `hub:`, `cloud:`, `app:`, `factory:`, `ci:`, `docs:`.",
    "D: nRF52840 rev 3 on the valve, ESP32-S3 plus ESP32-H2 on the hub, NCS 2.7.0, ESP-IDF 5.3, Go 1.23, React Native 0.75.",
    "P: The user prefers measurements over guesses: a claim about current, timing or range needs a number and how it was measured.",
]
CONSOLIDATED_DOCS = "`README.md` (14), `docs/hardware.md` (8), `docs/control.md` (6), `CONTRIBUTING.md` (5), `docs/build.md` (4), `docs/thread.md` (3)"

MULTILINE = {
    # focus: learning appended as a multi-line bullet with a code block
    "Sysbuild and MCUboot": (
        "U",
        "Build and flash a signed debug image for the rev C board with one command; `--sysbuild` is the default on NCS 2.7 but CI passes it explicitly:\n\n"
        "  ```sh\n"
        "  west build -b kachel_valve@C valve --sysbuild -- -DEXTRA_CONF_FILE=debug.conf && west flash --recover\n"
        "  ```\n",
    ),
    "Hub OTA": (
        "D",
        "Serial logs from a hub that boots into the new image and rolls back look like this; the second line is the one to grep for:\n\n"
        "  ```text\n"
        "  I (523) esp_ota_ops: New image is pending verification\n"
        "  W (600523) ota_hub: broker unreachable for 600 s, rolling back\n"
        "  ```\n",
    ),
}


def parse(l):
    code, text = l.split(": ", 1)
    superseded = code.endswith("~")
    code = code.rstrip("~")
    if superseded:
        text, note = text.split(" ~~ ", 1)
        text = f"~~{text}~~ {note}"
    return code, text


def block(lines, extra=None):
    by = {}
    for l in lines:
        code, text = parse(l)
        by.setdefault(code, []).append(text)
    if extra:
        by.setdefault(extra[0], []).append(extra[1])
    out = []
    for code in ORDER:
        if code in by:
            out.append(f"**{CATS[code]}:**")
            for t in by[code]:
                out.append(f"- {t}".rstrip("\n"))
            out.append("")
    return out


def main():
    rng = random.Random(2405)
    newest = datetime.datetime(2026, 11, 24, 18, 0)
    oldest = datetime.datetime(2025, 7, 14, 9, 0)
    cutoff = newest - datetime.timedelta(days=245)
    span_old = (cutoff - oldest).total_seconds()
    span_new = (newest - cutoff).total_seconds()
    for s in SESSIONS:
        if s["old"]:
            t = oldest + datetime.timedelta(seconds=rng.random() * span_old)
        else:
            t = cutoff + datetime.timedelta(seconds=rng.random() * span_new)
        t = t.replace(minute=rng.choice([0, 5, 10, 15, 20, 30, 40, 45, 50]), second=0, microsecond=0)
        s["time"] = t
    # A superseded learning's session is older than its replacement's.
    by_focus = {s["focus"]: s for s in SESSIONS}
    for old, new in [
        ("Motor stall detection", "Stall threshold rework"),
        ("Hub MQTT connection", "Hub keepalive follow-up"),
        ("OTA rollouts from the cloud", "OTA stages follow-up"),
    ]:
        if by_focus[old]["time"] >= by_focus[new]["time"]:
            by_focus[old]["time"], by_focus[new]["time"] = by_focus[new]["time"], by_focus[old]["time"]
    sessions = sorted(SESSIONS, key=lambda s: s["time"], reverse=True)
    out = ["## Consolidated Learnings", ""]
    out += block(CONSOLIDATED)
    out += [f"**Documentation Seen** (compacted sessions): {CONSOLIDATED_DOCS}", "", "---", "", "## Recent Sessions", ""]
    for s in sessions:
        stamp = s["time"].strftime("%Y-%m-%d %H:%M") + " CET"
        out.append(f"## [{stamp}] - {s['focus']}")
        out.append("**Project**: kachel")
        out.append("**Documentation Seen**: " + ", ".join(f"`{d}`" for d in s["docs"]))
        out.append("")
        out.append("### Learnings")
        out.append("")
        out += block(s["learnings"], MULTILINE.get(s["focus"]))
        out += ["---", ""]
    print("\n".join(out).rstrip("\n-") + "\n")


if __name__ == "__main__":
    main()
