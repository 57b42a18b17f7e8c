package relevance

import "testing"

// TestEverydayFindsTheLearningsWords holds that a task's everyday word or
// phrase finds the learning that names the thing as developers do, that
// it reads one way only, and that a phrase's words apart, or a word
// software uses in its own sense, find nothing.
func TestEverydayFindsTheLearningsWords(t *testing.T) {
	tests := []findCase{
		{"a customer wants her money back", "Refunds go back to the original card.", true},
		{"once my time off is approved", "Annual leave requests go to the practice manager.", true},
		{"half the cartridges are out of date", "Cartridges are tracked by batch and expiry.", true},
		{"someone signed up twice", "Duplicate registrations are merged from the back office.", true},
		{"the lager shows as sold out on the shop", "Shopify stock levels are pushed every 10 minutes.", true},
		{"can a teenager join without her mum", "Under-18s need a parent as the account holder.", true},
		{"parcel arrived smashed", "Bottles broken in transit are refunded.", true},
		{"how do I combine the two accounts", "Accounts are merged from the admin.", true},
		{"we want to put the fee up", "A price change needs 30 days' notice.", true},
		{"episodes sound quieter than other shows", "Episodes are normalised to -16 LUFS.", true},
		{"lead time on flyers is a day longer", "Standard turnaround is 3 working days.", true},
		{"patients never got the usual heads-up", "SMS reminders go out at 18:00.", true},
		{"tapping the button from their inbox", "Portal logins use a magic link emailed to the patient.", true},
		{"signed out on their phone and ipad", "A reused token logs the member out on all devices.", true},
		{"clocks jumped when summer time ended", "Celery beat runs in the Europe/London timezone.", true},
		{"the chip and pin machine gives up", "Card payments go through a Stripe Terminal reader.", true},
		{"two lectures clash on tuesday", "The solver reports an overlap when a room is used twice.", true},
		{"where is the car park booking", "Parking permits are issued from the staff portal.", true},
		{"search by last name", "The desk search matches the surname with a trigram index.", true},
		{"safari users can't stay logged in", "The browser drops the session cookie after 7 days.", true},
		{"the postgres box is out of disk", "The database volume is 200 GB.", true},
		{"can I hand my season pass over to my brother", "A pass can be transferred once per season.", true},
		{"how do I turn the door alarm off at night", "The door alarm is disabled from the desk app.", true},
		{"when do we chase people who owe us", "Statements for outstanding balances go out on the 15th.", true},
		{"my account got hacked", "A compromised account is locked until the owner resets MFA.", true},
		{"I lost my 200 day streak, can I get it back?", "Support can restore it from the admin within 48 hours.", true},
		{"I reset my phone and my notes are gone, can I get them back", "The sync server can recover a device from its nightly copy.", true},
		{"deaf listeners want a text version of each episode", "Whisper writes the transcripts overnight.", true},
		{"when do authors get paid", "Royalties are settled twice a year.", true},
		{"can my 4 year old come to the class", "Children under 5 go free.", true},
		{"a 15 years old boy signed up", "Minors need a parent's consent.", true},
		{"what happens when a subscriber's card expires", "Stores retry a failed renewal during the billing grace period.", true},
		{"a donor's card expired last week", "Billing attempts are retried on days 3 and 7.", true},
		{"customers with an expired card can't check out", "Apple Pay tokens are refreshed by the billing service.", true},
		{"got a message that a place came up on the waiting list", "The first member on the waitlist is offered the spot.", true},
		{"the email worker is hours behind again", "Bounced sends were retried and built a backlog in the queue.", true},
		{"invoices are falling behind at month end", "The PDF renderer's queue holds 40,000 jobs on the 1st.", true},
		{"order confirmations are arriving hours late", "The SMTP relay queued messages overnight.", true},
		{"can I put my subscription on hold while I'm away", "A plan can be paused for up to 3 months.", true},
		{"we're a school in Austria, what do we have to do for privacy?", "Customers in the EU need a signed data processing agreement.", true},
		{"members with a garmin see no runs", "Workouts come from wearables through the Health Connect sync.", true},
		{"the search page takes forever on mobile", "Product queries hit 3 s at p95 without the trigram index.", true},
		{"checkout took forever yesterday evening", "The payment call has a 20 s timeout.", true},
		{"what do we do when a client stops paying", "Dunning emails go out on days 3, 10 and 20.", true},
		{"a tenant stopped paying in March", "Delinquent accounts are locked out after 30 days.", true},
		{"can the board see how full each car park is", "Occupancy is counted from the barrier sensors.", true},
		{"the client okayed the layout on monday", "Proofs are approved from the emailed link.", true},
		{"why is the large size so much dearer in the app", "App prices carry a 12% markup over the counter.", true},
		{"the airport shop is more expensive than town", "Each branch has its own pricing tier.", true},
		{"please wipe my account and everything on it", "Account deletion anonymises orders after 30 days.", true},
		{"can I get my pickup time changed", "Collection windows are 10 minutes long.", true},
		{"a customer has a voucher from last year", "Gift codes are valid for two years.", true},
		{"the scales keep asking us to sign in again", "The vendor's session lasts 12 hours.", true},
		{"the till says someone must log in again", "Refresh tokens last 30 days and are rotated on use.", true},
		{"can a student discount go with the money off from a flyer", "Only one promo applies per basket.", true},
		{"tenant is 12 days behind with the rent", "Arrears letters are sent by post and email.", true},
		{"how much can we ask as a holding fee?", "It is capped at one week's rent.", true},
		{"the owner wants to disagree with the inspection", "Tenants can dispute items from the portal.", true},
		{"the plumber wants to replace the pump", "Contractors need approval above £250.", true},
		// One way: a learning's everyday word is not looked for by a task
		// in the developers' words.
		{"the parent process exits early", "Her mum booked the appointment.", false},
		// A developer's "behind on" and "dd" are a branch and a command.
		{"the build is behind on main", "Overdue balances are chased on the 5th.", false},
		{"my branch is two commits behind on origin", "Arrears letters are sent by post and email.", false},
		{"dd the disk image before the upgrade", "Direct Debit mandates take 3 working days.", false},
		{"use dd to write the iso to the usb stick", "Debit card payments settle the next day.", false},
		{"refund the order", "They want their money back.", false},
		{"restore the nightly backup", "Can I get my files back?", false},
		{"the EU requires a cookie banner", "Shipping to Germany takes 3 days.", false},
		{"lower the p95 latency of search", "The page takes forever.", false},
		{"the TLS certificate on the card reader expired", "Billing runs on the 1st.", false},
		{"how long have we got to get back to an unhappy patient", "Backups are restored from the nightly dump.", false},
		// A lag of one hour is a clock change, not a backlog.
		{"since the clocks changed the reminders come an hour late", "Sends are retried and build a backlog in the queue.", false},
		{"the timetable is one hour behind since sunday", "Sends are retried and build a backlog in the queue.", false},
		{"which browser do we support", "Safari needs the polyfill.", false},
		// A phrase's words apart are no phrase, nor a separable one's
		// beyond two words between.
		{"turn left at the gate and the office is off the corridor", "Alarms are disabled at night.", false},
		{"the money is back in the float", "Refunds are issued by the manager.", false},
		// A word software uses in its own sense: the webhook "fired".
		{"the webhook fired twice", "Staff dismissal needs HR sign-off.", false},
		{"delete the old gift codes", "Please wipe the whiteboard after the meeting.", false},
		// A request word is read as written only where the table lists
		// it so: "okay" is no "okayed".
		{"is it okay to paint the door", "Refunds are approved by the manager.", false},
		{"reconnect after a refresh", "Staff have to log in again every morning.", false},
		{"lower the markup", "Coffee is dearer at the airport.", false},
		{"the arrears job is slow", "She was behind with her rent.", false},
		{"the queue is two days behind", "Rent arrears go to the property manager.", false},
		{"how much memory can the worker use", "Deposits are capped at five weeks' rent.", false},
	}
	checkFinds(t, tests)
}
