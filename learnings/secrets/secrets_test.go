package secrets

import (
	"slices"
	"strings"
	"testing"
)

// Test keys are assembled at run time so that this file holds no string a
// secret scanner (or a push protection) would take for a real key.
func k(parts ...string) string { return strings.Join(parts, "") }

var (
	alnum36 = k("a1B2c3D4e5F6g7H8i9J0", "k1L2m3N4o5P6q7R8")
	hex32   = k("9f8e7d6c5b4a3928", "1706f5e4d3c2b1a0")
	b64_88  = k("Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsu", "Fq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==")
	jwt     = k("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", ".", "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ", ".", "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")
)

// scanCases are texts that hold one secret each, of a kind that Scan
// must name; %s in text stands for secret.
var scanCases = []struct {
	name, text, kind, secret string
}{
	{"aws access key", "Deploy with key %s in staging", "AWS access key", k("AKIA", "QYLPMN5HHHFPZAM2")},
	{"aws docs example key", "The bucket policy uses %s", "AWS access key", k("AKIA", "IOSFODNN7EXAMPLE")},
	{"aws temporary key", "STS returned %s", "AWS access key", k("ASIA", "Y34FZKBOKMUTVV7A")},
	{"aws secret key", "aws_secret_access_key = %s", "AWS secret access key", k("wJalrXUtnFEMI/K7MDENG/", "bPxRfiCYEXAMPLEKEY")},
	{"github classic", "export GH=%s", "GitHub token", k("ghp_", alnum36)},
	{"github oauth", "token %s leaked", "GitHub token", k("gho_", alnum36)},
	{"github app server", "CI used %s", "GitHub token", k("ghs_", alnum36)},
	{"github user to server", "%s", "GitHub token", k("ghu_", alnum36)},
	{"github refresh", "refresh with %s", "GitHub token", k("ghr_", alnum36)},
	{"github fine grained", "PAT: %s", "GitHub token", k("github_pat_", "11ABCDEFG0", "_", alnum36, alnum36[:23])},
	{"github token in env assignment", "export GITHUB_TOKEN=%s", "GitHub token", k("ghp_", alnum36)},
	{"gitlab", "Use %s for the registry", "GitLab token", k("glpat-", "xR4nd0mT0k3nV4lu3zz1")},
	{"slack bot", "Bot token %s", "Slack token", k("xoxb-", "123456789012-1234567890123-", "AbCdEfGhIjKlMnOpQrStUvWx")},
	{"slack user", "%s", "Slack token", k("xoxp-", "123456789012-1234567890123-", "1234567890123-abcdef0123456789")},
	{"slack webhook", "Alerts post to %s", "Slack webhook URL", k("https://hooks.slack.com/services/", "T00000000/B00000000/", "XXXXXXXXXXXXXXXXXXXXXXXX")},
	{"stripe live", "charge with %s", "Stripe key", k("sk_live_", "4eC39HqLyjWDarjtT1zdp7dc")},
	{"stripe restricted", "%s", "Stripe key", k("rk_live_", "4eC39HqLyjWDarjtT1zdp7dc")},
	{"stripe test", "tests use %s", "Stripe key", k("sk_test_", "4eC39HqLyjWDarjtT1zdp7dc")},
	{"openai project", "OPENAI_API_KEY=%s", "OpenAI API key", k("sk-proj-", "Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz", "_x-1Ab3De5Gh7Jk9")},
	{"openai legacy", "key %s", "OpenAI API key", k("sk-", "Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz", "1Ab3De5Gh7Jk9Mn1Pq3St5Vw")},
	{"anthropic", "ANTHROPIC_API_KEY=%s", "Anthropic API key", k("sk-ant-", "api03-", "Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz", "_x-1Ab3De5Gh7Jk9")},
	{"google", "maps key %s", "Google API key", k("AIza", "SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY")},
	{"npm", "//registry.npmjs.org/:_authToken=%s", "npm token", k("npm_", alnum36)},
	{"pypi", "twine upload -p %s", "PyPI token", k("pypi-", "AgEIcHlwaS5vcmc", "CJGRhYjQ1ZjNlLTk4YjEtNDc4Ni1hZmIzLTgyZDAzYjA5NGZmMwACKlszLCI")},
	{"sendgrid", "SENDGRID=%s", "SendGrid API key", k("SG.", "ngeVfQFYQlKU0ufo8x5d1A", ".", "TwL2iGABf9DHoTf-09kqeF8tAmbihYzrnopKc-1s5cr")},
	{"twilio api key", "%s", "Twilio API key", k("SK", hex32)},
	{"twilio account", "account %s", "Twilio account SID", k("AC", hex32)},
	{"azure storage", "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=%s;EndpointSuffix=core.windows.net", "Azure storage account key", b64_88},
	{"hugging face", "HF_TOKEN=%s", "Hugging Face token", k("hf_", "aBcDeFgHiJkLmNoPqRsTuVwXyZaBcDeFgH")},
	{"digitalocean", "doctl auth init -t %s", "DigitalOcean token", k("dop_v1_", hex32, hex32)},
	{"shopify", "%s", "Shopify token", k("shpat_", hex32)},
	{"telegram", "bot %s", "Telegram bot token", k("123456789:", "AAH", "dGhpcyBpcyBub3QgYSByZWFsIHRva2Vu")},
	{"rsa private key", "%s", "private key", k("-----BEGIN RSA ", "PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----")},
	{"openssh private key header", "paste %s here", "private key", k("-----BEGIN OPENSSH ", "PRIVATE KEY-----")},
	{"pkcs8 private key", "%s", "private key", k("-----BEGIN ", "PRIVATE KEY-----")},
	{"jwt", "The session cookie was %s", "JWT", jwt},
	{"postgres url", "DATABASE_URL=postgres://app:%s@db.internal:5432/app", "password in URL", "S3cr3tPass"},
	{"https url", "clone https://deploy:%s@git.example.com/repo.git", "password in URL", "x9Fq2Wv7"},
	{"url password with a dot", "DATABASE_URL=postgres://app:%s@db.internal:5432/app", "password in URL", "Zx9.Qw8rT7yU6iO5pA4s"},
	{"url password with a dot, short", "mysql://root:%s@127.0.0.1/shop", "password in URL", "Tr0ub4dor.Horse"},
	{"password with a dot", "DB_PASSWORD=%s", "password assignment", "Tr0ub4dor.Horse9"},
	{"quoted password with a dot", `password: "%s"`, "password assignment", "Zx9.Qw8rT7yU6iO5pA4s"},
	{"quoted password", `password = "%s"`, "password assignment", "hunter2"},
	{"env password", "PASSWORD=%s", "password assignment", "hunter2xyz"},
	{"prefixed env password", "DB_PASSWORD=%s make up", "password assignment", "Tr0ub4dor&3"},
	{"json password", `{"password": "%s"}`, "password assignment", "correct-horse-battery-staple"},
	{"yaml passwd", "passwd: '%s'", "password assignment", "p@ssw0rd!"},
	{"api key assignment", "api_key: %s", "generic API key assignment", hex32},
	{"secret assignment", "secret=%s", "generic API key assignment", "Zx9Qw8Er7Ty6Ui5Op4As"},
	{"secret key base", "SECRET_KEY_BASE=%s", "generic API key assignment", hex32 + hex32},
	{"client secret", `client_secret: "%s"`, "generic API key assignment", "aB3dE5fG7hI9jK1lM3nO"},
	{"auth token", `auth_token = '%s'`, "generic API key assignment", "Q2x9Lm4Rt8Vb1Nz6Kp3W"},
	{"basic auth", "curl -H 'Authorization: Basic %s'", "basic auth credentials", k("ZGVwbG95Oj", "N4Rzl2UTJ3")},
	{"base64 private key", "client-key-data: %s", "private key", k("LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQ", "pNSUlFb3dJQkFBS0NBUUVB")},
	{"key in the middle of a name", "client-key-data: %s", "generic API key assignment", k("c2VjcmV0LWtleS1tYXRlcmlhbA", "9Xz3")},
	{"bearer", "curl -H 'Authorization: Bearer %s'", "bearer token", "aB3dE5fG7hI9jK1lM3nO5pQ7"},
	{"assignment after a label", "Note: DB_PASSWORD=%s for the deploy job.", "password assignment", "Xq7Lm2Rt9Vb4Nz8Kp3WsY6Hd"},
	{"quoted password after a label", `Use this credential for staging: password = "%s"`, "password assignment", "pQrStUvWxYzAbCd"},
	{"yaml password after a label", "In prod: db_password: %s", "password assignment", "Tr0ub4dor&3x"},
	{"api key after a label", `Config: api_key: "%s"`, "generic API key assignment", hex32},
	{"secret key after two labels", "Staging creds: note: SECRET_KEY=%s", "generic API key assignment", "Zx9Qw8Er7Ty6Ui5Op4As"},
	{"google oauth", "the token was %s", "Google OAuth access token", k("ya29.", "a0AfB_byC3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9n")},
	{"redis empty user", "cache at %s", "password in URL", k("redis://:", "Kq8Zt3Wm5Rv1Xp7N", "@cache:6379/0")},
	{"azure sas", "blob %s", "Azure SAS signature", k("https://acme.blob.core.windows.net/c?sv=2022-11-02&ss=b&sig=", "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9d", "%3D")},
	{"curl user", "%s", "curl credentials", k("curl -u admin:", "Hn4Jq8Wz2Lp6Rt0V", " https://api.acme.io")},
	{"curl user long flag", "%s", "curl credentials", k("curl -s --user deploy:", "Hn4Jq8Wz2Lp6Rt0V", " https://api.acme.io")},
	{"discord webhook", "alerts go to %s", "Discord webhook URL", k("https://discord.com/api/webhooks/", "112233445566778899/", "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3rS5tU7vW")},
	{"mailgun", "mail via %s", "Mailgun API key", k("key-", hex32)},
	{"pass suffix", "The staging env file sets DB_PASS=%s for the worker.", "password assignment", "Hn4Jq8Wz2Lp6Rt0Vx3Ks"},
	{"pw suffix", "ADMIN_PW=%s", "password assignment", "Hn4Jq8Wz2Lp6Rt0Vx3Ks"},
	{"passwd suffix", "SMTP_PASSWD=%s", "password assignment", "Hn4Jq8Wz2Lp6Rt0Vx3Ks"},
}

