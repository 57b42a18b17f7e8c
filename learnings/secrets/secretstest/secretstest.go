// Package secretstest holds the two corpora the secret scanner is measured
// with, shared by the scanner's own tests and the store command's: secrets
// of the providers gitleaks' default rules know, each in the phrasings
// agents and people write them in, which must all be refused; and ordinary
// developer prose, full of hashes, IDs and key-shaped names, which must all
// be kept. The secrets are fabricated at run time, so that no file of the
// repository holds a string a scanner or a push protection would take for a
// real key.
package secretstest

import (
	_ "embed"
	"encoding/base64"
	"fmt"
	"strings"
)

// Case is one secret in one phrasing: Text holds Secret, and the scanner
// must report a finding of Kind covering it.
type Case struct {
	Kind, Secret, Text string
}

// Character sets for fabricated keys.
const (
	digits    = "0123456789"
	lowerHex  = "0123456789abcdef"
	upperNum  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	alnumSet  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	lowerNum  = "abcdefghijklmnopqrstuvwxyz0123456789"
	urlSafe   = alnumSet + "_-"
	base64Set = alnumSet + "+/"
	bech32    = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
)

// Fake fabricates n characters from set, the same for the same seed: keys
// of the right shape that no provider ever issued.
func Fake(seed int, set string, n int) string {
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

// UUID fabricates a version-4-looking UUID.
func UUID(seed int) string {
	h := Fake(seed, lowerHex, 32)
	return h[:8] + "-" + h[8:12] + "-4" + h[13:16] + "-a" + h[17:20] + "-" + h[20:]
}

// Anywhere are the phrasings in which a key whose shape names its provider
// must be found whatever surrounds it: prose, shell, YAML, JSON, code,
// headers, query strings and flags, as learnings quote them.
var Anywhere = []string{
	"%s",
	"The deploy job only worked after we set %s in the repo secrets.",
	"export SERVICE_CREDENTIAL='%s'",
	"- Use `%s` when calling the staging API (the user said it is fine to keep).",
	`curl -H "Authorization: Bearer %s" https://api.example.com/v1/me`,
	"config.yaml had `token: %s` hard-coded; move it to the vault.",
	"The old key (%s) was rotated on Friday.",
	"Found %s, in the old .env file; rotated it.",
	`client = Client("%s", timeout=30)`,
	"GET https://api.acme.io/v1/items?access_token=%s&page=2 returns the first page.",
	"vercel deploy --prod --token %s",
	`headers = {"X-Api-Key": "%s", "Accept": "application/json"}`,
	"In .env.local:\n```\nINTEGRATION_KEY=%s\nDEBUG=true\n```",
	`{"name": "ci", "auth": {"value": "%s"}}`,
}

// Provider is the secrets of one kind and the phrasings they are tested
// in (Anywhere when Texts is nil).
type Provider struct {
	Kind    string
	Secrets []string
	Texts   []string
}

// Providers are the secrets the scanner must find, by kind. Kinds whose
// shape alone says little (32 hex digits, a UUID) are tested only as the
// value of a setting named after the provider.
func Providers() []Provider {
	pem := func(label string, seed int) string {
		return "-----BEGIN " + label + "PRIVATE KEY-----\n" + Fake(seed, base64Set, 64) + "\n" + Fake(seed+1, base64Set, 64) +
			"\n-----END " + label + "PRIVATE KEY-----"
	}
	discord := func(seed int) string {
		id := base64.RawStdEncoding.EncodeToString([]byte("1" + Fake(seed, digits, 17)))
		return id + "." + Fake(seed+1, urlSafe, 6) + "." + Fake(seed+2, urlSafe, 38)
	}
	named := func(names ...string) []string {
		var out []string
		for _, n := range names {
			out = append(out, n+"=%s", "export "+n+"='%s'", strings.ToLower(n)+`: "%s"`, `"`+strings.ToLower(n)+`": "%s",`)
		}
		return out
	}
	return []Provider{
		// Cloud.
		{Kind: "AWS access key", Secrets: []string{"AKIA" + Fake(1, upperNum, 16), "ASIA" + Fake(2, upperNum, 16), "AKIA" + Fake(3, upperNum, 16),
			"AKIAIOSFODNN7EXAMPLE"}},
		{Kind: "AWS secret access key", Secrets: []string{Fake(4, base64Set, 40), Fake(5, alnumSet, 40), "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"}, Texts: []string{
			"aws_secret_access_key = %s", "AWS_SECRET_ACCESS_KEY=%s", `"SecretAccessKey": "%s",`, "  aws_secret_key: '%s'",
			"export AWS_SECRET_ACCESS_KEY=\"%s\"", "[default]\naws_access_key_id = AKIA" + Fake(6, upperNum, 16) + "\naws_secret_access_key = %s",
		}},
		{Kind: "Google API key", Secrets: []string{"AIza" + Fake(58, urlSafe, 35), "AIzaSy" + Fake(59, urlSafe, 33)}},
		{Kind: "Google OAuth client secret", Secrets: []string{"GOCSPX-" + Fake(60, urlSafe, 28)}},
		{Kind: "Google OAuth access token", Secrets: []string{"ya29.a0" + Fake(61, urlSafe, 120)}},
		{Kind: "private key", Secrets: []string{pem("", 62), pem("RSA ", 63), pem("EC ", 64), pem("OPENSSH ", 65), pem("ENCRYPTED ", 66)}},
		{Kind: "private key", Secrets: []string{`-----BEGIN PRIVATE KEY-----\n` + Fake(67, base64Set, 64) + `\n` + Fake(68, base64Set, 40) + `\n-----END PRIVATE KEY-----`},
			Texts: []string{`{"type": "service_account", "project_id": "acme-prod", "private_key": "%s\n", "client_email": "ci@acme-prod.iam.gserviceaccount.com"}`,
				`The GCP service account JSON has "private_key": "%s\n" in it.`}},
		{Kind: "private key", Secrets: []string{base64.StdEncoding.EncodeToString([]byte(pem("RSA ", 69)))}, Texts: []string{
			"    client-key-data: %s", "kubeconfig users[0].user.client-key-data is %s"}},
		{Kind: "Azure storage account key", Secrets: []string{Fake(70, base64Set, 86) + "=="}, Texts: []string{
			"DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey=%s;EndpointSuffix=core.windows.net",
			"az storage blob upload --connection-string 'AccountName=acme;AccountKey=%s'"}},
		{Kind: "Azure shared access key", Secrets: []string{Fake(71, base64Set, 43) + "="}, Texts: []string{
			"Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=%s"}},
		{Kind: "Azure SAS signature", Secrets: []string{Fake(72, alnumSet, 43) + "%3D"}, Texts: []string{
			"https://acme.blob.core.windows.net/logs?sv=2022-11-02&ss=b&srt=co&sp=rl&se=2026-12-01T00:00:00Z&sig=%s"}},
		{Kind: "Azure AD client secret", Secrets: []string{"abc8Q~" + Fake(73, urlSafe, 34), "Xy_7Q~" + Fake(74, alnumSet, 34)}},
		{Kind: "DigitalOcean token", Secrets: []string{"dop_v1_" + Fake(75, lowerHex, 64), "doo_v1_" + Fake(76, lowerHex, 64), "dor_v1_" + Fake(77, lowerHex, 64)}},
		{Kind: "Heroku API key", Secrets: []string{"HRKU-AA" + Fake(78, urlSafe, 58)}},
		{Kind: "Heroku API key", Secrets: []string{UUID(79)}, Texts: named("HEROKU_API_KEY", "HEROKU_AUTH_TOKEN")},
		{Kind: "Alibaba Cloud access key", Secrets: []string{"LTAI" + Fake(80, alnumSet, 20)}},
		{Kind: "Cloudflare origin CA key", Secrets: []string{"v1.0-" + Fake(81, lowerHex, 24) + "-" + Fake(82, lowerHex, 146)}},
		{Kind: "Cloudflare API key", Secrets: []string{Fake(83, urlSafe, 40), Fake(84, lowerHex, 37)}, Texts: named("CLOUDFLARE_API_TOKEN", "CF_API_KEY")},
		{Kind: "Fly.io token", Secrets: []string{"fo1_" + Fake(85, urlSafe, 43), "fm2_" + Fake(86, base64Set, 120)}},
		{Kind: "Scalingo API token", Secrets: []string{"tk-us-" + Fake(87, urlSafe, 48)}},
		{Kind: "OpenShift user token", Secrets: []string{"sha256~" + Fake(88, urlSafe, 43)}},

		// Source hosting, CI and package registries.
		{Kind: "GitHub token", Secrets: []string{"ghp_" + Fake(6, alnumSet, 36), "gho_" + Fake(7, alnumSet, 36), "ghu_" + Fake(8, alnumSet, 36),
			"ghs_" + Fake(9, alnumSet, 36), "ghr_" + Fake(10, alnumSet, 36), "github_pat_11" + Fake(11, upperNum, 20) + "_" + Fake(12, alnumSet, 59)}},
		{Kind: "GitHub token", Secrets: []string{"ghp_" + Fake(13, alnumSet, 36)}, Texts: []string{
			"git clone https://x-access-token:%s@github.com/acme/api.git", "//npm.pkg.github.com/:_authToken=%s",
			"echo %s | gh auth login --with-token", "Authorization: token %s"}},
		{Kind: "GitLab token", Secrets: []string{"glpat-" + Fake(14, urlSafe, 20), "glpat-" + Fake(15, urlSafe, 27) + ".01." + Fake(16, lowerNum, 7),
			"glrt-" + Fake(17, urlSafe, 20), "gldt-" + Fake(18, urlSafe, 20), "glcbt-64_" + Fake(19, urlSafe, 20), "glsoat-" + Fake(20, urlSafe, 20),
			"glft-" + Fake(21, urlSafe, 20), "gloas-" + Fake(22, urlSafe, 64)}},
		{Kind: "GitLab pipeline trigger token", Secrets: []string{"glptt-" + Fake(23, lowerHex, 40)}},
		{Kind: "GitLab runner registration token", Secrets: []string{"GR1348941" + Fake(24, urlSafe, 20)}},
		{Kind: "npm token", Secrets: []string{"npm_" + Fake(25, alnumSet, 36)}, Texts: append([]string{"//registry.npmjs.org/:_authToken=%s"}, Anywhere...)},
		{Kind: "PyPI token", Secrets: []string{"pypi-AgEIcHlwaS5vcmc" + Fake(26, urlSafe, 70)}},
		{Kind: "RubyGems API key", Secrets: []string{"rubygems_" + Fake(27, lowerHex, 48)}},
		{Kind: "Clojars token", Secrets: []string{"CLOJARS_" + Fake(28, lowerNum, 60)}},
		{Kind: "Docker Hub token", Secrets: []string{"dckr_pat_" + Fake(29, urlSafe, 27)}, Texts: append([]string{"echo %s | docker login -u acme --password-stdin"}, Anywhere...)},
		{Kind: "Artifactory API key", Secrets: []string{"AKCp" + Fake(30, alnumSet, 69)}},
		{Kind: "Sourcegraph token", Secrets: []string{"sgp_" + Fake(31, lowerHex, 16) + "_" + Fake(32, lowerHex, 40)}},
		{Kind: "Pulumi access token", Secrets: []string{"pul-" + Fake(33, lowerHex, 40)}},
		{Kind: "Terraform Cloud token", Secrets: []string{Fake(34, alnumSet, 14) + ".atlasv1." + Fake(35, urlSafe, 67)}},
		{Kind: "HashiCorp Vault token", Secrets: []string{"hvs." + Fake(36, urlSafe, 95), "hvb." + Fake(37, urlSafe, 140)}},
		{Kind: "HashiCorp Vault token", Secrets: []string{"s." + Fake(38, alnumSet, 24)}, Texts: named("VAULT_TOKEN")},
		{Kind: "Doppler token", Secrets: []string{"dp.pt." + Fake(39, alnumSet, 43), "dp.st.prd." + Fake(40, alnumSet, 40)}},
		{Kind: "Databricks token", Secrets: []string{"dapi" + Fake(41, lowerHex, 32), "dapi" + Fake(42, lowerHex, 32) + "-2"}},
		{Kind: "Prefect API key", Secrets: []string{"pnu_" + Fake(43, alnumSet, 36)}},
		{Kind: "Harness access token", Secrets: []string{"pat." + Fake(44, urlSafe, 22) + "." + Fake(45, alnumSet, 24) + "." + Fake(46, alnumSet, 20)}},
		{Kind: "Infracost API key", Secrets: []string{"ico-" + Fake(47, alnumSet, 32)}},
		{Kind: "1Password secret", Secrets: []string{"ops_eyJ" + Fake(48, base64Set, 260), "A3-" + Fake(49, upperNum, 6) + "-" + Fake(50, upperNum, 11) + "-" + Fake(51, upperNum, 5) + "-" + Fake(52, upperNum, 5) + "-" + Fake(53, upperNum, 5)}},
		{Kind: "SonarQube token", Secrets: []string{"squ_" + Fake(54, lowerHex, 40), "sqp_" + Fake(55, lowerHex, 40), "sqa_" + Fake(56, lowerHex, 40)}},
		{Kind: "Buildkite token", Secrets: []string{"bkua_" + Fake(57, lowerHex, 40)}},
		{Kind: "CircleCI token", Secrets: []string{"CCIPAT_" + Fake(89, alnumSet, 22) + "_" + Fake(90, lowerHex, 40)}},
		{Kind: "Octopus Deploy API key", Secrets: []string{"API-" + Fake(91, upperNum, 26)}},
		{Kind: "Netlify token", Secrets: []string{"nfp_" + Fake(92, alnumSet, 36)}},
		{Kind: "Netlify token", Secrets: []string{Fake(93, urlSafe, 43)}, Texts: named("NETLIFY_AUTH_TOKEN")},
		{Kind: "Codecov token", Secrets: []string{UUID(94)}, Texts: named("CODECOV_TOKEN")},
		{Kind: "Snyk token", Secrets: []string{UUID(95)}, Texts: named("SNYK_TOKEN")},
		{Kind: "Render API key", Secrets: []string{"rnd_" + Fake(96, alnumSet, 32)}},
		{Kind: "Neon API key", Secrets: []string{"napi_" + Fake(97, lowerNum, 64)}},

		// Chat, mail and messaging.
		{Kind: "Slack token", Secrets: []string{
			"xoxb-" + Fake(100, digits, 12) + "-" + Fake(101, digits, 13) + "-" + Fake(102, alnumSet, 24),
			"xoxp-" + Fake(103, digits, 12) + "-" + Fake(104, digits, 12) + "-" + Fake(105, digits, 13) + "-" + Fake(106, lowerHex, 32),
			"xoxa-2-" + Fake(107, alnumSet, 40), "xoxe.xoxp-1-" + Fake(108, upperNum, 160), "xoxe-1-" + Fake(109, upperNum, 146)}},
		{Kind: "Slack app token", Secrets: []string{"xapp-1-A0" + Fake(110, upperNum, 9) + "-" + Fake(111, digits, 13) + "-" + Fake(112, lowerHex, 64)}},
		{Kind: "Slack webhook URL", Secrets: []string{"https://hooks.slack.com/services/T0" + Fake(113, upperNum, 8) + "/B0" + Fake(114, upperNum, 8) + "/" + Fake(115, alnumSet, 24)}},
		{Kind: "Microsoft Teams webhook URL", Secrets: []string{"https://acme.webhook.office.com/webhookb2/" + UUID(116) + "@" + UUID(117) + "/IncomingWebhook/" + Fake(118, lowerHex, 32) + "/" + UUID(119)}},
		{Kind: "Discord bot token", Secrets: []string{discord(120), discord(121)}, Texts: []string{
			"DISCORD_BOT_TOKEN=%s", "The bot logs in with client.login('%s')", "discord token: %s"}},
		{Kind: "Discord webhook URL", Secrets: []string{"https://discord.com/api/webhooks/" + Fake(122, digits, 18) + "/" + Fake(123, urlSafe, 68)}},
		{Kind: "Telegram bot token", Secrets: []string{Fake(124, digits, 10) + ":AA" + Fake(125, urlSafe, 33)}},
		{Kind: "SendGrid API key", Secrets: []string{"SG." + Fake(126, urlSafe, 22) + "." + Fake(127, urlSafe, 43)}},
		{Kind: "Sendinblue API key", Secrets: []string{"xkeysib-" + Fake(128, lowerHex, 64) + "-" + Fake(129, alnumSet, 16)}},
		{Kind: "Mailgun API key", Secrets: []string{"key-" + Fake(130, lowerHex, 32), "key-" + Fake(129, lowerNum, 32)}},
		{Kind: "Mailgun API key", Secrets: []string{Fake(131, lowerHex, 32) + "-" + Fake(132, lowerHex, 8) + "-" + Fake(133, lowerHex, 8)},
			Texts: []string{"MAILGUN_API_KEY=%s", "mailgun:\n  key: x\n  mailgun_signing_key: %s"}},
		{Kind: "Mailchimp API key", Secrets: []string{Fake(134, lowerHex, 32) + "-us21", Fake(135, lowerHex, 32) + "-us6"}},
		{Kind: "Twilio API key", Secrets: []string{"SK" + Fake(136, lowerHex, 32)}},
		{Kind: "Twilio auth token", Secrets: []string{Fake(137, lowerHex, 32)}, Texts: named("TWILIO_AUTH_TOKEN")},
		{Kind: "Postmark server token", Secrets: []string{UUID(138)}, Texts: named("POSTMARK_SERVER_TOKEN", "POSTMARK_API_KEY")},
		{Kind: "Resend API key", Secrets: []string{"re_" + Fake(139, alnumSet, 8) + "_" + Fake(140, alnumSet, 24)}},

		// Payments and commerce.
		{Kind: "Stripe key", Secrets: []string{"sk_live_51" + Fake(141, alnumSet, 97), "rk_live_" + Fake(142, alnumSet, 24), "sk_test_" + Fake(143, alnumSet, 24)}},
		{Kind: "Stripe webhook secret", Secrets: []string{"whsec_" + Fake(144, alnumSet, 32)}},
		{Kind: "Square token", Secrets: []string{"sq0atp-" + Fake(145, urlSafe, 22), "sq0csp-" + Fake(146, urlSafe, 43), "EAAA" + Fake(147, urlSafe, 60)}},
		{Kind: "PayPal Braintree access token", Secrets: []string{"access_token$production$" + Fake(148, lowerNum, 16) + "$" + Fake(149, lowerHex, 32)}},
		{Kind: "Shopify token", Secrets: []string{"shpat_" + Fake(150, lowerHex, 32), "shpss_" + Fake(151, lowerHex, 32), "shpca_" + Fake(152, lowerHex, 32), "shppa_" + Fake(153, lowerHex, 32)}},
		{Kind: "Plaid access token", Secrets: []string{"access-sandbox-" + UUID(154), "access-production-" + UUID(155)}},
		{Kind: "EasyPost API key", Secrets: []string{"EZAK" + Fake(156, alnumSet, 54)}},
		{Kind: "Shippo API token", Secrets: []string{"shippo_live_" + Fake(157, lowerHex, 40)}},
		{Kind: "Duffel API token", Secrets: []string{"duffel_live_" + Fake(158, urlSafe, 43)}},
		{Kind: "Flutterwave key", Secrets: []string{"FLWSECK_TEST-" + Fake(159, "abcdefgh0123456789", 32) + "-X"}},

		// AI providers.
		{Kind: "OpenAI API key", Secrets: []string{"sk-proj-" + Fake(160, urlSafe, 74) + "T3BlbkFJ" + Fake(161, urlSafe, 74),
			"sk-" + Fake(162, alnumSet, 20) + "T3BlbkFJ" + Fake(163, alnumSet, 20), "sk-svcacct-" + Fake(164, urlSafe, 58) + "T3BlbkFJ" + Fake(165, urlSafe, 58),
			"sk-" + Fake(166, alnumSet, 48)}},
		{Kind: "Anthropic API key", Secrets: []string{"sk-ant-api03-" + Fake(167, urlSafe, 93) + "AA", "sk-ant-admin01-" + Fake(168, urlSafe, 93) + "AA"}},
		{Kind: "Hugging Face token", Secrets: []string{"hf_" + Fake(169, alnumSet, 34), "api_org_" + Fake(170, alnumSet, 34)}},
		{Kind: "Perplexity API key", Secrets: []string{"pplx-" + Fake(171, alnumSet, 48)}},
		{Kind: "Groq API key", Secrets: []string{"gsk_" + Fake(172, alnumSet, 52)}},
		{Kind: "xAI API key", Secrets: []string{"xai-" + Fake(173, alnumSet, 80)}},
		{Kind: "Replicate API token", Secrets: []string{"r8_" + Fake(174, alnumSet, 37)}},
		{Kind: "LangSmith API key", Secrets: []string{"lsv2_pt_" + Fake(175, lowerHex, 32) + "_" + Fake(176, lowerHex, 10), "lsv2_sk_" + Fake(177, lowerHex, 32) + "_" + Fake(178, lowerHex, 10)}},
		{Kind: "Pinecone API key", Secrets: []string{"pcsk_" + Fake(179, alnumSet, 6) + "_" + Fake(180, alnumSet, 60)}},
		{Kind: "Tavily API key", Secrets: []string{"tvly-" + Fake(181, alnumSet, 32), "tvly-dev-" + Fake(182, alnumSet, 32)}},
		{Kind: "Cohere API key", Secrets: []string{Fake(183, alnumSet, 40)}, Texts: named("COHERE_API_KEY", "CO_API_KEY")},

		// Productivity, monitoring and the rest.
		{Kind: "Atlassian API token", Secrets: []string{"ATATT3xFfGF0" + Fake(184, urlSafe, 170) + "=" + Fake(185, upperNum, 8)}},
		{Kind: "Atlassian API token", Secrets: []string{Fake(186, alnumSet, 24)}, Texts: named("JIRA_API_TOKEN", "CONFLUENCE_TOKEN")},
		{Kind: "Linear API key", Secrets: []string{"lin_api_" + Fake(187, alnumSet, 40)}},
		{Kind: "Notion token", Secrets: []string{"secret_" + Fake(188, alnumSet, 43), "ntn_" + Fake(189, digits, 11) + Fake(190, alnumSet, 35)}},
		{Kind: "Datadog key", Secrets: []string{Fake(191, lowerHex, 32), Fake(192, lowerHex, 40)}, Texts: named("DD_API_KEY", "DATADOG_APP_KEY")},
		{Kind: "New Relic key", Secrets: []string{"NRAK-" + Fake(193, upperNum, 27), "NRII-" + Fake(194, urlSafe, 32), Fake(195, lowerHex, 36) + "NRAL"}},
		{Kind: "Sentry DSN key", Secrets: []string{Fake(196, lowerHex, 32)}, Texts: []string{
			"SENTRY_DSN=https://%s@o450123.ingest.sentry.io/5501234", "Sentry.init({ dsn: 'https://%s@sentry.acme.io/12' })"}},
		{Kind: "Sentry token", Secrets: []string{"sntryu_" + Fake(197, lowerHex, 64)}},
		{Kind: "Grafana token", Secrets: []string{"glc_" + Fake(198, base64Set, 60) + "==", "glsa_" + Fake(199, alnumSet, 32) + "_" + Fake(200, lowerHex, 8)}},
		{Kind: "Dynatrace API token", Secrets: []string{"dt0c01." + Fake(201, upperNum, 24) + "." + Fake(202, alnumSet, 64)}},
		{Kind: "Supabase key", Secrets: []string{"sbp_" + Fake(203, lowerHex, 40), "sb_secret_" + Fake(204, urlSafe, 31)}},
		{Kind: "PlanetScale token", Secrets: []string{"pscale_tkn_" + Fake(205, urlSafe, 43), "pscale_pw_" + Fake(206, urlSafe, 43)}},
		{Kind: "Postman API key", Secrets: []string{"PMAK-" + Fake(207, lowerHex, 24) + "-" + Fake(208, lowerHex, 34)}},
		{Kind: "Typeform token", Secrets: []string{"tfp_" + Fake(209, urlSafe, 59)}},
		{Kind: "ReadMe API key", Secrets: []string{"rdme_" + Fake(210, lowerNum, 70)}},
		{Kind: "Frame.io token", Secrets: []string{"fio-u-" + Fake(211, urlSafe, 64)}},
		{Kind: "Facebook access token", Secrets: []string{"EAAC" + Fake(212, alnumSet, 120)}},
		{Kind: "Mapbox secret token", Secrets: []string{"sk.eyJ1Ijoi" + Fake(213, urlSafe, 50) + "." + Fake(214, urlSafe, 22)}},
		{Kind: "Figma token", Secrets: []string{"figd_" + Fake(215, urlSafe, 40)}},
		{Kind: "HubSpot token", Secrets: []string{"pat-na1-" + UUID(216), "pat-eu1-" + UUID(217)}},
		{Kind: "Airtable token", Secrets: []string{"pat" + Fake(218, alnumSet, 14) + "." + Fake(219, lowerHex, 64)}},
		{Kind: "Adobe client secret", Secrets: []string{"p8e-" + Fake(220, alnumSet, 32)}},
		{Kind: "MaxMind license key", Secrets: []string{Fake(221, alnumSet, 6) + "_" + Fake(222, alnumSet, 29) + "_mmk"}},
		{Kind: "Okta API token", Secrets: []string{"00" + Fake(223, urlSafe, 40)}, Texts: named("OKTA_API_TOKEN")},
		{Kind: "Algolia API key", Secrets: []string{Fake(224, lowerHex, 32)}, Texts: named("ALGOLIA_ADMIN_KEY", "ALGOLIA_API_KEY")},
		{Kind: "Twitter API secret", Secrets: []string{Fake(225, alnumSet, 50)}, Texts: named("TWITTER_API_SECRET")},
		{Kind: "age secret key", Secrets: []string{"AGE-SECRET-KEY-1" + strings.ToUpper(Fake(226, bech32, 58))}},
		{Kind: "Vercel token", Secrets: []string{Fake(236, alnumSet, 24)}, Texts: named("VERCEL_TOKEN")},
		{Kind: "ClickHouse Cloud API key", Secrets: []string{"4b1d" + Fake(237, alnumSet, 38)}},
		{Kind: "GitLab session cookie", Secrets: []string{Fake(238, lowerNum, 32)}, Texts: []string{
			"Cookie: _gitlab_session=%s; path=/", "curl -b '_gitlab_session=%s' https://gitlab.acme.io/api/v4/projects"}},
		{Kind: "Artifactory reference token", Secrets: []string{"cmVmdGtu" + Fake(239, alnumSet, 56)}},
		{Kind: "Sentry token", Secrets: []string{Fake(240, lowerHex, 64)}, Texts: named("SENTRY_AUTH_TOKEN")},
		{Kind: "Dropbox token", Secrets: []string{"sl." + Fake(241, urlSafe, 138)}},
		{Kind: "LaunchDarkly key", Secrets: []string{"sdk-" + UUID(242), "api-" + UUID(243)}},
		{Kind: "JWT", Secrets: []string{"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + "eyJyb2xlIjoic2VydmljZV9yb2xlIiwi" + Fake(227, urlSafe, 60) + "." + Fake(228, urlSafe, 43)}},

		// Free-form secrets, found by what the setting is called.
		{Kind: "password in URL", Secrets: []string{Fake(230, alnumSet, 14)}, Texts: []string{
			"DATABASE_URL=postgres://app:%s@db.internal:5432/app", "mongodb+srv://admin:%s@cluster0.ab1cd.mongodb.net/test",
			"amqp://worker:%s@rabbit:5672/", "git clone https://deploy:%s@git.acme.io/acme/api.git",
			"redis://default:%s@redis-12345.c1.us-east-1.ec2.cloud.redislabs.com:12345",
			"The staging DB is at mysql://root:%s@10.0.3.7:3306/shop."}},
		{Kind: "password assignment", Secrets: []string{Fake(231, alnumSet, 12) + "!7", "Winter2024!"}, Texts: []string{
			"DB_PASSWORD=%s", `password: "%s"`, "export PGPASSWORD='%s'", "spring.datasource.password=%s",
			"mysql -u root --password=%s shop", "docker login -u acme --password %s registry.acme.io",
			`"password": "%s",`, `$ psql "host=db user=app password=%s dbname=app"`}},
		{Kind: "password assignment", Secrets: []string{Fake(232, alnumSet, 10) + "9", "hunter2-42"}, Texts: []string{
			"The staging admin password is %s; the user will rotate it.", "The password for the test tenant was `%s`.",
			"Log in as admin with the passphrase %s."}},
		{Kind: "generic API key assignment", Secrets: []string{Fake(233, alnumSet, 32), Fake(234, lowerHex, 40), Fake(235, urlSafe, 48)}, Texts: []string{
			"api_key: %s", `"client_secret": "%s"`, "ACME_API_TOKEN=%s", "auth_token = '%s'", "X-API-Key: %s",
			"const apiKey = \"%s\";", "AZURE_DEVOPS_PAT=%s", "acme-cli login --api-key %s", "https://maps.acme.io/v2/tiles?key=%s",
			"MISTRAL_API_KEY=%s", "BUNDLE_ENTERPRISE__CONTRIBSYS__COM_TOKEN=%s"}},
	}
}

// Secrets is every provider's every secret in every phrasing.
func Secrets() []Case {
	var out []Case
	for _, p := range Providers() {
		texts := p.Texts
		if texts == nil {
			texts = Anywhere
		}
		for _, s := range p.Secrets {
			for _, t := range texts {
				out = append(out, Case{Kind: p.Kind, Secret: s, Text: strings.Replace(t, "%s", s, 1)})
			}
		}
	}
	return out
}

//go:embed prose.txt
var proseFile string

// Prose is ordinary developer prose that holds no secret: the learnings of
// prose.txt, written by hand, and as many again made from templates that
// quote the random-looking strings real learnings are full of (commit
// SHAs, digests, UUIDs, trace IDs, base64 fixtures), each filled with
// fresh values.
func Prose() []string {
	var out []string
	for _, line := range strings.Split(proseFile, "\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	for seed := 0; seed < 12; seed++ {
		for ti, t := range proseTemplates {
			s := 10000 + seed*len(proseTemplates) + ti
			r := strings.NewReplacer(
				"{sha}", Fake(s, lowerHex, 40), "{short}", Fake(s+1, lowerHex, 7), "{sha256}", Fake(s+2, lowerHex, 64),
				"{uuid}", UUID(s+3), "{UUID}", strings.ToUpper(UUID(s+4)), "{trace}", Fake(s+5, lowerHex, 32),
				"{b64}", base64.StdEncoding.EncodeToString([]byte(Fake(s+6, alnumSet, 45))), "{n}", fmt.Sprint(1000+s%9000),
				"{ulid}", "01J"+Fake(s+7, "0123456789ABCDEFGHJKMNPQRSTVWXYZ", 23), "{span}", Fake(s+8, lowerHex, 16),
			)
			out = append(out, r.Replace(t))
		}
	}
	return out
}

// proseTemplates are learnings that quote identifiers, digests and
// fixtures; Prose fills them with fresh random values.
var proseTemplates = []string{
	"The retry loop was fixed in {sha}; revert it only together with the migration.",
	"Bisect points at {short} (\"switch the pool to pgx\") as the first bad commit.",
	"Pin the base image by digest: node:20-alpine@sha256:{sha256}.",
	"The release tarball's sha256 is {sha256}; the install script checks it.",
	"Request {uuid} failed with a 502 from the gateway, not from the app.",
	"Tenant {UUID} is the load-test tenant; exclude it from billing reports.",
	"Trace {trace} shows 1.2 s spent in the N+1 query on /orders.",
	"Span {span} in trace {trace} is the slow Redis call.",
	"The avatar fixture is base64 in testdata/avatar.b64 and starts with {b64}",
	"Golden output for the encoder test: `{b64}`",
	"Order IDs are ULIDs such as {ulid}, so they sort by creation time.",
	"Git LFS pointer: oid sha256:{sha256} size {n}",
	"integrity: sha512-{b64} is what package-lock.json records for lodash.",
	"The ETag for /v1/catalog is \"{trace}\" until the next import.",
	"Migration {n}_add_index_on_orders_status.sql must run before deploy {short}.",
	"`git cherry-pick {sha}` brings the hotfix to the release branch.",
	"The S3 object key is uploads/{uuid}/original.png; the thumbnail key adds -thumb.",
	"The idempotency key is a UUID per request ({uuid}); retries reuse it.",
	"cache key: v2:user:{uuid}:profile expires after {n} s.",
	"The Docker layer {sha256} is 1.1 GB because of the CUDA toolkit.",
	"go.sum has h1:{b64} for the module; a mismatch means a retagged version.",
	"The certificate fingerprint (SHA-1) is {sha}; the pinning test compares it.",
	"Session IDs look like {trace} and live in Redis for {n} seconds.",
	"The feature flag key is checkout-v2 and its UUID is {uuid}.",
	"Sentry issue {trace} groups all the timeout errors from the worker.",
	"The public key ID in the JWKS is {short}-{short}; rotate it with the signing key.",
	"DB_PASSWORD, API_KEY and STRIPE_SECRET_KEY come from the secret store; the app fails fast when one is missing.",
	"Our GitHub App's installation id is {n}{n}; the private key lives in the vault.",
	"The Stripe price ID is price_1N{short}Q and the product prod_{short}Q.",
	"The AWS account ID is 1234{n}{n}56 and the role arn:aws:iam::1234{n}{n}56:role/deploy.",
}
