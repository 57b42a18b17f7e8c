package secrets

import (
	"strings"
	"testing"
)

// TestRedactFlagSpellings holds the command-line flag rule to the ways a
// learning quotes a flag that takes a secret: its name in any case, with
// letters outside ASCII that case folding reads as ASCII (the long s
// U+017F, the Kelvin sign U+212A), the value after "=", a blank or a tab,
// quoted or not, and the name quoted as an argument list writes it, in a
// sentence and in a code span. Every spelling's value is redacted, as a
// file written before learn refused such a learning is shown by recall,
// search and lint, and Scan finds it, so store refuses it.
func TestRedactFlagSpellings(t *testing.T) {
	const password, key = "hunter2hunter2", "Zq8vNp3xLk2mWq9TbR4y"
	names := map[string]string{
		"password": password, "Password": password, "PASSWORD": password, "Key-password": password,
		"KEY-PASSWORD": password, "key-Password": password, "db-pass": password, "Db-Pass": password,
		"passwd": password, "passphrase": password, "paſſword": password, "PAſſWORD": password,
		"\u212aey-password": password, "db-pwd": password, "admin-pw": password,
		"secret": key, "Secret": key, "ſecret": key, "client-ſecret": key, "token": key, "Token": key,
		"api-key": key, "API-KEY": key, "apikey": key, "api-\u212aey": key, "access-key": key,
	}
	seps := []struct{ name, before, after string }{
		{"equals", "=", ""},
		{"blank", " ", ""},
		{"tab", "\t", ""},
		{"equals double quoted", "=\"", "\""},
		{"equals single quoted", "='", "'"},
		{"blank double quoted", " \"", "\""},
		{"blank single quoted", " '", "'"},
		{"quoted name", "\" \"", "\""},
		{"argument list", "\", \"", "\""},
		{"python list", "', '", "'"},
	}
	for name, value := range names {
		for _, sep := range seps {
			flag := "--" + name + sep.before + value + sep.after
			if strings.HasPrefix(sep.name, "quoted") || strings.HasSuffix(sep.name, "list") {
				flag = sep.before[:1] + flag
			}
			for _, text := range []string{
				"Start the agent with vault-agent " + flag + " on staging.",
				"Run `vault-agent " + flag + "` first",
				"args: [" + flag + "]",
				flag,
			} {
				if got := Redact(text); strings.Contains(got, value) {
					t.Errorf("%s %s: Redact(%q) = %q, the value shown", name, sep.name, text, got)
				}
				if len(Scan(text)) == 0 {
					t.Errorf("%s %s: Scan(%q) finds nothing", name, sep.name, text)
				}
			}
		}
	}
}

// TestRedactFlagSpellingsKeepsSettings holds the flag rule to what is no
// secret, whatever the spelling: a flag that names where the secret is,
// a reference, a placeholder, a number.
func TestRedactFlagSpellingsKeepsSettings(t *testing.T) {
	for _, text := range []string{
		"docker login --password-stdin < token.txt", "use --password-file /run/secrets/db", "--ſecret=$API_SECRET",
		"--token=${GITHUB_TOKEN}", "--Key-password changeme", "--api-\u212aey <your-key>", "--pass 3", "\"--password\", \"<password>\"",
		"'--token', os.environ['TOKEN']", "--paſſword-stdin", "--db-pwd $DB_PWD", "--pw 4096",
		// A quote that closes a string the flag ends, and a flag after
		// the flag: no value of it.
		`{"cmd": "deploy --password", "note": "rotate yearly"}`, `run "mysql --pw", "select 1"`,
		`subprocess.run(["mysql", "--password", "--host", "db1"])`,
	} {
		if got := Scan(text); len(got) != 0 {
			t.Errorf("Scan(%q) = %+v, want nothing", text, got)
		}
	}
}
