package relevance

import (
	"testing"
)

// libraryMemory is a public library's project memory in which several
// words have two senses: a patron's hold on a book and the phone's hold
// music, a library card and a camera's SD card, a library branch and a
// git branch.
func libraryMemory() [][]string {
	sessions := [][]string{
		{"Holds", "", "A hold on a book expires 7 days after the patron is notified; the shelf slip shows the expiry date.",
			"Patrons can place at most 15 holds at once."},
		{"Phone line", "", "Hold music is licensed per year."},
		{"Self-checkout kiosks", "kiosk/reader.py", "The kiosk reads library cards by barcode; RFID cards need the newer reader.",
			"Kiosk receipts print the due date of every loan."},
		{"Camera storage", "", "Cameras record to an SD card."},
		{"Git workflow", "", "Every branch needs a ticket number."},
		{"Opening hours", "site/hours.yaml", "The Eastside branch closes at 17:00 on Saturdays; the opening hours page reads `hours.yaml`."},
		{"Overdue notices", "", "Overdue notices go out by email on day 3 and by letter on day 14."},
	}
	// Enough fillers that a word of a few learnings clears the floor.
	return append(sessions, chores(200, "The nightly job %d must finish before the %s export runs.", "catalogue", "loans", "events", "staff")...)
}

// TestOneWordInAnotherSense holds that a learning sharing one word with
// the task is not chosen when another learning holds two of the task's
// words and comes from another session, and that it is chosen when it
// comes from that learning's session, when it scores above it, when the
// task's other words are only a path's, or when no learning holds two of
// the task's words.
func TestOneWordInAnotherSense(t *testing.T) {
	ls := memory(libraryMemory()...)
	tests := []struct {
		name     string
		ctx      Context
		chosen   []string
		unchosen []string
	}{
		{"hold of a book", Context{Task: "patron's hold expired before they were notified"},
			[]string{"A hold on a book expires"}, []string{"Hold music is licensed"}},
		{"hold on the phone", Context{Task: "callers complain the hold music repeats the same playlist"},
			[]string{"Hold music is licensed"}, []string{"A hold on a book expires", "Patrons can place at most 15 holds"}},
		{"library card", Context{Task: "rfid cards not read at the self-checkout"},
			[]string{"The kiosk reads library cards"}, []string{"Cameras record to an SD card"}},
		{"camera card", Context{Task: "security cameras stopped recording, card full?"},
			[]string{"Cameras record to an SD card"}, []string{"The kiosk reads library cards"}},
		{"library branch", Context{Task: "eastside branch hours wrong on saturdays"},
			[]string{"The Eastside branch closes"}, []string{"Every branch needs a ticket number"}},
		{"git branch", Context{Task: "ci rejects my branch, something about the ticket number"},
			[]string{"Every branch needs a ticket number"}, []string{"The Eastside branch closes"}},
		// Kept: a second fact of the session the task's words point to.
		{"same session", Context{Task: "kiosk will not read rfid cards"},
			[]string{"The kiosk reads library cards", "Kiosk receipts print"}, nil},
		// Kept: nothing holds two of the task's words.
		{"one word only", Context{Task: "overdue"},
			[]string{"Overdue notices go out"}, nil},
		{"one word each", Context{Task: "receipts for the cameras"},
			[]string{"Kiosk receipts print", "Cameras record"}, nil},
		// Kept: the other words are a path's, which says where, not what.
		{"word and path", Context{Task: "overdue", Paths: []string{"kiosk/reader.py"}},
			[]string{"Overdue notices go out", "The kiosk reads library cards"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkChoice(t, ls, tt.ctx, tt.chosen, tt.unchosen, "on one word in another sense")
		})
	}
}

// resortMemory is a ski resort's project memory in which a rare word has
// two senses (a regression's slope and a ski slope, the chair of a board
// and a chairlift) and "app" and "season" are in many learnings.
func resortMemory() [][]string {
	sessions := [][]string{
		{"Occupancy forecast", "", "Forecast occupancy comes from a linear regression over the last three winters of bookings.",
			"The forecast is refreshed every night at 02:00."},
		{"Patrol tools", "", "Slope closures entered by the patrol reach the app within a minute."},
		{"Lift maintenance", "", "Chair 4 runs at reduced speed all season since its gearbox was replaced."},
		{"Finance reports", "", "The revenue report is built at 23:00 from the tills; finance reads each report on friday."},
		{"Pricing", "", "Day pass prices follow the occupancy forecast, capped at 20% over the base price."},
		{"Webcams", "", "Each webcam uploads a picture every 10 minutes; the app caches it for 5."},
		{"Lift queues", "", "Waiting times at the lifts are estimated from gate scans over the last 10 minutes.",
			"The lift queue screen in the app rounds waiting times to whole minutes."},
		{"Chairlift speeds", "", "Chairlift speeds are set by the lift operator, never by the app."},
	}
	// Fillers: "app" and "season" are each in one learning in eight, as
	// in a real resort's memory, common but still a signal.
	return append(sessions, chores(200, "The nightly job %d syncs the %s.", "app", "season", "rental", "school", "parking", "shop", "staff", "grooming")...)
}

// TestOffSubject holds that a match sharing no word with the task's best
// match, which rests on two words of the task, is not chosen when it
// scores under half of it and comes from another session, and that it is
// chosen when it shares a word with the best match, when it scores half as
// much or more, or when nothing holds two words of the task.
func TestOffSubject(t *testing.T) {
	ls := memory(resortMemory()...)
	tests := []struct {
		name     string
		task     string
		chosen   []string
		unchosen []string
	}{
		{"slope of a regression", "the regression slope in the occupancy forecast looks off, app prices are too high",
			[]string{"Forecast occupancy comes from a linear regression", "Day pass prices follow the occupancy forecast"},
			[]string{"Slope closures entered by the patrol"}},
		{"chair of the board", "the chair of the board wants last season's revenue report by friday",
			[]string{"The revenue report is built"}, []string{"Chair 4 runs at reduced speed"}},
		// Kept: the task names two subjects, each with two words.
		{"two subjects", "chair 4 speed and the webcam picture in the app",
			[]string{"Chair 4 runs at reduced speed", "Each webcam uploads a picture"}, nil},
		// Kept: it shares a word with the best match.
		{"same subject", "lift queue waiting times look wrong in the app",
			[]string{"The lift queue screen in the app", "Waiting times at the lifts are estimated"}, nil},
		// Kept: nothing holds two words of the task.
		{"one word each", "slope or chairlift",
			[]string{"Slope closures entered by the patrol", "Chairlift speeds are set"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkChoice(t, ls, Context{Task: tt.task}, tt.chosen, tt.unchosen, "far below the task's best match and sharing none of its words")
		})
	}
}
