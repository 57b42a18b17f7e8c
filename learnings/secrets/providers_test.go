package secrets

import (
	"encoding/base64"
	"fmt"
	"strings"
	"testing"
)

// Character sets for fabricated keys.
const (
	digits    = "0123456789"
	lowerHex  = "0123456789abcdef"
	upperNum  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	alnumSet  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	lowerNum  = "abcdefghijklmnopqrstuvwxyz0123456789"
	urlSafe   = alnumSet + "_-"
	base64Set = alnumSet + "+/"
)

// fake fabricates n characters from set, the same for the same seed: keys
// of the right shape that no provider ever issued.
func fake(seed int, set string, n int) string {
	x := uint64(seed)*0x9E3779B97F4A7C15 + 1
	b := make([]byte, n)
	for i := range b {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b[i] = set[x%uint64(len(set))]
	}
	return string(b)
}

func uuidOf(seed int) string {
	h := fake(seed, lowerHex, 32)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// selfEvident are phrasings in which a key that names its provider by its
// shape must be found whatever surrounds it.
var selfEvident = []string{
	"The deploy job only worked after we set %s in the repo secrets.",
	"export SERVICE_CREDENTIAL='%s'",
	"- Use `%s` when calling the staging API (the user said it is fine to keep).",
	`curl -H "Authorization: Bearer %s" https://api.example.com/v1/me`,
	"config.yaml had `token: %s` hard-coded; move it to the vault.",
	"%s",
}

type providerCase struct {
	kind    string
	secrets []string
	// texts holds the phrasings, each with one %s; selfEvident when nil.
	texts []string
}

func providerCases() []providerCase {
	pem := func(label string, seed int) string {
		return "-----BEGIN " + label + "PRIVATE KEY-----\n" + fake(seed, base64Set, 64) + "\n" + fake(seed+1, base64Set, 64) +
			"\n-----END " + label + "PRIVATE KEY-----"
	}
	discord := func(seed int) string {
		id := base64.RawStdEncoding.EncodeToString([]byte("1" + fake(seed, digits, 17)))
		return id + "." + fake(seed+1, urlSafe, 6) + "." + fake(seed+2, urlSafe, 38)
	}
	return []providerCase{
		{kind: "AWS access key", secrets: []string{"AKIA" + fake(1, upperNum, 16), "ASIA" + fake(2, upperNum, 16), "AKIA" + fake(3, upperNum, 16)}},
		{kind: "AWS secret access key", secrets: []string{fake(4, base64Set, 40), fake(5, alnumSet, 40)}, texts: []string{
			"aws_secret_access_key = %s", "AWS_SECRET_ACCESS_KEY=%s", `"SecretAccessKey": "%s",`, "  aws_secret_key: '%s'",
		}},
		{kind: "GitHub token", secrets: []string{"ghp_" + fake(6, alnumSet, 36), "gho_" + fake(7, alnumSet, 36), "ghu_" + fake(8, alnumSet, 36),
			"ghs_" + fake(9, alnumSet, 36), "ghr_" + fake(10, alnumSet, 36), "github_pat_11" + fake(11, upperNum, 20) + "_" + fake(12, alnumSet, 59)}},
		{kind: "GitLab token", secrets: []string{"glpat-" + fake(13, urlSafe, 20), "glpat-" + fake(14, urlSafe, 27) + ".01." + fake(15, lowerNum, 7),
			"glrt-" + fake(16, urlSafe, 20), "gldt-" + fake(17, urlSafe, 20), "glcbt-64_" + fake(18, urlSafe, 20)}},
		{kind: "GitLab pipeline trigger token", secrets: []string{"glptt-" + fake(19, lowerHex, 40)}},
		{kind: "GitLab runner registration token", secrets: []string{"GR1348941" + fake(20, urlSafe, 20)}},
		{kind: "Slack token", secrets: []string{
			"xoxb-" + fake(21, digits, 12) + "-" + fake(22, digits, 13) + "-" + fake(23, alnumSet, 24),
			"xoxp-" + fake(24, digits, 12) + "-" + fake(25, digits, 12) + "-" + fake(26, digits, 13) + "-" + fake(27, lowerHex, 32),
			"xoxa-2-" + fake(28, alnumSet, 40), "xoxe.xoxp-1-" + fake(29, upperNum, 160)}},
		{kind: "Slack app token", secrets: []string{"xapp-1-A0" + fake(30, upperNum, 9) + "-" + fake(31, digits, 13) + "-" + fake(32, lowerHex, 64)}},
		{kind: "Slack webhook URL", secrets: []string{"https://hooks.slack.com/services/T0" + fake(33, upperNum, 8) + "/B0" + fake(34, upperNum, 8) + "/" + fake(35, alnumSet, 24)}},
		{kind: "Stripe key", secrets: []string{"sk_live_51" + fake(36, alnumSet, 97), "rk_live_" + fake(37, alnumSet, 24), "sk_test_" + fake(38, alnumSet, 24)}},
		{kind: "Stripe webhook secret", secrets: []string{"whsec_" + fake(39, alnumSet, 32)}},
		{kind: "Twilio API key", secrets: []string{"SK" + fake(40, lowerHex, 32)}},
		{kind: "Twilio auth token", secrets: []string{fake(41, lowerHex, 32)}, texts: []string{"TWILIO_AUTH_TOKEN=%s", `twilio_token: "%s"`}},
		{kind: "SendGrid API key", secrets: []string{"SG." + fake(42, urlSafe, 22) + "." + fake(43, urlSafe, 43)}},
		{kind: "Mailgun API key", secrets: []string{"key-" + fake(44, lowerHex, 32)}},
		{kind: "Mailgun API key", secrets: []string{fake(45, lowerHex, 32) + "-" + fake(46, lowerHex, 8) + "-" + fake(47, lowerHex, 8)},
			texts: []string{"MAILGUN_API_KEY=%s", "mailgun:\n  key: x\n  mailgun_signing_key: %s"}},
		{kind: "Mailchimp API key", secrets: []string{fake(48, lowerHex, 32) + "-us21", fake(49, lowerHex, 32) + "-us6"}},
		{kind: "OpenAI API key", secrets: []string{"sk-proj-" + fake(50, urlSafe, 74) + "T3BlbkFJ" + fake(51, urlSafe, 74),
			"sk-" + fake(52, alnumSet, 20) + "T3BlbkFJ" + fake(53, alnumSet, 20), "sk-svcacct-" + fake(54, urlSafe, 58) + "T3BlbkFJ" + fake(55, urlSafe, 58)}},
		{kind: "Anthropic API key", secrets: []string{"sk-ant-api03-" + fake(56, urlSafe, 93) + "AA", "sk-ant-admin01-" + fake(57, urlSafe, 93) + "AA"}},
		{kind: "Google API key", secrets: []string{"AIza" + fake(58, urlSafe, 35), "AIzaSy" + fake(59, urlSafe, 33)}},
		{kind: "Google OAuth client secret", secrets: []string{"GOCSPX-" + fake(60, urlSafe, 28)}},
		{kind: "private key", secrets: []string{pem("", 61), pem("RSA ", 62), pem("EC ", 63), pem("OPENSSH ", 64), pem("ENCRYPTED ", 65)}},
		{kind: "private key", secrets: []string{`-----BEGIN PRIVATE KEY-----\n` + fake(66, base64Set, 64) + `\n` + fake(67, base64Set, 40) + `\n-----END PRIVATE KEY-----`},
			texts: []string{`{"type": "service_account", "project_id": "acme-prod", "private_key": "%s", "client_email": "ci@acme-prod.iam.gserviceaccount.com"}`,
				`The GCP service account JSON has "private_key": "%s" in it.`}},
		{kind: "Azure storage account key", secrets: []string{fake(68, base64Set, 86) + "=="}, texts: []string{
			"DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey=%s;EndpointSuffix=core.windows.net",
			"az storage blob upload --connection-string 'AccountName=acme;AccountKey=%s'"}},
		{kind: "Azure shared access key", secrets: []string{fake(69, base64Set, 43) + "="}, texts: []string{
			"Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=%s"}},
		{kind: "Azure AD client secret", secrets: []string{"abc8Q~" + fake(70, urlSafe, 34), "Xy_7Q~" + fake(71, alnumSet, 34)}},
		{kind: "npm token", secrets: []string{"npm_" + fake(72, alnumSet, 36)}, texts: append([]string{"//registry.npmjs.org/:_authToken=%s"}, selfEvident...)},
		{kind: "PyPI token", secrets: []string{"pypi-AgEIcHlwaS5vcmc" + fake(73, urlSafe, 70)}},
		{kind: "Docker Hub token", secrets: []string{"dckr_pat_" + fake(74, urlSafe, 27)}, texts: append([]string{"echo %s | docker login -u acme --password-stdin"}, selfEvident...)},
		{kind: "Heroku API key", secrets: []string{"HRKU-AA" + fake(75, urlSafe, 58)}},
		{kind: "Heroku API key", secrets: []string{uuidOf(76)}, texts: []string{"HEROKU_API_KEY=%s", `heroku_token: "%s"`}},
		{kind: "DigitalOcean token", secrets: []string{"dop_v1_" + fake(77, lowerHex, 64), "doo_v1_" + fake(78, lowerHex, 64)}},
		{kind: "Shopify token", secrets: []string{"shpat_" + fake(79, lowerHex, 32), "shpss_" + fake(80, lowerHex, 32), "shpca_" + fake(81, lowerHex, 32)}},
		{kind: "Atlassian API token", secrets: []string{"ATATT3xFfGF0" + fake(82, urlSafe, 170) + "=" + fake(83, upperNum, 8)}},
		{kind: "Atlassian API token", secrets: []string{fake(84, alnumSet, 24)}, texts: []string{"JIRA_API_TOKEN=%s", `confluence_token: "%s"`}},
		{kind: "Linear API key", secrets: []string{"lin_api_" + fake(85, alnumSet, 40)}},
		{kind: "Notion token", secrets: []string{"secret_" + fake(86, alnumSet, 43), "ntn_" + fake(87, digits, 11) + fake(88, alnumSet, 35)}},
		{kind: "Discord bot token", secrets: []string{discord(89), discord(90)}, texts: []string{
			"DISCORD_BOT_TOKEN=%s", "The bot logs in with client.login('%s')", "discord token: %s"}},
		{kind: "Discord webhook URL", secrets: []string{"https://discord.com/api/webhooks/" + fake(91, digits, 18) + "/" + fake(92, urlSafe, 68)}},
		{kind: "Telegram bot token", secrets: []string{fake(93, digits, 10) + ":AA" + fake(94, urlSafe, 33)}},
		{kind: "Datadog key", secrets: []string{fake(95, lowerHex, 32), fake(96, lowerHex, 40)}, texts: []string{
			"DD_API_KEY=%s", "DATADOG_APP_KEY=%s", `datadog:\n  apiKey: x\n  datadog_api_key: "%s"`}},
		{kind: "New Relic key", secrets: []string{"NRAK-" + fake(97, upperNum, 27), "NRII-" + fake(98, urlSafe, 32), fake(99, lowerHex, 36) + "NRAL"}},
		{kind: "Sentry DSN key", secrets: []string{fake(100, lowerHex, 32)}, texts: []string{
			"SENTRY_DSN=https://%s@o450123.ingest.sentry.io/5501234", "Sentry.init({ dsn: 'https://%s@sentry.acme.io/12' })"}},
		{kind: "Sentry token", secrets: []string{"sntryu_" + fake(101, lowerHex, 64)}},
		{kind: "Square token", secrets: []string{"sq0atp-" + fake(102, urlSafe, 22), "sq0csp-" + fake(103, urlSafe, 43), "EAAA" + fake(104, urlSafe, 60)}},
		{kind: "PayPal Braintree access token", secrets: []string{"access_token$production$" + fake(105, lowerNum, 16) + "$" + fake(106, lowerHex, 32)}},
		{kind: "HashiCorp Vault token", secrets: []string{"hvs." + fake(107, urlSafe, 95), "hvb." + fake(108, urlSafe, 140)}},
		{kind: "HashiCorp Vault token", secrets: []string{"s." + fake(109, alnumSet, 24)}, texts: []string{"VAULT_TOKEN=%s", "vault_token: %s"}},
		{kind: "Terraform Cloud token", secrets: []string{fake(110, alnumSet, 14) + ".atlasv1." + fake(111, urlSafe, 67)}},
		{kind: "Doppler token", secrets: []string{"dp.pt." + fake(112, alnumSet, 43), "dp.st.prd." + fake(113, alnumSet, 40)}},
		{kind: "Pulumi access token", secrets: []string{"pul-" + fake(114, lowerHex, 40)}},
		{kind: "Postman API key", secrets: []string{"PMAK-" + fake(115, lowerHex, 24) + "-" + fake(116, lowerHex, 34)}},
		{kind: "Grafana token", secrets: []string{"glc_" + fake(117, base64Set, 60) + "==", "glsa_" + fake(118, alnumSet, 32) + "_" + fake(119, lowerHex, 8)}},
		{kind: "Supabase key", secrets: []string{"sbp_" + fake(120, lowerHex, 40), "sb_secret_" + fake(121, urlSafe, 31)}},
		{kind: "JWT", secrets: []string{"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + "eyJyb2xlIjoic2VydmljZV9yb2xlIiwi" + fake(122, urlSafe, 60) + "." + fake(123, urlSafe, 43)}},
		{kind: "Databricks token", secrets: []string{"dapi" + fake(124, lowerHex, 32), "dapi" + fake(125, lowerHex, 32) + "-2"}},
		{kind: "Hugging Face token", secrets: []string{"hf_" + fake(126, alnumSet, 34)}},
		{kind: "age secret key", secrets: []string{"AGE-SECRET-KEY-1" + fake(127, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)}},
		{kind: "Perplexity API key", secrets: []string{"pplx-" + fake(128, alnumSet, 48)}},
		{kind: "Groq API key", secrets: []string{"gsk_" + fake(129, alnumSet, 52)}},
		{kind: "password in URL", secrets: []string{fake(130, alnumSet, 14)}, texts: []string{
			"DATABASE_URL=postgres://app:%s@db.internal:5432/app", "mongodb+srv://admin:%s@cluster0.ab1cd.mongodb.net/test",
			"amqp://worker:%s@rabbit:5672/", "git clone https://deploy:%s@git.acme.io/acme/api.git"}},
		{kind: "password assignment", secrets: []string{fake(131, alnumSet, 12) + "!7"}, texts: []string{
			"DB_PASSWORD=%s", `password: "%s"`, "export PGPASSWORD='%s'", "spring.datasource.password=%s"}},
		{kind: "generic API key assignment", secrets: []string{fake(132, alnumSet, 32)}, texts: []string{
			"api_key: %s", `"client_secret": "%s"`, "ACME_API_TOKEN=%s", "auth_token = '%s'"}},
	}
}

func TestScanFindsProviderKeys(t *testing.T) {
	for _, pc := range providerCases() {
		texts := pc.texts
		if texts == nil {
			texts = selfEvident
		}
		for si, secret := range pc.secrets {
			for ti, text := range texts {
				text := strings.Replace(text, "%s", secret, 1)
				t.Run(fmt.Sprintf("%s/%d/%d", pc.kind, si, ti), func(t *testing.T) {
					at := strings.Index(text, secret)
					var covering *Finding
					for _, f := range Scan(text) {
						if f.Start <= at && f.End >= at+len(secret) {
							covering = &f
						}
					}
					if covering == nil {
						t.Fatalf("no finding covers the secret in %q: %+v", text, Scan(text))
					}
					if covering.Kind != pc.kind {
						t.Errorf("kind = %q, want %q", covering.Kind, pc.kind)
					}
					if r := Redact(text); strings.Contains(r, secret) {
						t.Errorf("Redact kept the secret: %q", r)
					}
				})
			}
		}
	}
}