func TestScanFinds(t *testing.T) {
	for _, tt := range scanCases {
		t.Run(tt.name, func(t *testing.T) {
			text := strings.Replace(tt.text, "%s", tt.secret, 1)
			got := Scan(text)
			if len(got) != 1 {
				t.Fatalf("Scan found %d secrets, want 1 %s: %+v", len(got), tt.kind, got)
			}
			if got[0].Kind != tt.kind {
				t.Errorf("Kind = %q, want %q", got[0].Kind, tt.kind)
			}
			if s := text[got[0].Start:got[0].End]; !strings.Contains(s, tt.secret) && !strings.Contains(tt.secret, s) {
				t.Errorf("range %d:%d covers %q, not the secret", got[0].Start, got[0].End, s)
			}
			if strings.Contains(got[0].Kind, tt.secret) {
				t.Errorf("Kind %q repeats the secret", got[0].Kind)
			}
		})
	}
}

func TestScanFindsSeveral(t *testing.T) {
	a, b := k("AKIA", "QYLPMN5HHHFPZAM2"), k("AKIA", "ZZLPMN5HHHFPZAM3")
	text := "keys " + a + "," + b + " and password = \"hunter2\""
	got := Scan(text)
	var kinds []string
	for _, f := range got {
		kinds = append(kinds, f.Kind)
	}
	want := "AWS access key,AWS access key,password assignment"
	if strings.Join(kinds, ",") != want {
		t.Fatalf("kinds = %v, want %s", kinds, want)
	}
	if text[got[0].Start:got[0].End] != a || text[got[1].Start:got[1].End] != b {
		t.Errorf("ranges %+v do not cover the keys", got)
	}
}

