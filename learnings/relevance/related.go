package relevance

import "strings"

// relatedGroups are words that name the same thing in the everyday talk of
// a business, its staff and its customers, which recall reads as it reads
// the lexicon's synonyms (see addSynonyms): a task says "refund" or
// "money back" where the learning says "credit note", "payslip" where it
// says "payroll", "client" for "customer". Unlike summarise's lexicon
// (similar.WordGroups), which decides that two learnings say the same and
// must never join two values, these only help a task find a learning, at
// a synonym's weight and only where the learning lacks the word itself,
// so words that are near in meaning without being equal belong here too
// ("keg" and "barrel", "revenue" and "sales"). Each group is one thing;
// a word with two common senses ("register": a till, or colour register;
// "card": a payment card, or a business card) is left out.
//
// Measured on the development sets (eval to eval5, dev5 to dev12): dev11
// finds 4 more wanted learnings (kegs for barrels, payroll for payslips,
// distributor for wholesaler, power for electricity), dev6 and dev12 one
// each, and no set loses one or a trap; the held-out sets do not move.
// The table was written after reading dev11's and dev12's misses, so
// their gains overstate what it does on a memory nobody read. Software
// words were tried and dropped: "log" with "logging" lost "Safari's ITP
// drops our session cookie" for "keep getting logged out" on eval, and a
// held-out set fell below its floor.
//
// "fuel diesel petrol gasoline" was added in issue 24's round 20
// (recall24) after reading eval20's miss ("the diesel numbers for 1047
// look mad" for the fuel report's learning, chosen since as a stand-in):
// it also finds dev27's (written for it, the same kind in a brewery's
// vans), and no other development set moves (dev13's fuel dock and
// dev19's refuelling fee hold the word themselves).
var relatedGroups = []string{
	// money
	"refund refunds reimburse reimbursement chargeback credit",
	"revenue sales takings turnover income",
	"payroll payslip payslips salary salaries wages",
	"discount reduction markdown promo promotion",
	"voucher coupon",
	"deposit downpayment",
	"quote quotation estimate",
	"tax vat",
	"overdue unpaid outstanding",
	"subscription membership",
	"pricing prices tariff",
	// people
	"customer customers client clients",
	"supplier suppliers vendor vendors",
	"wholesaler wholesalers distributor distributors reseller resellers",
	"manager boss supervisor",
	"director directors owner owners",
	"driver drivers courier couriers",
	"kids children child",
	"parent parents guardian guardians",
	"student students pupil pupils learner learners",
	"teacher teachers tutor tutors instructor instructors lecturer lecturers",
	"doctor doctors gp physician clinician",
	"guest guests visitor visitors",
	// work and time off
	"holiday holidays leave vacation",
	"shift shifts rota roster",
	"timesheet timesheets hours",
	// goods and delivery
	"parcel parcels package packages consignment consignments",
	"shipping delivery deliveries postage",
	"dispatch dispatched shipped",
	"warehouse warehouses depot stockroom",
	"stock inventory",
	"keg kegs barrel barrels cask casks",
	"van vans truck trucks lorry lorries",
	"bike bikes bicycle bicycles",
	"car cars vehicle vehicles",
	"fuel diesel petrol gasoline",
	"fridge fridges refrigerator chiller chillers cooler",
	"label labels sticker stickers tag",
	"leaflet leaflets flyer flyers",
	"basket cart trolley",
	"shop store",
	"website site webshop",
	// messages and devices
	"sms text texts",
	"phone phones mobile mobiles cellphone",
	"laptop laptops computer computers pc",
	"screen screens display monitor",
	"login logon signin",
	"logout signout",
	"password passwords passcode passphrase",
	"spam junk",
	"newsletter newsletters mailshot",
	"complaint complaints grievance",
	"review reviews rating ratings feedback",
	"survey surveys questionnaire",
	"spreadsheet spreadsheets excel csv",
	"report reports statement statements",
	"meeting meetings appointment appointments",
	"booking bookings reservation reservations",
	"deadline cutoff",
	"postcode postcodes zipcode zipcodes",
	"surname surnames lastname",
	"annual annually yearly",
	"noon midday",
	"staging preprod",
	"2fa mfa",
	// food and health
	"allergy allergies allergen allergens intolerance",
	"coeliac celiac gluten",
	"meal meals dish dishes",
	"vet vets veterinarian veterinary",
	"medicine medicines medication medications drug drugs",
	// countries and their adjectives: a task's "owners in spain", the
	// learning's "Spanish mobile numbers". A country whose adjective is
	// another word ("polish", "turkey") is left out.
	"spain spanish", "france french", "germany german", "netherlands holland dutch",
	"italy italian", "portugal portuguese", "belgium belgian", "austria austrian",
	"switzerland swiss", "sweden swedish", "norway norwegian", "denmark danish",
	"finland finnish", "iceland icelandic", "ireland irish", "scotland scottish",
	"wales welsh", "england english", "britain british", "greece greek",
	"czechia czech", "hungary hungarian", "romania romanian", "bulgaria bulgarian",
	"croatia croatian", "serbia serbian", "ukraine ukrainian", "russia russian",
	"estonia estonian", "latvia latvian", "lithuania lithuanian", "canada canadian",
	"mexico mexican", "brazil brazilian", "argentina argentinian argentine",
	"australia australian", "japan japanese", "china chinese", "korea korean",
	"india indian", "vietnam vietnamese", "thailand thai", "israel israeli",
	"egypt egyptian", "nigeria nigerian", "kenya kenyan",
	// faults
	"broken faulty defective",
	"power electricity",
	"outage blackout",
	"temperature temp",
}

// relatedWords are relatedGroups' words, by group.
func relatedWords() [][]string {
	out := make([][]string, len(relatedGroups))
	for i, g := range relatedGroups {
		out[i] = strings.Fields(g)
	}
	return out
}
