package secrets

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// passwordCases are passwords as people and agents write them into
// learnings: in sentences (in several languages), assignments, commands,
// .netrc files and connection strings. Each must be found, and Redact must
// leave none of it.
var passwordCases = []struct{ kind, text, secret string }{
	// Prose.
	{"password in prose", "log in with user admin and password hunter2", "hunter2"},
	{"password in prose", "Log in to the staging admin with user ops and password Kx9qWm2z.", "Kx9qWm2z"},
	{"password assignment", "user: deploy, pw: Tr0ub4dor", "Tr0ub4dor"},
	{"password in prose", "The dashboard login is user admin password S3cr3t!x", "S3cr3t!x"},
	{"password in prose", "username grafana, password gr4fana-Admin", "gr4fana-Admin"},
	{"password in prose", "Use the password `correcthorse` for the kiosk account.", "correcthorse"},
	{"password assignment", "Sign in using the password Winter2024! on the test tenant.", "Winter2024!"},
	{"password in prose", "passwd hunter2", "hunter2"},
	{"password assignment", "- the wifi password: Cafe2go2024", "Cafe2go2024"},
	{"password assignment", "the password is hunter2", "hunter2"},
	{"password assignment", "The staging DB password is `Pg_stag1ng`.", "Pg_stag1ng"},
	{"password assignment", "The password for the test tenant was Q7w!rT9z.", "Q7w!rT9z"},
	{"password in prose", `The root password is "letmein".`, "letmein"},
	{"password in prose", "the SFTP password is now Sftp#2025 after the reset", "Sftp#2025"},
	{"password in prose", "Das Passwort für den Testserver ist geheim42.", "geheim42"},
	{"password in prose", "Benutzer admin und Passwort Sommer2024", "Sommer2024"},
	{"password in prose", "Le mot de passe est azerty123 pour la préprod.", "azerty123"},
	{"password in prose", "La contraseña es Madrid2024 en el entorno de pruebas.", "Madrid2024"},
	{"password in prose", "A senha é Brasil2024 no servidor de testes.", "Brasil2024"},
	{"password in prose", "La password è Roma2024 per lo staging.", "Roma2024"},
	{"password in prose", "Het wachtwoord is Amsterdam99 op acceptatie.", "Amsterdam99"},
	{"password in prose", "Пароль: qwerty123 для тестового стенда.", "qwerty123"},
	{"password in prose", "测试环境的密码是 Test1234abc", "Test1234abc"},
	{"password in prose", "ステージングのパスワードは Tokyo2024x です", "Tokyo2024x"},
	{"password in prose", "credentials: admin/Adm1nPass", "Adm1nPass"},
	{"password in prose", "Log in as admin:Pa55word99 on the appliance.", "Pa55word99"},
	{"password in prose", "login with admin / hunter2", "hunter2"},
	{"password in prose", "Set the password to Summer2025! before the demo.", "Summer2025!"},
	{"password in prose", "I changed the DB password to Pg2025x yesterday.", "Pg2025x"},
	{"password in prose", "Admin credentials are admin/hunter2.", "hunter2"},
	{"password in prose", "The root pw is hunter2.", "hunter2"},
	{"password in prose", "user 'admin' with password 'hunter2'", "hunter2"},
	{"password in prose", "Passwort: hunter2", "hunter2"},
	{"password in prose", "mot de passe : hunter2", "hunter2"},
	{"password in prose", "contraseña: hunter2", "hunter2"},
	{"password in prose", "密码：hunter2", "hunter2"},
	{"password assignment", "Server=db;Database=app;User Id=sa;Password=hunter2;", "hunter2"},
	{"password assignment", "jdbc:postgresql://db/app?user=app&password=hunter2", "hunter2"},
	{"password in URL", "mongodb+srv://app:hunter2@cluster0.mongodb.net/db", "hunter2"},
	{"password in URL", "JDBC url jdbc:mysql://root:hunter2@db:3306/app", "hunter2"},
	// Assignments.
	{"password assignment", "pass: hunter2x", "hunter2x"},
	{"password assignment", "pw=hunter2", "hunter2"},
	{"password assignment", "PASSWD=Kx9qWm2z", "Kx9qWm2z"},
	{"password assignment", "In the env file: SMTP_PASS=mailpass77", "mailpass77"},
	{"password assignment", "PGPASSWORD=S3cret psql -h db -U app", "S3cret"},
	{"password assignment", "PGPASSWORD=hunter psql -h db", "hunter"},
	{"password assignment", "MYSQL_ROOT_PASSWORD=rootpw docker compose up", "rootpw"},
	{"password assignment", "export SSHPASS=jumpbox; sshpass -e ssh ops@bastion", "jumpbox"},
	{"password assignment", `db_password: "Tr0ub4dor&3"`, "Tr0ub4dor&3"},
	{"password assignment", "wget --password=Wg3tSecret https://files.acme.io/a.tgz", "Wg3tSecret"},
	{"password assignment", "mysql --password=S3cret -h db", "S3cret"},
	{"password assignment", "redis-cli --pass R3dis4ever ping", "R3dis4ever"},
	// Commands.
	{"password on a command line", "mysql -uroot -pS3cret", "S3cret"},
	{"password on a command line", "mysqldump -u backup -p'B4ckup!' shop > shop.sql", "B4ckup!"},
	{"password on a command line", "mariadb -h db -u app -papppass app", "apppass"},
	{"password on a command line", "openssl enc -d -aes-256-cbc -k Tr0ub4dor3x -in backup.tar.enc | tar x", "Tr0ub4dor3x"},
	{"password on a command line", "sshpass -p S3cret ssh deploy@10.0.0.4", "S3cret"},
	{"password on a command line", "sshpass -pjumphost ssh ops@bastion", "jumphost"},
	{"password on a command line", "docker login -u ci -p D0ckerP4ss registry.acme.io", "D0ckerP4ss"},
	{"password on a command line", "mongosh mongodb://db:27017 -u admin -p M0ngoAdm1n", "M0ngoAdm1n"},
	{"password on a command line", "redis-cli -h cache -a cachepw42 ping", "cachepw42"},
	{"password on a command line", "sqlcmd -S db -U sa -P 'Str0ng!Passw0rd'", "Str0ng!Passw0rd"},
	{"password on a command line", "ldapsearch -x -D cn=admin,dc=acme -w ldapadm1n -b dc=acme", "ldapadm1n"},
	{"password on a command line", "keytool -list -keystore app.jks -storepass changeit2", "changeit2"},
	{"password on a command line", "zip -P zipsecret9 out.zip report.pdf", "zipsecret9"},
	{"password on a command line", "7z x backup.7z -pArchive2024", "Archive2024"},
	{"password assignment", "openssl pkcs12 -export -in c.pem -passout pass:Pkcs12pw", "Pkcs12pw"},
	{"password on a command line", "smbclient //nas/share -U backup%N4sBackup", "N4sBackup"},
	{"password on a command line", `net use \\nas\share /user:ACME\bob B0bPassw0rd`, "B0bPassw0rd"},
	{"password on a command line", "sqlplus system/Oracle123@//db:1521/ORCL", "Oracle123"},
	{"password on a command line", "echo 'Regpass99' | docker login -u ci --password-stdin reg.acme.io", "Regpass99"},
	{"password on a command line", "htpasswd -bc .htpasswd admin Adm1nWeb", "Adm1nWeb"},
	// .netrc.
	{"netrc password", "machine api.example.com login bob password S3cret", "S3cret"},
	{"netrc password", "~/.netrc: machine github.com login bot password gitpass", "gitpass"},
	{"netrc password", "machine ftp.acme.io\n  login ftpuser\n  password ftp4acme\n", "ftp4acme"},
	{"netrc password", "default login anonymous password guest2024", "guest2024"},
	// user:password without a scheme, and URLs.
	{"password in credentials", "admin:S3cr3t!@db", "S3cr3t!"},
	{"password in credentials", "connect with app:Kx9qWm2z@db.internal:5432/app", "Kx9qWm2z"},
	{"password in credentials", "DATABASE=ops:Hunter22@10.0.0.7/prod", "Hunter22"},
	{"password in URL", "postgres://admin:S3cr3t!@db:5432/app", "S3cr3t!"},
	{"password in URL", "amqp://guest:Rabb1t!Mq@rabbit:5672/", "Rabb1t!Mq"},
	{"password in URL", "postgres://app:p@ssw0rd@db/app", "p@ssw0rd"},
}