func TestScanIgnores(t *testing.T) {
	texts := []string{
		"Validate the password field on the signup form",
		"Rate limiting uses a token bucket with 10 tokens per second",
		"The API key goes in the X-Api-Key header",
		"Set the password via env var DB_PASSWORD",
		`password = os.Getenv("DB_PASSWORD")`,
		`password=<your-password>`,
		`api_key=xxx`,
		`secret=changeme`,
		`API_KEY=${API_KEY}`,
		`api_key: $OPENAI_API_KEY`,
		`PASSWORD=...`,
		"password: required",
		`token := r.Header.Get("Authorization")`,
		"const tokenLen = 32",
		"max_tokens: 4096",
		"Use the secret manager; never hard-code secrets",
		"Rotate the GitHub token every 90 days",
		"postgres://user:pass@localhost:5432/app is the format",
		"The test database is postgres://postgres:postgres@localhost:5432/test",
		"postgres://${DB_USER}:${DB_PASS}@db/app",
		"Clone https://user@github.com/org/repo.git over HTTPS",
		"git@github.com:org/repo.git is the SSH remote",
		"Stripe publishable keys start with pk_live_ and are safe in the browser",
		"OpenAI keys look like sk-... and Anthropic keys like sk-ant-...",
		"-----BEGIN PUBLIC KEY----- blocks are fine to commit",
		"-----BEGIN CERTIFICATE----- is the CA bundle",
		`password: "{{ .Values.db.password }}"`,
		"password = cfg.Password",
		"DB_PASSWORD=settings.DB_PASSWORD",
		"password: s3Config.secretKey",
		"api_key = oauth2Config.ClientSecret",
		"password: config.v2.password",
		"postgres://app:cfg.password@db/app is what the template renders before substitution",
		"password = settings.DB_PASSWORD",
		"api_key = config.openai.api_key",
		"token = process.env.GITHUB_TOKEN",
		"A JWT starts with eyJ because the header is base64 JSON",
		"sort_key: created_at",
		"secret_name: my-app-secret-prod",
		"author: JaneDoeTheMaintainer1",
		"Passwords must be at least 12 characters",
		"password: 12 characters minimum",
		"The access token lasts an hour (expires_in: 3600)",
		"Use `--password-stdin` with docker login",
		"token_count: 1500",
		"PGPASSWORD=$PGPASSWORD psql -h db",
		"password: !vault |",
		"AKIA keys are long-term and ASIA keys temporary",
		"Pin the image to sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
		"token: ${{ secrets.GITHUB_TOKEN }}",
		`password: "%s"`,
		`password = "password"`,
		"The commit 4f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39 fixed the retry loop",
		"Install scikit-learn, not sk-learn",
		"MY_AKIAQYLPMN5HHHFPZAM2X is a test fixture name",
		"Keys in the cache are prefixed with tenant_key: and a UUID",
		"The secret: keep PRs small",
		"password_hash: bcrypt with cost 12",
		"Twilio account SIDs start with AC, API key SIDs with SK",
		"Use HTTP Basic auth for the admin API, not a bearer token",
		"Authorization: Basic dXNlcjpwYXNzd29yZA==",
		"primary_key: id",
		"cache_key_prefix: v2",
		"LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t is a base64 certificate header",
		"SLACK_BOT_TOKEN=xoxb-your-token-here",
		"GITHUB_TOKEN=ghp_" + strings.Repeat("x", 36),
		"STRIPE_KEY=sk_live_" + strings.Repeat("0", 24),
		"PASSWORD_RESET_TTL=3600",
		"PWD=/tmp/build1 is where make runs",
		"password_file: ./secrets/db1.txt",
		"Note: set DB_PASSWORD via the vault, never inline",
		"In prod: password: required",
		"redis://cache:6379/0 has no password",
		"curl -u $USER:$TOKEN https://api.acme.io",
		"curl -u admin https://api.acme.io prompts for the password",
		"The SAS URL has a sig= parameter; never paste it",
		"Discord webhooks live under discord.com/api/webhooks/",
		"Set DB_PASS in the env file, not in code",
		"Mailgun keys start with key- and 32 hex digits",
		"ya29. is the prefix of Google OAuth tokens",
		"bypass: true",
	}
	for _, text := range texts {
		t.Run(text, func(t *testing.T) {
			if got := Scan(text); len(got) != 0 {
				for _, f := range got {
					t.Errorf("found %s at %d:%d (%q)", f.Kind, f.Start, f.End, text[f.Start:f.End])
				}
			}
		})
	}
}

