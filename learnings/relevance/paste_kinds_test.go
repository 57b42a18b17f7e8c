package relevance

import (
	"slices"
	"testing"
)

// TestReadPasteKinds holds readPaste to pasted material its rules were not
// written on (review rev14a): what must stay a word of the task, because
// it is the subject (a library named in a frame or an exception, a level
// word or a greeting word in a sentence, a capitalised name after a
// closing word mid-sentence, a URL's path), and what must go, because
// every paste of its kind prints it (the frames of Elixir, Swift and
// Unity libraries, Terraform's and Postgres's boilerplate, a log's
// bracketed level, Slack's author lines and emoji codes, a shell
// prompt's user and host, a bundler's hashed file names).
func TestReadPasteKinds(t *testing.T) {
	tests := []struct {
		kind, task string
		keep       []string // words of the task, as shown
		drop       []string // no word of the task nor of a path at hand
		paths      []string // among the paths at hand
		noPaths    []string // none of the paths at hand
	}{
		// (a) A word that is the subject stays.
		{kind: "library named in the exception", task: "webhook 400s on every event\nstripe._error.SignatureVerificationError: No signatures found matching the expected signature for payload",
			keep: []string{"webhook", "stripe", "signatureverificationerror", "signature", "payload"}},
		{kind: "library named in the exception", task: "reminders fail\nsqlalchemy.orm.exc.DetachedInstanceError: Instance <Member at 0x7f3b2c91e4d0> is not bound to a Session",
			keep: []string{"reminders", "sqlalchemy", "detachedinstanceerror", "member", "session"}, drop: []string{"0x7f3b2c91e4d0"}},
		{kind: "library named in the exception", task: "** (DBConnection.ConnectionError) connection not available and request was dropped from queue after 2000ms",
			keep: []string{"dbconnection", "connectionerror", "connection", "queue"}},
		{kind: "level word in a sentence", task: "INFO desk iPad at the Mill won't print receipts",
			keep: []string{"info", "desk", "ipad", "receipts"}},
		{kind: "level word in a sentence", task: "the WARNING banner still says the garden is closed",
			keep: []string{"warning", "banner", "garden"}},
		{kind: "level word in a sentence", task: "we get an ERROR page when saving a draft",
			keep: []string{"error", "page", "saving", "draft"}},
		{kind: "level word in a sentence", task: "is a CRITICAL humidity alert a page or an email?",
			keep: []string{"critical", "humidity", "alert"}},
		{kind: "level word after a bracket", task: "[FIRING:1] CRITICAL Mill Gallery 2 relative humidity 67.4% for 30m",
			keep: []string{"firing", "humidity", "gallery"}},
		{kind: "level word in a sentence", task: "raise it as a Level 3 request with Soundwise",
			keep: []string{"level", "request", "soundwise"}},
		{kind: "greeting word in a sentence", task: "Thanks to the new cache, collection search is quick but new photos don't show",
			keep: []string{"cache", "collection", "search", "photos"}},
		{kind: "closing words mid-sentence", task: "after payment the site goes to the wrong Thank You Page",
			keep: []string{"payment", "page"}},
		{kind: "closing words mid-sentence", task: "the homepage no longer shows Best Sellers",
			keep: []string{"homepage", "sellers"}},
		{kind: "closing words mid-sentence", task: "rooms are double booked at the Best Western",
			keep: []string{"rooms", "western", "booked"}},
		{kind: "url path", task: "https://lantern-museums.org/whats-on/late-openings is empty for December",
			keep: []string{"late", "openings", "empty", "december"}, drop: []string{"lantern"}},
		{kind: "url path", task: "members say https://members.example.org/members/renewal?utm_source=email still shows last year's price",
			keep: []string{"renewal", "price"}, drop: []string{"utm", "source"}},
		{kind: "id-like product name", task: "Harbour gate scanners won't read the PDF417 on printed tickets; GA4 shows no views; H265 files stutter",
			keep: []string{"pdf417", "ga4", "h265", "scanners", "tickets"}},

		// (b) What every paste of a kind prints goes.
		{kind: "elixir frames", task: `slots endpoint times out
** (DBConnection.ConnectionError) connection not available
    (ecto_sql 3.11.1) lib/ecto/adapters/sql.ex:1054: Ecto.Adapters.SQL.raise_sql_call_error/1
    (ecto 3.11.2) lib/ecto/repo/queryable.ex:232: Ecto.Repo.Queryable.execute/4
    (lantern 0.9.0) lib/lantern/capacity.ex:41: Lantern.Capacity.remaining/2
    (phoenix 1.7.10) lib/phoenix/router.ex:484: Phoenix.Router.__call__/5
    (stdlib 5.2) gen_server.erl:1095: :gen_server.try_handle_call/4`,
			keep: []string{"slots", "capacity", "remaining", "dbconnection"}, drop: []string{"adapters", "queryable", "phoenix", "router", "gen", "raise", "1054", "stdlib"},
			paths: []string{"lib/lantern/capacity.ex"}, noPaths: []string{"lib/ecto/adapters/sql.ex", "lib/phoenix/router.ex"}},
		{kind: "elixir log level", task: "10:00:41.913 request_id=F4z8Xq2lW9kAAABh [error] GenServer Lantern.Holds terminating\n10:00:42.001 [info] Sent 500 in 2001ms",
			keep: []string{"genserver", "holds", "terminating"}, drop: []string{"error", "info"}},
		{kind: "level where a logger prints it", task: "2026/11/25 10:14:03 INFO listening on :8080\n10:14:03.221 [main] ERROR c.l.Checkout - basket lost\nWARNING:root:slow query on orders",
			keep: []string{"listening", "basket", "lost", "slow", "orders"}, drop: []string{"info", "error", "warning", "root"}},
		{kind: "bracketed log level", task: "[warn] pool exhausted, queueing checkout\n[ERROR] checkout failed for basket",
			keep: []string{"pool", "exhausted", "checkout", "basket"}, drop: []string{"warn", "error"}},
		{kind: "swift crash frames", task: `crash at the end of the tour
Thread 0 Crashed:
0   libswiftCore.dylib            0x00000001a2b4c8f4 _assertionFailure(_:_:file:line:flags:) + 264
1   LanternGuide                  0x0000000104a1d2c8 TourPlayer.next() + 412 (TourPlayer.swift:88)
2   AVFCore                       0x00000001b8c2a1f0 -[AVPlayerItem _postNotification] + 52
3   CoreFoundation                0x00000001a0f1c8a4 __CFNOTIFICATIONCENTER_IS_CALLING_OUT_TO_AN_OBSERVER__ + 28`,
			keep: []string{"crash", "tour", "tourplayer"}, drop: []string{"libswiftcore", "dylib", "assertionfailure", "avfcore", "avplayeritem", "postnotification", "corefoundation", "flags"},
			paths: []string{"TourPlayer.swift"}},
		{kind: "unity frames", task: `panels empty in the player build
NullReferenceException: Object reference not set to an instance of an object.
  at Lantern.Kiosk.ContentLoader.Start () [0x00000] in <00000000000000000000000000000000>:0
  at UnityEngine.EventSystems.ExecuteEvents.Execute (UnityEngine.EventSystems.IPointerClickHandler handler, UnityEngine.EventSystems.BaseEventData eventData) [0x00000] in <00000000000000000000000000000000>:0`,
			keep: []string{"panels", "contentloader", "nullreferenceexception"}, drop: []string{"eventsystems", "executeevents", "ipointerclickhandler", "baseeventdata"}},
		{kind: "terraform boilerplate", task: `ok to apply?
Acquiring state lock. This may take a few moments...
google_sql_database_instance.tickets: Refreshing state... [id=lantern-tickets]
  # google_sql_database_instance.tickets must be replaced
Plan: 1 to add, 0 to change, 1 to destroy.
Releasing state lock. This may take a few moments...`,
			keep: []string{"apply", "replaced", "destroy"}, drop: []string{"acquiring", "releasing", "moments", "refreshing", "lock"}},
		{kind: "user at a machine", task: "apply is stuck\n│   Who:       runner@fv-az1138-422\nroot@3f2a1b9c8d7e:/app# mix ecto.migrate",
			keep: []string{"apply", "stuck", "migrate"}, drop: []string{"runner", "fv", "az1138", "root"}},
		{kind: "postgres labels", task: `checkout fails after the restore
ERROR:  duplicate key value violates unique constraint "tickets_barcode_key"
DETAIL:  Key (barcode)=(100482213) already exists.
STATEMENT:  INSERT INTO "tickets" ("order_id","barcode") VALUES ($1,$2)
HINT:  No function matches the given name.`,
			keep: []string{"checkout", "restore", "duplicate", "barcode", "tickets"}, drop: []string{"detail", "statement", "hint"}},
		{kind: "slack author lines and emoji", task: `from #box-office
Aileen Brodie  9:14 AM
INFO desk iPad won't print receipts again :sob:
:eyes: 2
Mo Fraser [10:02 AM]
same at the Castle`,
			keep: []string{"desk", "ipad", "receipts", "castle"}, drop: []string{"aileen", "brodie", "sob", "eyes", "fraser"}},
		{kind: "hashed bundle files", task: `calendar is blank, console says
GET https://lantern-museums.org/undefined/slots?date=2026-12-05 404 (Not Found)    index-4b1c9e2f.js:1
    at async loadSlots (index-4b1c9e2f.js:1:48211)
    at mounted (https://lantern-museums.org/assets/vendor.8c1d2e3f.js:2:1033)`,
			keep: []string{"calendar", "undefined", "slots", "loadslots"}, drop: []string{"4b1c9e2f"},
			noPaths: []string{"index-4b1c9e2f.js"}},
		{kind: "python log format", task: "WARNING:root:slow query on orders\nERROR:portal.tasks:reminder failed",
			keep: []string{"slow", "query", "orders", "reminder"}, drop: []string{"warning", "root", "error"}},
		{kind: "kubectl events", task: `api pods restarting
Events:
  Type     Reason     Age                 From     Message
  ----     ------     ----                ----     -------
  Normal   Pulled     12m (x3 over 41m)   kubelet  Container image "api:4f2a9c1" already present on machine
  Warning  BackOff    2m (x14 over 38m)   kubelet  Back-off restarting failed container api`,
			keep: []string{"api", "pods", "pulled", "backoff", "container", "restarting"}, drop: []string{"normal", "warning", "kubelet", "reason", "age", "x14"}},
		{kind: "http response headers", task: `website shows a generic error for this
HTTP/1.1 409 Conflict
content-type: application/json; charset=utf-8
x-request-id: F4z8Xq2lW9kAAABh
date: Wed, 25 Nov 2026 10:00:42 GMT
retry-after: 30

{"error":{"code":"slot_full","message":"slot has no capacity left"}}`,
			keep: []string{"website", "conflict", "slot", "capacity", "retry"}, drop: []string{"application", "charset", "utf", "wed", "gmt", "content"}},
		{kind: "sentry issue header", task: "Ecto.StaleEntryError\nFirst seen 3 weeks ago · Last seen 2 minutes ago",
			keep: []string{"staleentryerror"}, drop: []string{"seen", "weeks", "minutes"}},
		{kind: "powershell error record", task: `Set-CimInstance : Access is denied.
At C:\ops\kiosk\Set-KioskApp.ps1:27 char:5
+     Set-CimInstance -InputObject $obj
+     ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : PermissionDenied: (MDM_AssignedAccess:CimInstance) [Set-CimInstance], CimException
    + FullyQualifiedErrorId : HRESULT 0x80041003,Microsoft.Management.Infrastructure.CimCmdlets.SetCimInstanceCommand`,
			keep: []string{"access", "denied", "permissiondenied"}, drop: []string{"char", "categoryinfo", "fullyqualifiederrorid", "hresult", "management", "infrastructure", "cimcmdlets"},
			paths: []string{"C:/ops/kiosk/Set-KioskApp.ps1"}},
		{kind: "unity console frames", task: `NullReferenceException: Object reference not set to an instance of an object
Lantern.Kiosk.ContentLoader.Start () (at Assets/Scripts/ContentLoader.cs:31)
UnityEngine.EventSystems.ExecuteEvents.Execute (UnityEngine.EventSystems.IPointerClickHandler handler) (at Library/PackageCache/com.unity.ugui@1.0.0/Runtime/EventSystem/ExecuteEvents.cs:57)`,
			keep: []string{"contentloader", "nullreferenceexception"}, drop: []string{"eventsystems", "packagecache", "ugui", "ipointerclickhandler"},
			paths: []string{"Assets/Scripts/ContentLoader.cs"}},
		{kind: "forwarded email headers", task: `---------- Forwarded message ---------
From: Isla Munro <isla.munro@gmail.com>
Date: Tue, 24 Nov 2026 at 21:14
Subject: Refund for Saturday
To: <boxoffice@lantern-museums.org>

the refund button does nothing`,
			keep: []string{"refund", "saturday", "button"}, drop: []string{"isla", "munro", "forwarded", "tue", "boxoffice", "subject"}},
		{kind: "ci workspace and vite output", task: `vite v5.4.11 building for production...
✓ 812 modules transformed.
x Build failed in 3.41s
error during build:
[vite]: Rollup failed to resolve import "./locales/cy.json" from "/home/runner/work/web/web/src/i18n.ts".`,
			keep: []string{"rollup", "resolve", "import"}, drop: []string{"runner", "home", "modules", "transformed", "production"},
			paths: []string{"src/i18n.ts"}},
	}
	for _, tt := range tests {
		t.Run(tt.kind, func(t *testing.T) {
			paths := checkReading(t, tt.task, tt.keep, tt.drop, tt.paths)
			for _, p := range tt.noPaths {
				if slices.Contains(paths, p) {
					t.Errorf("%q is a path at hand: %q", p, paths)
				}
			}
		})
	}
}