func TestScanFindsPasswords(t *testing.T) {
	for _, c := range passwordCases {
		t.Run(c.text, func(t *testing.T) {
			at := strings.Index(c.text, c.secret)
			var kinds []string
			covered := false
			for _, f := range Scan(c.text) {
				kinds = append(kinds, f.Kind)
				if f.Start <= at && f.End >= at+len(c.secret) {
					covered = true
					if f.Kind != c.kind {
						t.Errorf("kind = %q, want %q", f.Kind, c.kind)
					}
				}
			}
			if !covered {
				t.Fatalf("no finding covers %q; found %v", c.secret, kinds)
			}
			if r := Redact(c.text); strings.Contains(r, c.secret) {
				t.Errorf("Redact kept the password: %q", r)
			}
		})
	}
}

// TestScanSeesThroughInvisibleCharacters splits keys and passwords with
// each character that renders as nothing: the finding must cover the
// whole key, invisible characters included, and Redact must leave no
// piece of it.
func TestScanSeesThroughInvisibleCharacters(t *testing.T) {
	invisible := []string{"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u2063", "\u180e", "\u202c", "\U000E0041"}
	keys := []struct{ kind, before, key, after string }{
		{"GitHub token", "The CI token is ", k("ghp_", alnum36), " and it rotates."},
		{"AWS access key", "aws_access_key_id = ", k("AKIA", "QYLPMN5HHHFPZAM2"), ""},
		{"password assignment", "DB_PASSWORD=", "Xq7Lm2Rt9Vb4Nz8K", " in prod"},
		{"password in prose", "log in with user admin and password ", "hunter2x", ""},
	}
	for _, inv := range invisible {
		for _, key := range keys {
			for _, at := range []int{1, len(key.key) / 2, len(key.key) - 1} {
				split := key.key[:at] + inv + key.key[at:]
				text := key.before + split + key.after
				t.Run(key.kind+"/"+strings.ToValidUTF8(inv, "?"), func(t *testing.T) {
					found := Scan(text)
					start := len(key.before)
					if len(found) != 1 || found[0].Kind != key.kind || found[0].Start != start || found[0].End != start+len(split) {
						t.Fatalf("Scan(%q) = %+v, want one %s at %d:%d", text, found, key.kind, start, start+len(split))
					}
					r := Redact(text)
					if strings.Contains(r, key.key[:at]) && at > 4 || strings.Contains(r, key.key[at:]) && len(key.key)-at > 4 {
						t.Errorf("Redact kept part of the key: %q", r)
					}
				})
			}
		}
	}
	// Invisible characters twice, and in the word "password" itself.
	for _, text := range []string{
		"pass\u200bword = \"Xq7Lm2\u200bRt9\u200dVb4\"",
		"\ufeffDB_PASS\u200bWORD=Xq7Lm2Rt9Vb4Nz8K",
	} {
		if found := Scan(text); len(found) != 1 {
			t.Errorf("Scan(%q) = %+v, want one finding", text, found)
		}
	}
}

