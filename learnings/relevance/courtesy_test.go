package relevance

import (
	"slices"
	"testing"
)

// TestQueryCourtesies holds, over long requests written as people write
// them (emails, chat messages, tickets, a paragraph before the ask), that
// the courtesies a message opens and closes with are no words of the task
// and that its subject's words are, and that a courtesy's words inside the
// request, where they are the subject, are read.
func TestQueryCourtesies(t *testing.T) {
	tests := []struct {
		task    string
		want    []string // words of the task
		without []string // courtesies' words, not read
	}{
		{"Hi Jo, hope you're well. The Xero sync has stopped posting invoices since Friday and the accountant is asking why. Could you have a look when you get a chance? Thanks, Mo",
			[]string{"xero", "sync", "posting", "invoices", "friday", "accountant"}, []string{"hope", "chance"}},
		{"Hello all, sorry to bother you on a Sunday. Members at the Leeds gym can't scan in with the app; the turnstile shows a red cross. Any help would be appreciated.",
			[]string{"members", "leeds", "gym", "scan", "turnstile", "red", "cross"}, []string{"sorry", "bother", "appreciated"}},
		{"Good morning, quick question: do refunds for cancelled lessons go back to the card or as credit? Many thanks",
			[]string{"refunds", "cancelled", "lessons", "card", "credit"}, []string{"morning", "quick", "question"}},
		{"Hope all is well! We've had three complaints this week that the booking confirmation email never arrives for Hotmail addresses. No rush, but can you check the SPF record?",
			[]string{"complaints", "week", "booking", "confirmation", "email", "arrives", "hotmail", "addresses", "spf", "record"}, []string{"hope", "rush"}},
		{"Sorry for the long email. Background: we moved the warehouse to Daventry in March and since then the courier labels print the old return address. The labels come from the ShipStation template I think. Let me know if you need anything else.",
			[]string{"warehouse", "daventry", "march", "courier", "labels", "print", "return", "address", "shipstation", "template"}, []string{"sorry", "long"}},
		{"hi there, the export to CSV cuts off at 10,000 rows and finance needs the whole year. thanks in advance",
			[]string{"export", "csv", "cuts", "rows", "finance", "year"}, []string{"advance"}},
		{"Morning all. The overnight backup job on the Postgres replica failed again with a disk full error, second time this month. Just a heads up, I've cleared the WAL folder by hand for now.",
			[]string{"overnight", "backup", "job", "postgres", "replica", "failed", "disk", "full", "error", "month", "cleared", "wal", "folder", "hand"}, []string{"heads"}},
		{"Quick question - why does the mobile app log people out every morning? Several drivers mentioned it at the depot. Much appreciated!",
			[]string{"mobile", "app", "log", "people", "morning", "several", "drivers", "mentioned", "depot"}, []string{"quick", "question", "appreciated"}},
		{"Hi, I hope you are well. I'm the new office manager at the Harrogate branch and the rota spreadsheet no longer imports into the staff planner, it says the date column is wrong. When you have a moment, could you take a look?",
			[]string{"office", "manager", "harrogate", "branch", "rota", "spreadsheet", "imports", "staff", "planner", "date", "column"}, []string{"hope", "moment"}},
		{"Apologies for the long message. A customer ordered two pallets of slabs, paid by bank transfer, and the order is still on hold three days later because the payment wasn't matched. How do we release it? Thanks again",
			[]string{"customer", "ordered", "pallets", "slabs", "paid", "bank", "transfer", "hold", "days", "later", "payment", "matched", "release"}, []string{"apologies", "long", "message"}},
		{"hey, sorry to chase. the invoice PDF still shows the old VAT number after we updated it in settings last week. any help appreciated",
			[]string{"invoice", "pdf", "vat", "number", "settings", "week"}, []string{"sorry", "chase", "appreciated"}},
		{"Good afternoon, FYI: the card terminal at the Otley café drops its Wi-Fi every lunchtime and takes cash only until someone restarts it. Not urgent.",
			[]string{"card", "terminal", "otley", "café", "wi", "fi", "lunchtime", "cash", "restarts"}, []string{"afternoon", "fyi", "urgent"}},
		{"Hope you had a good weekend. The nightly price feed to Amazon failed on Saturday and Sunday with a 429 from their API, so the weekend sale prices never went live. Can we stop it happening again? Cheers, Dev",
			[]string{"nightly", "price", "feed", "amazon", "failed", "saturday", "sunday", "429", "api", "weekend", "sale", "live"}, []string{"hope"}},
		{"Bit of a long one. Since the upgrade to iOS 18 some parents say the class timetable widget on the home screen shows yesterday's classes until they open the app. Is that something on our side? Thanks so much",
			[]string{"upgrade", "ios", "18", "parents", "class", "timetable", "widget", "home", "screen", "yesterday", "open", "app", "side"}, []string{"bit", "long"}},
		{"hi all, the 22 kW charger at the Billingham depot shows 'faulted' every night around 2am when the buses plug in. Electrician has checked the supply. Let me know what you think.",
			[]string{"kw", "charger", "billingham", "depot", "faulted", "night", "2am", "buses", "plug", "electrician", "supply"}, []string{"k", "w"}},
		{"Hello there! Our accountant wants the quarterly VAT return to include the Irish sales separately. Is that a setting or do we need a developer? Thanks a lot",
			[]string{"accountant", "quarterly", "vat", "return", "include", "irish", "sales", "separately", "developer"}, nil},
		{"Sorry if this is a silly question, but why do the route sheets print in landscape on the new printer in the yard office?",
			[]string{"route", "sheets", "print", "landscape", "printer", "yard", "office"}, []string{"sorry", "silly", "question"}},
		{"I hope you're well. Two tenants emailed that the gate code we sent them doesn't open the side gate at the Leith site, only the front one. Could you check the access groups when you get a minute? Kind regards, Fiona",
			[]string{"tenants", "emailed", "gate", "code", "sent", "open", "side", "leith", "site", "front", "access", "groups"}, []string{"hope", "minute"}},
		{"Hope this finds you well. We'd like to add a second director to the company account but the form only takes one. Appreciate any help.",
			[]string{"second", "director", "company", "account", "form"}, []string{"hope", "finds", "appreciate"}},
		{"Heads up: the Stripe webhook for refunds has been returning 500s since this morning's deploy. Not urgent, refunds still go through, but the dashboard is out of date.",
			[]string{"stripe", "webhook", "refunds", "returning", "500s", "morning", "deploy", "dashboard", "date"}, []string{"heads", "urgent"}},
		{"Afternoon all, when a member freezes their membership for a month the direct debit still goes out on the 1st. Can someone look at this when you have a chance? Thanks!",
			[]string{"member", "freezes", "membership", "month", "direct", "debit", "1st"}, []string{"afternoon", "chance"}},
		{"Sorry to be a pain, but the search on the parts catalogue still can't find 'M8 washer' even though we added it yesterday. Let me know if you need more info.",
			[]string{"search", "parts", "catalogue", "m8", "washer", "yesterday"}, []string{"sorry", "pain", "info"}},
		{"Hi, hope you're doing well. The podcast episodes we scheduled for 6am keep publishing at 7am since the clocks changed. No hurry on this, next one is Tuesday.",
			[]string{"podcast", "episodes", "scheduled", "6am", "publishing", "7am", "clocks", "tuesday"}, []string{"hope", "hurry"}},
		{"Thanks in advance for looking at this. The loyalty points from in-store purchases don't show in the app for about a day, and customers think they've lost them.",
			[]string{"loyalty", "points", "store", "purchases", "app", "day", "customers", "lost"}, []string{"advance"}},
		{"Hope you had a nice weekend! Quick question, is there a way to merge two customer records that are the same person with different emails? Much appreciated",
			[]string{"merge", "customer", "records", "person", "different", "emails"}, []string{"hope", "weekend", "quick", "question", "appreciated"}},
		{"hello all - the nightly ETL into BigQuery took 6 hours last night instead of 40 minutes and the morning dashboards were empty. happy to jump on a call",
			[]string{"nightly", "etl", "bigquery", "hours", "night", "minutes", "morning", "dashboards", "empty"}, []string{"jump", "call"}},
		{"Sorry for the essay. The field app crashes when a pilot opens a job with more than 200 photos on an older Android tablet, it just closes. Logs attached. Any help is appreciated.",
			[]string{"field", "app", "crashes", "pilot", "opens", "job", "200", "photos", "older", "android", "tablet", "closes", "logs", "attached"}, []string{"sorry", "essay", "appreciated"}},
		{"Good morning, apologies if this has been asked before. Where do I change the wording of the appointment reminder text that goes to patients the day before?",
			[]string{"wording", "appointment", "reminder", "text", "patients", "day"}, []string{"apologies", "asked"}},
		{"hi all, just a heads up that the SSL certificate on the staging site expires on Friday. Let me know if you need anything.",
			[]string{"ssl", "certificate", "staging", "site", "expires", "friday"}, []string{"heads"}},
		{"Hope all's well. Customers in Northern Ireland are being charged the GB delivery rate at checkout even with a BT postcode. Thanks so much!",
			[]string{"customers", "northern", "ireland", "charged", "gb", "delivery", "rate", "checkout", "bt", "postcode"}, []string{"hope"}},
		{"Hope you’re well. The warehouse scanners lose their connection in aisle 14 and the pickers have to walk back to the door to sync. When you get a chance, could you look?",
			[]string{"warehouse", "scanners", "lose", "connection", "aisle", "14", "pickers", "walk", "door", "sync"}, []string{"hope", "chance"}},
		{"Sorry to bother you again. The insurer's API rejects quotes for drivers under 21 with a 'policy error' and we can't tell why. Thanks again",
			[]string{"insurer", "api", "rejects", "quotes", "drivers", "21", "policy", "error"}, []string{"sorry", "bother"}},
		{"Hi there, the timesheet reminder goes out on Saturdays instead of Fridays for the Glasgow team only. No rush on this, it's a nuisance more than anything.",
			[]string{"timesheet", "reminder", "saturdays", "fridays", "glasgow", "team", "nuisance"}, []string{"rush"}},
		{"Hello there, when you have a minute: the ticket scanner at the north stand accepted the same barcode twice on Saturday. Is that the offline mode?",
			[]string{"ticket", "scanner", "north", "stand", "accepted", "barcode", "twice", "saturday", "offline", "mode"}, []string{"minute"}},
		{"Hi, bit of a long one, sorry. We run two shops on one Shopify account, and since last week stock sold in Whitby comes off Scarborough's count. Any help would be great.",
			[]string{"run", "shops", "shopify", "account", "week", "stock", "sold", "whitby", "scarborough", "count"}, []string{"bit", "long"}},
		{"Morning all, the fridge temperature alarms at the Ripon store texted nobody last night because the on-call rota was empty. Can we make it fall back to the manager? Cheers in advance",
			[]string{"fridge", "temperature", "alarms", "ripon", "store", "texted", "nobody", "night", "call", "rota", "empty", "fall", "manager"}, []string{"advance"}},
		{"Quick question: can a tutor see another tutor's notes on a shared pupil? A parent asked us today. Thanks a lot",
			[]string{"tutor", "notes", "shared", "pupil", "parent", "asked", "today"}, []string{"quick", "question"}},
		{"I hope you are well. Since Monday our invoices to German clients show 0% VAT instead of reverse charge wording, which their accountants have flagged. Let me know if you need more details.",
			[]string{"monday", "invoices", "german", "clients", "0", "vat", "reverse", "charge", "wording", "accountants", "flagged"}, []string{"hope", "details"}},
		{"hiya, the dispatch board doesn't refresh on the big screen in the control room unless someone clicks it. When you get a sec, any ideas?",
			[]string{"hiya", "dispatch", "board", "refresh", "screen", "control", "room", "clicks", "ideas"}, []string{"sec"}},
		{"Hello all, hope you're having a good week. The online booking page shows slots for the Kendal clinic on bank holidays when it's closed. Much appreciated if someone can fix it.",
			[]string{"online", "booking", "page", "slots", "kendal", "clinic", "bank", "holidays", "closed"}, []string{"hope", "week"}},
		// Lines ended with "\r\n", as a message pasted from Windows is.
		{"Hi all\r\nThe fuel card import skips every row since the bank changed its CSV.\r\nNo rush\r\nPriya",
			[]string{"fuel", "card", "import", "skips", "row", "bank", "csv"}, []string{"rush"}},
		{"Hope you're well.\r\nThe tills at the Filey shop print yesterday's date on receipts after midnight.\r\nWhen you get a chance, could you look?\r\n",
			[]string{"tills", "filey", "shop", "print", "yesterday", "date", "receipts", "midnight"}, []string{"hope", "chance"}},
		// A courtesy is never read inside a longer word.
		{"Thanks in advanced settings the export button is greyed out", []string{"advanced", "settings", "export", "button", "greyed"}, nil},
		{"the no rushing rule for the crane lifts is not enforced by the app", []string{"rushing", "rule", "crane", "lifts", "enforced", "app"}, nil},
		{"Quick questionnaire results are missing from the weekly report", []string{"questionnaire", "results", "missing", "weekly", "report"}, nil},
		// A courtesy's words inside the request are its subject.
		{"the Let me know button on the feedback form does nothing", []string{"button", "feedback", "form"}, nil},
		{"the quick question form loses what people typed", []string{"quick", "question", "form", "loses", "people", "typed"}, nil},
		{"add a heads up banner when the site is under maintenance", []string{"heads", "banner", "site", "maintenance"}, nil},
		{"no rush orders are shipped second class", []string{"rush", "orders", "shipped", "second", "class"}, nil},
		{"customers hope to see the new good morning email at 7am", []string{"customers", "hope", "morning", "email", "7am"}, nil},
		{"the sorry to bother you page after a failed payment looks broken", []string{"sorry", "bother", "page", "failed", "payment", "broken"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.task, func(t *testing.T) {
			checkRead(t, taskWords(tt.task), tt.want, tt.without)
		})
	}
}

// checkRead fails t unless got, the words read from a task, holds every
// word of want and none of without.
func checkRead(t *testing.T, got, want, without []string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("%q not read: %q", w, got)
		}
	}
	for _, w := range without {
		if slices.Contains(got, w) {
			t.Errorf("%q read: %q", w, got)
		}
	}
}
