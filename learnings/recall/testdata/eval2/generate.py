#!/usr/bin/env python3
"""Writes memory.md for the second recall evaluation (eval_test.go).

A mid-size project memory: "ledgerline", a B2B invoicing service (FastAPI,
Celery, Postgres, Next.js, Terraform), about 90 sessions over fifteen months.
The sessions are written by hand below, subsystem by subsystem, with the
files and docs each one saw; this script only dates them (seeded, so the
output is the same on every run), orders them newest first and writes the
file. Sessions marked old are dated at least eight months before the newest.

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


# Invoices: numbering and PDF rendering.
S("Invoice numbering gaps", ["app/invoices/numbering.py", "docs/invoices.md"], [
    "C: Invoice numbers must be gapless per tenant and year; never take them from a Postgres sequence, which skips numbers on rollback.",
    "D: `allocate_number()` locks the tenant's counter row with `SELECT ... FOR UPDATE`; two finalisations at once wait instead of colliding.",
    "R: A cancelled invoice keeps its number and gets a credit note; numbers are never reused.",
], old=True)
S("PDF rendering of invoices", ["app/pdf/render.py", "templates/pdf/invoice.html"], [
    "D: WeasyPrint ignores `position: fixed` footers on every page; use `@page { @bottom-center { content: element(footer) } }` instead.",
    "D: Rendering a 40-page invoice takes 9 s in WeasyPrint; the PDF is rendered in a Celery task and the API returns 202.",
    "C: Do not embed the full Noto font set; subset fonts or the PDFs grow past 3 MB and mail providers reject them.",
    "P: The user wants the PDF layout checked by eye against `docs/invoice-sample.pdf` before merging template changes.",
], old=True)
S("Invoice totals rounding", ["app/invoices/totals.py", "tests/invoices/test_totals.py"], [
    "C: Round per line item, then sum; rounding the total only gave one-cent differences against the tax office's calculation.",
    "D: `Decimal.quantize(Decimal('0.01'), ROUND_HALF_UP)` is needed; Python's default banker's rounding turned 2.675 into 2.67.",
    "U: Money amounts in tests are written as strings, `Decimal('19.99')`, never floats.",
])
S("Invoice PDF attachments", ["app/pdf/render.py", "app/pdf/merge.py"], [
    "D: pypdf loses the PDF/A-3 metadata when merging attachments; attach files with `pikepdf` after rendering instead.",
    "R: Customers can attach a timesheet PDF to an invoice; it is merged after the last invoice page.",
    "C: Keep the rendered PDF immutable once the invoice is finalised; regenerate only drafts.",
])

# E-invoicing.
S("XRechnung export", ["app/einvoice/xrechnung.py", "docs/einvoice.md"], [
    "R: Public-sector customers in Germany need XRechnung (UBL 2.1) with a Leitweg-ID in `BuyerReference`; without it the portal rejects the upload.",
    "D: The KoSIT validator runs as a Java jar; CI calls it through `scripts/validate_xrechnung.sh` with the 3.0.2 scenario files.",
    "D: XRechnung needs the seller's electronic address (`cbc:EndpointID` with schemeID EM) since version 3.0; older files validated without it.",
], old=True)
S("ZUGFeRD hybrid invoices", ["app/einvoice/zugferd.py", "app/pdf/render.py"], [
    "D: ZUGFeRD embeds `factur-x.xml` in a PDF/A-3b file; the PDF must declare the attachment with AFRelationship `Alternative`.",
    "C: Use the EN 16931 profile, not BASIC; several customers' accounting tools refuse BASIC files.",
    "D: `facturx.generate_from_binary` rewrites the XMP metadata; run it after pikepdf, not before.",
])
S("E-invoice mandate 2025", ["docs/einvoice.md", "app/einvoice/inbound.py"], [
    "R: From 2025 every German B2B customer must be able to receive e-invoices; inbound XML is parsed in `app/einvoice/inbound.py`.",
    "D: Inbound invoices arrive as CII or UBL; detect the syntax from the root element, not the file extension.",
    "P: The user prefers rejecting an unreadable inbound invoice with a clear email over guessing fields.",
    "C: Store the original inbound XML untouched in S3; the parsed copy is derived data.",
])

# Bank import and reconciliation.
S("CAMT.053 bank statement import", ["app/banking/camt053.py", "docs/banking.md"], [
    "D: Sparkasse CAMT.053 files put the remittance text in `Ustrd` split across several elements; join them before matching invoice numbers.",
    "D: Some banks send CAMT.053 in ISO-8859-1 despite declaring UTF-8; decode with a fallback or umlauts in payer names break.",
    "C: Never drop a statement entry we cannot parse; import it as unmatched so the books still balance.",
], old=True)
S("Payment matching rules", ["app/banking/matcher.py", "tests/banking/test_matcher.py"], [
    "D: Customers write invoice numbers with spaces or without the prefix (`RE 2024 0042`, `20240042`); normalise before matching.",
    "R: A payment that matches several open invoices by amount only goes to the review queue, never auto-booked.",
    "U: Matching rules live in `app/banking/matcher.py` as an ordered list of small functions, each with its own test.",
    "C: Partial payments stay on the invoice as partially paid; do not split the invoice.",
])
S("FinTS bank connection", ["app/banking/fints.py", "docs/banking.md"], [
    "D: FinTS needs a registered product ID from the Deutsche Kreditwirtschaft; without it several banks refuse the dialog.",
    "D: Bank TAN challenges expire after 5 minutes; the sync job has to park and ask the user, not retry.",
    "P: The user wants bank sync failures shown as a banner in the app, not only in the logs.",
])
S("Duplicate bank transactions", ["app/banking/camt053.py", "migrations/versions/0087_bank_tx_unique.py"], [
    "C: Deduplicate bank transactions on the bank's entry reference plus account, not on amount and date; two equal payments on one day are common.",
    "D: Overlapping statement downloads re-send the last day's entries; the unique index on `(account_id, entry_ref)` catches them.",
    "U: Imports upsert with `ON CONFLICT DO NOTHING` and count the skipped rows in the import summary.",
])

# Payments.
S("Mollie payment links", ["app/payments/mollie.py", "app/webhooks/mollie.py", "docs/payments.md"], [
    "D: Mollie's webhook only sends the payment id; fetch the payment from the API to learn its status, the request body carries nothing else.",
    "C: Answer Mollie webhooks with 200 even for unknown payment ids, or Mollie retries for days and then disables the webhook.",
    "D: Mollie payment links expire after 60 days by default; set `expiresAt` to the invoice due date plus 30 days.",
], old=True)
S("SEPA direct debit mandates", ["app/payments/sepa.py", "docs/payments.md"], [
    "R: A SEPA direct debit needs a signed mandate with a unique mandate reference stored before the first collection.",
    "D: The first collection of a mandate must be announced to the customer 14 days ahead unless the contract says otherwise; we send the pre-notification by email.",
    "C: Use the `CORE` scheme for all customers; `B2B` mandates need the customer's bank to confirm and most customers never do.",
    "D: pain.008 files are rejected when the creditor identifier has lowercase letters.",
])
S("Chargebacks and failed debits", ["app/payments/sepa.py", "app/payments/returns.py"], [
    "D: A returned direct debit arrives up to 8 weeks later with reason code MD06 (refund request); 13 months for an unauthorised debit.",
    "C: Reopen the invoice on a return and charge the bank fee as a separate line on the next invoice, never silently.",
    "P: The user wants return reason codes translated into plain sentences in the UI.",
])
S("Mollie refunds", ["app/payments/mollie.py", "tests/payments/test_mollie.py"], [
    "D: Mollie refunds are asynchronous: the refund object starts `queued` and becomes `refunded` hours later; the credit note waits for it.",
    "C: Mock Mollie with `respx` in tests; never call the test API from CI, it rate-limits shared keys.",
])

# Auth.
S("Login with Microsoft Entra ID", ["app/auth/oidc.py", "docs/auth.md"], [
    "D: Entra ID multi-tenant apps issue tokens with the customer's tenant in `iss`; validate against `https://login.microsoftonline.com/{tid}/v2.0`, not a fixed issuer.",
    "C: Match SSO users on the `oid` claim, not email; people's email addresses change when companies rename.",
    "D: Entra ID sends group claims only up to 200 groups; beyond that it sends `_claim_names` and we must call Graph.",
], old=True)
S("Session cookies and CSRF", ["app/auth/sessions.py", "web/middleware.ts"], [
    "D: The session cookie needs `SameSite=Lax`, not Strict; Strict dropped the cookie on the redirect back from the SSO provider.",
    "C: Never put the session token in localStorage; keep it in the HttpOnly cookie.",
    "D: Next.js middleware runs on the edge runtime, so it cannot import the Python session signer; it only checks that the cookie exists.",
    "U: Every state-changing API route checks the `X-CSRF-Token` header against the cookie's double-submit value.",
])
S("Two-factor authentication", ["app/auth/totp.py", "docs/auth.md"], [
    "R: Tenant admins can require TOTP for all users of their tenant.",
    "D: `pyotp.TOTP.verify` needs `valid_window=1`; phones drift by up to 30 s and users got locked out.",
    "C: Recovery codes are stored hashed with argon2, like passwords, and shown exactly once.",
])
S("Password reset flow", ["app/auth/reset.py", "app/mail/templates/reset_password.html"], [
    "C: The reset link must not say whether an email address has an account; answer the same either way.",
    "D: Outlook's Safe Links pre-fetches links in emails and burned our single-use reset tokens; the link opens a page with a button that posts the token.",
    "R: Reset tokens expire after 30 minutes.",
])

# Multi-tenancy.
S("Tenant isolation", ["app/tenancy.py", "docs/architecture.md"], [
    "C: Every query goes through `tenant_scoped(session)`; a raw `select(Invoice)` without the tenant filter leaked another tenant's drafts in review.",
    "D: Postgres row-level security is enabled on all tenant tables with `app.tenant_id` set per transaction via `SET LOCAL`.",
    "D: `SET LOCAL` does nothing outside a transaction; connections from the pool in autocommit mode ignored it silently.",
], old=True)
S("Roles and permissions", ["app/permissions.py", "tests/test_permissions.py"], [
    "R: Roles are owner, admin, accountant and viewer; accountants can finalise invoices but not change bank accounts.",
    "U: Permission checks use `require(perm)` dependencies on the route, never ad-hoc role comparisons in handlers.",
    "C: Viewer users must not see IBANs; mask all but the last four characters in API responses.",
])
S("Tenant deletion", ["app/tenancy.py", "app/workers/gdpr.py"], [
    "R: Deleting a tenant anonymises personal data within 30 days but keeps invoices for the 10-year retention period required by German tax law.",
    "D: The cascade delete of a large tenant locked `invoice_lines` for minutes; delete in batches of 5,000 from a Celery task.",
    "P: The user wants a dry-run report before any tenant data is removed.",
])

# Database and migrations.
S("Alembic migration conventions", ["migrations/env.py", "docs/database.md"], [
    "U: One Alembic revision per pull request; rebase and re-chain `down_revision` instead of merging heads.",
    "C: Never use `op.execute` with f-strings; bind parameters, even in migrations.",
    "D: Alembic autogenerate misses changes to server defaults and CHECK constraints; write those by hand.",
], old=True)
S("Zero-downtime migrations", ["docs/database.md", "migrations/versions/0102_invoice_status_enum.py"], [
    "D: Adding a value to a Postgres enum cannot run inside a transaction block before PG 12 semantics; use `op.get_context().autocommit_block()`.",
    "C: Create indexes with `postgresql_concurrently=True` in their own migration; a normal CREATE INDEX locked writes on `invoices` for 40 s.",
    "U: A column is dropped two releases after the code stops reading it.",
    "D: `lock_timeout = '3s'` is set at the start of every migration so a blocked ALTER fails fast instead of queueing every write behind it.",
])
S("Connection pool exhaustion", ["app/db.py", "docker-compose.yml"], [
    "D: SQLAlchemy's default pool of 5 plus 10 overflow per worker times 8 Gunicorn workers exceeded RDS `max_connections` of 100 on the small instance.",
    "C: Go through PgBouncer in transaction mode; do not raise `max_connections` on the database.",
    "D: With PgBouncer in transaction mode, server-side prepared statements break; set `prepare_threshold=None` in psycopg.",
])
S("Slow invoice list query", ["app/invoices/queries.py", "docs/database.md"], [
    "D: The invoice list sorted by `due_date` did a sequential scan; a composite index on `(tenant_id, status, due_date)` brought it from 1.2 s to 8 ms.",
    "P: The user wants EXPLAIN ANALYZE output pasted in the PR description for every new index.",
    "C: Use keyset pagination for the invoice list; OFFSET pagination timed out past page 400.",
])

# Celery workers.
S("Payment reminder schedule", ["app/workers/reminders.py", "app/workers/celery_app.py"], [
    "R: Dunning: first reminder 7 days after the due date, second after 14, final notice after 28; each level can be turned off per tenant.",
    "D: Celery beat runs in exactly one container; two beat instances sent every reminder twice after a scaling change.",
    "C: Reminder tasks must be idempotent on `(invoice_id, level)`; check the reminder log before sending.",
], old=True)
S("Celery task timeouts", ["app/workers/celery_app.py", "docs/workers.md"], [
    "D: With `acks_late=True` and the Redis broker, a task running longer than `visibility_timeout` (1 h) is delivered a second time.",
    "U: Every task sets `soft_time_limit` and `time_limit`; long exports split into chunks instead of raising the limits.",
    "C: Pass ids to tasks, never ORM objects; pickled objects are stale by the time the task runs.",
])
S("Worker memory growth", ["app/workers/celery_app.py", "infra/terraform/ecs.tf"], [
    "D: The PDF worker grew to 2 GB after a day; WeasyPrint keeps font caches, so `worker_max_tasks_per_child=50` recycles the process.",
    "D: ECS killed workers with exit code 137 (OOM) without a log line; the task memory limit is now 1536 MB with a soft limit alarm.",
    "P: The user prefers separate queues per workload (pdf, mail, banking) over one big queue.",
])
S("Graceful worker shutdown", ["infra/terraform/ecs.tf", "docs/workers.md"], [
    "D: ECS sends SIGTERM and kills after `stopTimeout` (30 s default); Celery's warm shutdown needs up to 2 minutes for PDF tasks, so stopTimeout is 120.",
    "C: Do not use `--pool=threads` for the PDF queue; WeasyPrint is not thread-safe.",
])

# Email.
S("Postmark email delivery", ["app/mail/sender.py", "docs/email.md"], [
    "D: Postmark's transactional stream rejects bulk mail; reminders go through the `outbound` stream and newsletters through `broadcast`.",
    "C: Send invoice emails from the tenant's name but our domain (`invoices@mail.ledgerline.io`) with Reply-To set to the tenant; their own domain fails DMARC.",
    "D: Attachments over 10 MB are rejected by Postmark; large invoices go out as a signed download link instead.",
], old=True)
S("Bounce handling", ["app/mail/bounces.py", "app/webhooks/postmark.py"], [
    "D: A hard bounce marks the contact address invalid and shows a warning on the customer; soft bounces are retried by Postmark.",
    "R: When an invoice email bounces, the tenant is notified in the app within an hour.",
    "C: Never delete a bounced address automatically; the tenant decides.",
])
S("Email templates in MJML", ["app/mail/templates/invoice.mjml", "package.json"], [
    "U: Email templates are written in MJML and compiled at build time into `app/mail/templates/build/`; never edit the HTML output.",
    "D: Gmail clips messages over 102 KB; inlined CSS from MJML pushed the reminder mail over it, so unused styles are purged.",
    "P: The user wants every template change previewed in Litmus for Outlook 2016 before release.",
])

# DATEV and accounting exports.
S("DATEV export format", ["app/exports/datev.py", "docs/exports.md"], [
    "D: DATEV's EXTF CSV must be Windows-1252 encoded with CRLF line endings and a header line starting with `\"EXTF\";700`.",
    "D: DATEV account numbers depend on the tenant's chart of accounts (SKR03 or SKR04); revenue 19% is 8400 in SKR03 and 4400 in SKR04.",
    "C: Never round amounts in the DATEV export; they come from the stored line totals already rounded.",
], old=True)
S("Accounting export for tax advisors", ["app/exports/datev.py", "app/exports/lexoffice.py"], [
    "R: Tax advisors get a monthly export by the 10th of the following month, sent as a zip with the CSV and all invoice PDFs.",
    "D: DATEV limits the Buchungstext field to 60 characters; longer texts are cut and the import shows no error.",
    "U: Export file names follow `EXTF_Buchungsstapel_{tenant}_{yyyymm}.csv`.",
])
S("Export of credit notes", ["app/exports/datev.py", "tests/exports/test_datev.py"], [
    "C: Credit notes are exported as their own bookings with the Soll/Haben flag reversed, not as negative amounts.",
    "D: The DATEV field `Belegdatum` wants `DDMM` without the year; the year comes from the header.",
])

# VAT and tax rules.
S("Reverse charge for EU customers", ["app/tax/reverse_charge.py", "docs/tax.md"], [
    "R: B2B services to customers in other EU countries use reverse charge: 0% VAT and the note 'Steuerschuldnerschaft des Leistungsempfängers' on the invoice.",
    "D: VIES is down often in the evening; cache successful VAT ID checks for 24 h and retry failed ones in the morning.",
    "C: Never apply reverse charge without a validated VAT ID stored with the validation timestamp.",
], old=True)
S("VAT rate changes", ["app/tax/vat.py", "tests/tax/test_vat.py"], [
    "D: The VAT rate depends on the delivery date, not the invoice date; the 2020 temporary 16% rate proved that.",
    "U: VAT rates come from the `vat_rates` table with validity ranges; no rates hard-coded in Python.",
    "C: Show VAT per rate on the invoice (7% and 19% separately), not one VAT total.",
])
S("Small business exemption", ["app/tax/vat.py", "docs/tax.md"], [
    "R: Tenants under the Kleinunternehmer rule (§19 UStG) invoice without VAT and print the exemption note.",
    "P: The user wants tax rules explained in the docs with a worked example for each case.",
    "D: From 2025 the Kleinunternehmer threshold is 25,000 EUR previous-year revenue; the setting page validates it.",
])

# FX and money.
S("Foreign currency invoices", ["app/fx/rates.py", "app/money.py"], [
    "D: The ECB publishes reference rates around 16:00 CET on working days only; weekends and TARGET holidays reuse the last rate.",
    "R: Invoices in a foreign currency show the VAT amount in EUR as well, converted at the rate of the delivery date.",
    "C: Keep amounts as `Money(amount: Decimal, currency: str)`; never add two amounts without checking the currency.",
], old=True)
S("Currency formatting", ["app/money.py", "web/lib/format.ts"], [
    "D: `Intl.NumberFormat('de-CH', {currency: 'CHF'})` uses an apostrophe as thousands separator; the PDF must match the web UI.",
    "U: Format money on the server for PDFs and with `Intl.NumberFormat` in the web app, both from the invoice's locale, not the user's.",
    "C: Japanese yen has no minor unit; do not print `.00` for JPY.",
])

# Web frontend.
S("Invoice editor form", ["web/components/InvoiceEditor.tsx", "web/lib/api.ts"], [
    "D: React Hook Form's `useFieldArray` needs a stable `key` from the field id, not the index, or line items swap values when one is removed.",
    "C: Compute totals in the editor with the same rounding as the server: per line, half-up; a preview that differs by a cent confused customers.",
    "P: The user wants keyboard shortcuts in the line item table: Enter adds a line, Cmd+Backspace removes one.",
], old=True)
S("Next.js app router migration", ["web/app/invoices/[id]/page.tsx", "web/next.config.js"], [
    "D: Server components cannot use the `useInvoice` hook; data fetching moved into `page.tsx` with `fetch(..., { cache: 'no-store' })`.",
    "D: Next.js caches `fetch` in server components by default in 14; invoice pages showed stale status until `cache: 'no-store'` was set.",
    "U: Client components are marked with `'use client'` at the top and kept in `web/components/`, never in `web/app/`.",
    "C: Do not move the login page to the app router yet; the SSO callback relies on `getServerSideProps`.",
])
S("Frontend API client", ["web/lib/api.ts", "docs/api.md"], [
    "D: The generated OpenAPI client (`openapi-typescript`) types dates as strings; parse them with `parseISO` at the edge of the client.",
    "U: Regenerate the client with `npm run gen:api` after any change to `app/api/v1/`; CI fails when `web/lib/schema.d.ts` is stale.",
    "C: Do not retry POST requests in the API client; only GET and idempotent PUT.",
])
S("Web performance", ["web/next.config.js", "web/app/layout.tsx"], [
    "D: The PDF preview pulled pdf.js (900 KB) into the main bundle; it is now loaded with `next/dynamic` only on the invoice page.",
    "P: The user wants Lighthouse performance above 90 on the invoice list page, checked in CI.",
    "D: Self-hosting the Inter font with `next/font` removed a 300 ms layout shift.",
])

# i18n.
S("German and English UI texts", ["web/messages/de.json", "web/messages/en.json", "docs/i18n.md"], [
    "U: Message keys are namespaced by page (`invoices.list.empty`), and German is the source language.",
    "C: Use formal German ('Sie') in all UI texts and emails, never 'du'.",
    "D: `next-intl` throws at build time for a key missing in `en.json`; CI catches untranslated German keys.",
], old=True)
S("Invoice language per customer", ["app/i18n.py", "templates/pdf/invoice.html"], [
    "R: Each customer has an invoice language (German, English, French) independent of the user's UI language.",
    "D: Babel's `format_date` needs the locale `de_DE`, not `de-DE`; the hyphen form raised `UnknownLocaleError`.",
    "C: Translate the PDF's fixed texts with the customer's language, but keep legal notes in German as well for German sellers.",
])
S("French translation", ["web/messages/fr.json", "docs/i18n.md"], [
    "D: French needs a narrow no-break space before `:` and `?`; the translators' file uses U+202F and the JSON must keep it.",
    "P: The user wants translations from the agency merged as they are, with fixes in a separate commit.",
])

# Infrastructure.
S("Terraform state and environments", ["infra/terraform/main.tf", "docs/deploy.md"], [
    "U: Terraform state lives in S3 with a DynamoDB lock table, one state per environment; never use workspaces.",
    "C: Never run `terraform apply` locally against production; only the deploy workflow applies.",
    "D: The AWS provider upgrade to 5.x renamed `aws_s3_bucket` ACL arguments into separate resources; plan showed destroys until they were split.",
], old=True)
S("RDS upgrade", ["infra/terraform/rds.tf", "docs/database.md"], [
    "D: The RDS major upgrade from Postgres 14 to 16 needs a new parameter group family; apply it in the same change or the upgrade fails.",
    "C: Take a manual snapshot before any RDS change; automated snapshots expire after 7 days.",
    "D: `apply_immediately = false` queues the change for the maintenance window on Sunday 03:00 UTC.",
])
S("Deploy pipeline", [".github/workflows/deploy.yml", "docs/deploy.md"], [
    "U: Deploys go out by tagging `v*`; the workflow builds the image once and promotes the same digest from staging to production.",
    "D: ECS rolling deploys need `minimumHealthyPercent = 100`; with 50 the API dropped requests during deploys.",
    "C: Run migrations as a one-off ECS task before the new service version starts, never in the container entrypoint.",
    "D: The ALB health check hit `/` which renders a template; it now calls `/healthz`, which checks nothing but the process.",
])
S("Secrets management", ["infra/terraform/secrets.tf", "app/config.py"], [
    "U: Secrets come from AWS Secrets Manager injected as env vars by ECS; `.env` is for local development only.",
    "C: Never log the settings object; pydantic's `SecretStr` hides values only if the field uses it.",
    "D: Rotating the database password needs a service restart; the ECS task reads secrets only at start.",
])

# CI and tests.
S("CI pipeline speed", [".github/workflows/ci.yml", "pyproject.toml"], [
    "D: `pytest -n auto` with pytest-xdist cut the backend tests from 11 to 3 minutes; each worker gets its own database via `conftest.py`.",
    "U: Lint with `ruff check` and `ruff format --check`; black and isort are gone.",
    "C: Do not cache the Playwright browsers between CI runs with actions/cache; the restore took longer than the download.",
], old=True)
S("Flaky tests", ["tests/conftest.py", "tests/workers/test_reminders.py"], [
    "D: Tests that depend on the date failed around midnight UTC; freeze time with `time-machine` instead of `datetime.now()`.",
    "C: Never mark a flaky test as skipped; fix it or quarantine it with an issue link.",
    "P: The user wants a failing test reproduced locally with the same seed before any fix: `pytest -p randomly -p no:cacheprovider --randomly-seed=...`.",
])
S("Playwright end-to-end tests", ["web/e2e/invoice.spec.ts", "web/playwright.config.ts"], [
    "D: Playwright's `getByRole('button', { name: 'Speichern' })` breaks when the UI language changes; tests run with locale `de-DE` pinned.",
    "U: E2E tests create their own tenant through the API in `beforeAll` and never share data.",
    "D: The PDF download in e2e needs `page.waitForEvent('download')` before the click, or the event is missed.",
])

# Search.
S("Invoice search", ["app/search/query.py", "migrations/versions/0064_invoice_search.py"], [
    "D: Postgres `to_tsvector('german', ...)` stems 'Rechnungen' to 'rechnung', but customer names must not be stemmed; they use the `simple` config.",
    "D: A GIN index on the generated `search_vector` column made search instant; the trigger-based column was dropped.",
    "C: Search must find invoice numbers by prefix; `RE-2024-` lists all of that year.",
], old=True)
S("Search result ranking", ["app/search/query.py", "web/components/SearchBox.tsx"], [
    "D: `ts_rank_cd` favoured long descriptions; ranking by exact customer name first, then rank, matched what users expected.",
    "P: The user wants search to start after two characters with a 200 ms debounce.",
    "C: Escape user input for `websearch_to_tsquery`; never build tsquery strings by hand.",
])

# Public API, outbound webhooks, rate limits.
S("Public API keys", ["app/api/v1/router.py", "docs/api.md"], [
    "R: The public API authenticates with per-tenant API keys shown once, stored as SHA-256 hashes with a visible prefix `ll_live_`.",
    "U: Public API endpoints are versioned under `/v1`; breaking changes need `/v2` and six months of overlap.",
    "C: Return RFC 7807 problem details for all API errors, not our internal error format.",
], old=True)
S("Outbound webhooks", ["app/webhooks/dispatch.py", "docs/api.md"], [
    "D: Customers' webhook endpoints time out often; dispatch retries with exponential backoff for 24 h and then disables the endpoint with an email.",
    "R: Outbound webhooks are signed with HMAC-SHA256 over the timestamp and body in the `Ledgerline-Signature` header.",
    "C: Never send invoice PDFs in webhook payloads; send the id and a link.",
])
S("Rate limiting the API", ["app/ratelimit.py", "infra/terraform/redis.tf"], [
    "D: The fixed-window limiter let clients send 2x the limit across a window edge; a sliding-window counter in Redis fixed it.",
    "R: Public API limit is 120 requests per minute per key, with `RateLimit-*` headers on every response.",
    "C: Do not rate-limit the inbound payment provider webhooks.",
])
S("API pagination", ["app/api/v1/invoices.py", "docs/api.md"], [
    "U: List endpoints use cursor pagination with `starting_after`; no page numbers in the public API.",
    "D: FastAPI's `response_model` validation doubled the latency of the 500-item list; the list route returns pre-serialised JSON with `ORJSONResponse`.",
])

# Observability.
S("Structured logging", ["app/logging.py", "docs/operations.md"], [
    "U: Logs are JSON via structlog with `tenant_id` and `request_id` bound per request; no f-string log messages.",
    "C: Never log IBANs, email bodies or invoice line descriptions; they are customer data.",
    "D: Uvicorn's access log duplicated every request in CloudWatch; it is disabled and our middleware logs instead.",
], old=True)
S("Sentry and alerts", ["app/sentry.py", "docs/operations.md"], [
    "D: Sentry grouped all Celery task failures under one issue because of the generic wrapper; `fingerprint` now uses the task name and exception type.",
    "P: The user wants alerts only for things someone must act on tonight; everything else goes to a daily digest.",
    "C: Set `send_default_pii=False` in Sentry; request bodies contained customer addresses.",
])
S("Metrics dashboards", ["app/metrics.py", "infra/terraform/cloudwatch.tf"], [
    "D: Custom CloudWatch metrics with a `tenant_id` dimension cost 0.30 USD each per month; per-tenant metrics went to the logs instead.",
    "U: Business metrics (invoices finalised, payments matched) are emitted as EMF log lines, not via the PutMetricData API.",
])

# Misc sessions: conventions, reviews, planning, local setup (distractors).
S("Local development setup", ["README.md", "docker-compose.yml", "Makefile"], [
    "U: `make dev` starts Postgres, Redis, MinIO and Mailpit in docker compose; the app runs on the host with `uvicorn --reload`.",
    "D: MinIO needs `AWS_S3_FORCE_PATH_STYLE=true` or boto3 tries virtual-hosted bucket URLs on localhost.",
    "C: Use `uv` for Python dependencies, not pip or poetry; `uv.lock` is committed.",
    "P: The user wants new developers able to run the app with one command after cloning.",
], old=True)
S("Code review conventions", ["CONTRIBUTING.md"], [
    "U: Pull requests stay under 400 changed lines; bigger changes are split behind a feature flag.",
    "P: The user prefers small functions with descriptive names over comments explaining long ones.",
    "C: Do not reformat unrelated code in a feature pull request.",
    "U: Every pull request that changes behaviour updates `CHANGELOG.md` under Unreleased.",
], old=True)
S("Type checking", ["pyproject.toml", "CONTRIBUTING.md"], [
    "U: mypy runs in strict mode on `app/`; `# type: ignore` needs an error code and a reason.",
    "D: SQLAlchemy 2.0's `Mapped[...]` annotations made the mypy plugin unnecessary; it was removed.",
    "P: The user likes dataclasses for internal value objects and pydantic only at the API boundary.",
])
S("Sprint planning notes", ["docs/roadmap.md"], [
    "R: Quarterly goal: self-service onboarding without a sales call, including bank connection and first invoice.",
    "P: The user wants estimates in days, with a note of what is uncertain, not story points.",
    "C: Ask before starting work that is not in the current sprint.",
])
S("Dependency updates", ["pyproject.toml", "web/package.json", ".github/dependabot.yml"], [
    "U: Dependabot PRs are grouped weekly per ecosystem; security updates come daily.",
    "C: Pin the WeasyPrint version exactly; minor releases changed page break behaviour twice.",
    "D: `uv lock --upgrade-package fastapi` updates one package without touching the rest of the lock file.",
])
S("Feature flags", ["app/flags.py", "docs/architecture.md"], [
    "U: Feature flags are rows in the `feature_flags` table per tenant, read through `flags.enabled(tenant, name)` with a 60 s cache.",
    "C: Remove a flag within two sprints after full rollout; stale flags are listed in the Monday report.",
    "D: The flag cache is per process; toggling a flag takes up to a minute to reach all Gunicorn workers.",
])
S("Onboarding wizard", ["web/app/onboarding/page.tsx", "app/api/v1/onboarding.py"], [
    "R: The onboarding wizard asks for company data, tax number, bank account and logo, in that order, and can be resumed.",
    "D: Uploaded logos in HEIC from iPhones did not render in the PDF; they are converted to PNG with pillow-heif on upload.",
    "P: The user wants each wizard step saved on leaving the step, not only at the end.",
])
S("Customer import from CSV", ["app/imports/customers.py", "docs/imports.md"], [
    "D: Excel exports CSV with a semicolon delimiter in German locales; sniff the delimiter with `csv.Sniffer` on the first 4 KB.",
    "C: Show a preview of the first 20 rows with the column mapping before importing anything.",
    "R: Customer imports report every skipped row with its line number and the reason.",
])
S("Recurring invoices", ["app/invoices/recurring.py", "app/workers/recurring.py"], [
    "R: Recurring invoices are created on the schedule's day at 06:00 in the tenant's time zone and stay drafts unless auto-send is on.",
    "D: A monthly schedule on the 31st skipped February; schedules clamp to the last day of the month.",
    "C: Never send a recurring invoice twice when the worker restarts; the run is keyed on schedule id and period.",
])
S("Customer portal", ["web/app/portal/[token]/page.tsx", "app/api/v1/portal.py"], [
    "R: Customers open their invoices through a portal link without an account; the link token is valid for 90 days.",
    "D: Portal links in emails were opened by virus scanners first, which marked invoices as viewed; viewing now needs a real browser event.",
    "C: The portal must not show other invoices of the same customer unless the tenant enables it.",
])
S("Accessibility fixes", ["web/components/InvoiceEditor.tsx", "web/components/SearchBox.tsx"], [
    "D: The line item table announced nothing to screen readers; rows now have `aria-rowindex` and the totals an `aria-live` region.",
    "U: Every interactive element is reachable by keyboard; PRs touching the UI are checked with axe in the e2e run.",
])
S("Audit log", ["app/audit.py", "migrations/versions/0091_audit_log.py"], [
    "R: Every change to a finalised invoice, bank account or user role is written to the audit log with actor, time and old and new values.",
    "D: Writing the audit row in the same transaction as the change keeps the log consistent; a separate task lost entries on rollback.",
    "C: The audit log is append-only; no update or delete path, not even for admins.",
])
S("Backup and restore drill", ["docs/operations.md", "infra/terraform/rds.tf"], [
    "D: A point-in-time restore of the 80 GB database took 47 minutes; the runbook now states that time.",
    "R: A restore drill runs every quarter and its result is recorded in `docs/operations.md`.",
    "P: The user wants runbooks written as numbered steps that can be followed at 3 a.m.",
])
S("Weekly status notes", ["docs/roadmap.md"], [
    "P: The user likes a short summary at the end of each session of what changed and what is left.",
    "C: Do not open pull requests on Friday afternoons.",
])
S("Data export for customers", ["app/exports/gdpr.py", "app/workers/gdpr.py"], [
    "R: Tenants can download all their data as a zip of JSON files and PDFs within 24 hours of the request.",
    "D: Zipping 20,000 PDFs in memory killed the worker; the export streams into S3 with multipart upload.",
])
S("Late fees and interest", ["app/invoices/late_fees.py", "docs/tax.md"], [
    "R: B2B late payment interest is 9 percentage points above the base rate (§288 BGB); the rate is updated every January and July.",
    "C: Late fees are never added automatically; the tenant confirms each one.",
    "D: The Bundesbank publishes the base rate as a CSV; the job reads it from the statistics API on the first working day of January and July.",
])
S("Mobile layout of the web app", ["web/app/layout.tsx", "web/components/InvoiceTable.tsx"], [
    "D: The invoice table overflowed on phones; below 640 px it switches to cards with the amount and status on top.",
    "P: The user checks layout changes on an iPhone SE-sized viewport first.",
])
S("Quotes and offers", ["app/quotes/service.py", "templates/pdf/quote.html"], [
    "R: Quotes can be converted into invoices with one click, keeping line items and discounts.",
    "D: Quote numbers use their own gapless counter; sharing the invoice counter created gaps in invoice numbers.",
    "C: Accepted quotes are locked; changes need a new quote version.",
])
S("Discounts and early payment", ["app/invoices/totals.py", "templates/pdf/invoice.html"], [
    "R: Early payment discount (Skonto) is printed with the date and amount, e.g. 2% if paid by 14 March.",
    "D: The VAT base is reduced only when the discount is actually taken; the invoice shows the full VAT.",
])
S("Timesheets integration", ["app/integrations/timesheets.py", "docs/integrations.md"], [
    "D: The Clockify API returns durations as ISO 8601 (`PT1H30M`); `isodate.parse_duration` reads them.",
    "R: Imported time entries become invoice lines grouped by project and rate.",
    "C: Do not import entries that are already billed in Clockify; filter on `billable=true` and `invoiceId` empty.",
])
S("Storage of documents", ["app/storage.py", "infra/terraform/s3.tf"], [
    "D: S3 Object Lock in compliance mode on the archive bucket keeps finalised PDFs for 10 years; not even root can delete them.",
    "U: Files are addressed as `tenants/{tenant_id}/invoices/{invoice_id}/{kind}.pdf`.",
    "C: Serve PDFs through presigned URLs that expire after 5 minutes; never make the bucket public.",
])
S("Incident: reminders sent to paid invoices", ["app/workers/reminders.py", "app/banking/matcher.py"], [
    "D: The reminder job ran before the morning bank import finished, so invoices paid yesterday got reminders; reminders now wait for the import.",
    "C: Check payment status again right before sending any reminder.",
    "P: The user wants a short incident write-up in `docs/incidents/` after any customer-facing mistake.",
])

# More sessions on the same files and subsystems: the learnings a task does
# not need but that share its files, docs and common words.
S("Invoice status machine", ["app/invoices/service.py", "docs/invoices.md"], [
    "U: Invoice status changes go through `transition(invoice, to)`; assigning `invoice.status` directly is rejected in review.",
    "R: Statuses are draft, finalised, sent, partially paid, paid, overdue and cancelled; only drafts can be edited.",
    "D: The overdue status is computed nightly; listing overdue invoices with a live date comparison was too slow.",
    "C: Do not let a finalised invoice go back to draft; cancel it and copy it instead.",
])
S("Invoice email sending", ["app/invoices/service.py", "app/mail/sender.py"], [
    "C: Send the invoice email only after the PDF task finished; early sends went out without the attachment.",
    "R: The tenant can set a default email text per language with placeholders for number, amount and due date.",
    "D: Postmark's `MessageStream` must be set per message; the default stream silently applied to reminders.",
])
S("Banking UI", ["web/app/banking/page.tsx", "app/api/v1/banking.py"], [
    "R: Unmatched bank transactions are listed with suggested invoices, best guess first, and can be matched by drag and drop.",
    "P: The user wants amounts in the banking list right-aligned with the currency after the number, German style.",
    "D: The bank transaction list re-rendered 2,000 rows on every keystroke in the filter; it is virtualised with `@tanstack/react-virtual`.",
])
S("Payment provider abstraction", ["app/payments/base.py", "app/payments/mollie.py", "app/payments/stripe.py"], [
    "U: Payment providers implement `PaymentProvider` with `create_link`, `fetch_status` and `refund`; no provider-specific code outside `app/payments/`.",
    "R: Tenants in Switzerland use Stripe instead of Mollie because of TWINT.",
    "D: Stripe and Mollie both send amounts as strings in some places and integers of minor units in others; the adapters convert to `Money`.",
    "C: Keep provider API keys per tenant encrypted with the KMS key; never in the tenants table in plain text.",
])
S("Auth: API tokens for integrations", ["app/auth/tokens.py", "docs/auth.md"], [
    "D: FastAPI's `HTTPBearer` returns 403 instead of 401 when the header is missing; we wrap it to return 401 with `WWW-Authenticate`.",
    "U: Token scopes are checked by the same `require(perm)` dependencies as user sessions.",
    "C: Integration tokens never expire silently; they warn the tenant 14 days before expiry.",
])
S("Database backups of tenants", ["app/db.py", "docs/database.md"], [
    "D: `pg_dump` of a single tenant is not possible with shared tables; tenant exports go through the application.",
    "U: Database sessions are opened with `async with session_scope()` and committed once at the end of the request.",
    "C: Do not use `session.merge` for upserts; use `insert(...).on_conflict_do_update`.",
])
S("Worker queues and priorities", ["app/workers/celery_app.py", "docs/workers.md"], [
    "U: Queues are `default`, `pdf`, `mail` and `banking`; a new task names its queue explicitly in `task_routes`.",
    "D: Redis as broker does not support real priorities; urgent mails get their own queue with more workers instead.",
    "P: The user wants Flower available on staging only, behind the VPN.",
])
S("Email deliverability", ["docs/email.md", "infra/terraform/dns.tf"], [
    "D: SPF allows only 10 DNS lookups; adding Postmark's include pushed us to 11 and some receivers failed SPF.",
    "U: DKIM keys for `mail.ledgerline.io` are managed in Terraform in `dns.tf`, rotated yearly.",
    "C: Do not send from `noreply@`; replies must reach the tenant.",
])
S("Exports UI", ["web/app/exports/page.tsx", "app/api/v1/exports.py"], [
    "R: The exports page lists the last 12 monthly exports with their status and a download link.",
    "D: Safari downloads files from a blob URL with the name `Unknown` unless `Content-Disposition` is set by the server.",
    "C: Exports are generated in the background; the button never waits for the file.",
])
S("Tax documentation", ["docs/tax.md"], [
    "U: Every tax rule in code links to the section of `docs/tax.md` that explains it.",
    "D: The tax office accepts rounding per line or per invoice, but the method must be consistent across all invoices of a tenant.",
    "P: The user wants tax questions marked for the tax advisor instead of answered by guessing.",
])
S("Web forms and validation", ["web/components/CustomerForm.tsx", "web/lib/validation.ts"], [
    "U: Forms validate with zod schemas shared between the form and the API client types.",
    "D: German IBAN validation must strip spaces first; customers paste them grouped in fours.",
    "C: Do not disable the submit button on invalid forms; show the errors when it is pressed.",
    "D: Safari autofills the company field into the street field unless `autocomplete` attributes are set correctly.",
])
S("Translation workflow", ["docs/i18n.md", "web/messages/de.json"], [
    "U: New UI texts are added in German first; English follows in the same PR, other languages via the agency.",
    "D: Crowdin's GitHub integration opened one PR per language; it is configured to open one PR for all languages weekly.",
])
S("Infrastructure costs", ["infra/terraform/main.tf", "docs/operations.md"], [
    "D: NAT gateway data processing was the largest AWS cost; S3 and ECR traffic now goes through VPC endpoints.",
    "P: The user wants a cost estimate in the PR for any infrastructure change above 50 USD per month.",
    "D: Fargate Spot for the banking and mail workers cut their cost by 65%; the API stays on regular Fargate.",
])
S("Test data factories", ["tests/factories.py", "tests/conftest.py"], [
    "U: Test data is built with factory_boy factories in `tests/factories.py`; no fixtures loading JSON files.",
    "C: Tests must not depend on the order they run in; each test creates its own tenant.",
    "D: `factory.Faker('iban', locale='de_DE')` produces valid German IBANs; random strings failed validation.",
])
S("Search for customers", ["app/search/customers.py", "web/components/SearchBox.tsx"], [
    "D: Trigram similarity (`pg_trgm`) finds customers despite typos like 'Müler'; the tsvector search did not.",
    "C: Customer search must match the customer number exactly before any fuzzy match.",
])
S("API documentation", ["docs/api.md", "app/api/v1/router.py"], [
    "U: The public API reference is generated from FastAPI's OpenAPI schema and published with Redoc; hand-written docs cover only guides.",
    "D: FastAPI puts every Pydantic model in the schema; internal models were hidden with `include_in_schema=False` on their routes.",
    "P: The user wants every API example in the docs to be a curl command that works against the sandbox.",
])
S("Monitoring the bank sync", ["app/banking/fints.py", "app/metrics.py"], [
    "D: The nightly bank sync for 900 tenants took 3 hours serially; it now runs 20 tenants in parallel per worker.",
    "C: Alert on a bank connection only after three failed syncs in a row; single failures are normal.",
])
S("Notifications in the app", ["web/components/Notifications.tsx", "app/notifications.py"], [
    "R: In-app notifications for payments received, bounces and failed bank syncs, with a daily email digest option.",
    "D: Server-sent events through the ALB were cut after 60 s idle; the stream sends a comment line every 30 s.",
    "U: Notification texts are translated like UI texts, with the key in the notification row, not the rendered text.",
])
S("Security review", ["docs/security.md", "app/auth/sessions.py"], [
    "C: Every file upload is checked by content type sniffing, not the extension, and limited to 10 MB.",
    "D: The session cookie lacked the `__Host-` prefix; with it, subdomains can no longer overwrite it.",
    "R: Admin actions require re-entering the password or TOTP if the last authentication is older than 15 minutes.",
    "U: Security fixes are released as patch versions with a note in `SECURITY.md`, not in the public changelog first.",
])

CONSOLIDATED = [
    "C: Ask before running anything against production, even read-only queries.",
    "C: Never commit `.env` files.",
    "R: Personal data stays in the EU; all services run in eu-central-1.",
    "R: All timestamps are stored as `timestamptz` in UTC.",
    "U: Commit messages start with the area: `api:`, `web:`, `worker:`, `infra:`.",
    "U: Python code follows the layout `app/<domain>/` with `service.py`, `queries.py` and `models.py` per domain.",
    "D: Production runs Python 3.12 and Postgres 16.",
    "D: The staging environment is reset from anonymised production data every Sunday night.",
    "P: The user prefers explicit code over clever abstractions.",
    "P: Answer in English in code and docs, even though the team speaks German.",
]
CONSOLIDATED_DOCS = "`README.md` (7), `docs/architecture.md` (4), `CONTRIBUTING.md` (3)"


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
    rng = random.Random(7)
    newest = datetime.datetime(2026, 11, 20, 17, 0)
    oldest = datetime.datetime(2025, 8, 1, 9, 0)
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
        out.append("**Project**: ledgerline")
        out.append("**Documentation Seen**: " + ", ".join(f"`{d}`" for d in s["docs"]))
        out.append("")
        out.append("### Learnings")
        out.append("")
        out += block(s["learnings"])
        out += ["---", ""]
    print("\n".join(out).rstrip("\n-") + "\n")


if __name__ == "__main__":
    main()