// TestScanIgnoresPasswordLookAlikes are texts about passwords that hold
// none: placeholders, references, rules, type signatures and the hashes,
// UUIDs, versions and quantities that sit where a password could.
func TestScanIgnoresPasswordLookAlikes(t *testing.T) {
	texts := []string{
		// Placeholders. changeme and its kin stand for a password in docs
		// and templates: they are never refused.
		"password: <password>", "PASSWORD=$PASSWORD", "DB_PASS=${DB_PASS}", "password: ***", "password=xxxx",
		"password: changeme", "PGPASSWORD=changeme psql", "the password is your-password-here",
		"mysql -uroot -p<password>", "mysql -uroot -p$MYSQL_ROOT_PASSWORD", `mysql -uroot -p"$MYSQL_PWD"`,
		"sshpass -p \"$SSHPASS\" ssh host", "sshpass -e ssh host", "sshpass -f ~/.pw ssh host",
		"machine example.com login USER password PASSWORD", "admin:<password>@db", "user:${PASS}@db",
		"docker login -u ci -p $CI_REGISTRY_PASSWORD $CI_REGISTRY", "redis-cli -a $REDIS_PASSWORD",
		"log in with user admin and password <password>", "credentials: admin/<password>",
		"echo \"$REGISTRY_TOKEN\" | docker login -u ci --password-stdin", "echo $PW | sudo -S apt-get update",
		// References and files.
		"PASSWORD_FILE=/run/secrets/db", "POSTGRES_PASSWORD_FILE=/run/secrets/pg", "password_file: ./secrets/db.txt",
		"passwd: /etc/passwd", "pwd=/home/app", "The pw is in 1Password under 'Staging DB'.",
		// Rules and instructions.
		"the password must be at least 12 characters", "reset your password via the UI",
		"Passwords must contain a digit and a symbol.", "The password is hashed with argon2id.",
		"the password is required for admin users", "The password was rotated on Friday.",
		"Use `--password-stdin` with docker login", "docker login --password-stdin < token.txt",
		"mysql -u root -p prompts for the password", "mysql -u root -p shop opens the shop database",
		"The password reset-v2 endpoint replaced /reset in March.", "password reset tokens expire after 15min",
		"password sha256 hashes are salted", "The password policy v2 applies from May.",
		"the password is at least 8 chars", "and pass ctx to the handler", "then pass --verbose to see the query",
		"Das Passwort muss mindestens 12 Zeichen haben.", "Le mot de passe est obligatoire.",
		"La contraseña es obligatoria.", "Пароль хранится в Vault.", "パスワードは Vault にあります。",
		// Code and type signatures.
		"password: str", "def login(user: str, password: str) -> Token:", "fn login(user: &str, password: &str)",
		"password?: string", "password: string | undefined", "password: Option<String>", "password: z.string().min(12)",
		"public string Password { get; set; }", `Password string ` + "`json:\"password\"`", "passwd := os.Getenv(\"PASSWD\")",
		"password = request.form['password']", "self.password = password",
		// Environment variable names alone.
		"Set DB_PASSWORD in the env file.", "PGPASSWORD and PGUSER come from the CI secrets.", "SSHPASS must be exported first.",
		// Hashes, UUIDs, versions, images, packages, mail.
		"commit 4f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39 fixed the login", "sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"request_id: 3fa85f64-5717-4562-b3fc-2c963f66afa6", "node:20-alpine@sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"npm:lodash@4.17.21", "Pin alias:react@18.2.0 in the workspace", "mailto:ops2024@acme.io", "Reply-To:ops2@acme.io",
		"git@github.com:org/repo.git", "user@host:/srv/app", "ssh deploy@10.0.0.4", "postgres://postgres:postgres@localhost/test",
		"bypass: true", "compass=north", "BYPASS=1", "the build pass took 20ms", "pw: 4096-bit",
		"credentials: see src/auth2.ts", "login: admin/admin",
		// Commands whose -p or -P is not a password, and more prose.
		"mysql -u root -p", "mysql -uroot -p -h 127.0.0.1", "mysql -h db -P 3306 -u app -p app", "mysqldump --single-transaction -p shop",
		"docker run -p 8080:80 nginx", "docker login ghcr.io -u USERNAME --password-stdin", "ssh -p 2222 deploy@host", "scp -P 2222 file host:",
		"unzip -p archive.zip file.txt", "openssl rand -base64 32", "openssl enc -pass env:PASS", "git log -p main..feature", "git add -p",
		"mkdir -p /srv/app", "redis-cli -a \"$REDIS_PASSWORD\" --no-auth-warning",
		"Set the password to expire after 90 days.", "set the password to something strong",
		"Reset the admin password to the default in the runbook.", "The password field uses type=password.",
		"Use a password manager; never reuse passwords.", "Login with GitHub OAuth2 works now.", "log in with SSO/OIDC2 only",
		"Credentials are in vault/secret2", "credentials: see 1Password", "Password reset emails go through SES v2.",
		"the password is stored as argon2id", "The password is 12+ characters", "Passwords expire every 90d.",
		"The `password` column is varchar(255).", "password = bcrypt.hash(plain, 12)", "password: ${{ secrets.DB_PASSWORD }}",
		"password: !Ref DbPassword", `password: "{{ vault_db_password }}"`, "PGPASSWORD is read by psql, pg_dump and pg_restore.",
		"Email ops2024@acme.io for access", "Contact: ops2024@acme.io", "See https://docs.acme.io/auth#password-reset for details",
		"`pass` is the standard unix password manager", "Use `pass show db/prod` to get it", "The test uses password 'password' on purpose",
		"pw_hash: $argon2id$v=19$m=65536",
	}
	for _, text := range texts {
		t.Run(text, func(t *testing.T) {
			for _, f := range Scan(text) {
				t.Errorf("found %s %q", f.Kind, text[f.Start:f.End])
			}
		})
	}
}