func TestRedact(t *testing.T) {
	key := k("ghp_", alnum36)
	pass := "Xq7Lm2Rt9Vb4Nz8Kp3WsY6Hd"
	tests := []struct {
		name, text, want string
	}{
		{"no secret", "Run the linter first.", "Run the linter first."},
		{"github token", "Token for CI is " + key + " keep it.", "Token for CI is [REDACTED GitHub token] keep it."},
		{"two secrets", "Note: DB_PASSWORD=" + pass + " and " + key, "Note: DB_PASSWORD=[REDACTED password assignment] and [REDACTED GitHub token]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Redact(tt.text)
			if got != tt.want {
				t.Errorf("Redact = %q, want %q", got, tt.want)
			}
			if strings.Contains(got, key) || strings.Contains(got, pass) {
				t.Errorf("Redact kept a secret: %q", got)
			}
		})
	}
}

func TestStripPrivate(t *testing.T) {
	tests := []struct {
		name, in, want string
		n              int
	}{
		{"none", "Run make gen first", "Run make gen first", 0},
		{"one", "Use <private>hunter2</private>the vault", "Use the vault", 1},
		{"case insensitive", "a<PRIVATE>x</Private>b", "ab", 1},
		{"multi-line", "keep\n<private>\nline one\nline two\n</private>\nafter", "keep\n\nafter", 1},
		{"two spans", "<private>a</private>b<private>c</private>d", "bd", 2},
		{"nested", "x<private>a<private>b</private>c</private>y", "xy", 1},
		{"unclosed strips to end", "keep <private>secret\nmore", "keep", 1},
		{"between words one space", "the <private>token abc</private> gateway drops", "the gateway drops", 1},
		{"tabs and spaces", "the\t<private>x</private>  gateway", "the gateway", 1},
		{"before punctuation", "Use the vault <private>at 10.0.0.4</private>.", "Use the vault.", 1},
		{"before a comma", "set the key <private>k-123</private>, then run", "set the key, then run", 1},
		{"at a line end", "first <private>x</private>\nsecond", "first\nsecond", 1},
		{"inside parentheses", "the host (<private>db1</private> in prod)", "the host (in prod)", 1},
		{"at the start", "<private>x</private> rest", " rest", 1},
		{"indentation kept", "a\n<private>x</private>  - b", "a\n  - b", 1},
		{"two spans between words", "a <private>x</private> b <private>y</private> c", "a b c", 2},
		{"attributes", `a<private reason="db">x</private >b`, "ab", 1},
		{"stray close kept", "a</private>b", "a</private>b", 0},
		{"not a tag", "the <privateer> word", "the <privateer> word", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, n := StripPrivate(tt.in)
			if got != tt.want || n != tt.n {
				t.Errorf("StripPrivate(%q) = %q, %d; want %q, %d", tt.in, got, n, tt.want, tt.n)
			}
		})
	}
}

