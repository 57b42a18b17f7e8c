#!/usr/bin/env python3
"""Writes memory.md for the fourth recall evaluation (eval_test.go).

A project memory unlike the first three: "kestrel", a multiplayer arena
game (an authoritative game server in Rust, a Unity client in C# built on
Windows, a Go matchmaker and backend services, Agones fleets on GKE, Steam
and Epic accounts, a store with virtual currency, replays, telemetry in
ClickHouse). About 70 sessions over seventeen months, written by hand the
way coding agents and people write them: long learnings with code spans,
Windows and URL paths, a few multi-line learnings with a code block, long
Documentation Seen lists, sessions with a single learning, learnings that
were struck through as superseded (the replacement is in a later session),
and near-duplicates of the same fact written again in another session.

On purpose it holds traps for context-aware recall: sessions that read a
task's file (snapshot.rs, ShopScreen.cs, client-build.yml, queue.go,
fleet-ranked.yaml) while learning something unrelated to the task, and
near-miss learnings that share one rare word with a task and nothing else
(bundle, season, refund). This
script only dates the sessions (seeded, so the output is the same on every
run), orders them newest first and writes the file. Sessions marked old are
dated at least eight months before the newest. Written, with tasks.txt,
before the first run of the evaluation, and not tuned after it.

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

# ---------------------------------------------------------------- game server (Rust)
S("Snapshot delta compression", ["server/src/net/snapshot.rs", "server/src/net/channel.rs", "docs/netcode.md#snapshots"], [
    "D: Snapshots are delta-compressed against the last snapshot the client acked, not the previous tick; when the client has acked nothing for 32 ticks the server sends a full snapshot, which is what blows past the 1200-byte MTU budget on lossy connections and causes the rubber-banding reports.",
    "U: Entity fields are quantised before delta encoding (positions to 1/64 unit, yaw to 10 bits); `quantize.rs` owns the precision table and a change there is a protocol version bump.",
    "C: Do not split one snapshot over several UDP datagrams ourselves; above the MTU budget drop low-priority entities (cosmetics, far players) by the relevancy score instead, fragmented snapshots arrived half the time on mobile hotspots.",
], old=True)
S("Tick rate and simulation loop", ["server/src/sim/world.rs", "server/src/main.rs", "docs/netcode.md"], [
    "D: The simulation runs at a fixed 30 Hz with an accumulator in `world.rs`; when a tick takes longer than 33 ms the loop runs at most 3 catch-up ticks and then drops time, so a slow tick shows as a hitch rather than a spiral of death.",
    "R: Ranked servers run at 60 Hz; casual and custom lobbies stay at 30 Hz to halve the CPU per match.",
])
S("Clippy and rustfmt cleanup", ["server/src/net/snapshot.rs", "server/src/sim/world.rs", "server/Cargo.toml", "CONTRIBUTING.md"], [
    "U: `cargo clippy --all-targets -- -D warnings` runs in CI for the server crate; `#[allow(...)]` needs a comment that says why.",
    "U: rustfmt uses `imports_granularity = \"Crate\"` from `server/rustfmt.toml`, which needs nightly rustfmt; run `cargo +nightly fmt`, stable fmt reorders imports differently and CI flags the diff.",
    "P: The user wants `unwrap()` only in tests; server code uses `expect(\"why this cannot fail\")` or returns an error.",
])
S("Lag compensation for hitscan", ["server/src/sim/hitscan.rs", "server/src/sim/history.rs", "docs/netcode.md#lag-compensation"], [
    "D: Hitscan is checked against player hitboxes rewound to the shooter's view time (server time minus the shooter's RTT/2 minus the client's interpolation delay of 100 ms); `history.rs` keeps 1 s of hitbox history per player.",
    "C: Cap the rewind at 200 ms; with no cap, players on 400 ms ping could hit people who were already behind cover for a quarter second, which was the biggest complaint in the playtest.",
], old=True)
S("Movement validation", ["server/src/sim/movement.rs", "server/src/anticheat/speed.rs"], [
    "D: The server replays client inputs through the same movement code as the client (shared crate `kestrel-movement`, compiled to a native plugin for Unity); positions that differ by more than 0.5 units trigger a correction, not a kick.",
    "C: Never kick for speed violations on a single tick; a dash ability plus a moving platform produced legit 3x speed for one tick. Kick only after 20 violations in 10 s, and log each one to the anti-cheat topic.",
])
S("Server crash on map change", ["server/src/maps/loader.rs", "server/src/sim/world.rs"], [
    "D: The server panicked with `index out of bounds` in `spawn_points` when a custom lobby switched to a map with fewer spawn points than players; spawn selection now wraps around and logs a warning.",
])
S("Server memory per match", ["server/src/sim/world.rs", "deploy/agones/fleet-ranked.yaml", "docs/operations.md"], [
    "D: One 10-player match uses about 180 MB RSS, 120 MB of which is the navmesh and collision data; maps share that data via `Arc` when several matches run in one process.",
    "U: We run 4 matches per game server process (`KESTREL_MATCHES_PER_PROCESS=4`) on ranked fleets and 8 on casual.",
])
S("Deterministic physics for replays", ["server/src/sim/physics.rs", "docs/replays.md"], [
    "D: Rapier's results differ between x86_64 and arm64 unless the `enhanced-determinism` feature is on; replays recorded on the Graviton fleet desynced when played back on a dev laptop.",
    "C: Only fixed-point or `enhanced-determinism` math in anything that feeds replays; `f32::sin` from std is not deterministic across platforms.",
])
S("Server logging", ["server/src/telemetry.rs", "server/src/sim/world.rs", "docs/operations.md"], [
    "U: Server logs use `tracing` with a `match_id` span around every tick; never log per entity per tick, a debug log in movement produced 9 GB per hour on one fleet.",
])

# ---------------------------------------------------------------- Unity client (C#)
S("Client interpolation", ["client/Assets/Scripts/Net/SnapshotBuffer.cs", "client/Assets/Scripts/Net/Interpolator.cs", "docs/netcode.md#interpolation"], [
    "D: Remote players are rendered 100 ms in the past from a buffer of 3 snapshots; when the buffer runs dry the client extrapolates for at most 250 ms and then freezes the player, which looks better than sliding through walls.",
    "C: The local player must never be interpolated; it is predicted from inputs and reconciled with the server state. Interpolating it added a full RTT of input lag.",
], old=True)
S("Client prediction and reconciliation", ["client/Assets/Scripts/Net/Prediction.cs", "client/Assets/Plugins/x86_64/kestrel_movement.dll"], [
    "D: On a correction the client rewinds to the acked input, reapplies the unacked inputs with `kestrel_movement.dll`, and smooths the visual error over 100 ms; snapping the camera made players motion sick.",
    "D: `kestrel_movement.dll` must be rebuilt for every target (`x86_64`, `arm64-v8a` for Android, a static lib for iOS) whenever the movement crate changes, or prediction silently diverges from the server.",
])
S("Unity editor slow to enter play mode", ["client/Assets/Scripts/UI/ShopScreen.cs", "client/ProjectSettings/EditorSettings.asset", "https://docs.unity3d.com/Manual/ConfigurableEnterPlayMode.html"], [
    "D: Entering play mode took 25 s because of domain reload; with Enter Play Mode Options on and domain reload off it takes 3 s, but every static field must then be reset in a `[RuntimeInitializeOnLoadMethod]`.",
    "P: The user wants editor-only tooling in `Assets/Editor/` assemblies so it never ends up in player builds.",
])
S("Store screen prices", ["client/Assets/Scripts/UI/ShopScreen.cs", "client/Assets/Scripts/Store/PriceFormatter.cs", "services/store/catalog.go"], [
    "C: Format real-money prices with the currency the store platform returns for the offer (Steam's `currency` field, Google's `priceCurrencyCode`), never with the device locale; Brazilian players on English Windows saw `$` next to BRL amounts.",
    "D: Gem prices in the catalog are integers; the discount badge rounds down to whole percent in `PriceFormatter.cs` so a 33.4% discount never shows as 34%.",
])
S("UI Toolkit migration", ["client/Assets/UI/Shop.uxml", "client/Assets/Scripts/UI/ShopScreen.cs", "docs/client-ui.md"], [
    "U: New screens are built with UI Toolkit (UXML + USS), old uGUI screens are only ported when they are touched for a feature anyway.",
    "D: USS does not support `gap` in flex layouts in Unity 2022.3; spacing is done with margins on children through the `.row > *` selector.",
])
S("Addressables and content downloads", ["client/Assets/AddressableAssetsData/AddressableAssetSettings.asset", "client/Assets/Scripts/Content/ContentLoader.cs", "docs/content-delivery.md"], [
    "D: The content download stuck at 99% was the catalog hash check failing after a CDN purge missed `catalog_*.hash`; the loader now retries the catalog once with a cache-busting query string and then reports the real error.",
    "C: Never change an asset bundle's addressable group after release without bumping the content version; players with the old catalog downloaded the whole group again (1.8 GB).",
    "U: Remote content lives under `https://cdn.kestrel.gg/content/<platform>/<content_version>/`; the client asks the backend which content version to use at login.",
])
S("Shader compile hitches", ["client/Assets/Shaders/ShaderVariants.shadervariants", "client/Assets/Scripts/Boot/Warmup.cs"], [
    "D: The first match after install stuttered for seconds on DX12 because shader variants compiled on first use; `Warmup.cs` now warms the collected `ShaderVariants.shadervariants` behind the loading screen, and the collection is regenerated before every release.",
])
S("Windows client crash reports", ["client/Assets/Scripts/Boot/CrashReporter.cs", ".github/workflows/client-build.yml", "https://docs.sentry.io/platforms/unity/"], [
    "D: Sentry could not symbolicate IL2CPP crashes until the build uploads `GameAssembly.pdb` and the `il2cpp_data` line mappings with `sentry-cli debug-files upload`; this step is in the client build workflow after the Windows player build.",
    "C: Do not send crash reports from the editor or from development builds to the production Sentry project; the DSN is picked by build type in `CrashReporter.cs`.",
])
S("Client settings file", ["client/Assets/Scripts/Settings/SettingsStore.cs"], [
    r"D: Settings are saved as JSON in `%USERPROFILE%\AppData\LocalLow\Kestrel Games\Kestrel\settings.json` on Windows (`Application.persistentDataPath`); a half-written file after a crash reset everyone's keybinds, so it is written to `settings.json.tmp` and moved over the old one.",
])
S("Input rebinding", ["client/Assets/Input/Controls.inputactions", "client/Assets/Scripts/Settings/Rebind.cs"], [
    "D: The new Input System saves rebinds with `SaveBindingOverridesAsJson()`; loading them before `PlayerInput` is enabled silently drops them.",
    "R: Every action is rebindable on keyboard and controller, including the menu keys; accessibility review blocked the release without it.",
])
S("IL2CPP build errors", ["client/Assets/link.xml", "client/ProjectSettings/ProjectSettings.asset", "https://docs.unity3d.com/Manual/ManagedCodeStripping.html"], [
    "D: Newtonsoft deserialisation of store DTOs failed only in IL2CPP builds because managed code stripping removed their constructors; the DTO assembly is preserved in `link.xml`.",
    "U: Stripping level stays at `Low`; `Medium` saved 4 MB but broke reflection in the analytics SDK.",
], old=True)
S("Android build size", ["client/ProjectSettings/ProjectSettings.asset", "docs/releasing.md#android"], [
    "D: Google Play rejects an Android App Bundle over 200 MB base module; the initial maps ship as install-time asset packs and the rest as addressable remote content.",
    "C: Build Android with `ARM64` only; the ARMv7 build doubled the bundle size and fewer than 1% of players still had such phones.",
])
S("Localization", ["client/Assets/Localization/StringTables/", "docs/localization.md", "client/Assets/Fonts/"], [
    "R: The game ships in 12 languages; Japanese, Korean and Simplified Chinese need their own TextMesh Pro font atlases, generated with the characters used in the string tables only.",
    "D: Player names can contain characters that no atlas has; names fall back to the dynamic Noto Sans atlas, and a missing glyph shows as a box, never as an empty string.",
    "U: String keys are `screen.element.state` in lower snake case, like `shop.buy_button.disabled`.",
])

# ---------------------------------------------------------------- matchmaker (Go)
S("Matchmaking MMR windows", ["services/matchmaker/queue.go", "services/matchmaker/rating.go", "docs/matchmaking.md"], [
    "D: A ticket starts with an MMR window of +-100 and widens by 50 every 15 s up to +-600; at night top-MMR players waited 8+ minutes because nobody was inside +-600, so above 2400 MMR the window may grow to +-1000 after 2 minutes.",
    "C: Never match a party's average MMR; use the highest member's MMR plus 10% per extra member, averaging let smurfs carry low-rated friends.",
    "U: Ratings are Glicko-2 with a rating period of one match; `rating.go` keeps the volatility constant at 0.06.",
])
S("Matchmaker code style", ["services/matchmaker/queue.go", "services/matchmaker/server.go", "CONTRIBUTING.md"], [
    "U: Go services log with `slog` in JSON with `player_id`, `ticket_id` and `region` attributes; never log access tokens or Steam tickets, even at debug level.",
    "P: The user prefers table-driven tests and `cmp.Diff` over testify assertions in Go code.",
])
S("Regions and ping", ["services/matchmaker/regions.go", "client/Assets/Scripts/Net/PingProbe.cs", "docs/matchmaking.md#regions"], [
    "D: The client pings every region's QoS beacon (UDP 22222) at queue start and sends the results with the ticket; players behind carrier-grade NAT had all probes time out and were put in us-east by default, now they get the region of their IP's country.",
    "R: Never place a player in a region with more than 150 ms measured ping in ranked; casual may go up to 200 ms after 3 minutes in queue.",
])
S("Backfill for casual matches", ["services/matchmaker/backfill.go", "server/src/lobby/backfill.rs"], [
    "D: When a player leaves a casual match, the game server creates a backfill ticket through the Agones SDK annotation `kestrel.gg/backfill`; the matchmaker only backfills matches with more than 3 minutes left.",
    "C: Ranked matches are never backfilled; a leaver's team plays short-handed and gets the leaver penalty reduction.",
])
S("Party service", ["services/party/party.go", "services/party/invite.go", "docs/social.md"], [
    "D: Party invites are sent over the social websocket and expire after 60 s; a player can hold at most 5 pending invites or the UI list overflowed.",
    "C: The party leader enters the queue for everyone; members never create their own tickets, duplicate tickets put one party in two matches.",
])
S("Lobby ghosts after disconnect", ["services/party/presence.go", "server/src/lobby/session.rs"], [
    "D: Players who lost connection stayed in custom lobbies as 'ghost' members because presence only expired on websocket close; presence now expires after 3 missed 10 s heartbeats.",
])
S("Matchmaker queue metrics", ["services/matchmaker/metrics.go", "deploy/grafana/matchmaking.json"], [
    "U: Queue time is reported as a histogram per region, mode and MMR bucket (`matchmaker_queue_seconds`); the dashboard's p95 line is what the design team reads, not the mean.",
])

# ---------------------------------------------------------------- fleets and infrastructure
S("Agones fleet setup", ["deploy/agones/fleet-ranked.yaml", "deploy/agones/autoscaler.yaml", "https://agones.dev/site/docs/guides/health-checking/"], [
    "D: Agones marks a game server Unhealthy and deletes the pod if `SDK.Health()` is not called within `periodSeconds` (5 s) plus `failureThreshold` (3); loading the navmesh blocked the main loop for 20 s, so health pings run on their own thread from process start.",
    "U: Fleets keep a buffer of 20% Ready servers (`bufferSize: 20%`) with a minimum of 10 per region.",
    "C: Never `kubectl delete` Allocated game servers to roll a fleet; change the fleet template and let Agones drain, deleting killed live matches.",
], old=True)
S("Game server allocation", ["services/matchmaker/allocate.go", "deploy/agones/allocator-service.yaml"], [
    "D: Allocation goes through the Agones allocator service over mTLS; the client certificate is rotated by cert-manager every 60 days and the matchmaker must reload it without restart (it watches the secret files).",
    "D: Allocation fails with `ResourceExhausted` when no Ready server matches the selector; the matchmaker then retries in the next region in the ticket's ping list instead of failing the match.",
])
S("UDP ports and firewall", ["deploy/terraform/gke.tf", "deploy/agones/fleet-ranked.yaml"], [
    "D: Game servers get host ports 7000-8000 by Agones dynamic port policy; the GKE firewall rule `game-udp` must allow exactly that range on the game node pool or clients time out on connect.",
    "C: Game nodes need public IPs; we tried a UDP load balancer in front of them and it broke per-server addressing.",
])
S("Node pools for game servers", ["deploy/terraform/gke.tf", "docs/operations.md#node-pools"], [
    "D: Spot VMs are fine for casual fleets (a preemption ends the match with the 'server closed' compensation), but ranked fleets run on on-demand `c2d-highcpu-16` nodes only.",
    "U: Game node pools have `cluster-autoscaler.kubernetes.io/safe-to-evict: \"false\"` on game server pods so the autoscaler never scales a node with a live match down.",
])
S("Kubernetes upgrades", ["deploy/terraform/gke.tf", "docs/operations.md"], [
    "C: Upgrade the game node pools only inside the weekly maintenance window (Tuesday 06:00-08:00 UTC) and with surge upgrades off; the rolling upgrade drained nodes with live matches.",
], old=True)
S("Terraform state", ["deploy/terraform/backend.tf", "docs/operations.md"], [
    "U: Terraform state lives in the `kestrel-tfstate` GCS bucket with one workspace per environment; run plans through Atlantis comments on the PR, never `terraform apply` from a laptop.",
])
S("Postgres for backend services", ["services/accounts/db.go", "deploy/terraform/cloudsql.tf", "migrations/"], [
    "D: Cloud SQL allows 400 connections on our tier and every service pod opened 25; pgbouncer in transaction mode sits in front now and services keep 5 connections each.",
    "D: With pgbouncer in transaction mode, prepared statements from `pgx` fail with `prepared statement already exists`; services use `default_query_exec_mode=simple_protocol`.",
])
S("Redis cluster", ["deploy/terraform/memorystore.tf", "services/leaderboards/store.go"], [
    "D: Memorystore Redis is in cluster mode; multi-key commands must use hash tags like `{season:12}:rank` or they fail with CROSSSLOT.",
])

# ---------------------------------------------------------------- accounts and platforms
S("Steam login", ["services/accounts/steam.go", "client/Assets/Scripts/Platform/SteamAuth.cs", "https://partner.steamgames.com/doc/features/auth"], [
    "D: Steam session tickets from `GetAuthTicketForWebApi(\"kestrel\")` must be validated with the same identity string on the server (`AuthenticateUserTicket` with `identity=kestrel`); without it tickets failed validation for players on the Steam beta client.",
    "C: Hex-encode the ticket bytes before sending them to the backend; base64 tickets broke the Web API call with `Invalid ticket`.",
], old=True)
S("Epic Games Store accounts", ["services/accounts/epic.go", "client/Assets/Scripts/Platform/EpicAuth.cs"], [
    "D: EOS Connect login needs an Epic account ID token, not the auth token; the backend verifies the JWT against Epic's JWKS and caches the keys for an hour.",
    "R: A player can link one Steam and one Epic account to the same Kestrel account; unlinking is allowed once every 30 days.",
])
S("Account linking bugs", ["services/accounts/link.go", "services/accounts/steam.go", "docs/accounts.md"], [
    "C: When linking, the account that already has progression wins and the empty one is merged into it; never ask the player to pick, support got 300 tickets from people who picked wrong.",
    "D: Linking must take the row lock on both accounts in id order (`SELECT ... FOR UPDATE` sorted by account id) or two concurrent link requests deadlocked.",
])
S("Session tokens", ["services/accounts/tokens.go", "docs/accounts.md#tokens"], [
    "U: Backend access tokens are Ed25519-signed JWTs that live 15 minutes; the refresh token lives 30 days and is rotated on every use.",
    "D: Game servers validate access tokens offline with the public key from `/.well-known/jwks.json`, fetched at start and every hour; they never call the accounts service per player.",
])
S("Bans and sanctions", ["services/accounts/bans.go", "docs/trust-and-safety.md"], [
    "R: Bans are per account and per hardware id; a hardware ban needs approval from two people in the trust and safety tool.",
    "C: Never delete a banned account's match history; anti-cheat appeals need it.",
])

# ---------------------------------------------------------------- store and economy
S("Virtual currency ledger", ["services/store/ledger.go", "migrations/0031_wallet_ledger.sql", "docs/economy.md"], [
    "C: Gem balances are never updated in place; every change is a row in `wallet_ledger` with an idempotency key, and the balance is a materialised sum. An in-place update lost gems when two purchases raced.",
    "D: Ledger idempotency keys are the platform transaction id for real-money purchases and `match:<match_id>:<reward>` for rewards, so a retried reward grant is a no-op.",
], old=True)
S("Steam microtransactions", ["services/store/steam_mtx.go", "https://partner.steamgames.com/doc/features/microtransactions/implementation"], [
    "D: Steam `InitTxn` is followed by an in-overlay approval and a callback; we call `FinalizeTxn` only after the callback and credit gems only after `FinalizeTxn` returns `OK`, never on the callback alone.",
    "D: Steam reports refunds and chargebacks only through `GetReport`; a job polls it every 15 minutes and writes negative ledger rows, the player can go below zero gems.",
])
S("Refund handling", ["services/store/refunds.go", "services/store/ledger.go", "docs/economy.md#refunds"], [
    "R: When a refund leaves a player below zero gems, the store is locked for them until the balance is positive again; items bought with the refunded gems are kept.",
    "C: Do not revoke cosmetics on refund automatically; the user wants a support agent to decide in repeat cases only.",
])
S("Console certification notes", ["docs/platforms/console-cert.md"], [
    "D: Console certification requires that a refund or a failed purchase never shows a raw error code to the player; every store error maps to a localised message.",
])
S("Battle pass progression", ["services/rewards/battlepass.go", "services/rewards/consumer.go", "docs/economy.md#battle-pass"], [
    "D: Battle pass XP is granted by the rewards service from the `match.completed` Kafka event, not by the game server; when the consumer lags (it did for 6 h after a partition rebalance) players see their XP hours later.",
    "C: XP from a match is granted once per player and match; the consumer dedupes on `(match_id, player_id)` in Postgres because Kafka redelivered events after the rebalance.",
])
S("Store catalog updates", ["services/store/catalog.go", "content/catalog/*.yaml"], [
    "U: Store offers are YAML files in `content/catalog/`, reviewed like code and published by `storectl publish --env prod`; nobody edits offers in the admin UI.",
    "D: A catalog publish is atomic per environment but clients cache the catalog for 10 minutes; time-limited offers start 10 minutes early in the YAML so they show on time.",
])

# ---------------------------------------------------------------- leaderboards, seasons
S("Leaderboards", ["services/leaderboards/store.go", "services/leaderboards/api.go"], [
    "D: Leaderboards are Redis sorted sets per season, region and mode; the top 1000 are read with `ZREVRANGE` and a player's own rank with `ZREVRANK`, which is O(log n) even for 5 million players.",
    "C: Ties sort by who reached the score first; the score stored is `rating * 1e6 + (1e6 - seconds_since_season_start / 60)`.",
])
S("Season reset", ["services/leaderboards/season.go", "docs/live-ops.md#seasons"], [
    "D: The season reset soft-resets MMR towards 1500 by 50% and archives the sorted sets to Postgres; it runs at 09:00 UTC on the season's first Thursday and takes 40 minutes, during which ranked queue is closed.",
    "R: Season rewards are granted from the archived table, never from live Redis, so a late reset does not change who gets what.",
])

# ---------------------------------------------------------------- replays
S("Replay recording", ["server/src/replay/recorder.rs", "docs/replays.md", "services/replays/upload.go"], [
    "D: Replays store the initial world state plus every player's inputs per tick (about 1.5 MB per 15-minute match, zstd level 3); they play back only on a build with the same `sim_version`.",
    "U: Replays are uploaded to `gs://kestrel-replays/<yyyy>/<mm>/<match_id>.krp` and kept 30 days, 1 year for matches with a report.",
], old=True)
S("Replay viewer desync", ["client/Assets/Scripts/Replay/ReplayPlayer.cs", "server/src/sim/physics.rs"], [
    "C: The replay viewer must refuse a replay whose `sim_version` differs from the client's instead of trying to play it; partial playback showed players shooting at nothing and support took it as cheating evidence.",
])

# ---------------------------------------------------------------- anti-cheat and trust
S("Easy Anti-Cheat integration", ["client/Assets/Scripts/Platform/AntiCheat.cs", "server/src/anticheat/eac.rs", "https://dev.epicgames.com/docs/game-services/anti-cheat"], [
    "D: EAC needs the game launched through `start_protected_game.exe`; launching `Kestrel.exe` directly from the Steam library skipped EAC and the server kicked the player after 60 s with 'integrity violation'.",
    "C: Dev builds disable EAC with the `-noeac` flag only when the build is a development build; never ship a flag that turns it off in release.",
])
S("Report player flow", ["services/reports/reports.go", "docs/trust-and-safety.md"], [
    "R: A report needs a reason and the match; the reported player's replay is kept 1 year when a report arrives.",
    "D: Reports from the same party against one player count once; a party of five mass-reported opponents into auto-review.",
])
S("Chat filtering", ["services/chat/filter.go", "docs/trust-and-safety.md#chat"], [
    "D: The profanity filter runs on normalised text (NFKC, lower case, leetspeak mapped); without normalisation fullwidth letters got through.",
    "P: The user wants filtered words replaced by asterisks of the same length, not removed, so players see that the filter acted.",
])

# ---------------------------------------------------------------- telemetry and analytics
S("Telemetry pipeline", ["services/telemetry/ingest.go", "deploy/terraform/clickhouse.tf", "docs/analytics.md"], [
    "D: Client telemetry goes client -> ingest service -> Kafka `telemetry.raw` -> ClickHouse Kafka engine table; ClickHouse inserts in blocks of 1 million rows or every 7.5 s, so events show up with a few seconds delay.",
    "C: No free-text fields from players in telemetry events (names, chat); analytics is outside the GDPR deletion path.",
])
S("Match analytics queries", ["analytics/queries/match_length.sql", "docs/analytics.md"], [
    "D: `events` in ClickHouse is ordered by `(event_date, event_name, player_id)`; queries that filter on `match_id` only read the whole table, filter on `event_date` first.",
])
S("Kafka consumers", ["services/rewards/consumer.go", "deploy/helm/kafka/values.yaml"], [
    "D: Consumer group rebalances took minutes because every pod joined with the eager protocol; the cooperative-sticky assignor cut rebalances to seconds.",
    "U: Every consumer commits offsets after the work is done and is idempotent, at-least-once everywhere.",
])

# ---------------------------------------------------------------- CI and builds
S("Unity builds in CI", [".github/workflows/client-build.yml", "ci/unity/activate.ps1", "docs/ci.md"], [
    r"D: The Windows build runner activates the Unity license with `Unity.exe -batchmode -quit -serial $env:UNITY_SERIAL -username ... -password ...` in `ci\unity\activate.ps1` and returns it in an `always()` step; a job killed before returning it held a seat, and with 3 seats the next builds failed with `No valid Unity Editor license found`.",
    "D: The Library folder cache (`client/Library`) keyed on the Unity version and `Packages/packages-lock.json` cuts a Windows build from 70 to 25 minutes.",
    "C: Never build the client with a different Unity version than `ProjectSettings/ProjectVersion.txt` says; the runner images carry 2022.3.21f1 only.",
])
S("Windows runner disk space", [".github/workflows/client-build.yml", "ci/runners/windows.pkr.hcl"], [
    r"D: The self-hosted Windows runners fill `D:\actions-runner\_work` with old Library folders; a nightly scheduled task deletes work folders older than 3 days, and the build fails early with a clear message when less than 80 GB is free.",
    r"D: Git LFS on Windows needs `core.longpaths true` for `client\Assets\Art\Environments\...` paths over 260 characters, set in the runner image, or checkout fails with `Filename too long`.",
])
S("Server build and images", ["server/Dockerfile", ".github/workflows/server-build.yml"], [
    "U: The server image is built with `cargo chef` layers and `FROM gcr.io/distroless/cc-debian12`; the image must be under 60 MB so Agones nodes pull it in seconds on scale-up.",
    "D: `cargo build --release` with `lto = \"fat\"` takes 14 minutes in CI; release builds for the fleet use fat LTO, pull request builds use `thin`.",
])
S("Git LFS and large assets", [".gitattributes", "docs/ci.md", "CONTRIBUTING.md"], [
    "U: All binary assets (`*.psd`, `*.fbx`, `*.wav`, `*.png` over 1 MB) go through Git LFS; `.gitattributes` lists them and a pre-commit hook refuses binaries outside LFS.",
    "C: Never rewrite history to move existing files into LFS; it broke every open branch of the art team.",
], old=True)
S("Flaky server tests", ["server/tests/match_flow.rs", "docs/testing.md"], [
    "D: `match_flow.rs` integration tests were flaky because they bound fixed UDP ports; they bind port 0 and read the port back.",
    "U: Integration tests of the Go services run with `go test -tags integration ./...` against docker compose, in their own CI job that only runs when `services/` changes.",
])
S("Bot load tests", ["tools/bots/main.go", "docs/load-testing.md"], [
    "D: The headless bot client can hold 500 bots per 4-core VM; more and the bots, not the server, become the bottleneck and the tick time numbers are wrong.",
    "R: Every ranked-fleet change is load tested with 2000 bots for 30 minutes before release, with p99 tick time under 25 ms.",
])

# ---------------------------------------------------------------- live ops
S("Maintenance mode", ["services/gateway/maintenance.go", "docs/live-ops.md#maintenance"], [
    "D: Maintenance mode is a flag in the config service; the gateway then answers every login with 503 and a `Retry-After`, while players in matches finish them.",
    "C: Announce maintenance 60 minutes ahead in the client banner and on Discord; starting it without notice cost a ranked game for players whose matches started just before.",
])
S("Hotfix content without a client patch", ["docs/live-ops.md", "content/balance/*.json", "services/config/config.go"], [
    "D: Balance values (damage, cooldowns) are JSON in `content/balance/`, served by the config service and loaded by game servers at match start; a balance hotfix needs no client patch, only a config publish.",
    "C: Balance changes that the client predicts (movement speed, dash distance) still need a client patch; changing them server-side only caused constant corrections.",
])
S("Feature flags", ["services/config/flags.go", "client/Assets/Scripts/Boot/Flags.cs"], [
    "U: Feature flags are read from the config service at login and refreshed every 5 minutes; flags the game server needs are pinned at match start so a match never changes rules halfway.",
])
S("Patch notes", ["docs/live-ops.md#patch-notes", "docs/releasing.md"], [
    "P: The user wants patch notes written for players, grouped as Gameplay, Maps, Store, Fixes, and never mentioning internal system names.",
])
S("Release checklist", ["docs/releasing.md", ".github/workflows/client-build.yml", "CHANGELOG.md"], [
    "U: Client releases are tagged `client-vMAJOR.MINOR.PATCH`, server releases `server-vYYYY.MM.DD.N`; the server must accept the previous client version for a week after a patch.",
    "C: Never release on a Friday or the day before a tournament; check the esports calendar in `docs/releasing.md`.",
])

# ---------------------------------------------------------------- voice and social
S("Voice chat", ["client/Assets/Scripts/Voice/VoiceChannel.cs", "services/voice/tokens.go", "https://docs.vivox.com/v5/"], [
    "D: Vivox access tokens are minted by our backend and expire after 90 s; the client must request a new one for every channel join, reusing a token made rejoins fail after a reconnect.",
    "R: Voice is team-only in ranked and off by default for players under 16 by their account's age setting.",
])
S("Friends list", ["services/social/friends.go", "docs/social.md"], [
    "D: Steam friends are imported at first login and refreshed weekly; the friends list merges them with in-game friends and shows the platform icon.",
])

# ---------------------------------------------------------------- GDPR and privacy
S("Account deletion", ["services/accounts/delete.go", "docs/privacy.md"], [
    "R: An account deletion request is executed within 30 days; the player name becomes `deleted-<hash>` in match history and leaderboards, ledgers keep amounts without the player id.",
    "C: Deletion must also remove the player's Vivox and Sentry user data through their APIs; the first version only cleaned our databases.",
], old=True)

# ---------------------------------------------------------------- superseded and near-duplicates
S("Matchmaker deploys", ["services/matchmaker/Dockerfile", "deploy/helm/matchmaker/values.yaml", "docs/operations.md"], [
    "U~: The matchmaker is deployed with `helm upgrade --install matchmaker deploy/helm/matchmaker` from the release workflow. ~~ (superseded on 2026-09-02)",
    "D: The matchmaker keeps tickets in memory only; a deploy drops every open ticket, so deploys happen with the queue paused (`mmctl queue pause`) and clients re-queue automatically.",
], old=True)
S("Argo CD for services", ["deploy/argocd/apps.yaml", "docs/operations.md"], [
    "U: Backend services, the matchmaker included, are deployed by Argo CD from `deploy/argocd/apps.yaml` when the release tag is pushed; nobody runs `helm upgrade` by hand any more.",
    "D: Argo CD's self-heal reverted a replica count changed with `kubectl scale` during an incident; emergency changes go through a commit to the deploy repo.",
])
S("Client logs location", ["client/Assets/Scripts/Boot/Logging.cs", "docs/support.md"], [
    r"C~: Player logs on Windows are in `%APPDATA%\Kestrel\logs`. ~~ outdated",
    r"D: Player logs on Windows are in `%USERPROFILE%\AppData\LocalLow\Kestrel Games\Kestrel\Player.log` (and `Player-prev.log` for the run before); support asks for both.",
])
S("Rate limits at the gateway", ["services/gateway/ratelimit.go", "docs/api.md"], [
    "D~: The gateway limits each player to 10 requests per second with a token bucket in process memory. ~~ (superseded by l4e1f2a9)",
    "D: The gateway rate limit is 20 requests per second per player, kept in Redis so it holds across gateway pods; the in-memory bucket let players get 10x the limit through different pods.",
])
S("Matchmaking timeouts", ["services/matchmaker/queue.go", "client/Assets/Scripts/Net/MatchmakingClient.cs"], [
    "D: Queue tickets expire after 10 minutes; the client shows 'no match found, try another mode' and never re-queues silently.",
    "D: The MMR window for a ticket grows over time in steps and top players can wait long at night; see the matchmaking doc for the exact numbers.",
])
S("Agones health again", ["server/src/agones.rs", "deploy/agones/fleet-casual.yaml"], [
    "D: Casual fleet pods were restarted during map loading because health pings stopped; same root cause as in ranked, `agones.rs` now spawns the health thread before loading maps.",
])
S("Client crash on alt-tab", ["client/Assets/Scripts/Boot/DisplaySettings.cs"], [
    "D: Alt-tab out of exclusive fullscreen on DX11 with some Intel GPUs crashed the client in `UnityPlayer.dll`; the default is now fullscreen window, exclusive stays an option.",
])

# ---------------------------------------------------------------- process and preferences
S("Code review habits", ["CONTRIBUTING.md", ".github/pull_request_template.md"], [
    "P: The user wants pull requests under 500 changed lines, server and client changes in separate PRs even when they belong to one feature.",
    "U: Every PR that changes the network protocol bumps `PROTOCOL_VERSION` in `server/src/net/version.rs` and `client/Assets/Scripts/Net/Version.cs` in the same PR.",
])
S("Docs conventions", ["docs/README.md", "CONTRIBUTING.md"], [
    "P: The user prefers docs in the repository next to the code over the Confluence space, and diagrams as Mermaid in Markdown.",
])
S("Working with design", ["docs/matchmaking.md", "docs/economy.md"], [
    "P: The user wants numbers that designers tune (MMR windows, XP curves, prices) in content files or config, never as constants in code.",
])
S("Tournament mode", ["services/tournaments/bracket.go", "server/src/lobby/custom.rs", "docs/esports.md"], [
    "R: Tournament matches are custom lobbies with a spectator slot for the caster client and a 2-minute delay on the spectator stream.",
    "D: Tournament servers are allocated from a separate fleet with `kestrel.gg/tournament: \"true\"` so a ranked scale-down never touches them.",
])
S("Spectator mode", ["server/src/net/spectator.rs", "client/Assets/Scripts/Spectator/SpectatorCamera.cs"], [
    "D: Spectators get full snapshots without relevancy culling, which is 3x the bandwidth of a player; more than 4 spectators per match need the `spectator-relay` service.",
])

CONSOLIDATED = [
    "C: Ask before running anything against production, including read-only queries and `mmctl` commands.",
    "C: Never commit Steam, Epic or Sentry keys; they come from the CI secrets and, locally, from `.env.local`.",
    "R: Player data stays in the EU for EU accounts (europe-west1); NA and Asia fleets only get the player id and the access token.",
    "U: Commit messages start with the area: `server:`, `client:`, `mm:`, `store:`, `infra:`, `content:`.",
    "D: Unity 2022.3.21f1 LTS, Rust 1.82, Go 1.23, Postgres 16, Agones 1.43 on GKE.",
    "P: The user prefers small, boring solutions over new infrastructure.",
]
CONSOLIDATED_DOCS = "`README.md` (11), `docs/netcode.md` (6), `CONTRIBUTING.md` (5), `docs/operations.md` (4), `docs/architecture.md` (3)"

MULTILINE = {
    # focus: learning appended as a multi-line bullet with a code block
    "Agones fleet setup": (
        "U",
        "The game server binary must start with these flags on Agones, or it picks port 7777 and ignores the port Agones assigned:\n\n"
        "  ```sh\n"
        "  ./kestrel-server --port \"$AGONES_PORT\" --matches 4 --health-interval 2s\n"
        "  ```\n",
    ),
    "Unity builds in CI": (
        "U",
        "Local Windows builds use the same entry point as CI, so a broken build reproduces locally:\n\n"
        "  ```powershell\n"
        "  & \"C:\\Program Files\\Unity\\Hub\\Editor\\2022.3.21f1\\Editor\\Unity.exe\" -batchmode -quit -projectPath client -executeMethod Kestrel.Build.BuildWindows -logFile -\n"
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
    rng = random.Random(2404)
    newest = datetime.datetime(2026, 11, 20, 17, 0)
    oldest = datetime.datetime(2025, 6, 2, 9, 0)
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
    for old, new in [("Matchmaker deploys", "Argo CD for services")]:
        if by_focus[old]["time"] >= by_focus[new]["time"]:
            by_focus[old]["time"], by_focus[new]["time"] = by_focus[new]["time"], by_focus[old]["time"]
    sessions = sorted(SESSIONS, key=lambda s: s["time"], reverse=True)
    out = ["## Consolidated Learnings", ""]
    out += block(CONSOLIDATED)
    out += [f"**Documentation Seen** (compacted sessions): {CONSOLIDATED_DOCS}", "", "---", "", "## Recent Sessions", ""]
    for s in sessions:
        stamp = s["time"].strftime("%Y-%m-%d %H:%M") + " CET"
        out.append(f"## [{stamp}] - {s['focus']}")
        out.append("**Project**: kestrel")
        out.append("**Documentation Seen**: " + ", ".join(f"`{d}`" for d in s["docs"]))
        out.append("")
        out.append("### Learnings")
        out.append("")
        out += block(s["learnings"], MULTILINE.get(s["focus"]))
        out += ["---", ""]
    print("\n".join(out).rstrip("\n-") + "\n")


if __name__ == "__main__":
    main()