// TestNetrcPasswordLineBounds holds the netrc rule's ^ and $ to the (?m)^
// and $ it had, on every line of the corpus and of the tests' netrc
// texts: rules read one line at a time, where the two mean the same.
func TestNetrcPasswordLineBounds(t *testing.T) {
	multi := regexp.MustCompile(`(?m)^[ \t]*(?:[-*+][ \t]+)?password[ \t]+(?:"(?P<qs>[^"\n]+)"|(?P<s>\S+))[ \t]*$`)
	var rule *regexp.Regexp
	for _, r := range rules() {
		if r.kind == "netrc password" && slices.Equal(r.hints, []string{"password"}) {
			rule = r.re()
		}
	}
	if rule == nil {
		t.Fatal("no netrc rule with the hint password")
	}
	texts := append(spokenCorpus(t), "password hunter22", "  - password \"S3 cret\"  ", "password x\tpassword y", "\tpassword Kx9q2\r", "password\t\xffx9 ")
	matched := 0
	for _, text := range texts {
		for _, line := range strings.Split(text, "\n") {
			got, want := rule.FindAllStringSubmatchIndex(line, -1), multi.FindAllStringSubmatchIndex(line, -1)
			matched += len(want)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("on %q: %v, with (?m) %v", line, got, want)
			}
		}
	}
	if matched == 0 {
		t.Fatal("no line matched: the test proves nothing")
	}
}