func FuzzScan(f *testing.F) {
	f.Add("password = \"hunter2\" and " + k("AKIA", "QYLPMN5HHHFPZAM2"))
	f.Add("postgres://u:p@h <private>x")
	f.Add(k("-----BEGIN ", "PRIVATE KEY-----"))
	f.Add("a=\"\"b:'' c=>`x` \xff")
	f.Add("log in as admin:Pa55\u200bword99 or mysql -uroot -pS3\ufeffcret")
	f.Fuzz(func(t *testing.T, text string) {
		end := 0
		for _, fd := range Scan(text) {
			if fd.Start < end || fd.End <= fd.Start || fd.End > len(text) || fd.Kind == "" {
				t.Fatalf("bad finding %+v in %q", fd, text)
			}
			end = fd.End
		}
		if got, all := Scan(text), scanEveryLine(text); !slices.Equal(got, all) {
			t.Fatalf("Scan(%q) = %+v, but every rule on every line finds %+v", text, got, all)
		}
		out, n := StripPrivate(text)
		if n < 0 || len(out) > len(text) || n == 0 && out != text {
			t.Fatalf("StripPrivate(%q) = %q, %d", text, out, n)
		}
	})
}

// scanEveryLine is Scan without the hint index: every rule whose hints are
// part of what it matches runs on every line, in whole windows. Scan must
// find the same, or a rule's hints miss some of its matches or a lead is
// too short.
func scanEveryLine(original string) []Finding {
	text, cuts := fold(original)
	var all [][2]int
	for start := 0; start < len(text); {
		end := strings.IndexByte(text[start:], '\n')
		if end < 0 {
			all = append(all, [2]int{start, len(text)})
			break
		}
		all = append(all, [2]int{start, start + end})
		start += end + 1
	}
	gated := map[int][][2]int{}
	for _, rl := range hintLines(text) {
		gated[rl.rule] = rl.lines
	}
	var lines []ruleLines
	for i, r := range rules() {
		switch {
		case !r.context:
			lines = append(lines, ruleLines{i, all})
		case gated[i] != nil:
			lines = append(lines, ruleLines{i, gated[i]})
		}
	}
	// and with whole windows, which rules with a lead trim.
	whole := slices.Clone(rules())
	for i := range whole {
		whole[i].trimmed = false
	}
	found := scanLines(text, whole, lines)
	unfold(found, cuts)
	return found
}

func TestUnclosedPrivate(t *testing.T) {
	tests := []struct {
		name, in string
		want     int
	}{
		{"none", "Run make gen first", -1},
		{"closed", "a <private>x</private> b", -1},
		{"two closed", "<private>a</private> b <PRIVATE>c</Private>", -1},
		{"nested closed", "x<private>a<private>b</private>c</private>y", -1},
		{"unclosed", "keep <private>secret\nmore", 5},
		{"unclosed in backticks", "Wrap secrets in `<private>` tags.\n- next learning", 17},
		{"second unclosed", "<private>a</private> and <private>b", 25},
		{"nested, outer unclosed", "x<private>a<private>b</private>c", 1},
		{"attributes", `a <private reason="db">x`, 2},
		{"stray close only", "a</private>b", -1},
		{"close before open", "</private> then <private>x", 16},
		{"not a tag", "the <privateer> word", -1},
		{"upper case", "\n\n<PRIVATE>", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := UnclosedPrivate(tt.in); got != tt.want {
				t.Errorf("UnclosedPrivate(%q) = %d, want %d", tt.in, got, tt.want)
			}
			if tt.want < 0 {
				if out, _ := StripPrivate(tt.in); privateOpen().MatchString(out) {
					t.Errorf("closed spans, yet StripPrivate left an opening tag: %q", out)
				}
			}
		})
	}
}

// TestRedactWithoutHintAllocatesNothing checks that a text without any
// rule's hint, as most learnings are, costs Redact the pass over its bytes
// and no allocation: stats and recall --all redact every learning.
func TestRedactWithoutHintAllocatesNothing(t *testing.T) {
	texts := []string{
		"Run `make gen` before `go test`; generated files are not committed.",
		"Backoff must cap at 30 s; the API gateway drops idle connections at 60 s.",
		"Invoice numbers are formatted by `invoicer/render.py`, never by the template.",
		"Die Zeitzone der Server ist UTC, nicht Europe/Berlin.",
		"日本語のドキュメントは docs/ja/ にある。",
		"",
	}
	for _, text := range texts {
		if hintLines(text) != nil {
			t.Fatalf("%q holds a hint: pick a text without one", text)
		}
		if n := testing.AllocsPerRun(100, func() { Redact(text) }); n != 0 {
			t.Errorf("Redact(%q) allocates %v times", text, n)
		}
	}
}
