package secrets

import (
	"encoding/base64"
	"regexp"
	"strings"
)

// providerRules are the formats of the providers' keys and tokens, after the
// providers and key shapes of gitleaks' default rule list. Each names the
// lower-case literals one of which is in every match (its hints), which is
// what lets Scan skip a rule on lines that cannot hold its key.
func providerRules() []rule {
	return []rule{
		// Private keys, as PEM blocks (also inside a JSON string, as in a GCP
		// service account file, where the body is one line with "\n" escapes)
		// and base64-encoded as in a kubeconfig's client-key-data.
		{kind: "private key", whole: true, hints: []string{"-----begin"},
			pattern: `-----BEGIN[A-Z0-9 _-]{0,30} PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[A-Z0-9 _-]{0,30} PRIVATE KEY(?: BLOCK)?-----)?`},
		{kind: "private key", hints: []string{"ls0tls1crudjti"}, pattern: `LS0tLS1CRUdJTi[A-Za-z0-9+/]{20,}={0,2}`, valid: encodesPrivateKey},
		provider("age secret key", `AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}`, "age-secret-key-1"),

		// Cloud providers.
		provider("AWS access key", `(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}`, "a3t", "akia", "asia", "abia", "acca"),
		{kind: "AWS secret access key", hints: []string{"secret"},
			pattern: `(?i)(?:aws_?secret_?(?:access_?)?key|secret_?access_?key)["']?[ \t]*(?::|=|=>)[ \t]*["']?(?P<s>[A-Za-z0-9/+]{40})(?:$|[^A-Za-z0-9/+=])`},
		provider("Google API key", `AIza[0-9A-Za-z_\-]{35}`, "aiza"),
		provider("Google OAuth access token", `ya29\.[0-9A-Za-z_\-]{20,}`, "ya29."),
		provider("Google OAuth client secret", `GOCSPX-[0-9A-Za-z_\-]{28}`, "gocspx-"),
		{kind: "Azure storage account key", hints: []string{"accountkey="}, pattern: `(?i)AccountKey=(?P<s>[A-Za-z0-9+/]{80,}={0,2})`},
		{kind: "Azure shared access key", hints: []string{"sharedaccesskey="}, pattern: `(?i)SharedAccessKey=(?P<s>[A-Za-z0-9+/]{40,}={0,2})`},
		{kind: "Azure SAS signature", hints: []string{"sig="}, pattern: `[?&;]sig=(?P<s>[A-Za-z0-9%+/=]{20,})`},
		{kind: "Azure AD client secret", hints: []string{"q~"}, bounded: true, valid: randomValue,
			pattern: `[a-zA-Z0-9_~.]{3}[0-9]Q~[a-zA-Z0-9_~.\-]{31,34}`},
		provider("DigitalOcean token", `do[opr]_v1_[a-f0-9]{64}`, "dop_v1_", "doo_v1_", "dor_v1_"),
		provider("Heroku API key", `HRKU-AA[0-9A-Za-z_\-]{58}`, "hrku-aa"),
		keyed("Heroku API key", []string{"heroku"}, uuid),
		provider("Alibaba Cloud access key", `LTAI[A-Za-z0-9]{20}`, "ltai"),
		provider("Cloudflare origin CA key", `v1\.0-[a-f0-9]{24}-[a-f0-9]{146}`, "v1.0-"),
		keyed("Cloudflare API key", []string{"cloudflare", "cf_api"}, `[A-Za-z0-9_\-]{40}|[a-f0-9]{37}`),
		provider("Fly.io token", `(?:fo1_[A-Za-z0-9_\-]{43}|fm[12][ar]?_[A-Za-z0-9+/]{100,}={0,3})`, "fo1_", "fm1", "fm2_"),
		provider("Scalingo API token", `tk-us-[A-Za-z0-9_\-]{48}`, "tk-us-"),
		provider("OpenShift user token", `sha256~[A-Za-z0-9_\-]{43}`, "sha256~"),
		keyed("Netlify token", []string{"netlify"}, `[A-Za-z0-9_\-]{40,46}`),
		provider("Netlify token", `nfp_[A-Za-z0-9]{36}`, "nfp_"),
		provider("Render API key", `rnd_[A-Za-z0-9]{32}`, "rnd_"),
		provider("Neon API key", `napi_[a-z0-9]{64}`, "napi_"),
		keyed("Vercel token", []string{"vercel"}, `[A-Za-z0-9]{24}`),
		provider("ClickHouse Cloud API key", `4b1d[A-Za-z0-9]{38}`, "^4b1d"),

		// Source hosting, CI and package registries.
		provider("GitHub token", `(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,255}`, "ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
		provider("GitHub token", `github_pat_[A-Za-z0-9_]{50,255}`, "github_pat_"),
		provider("GitLab token", `(?:glpat|gldt|glrt|glsoat|glft|glffct|glimt|glagent|gloas)-[A-Za-z0-9_\-]{20,}(?:\.[0-9a-z]{2}\.?[0-9a-z]{7})?`,
			"glpat-", "gldt-", "glrt-", "glsoat-", "glft-", "glffct-", "glimt-", "glagent-", "gloas-"),
		provider("GitLab token", `glcbt-[0-9A-Za-z]{1,5}_[0-9A-Za-z_\-]{20,}`, "glcbt-"),
		provider("GitLab pipeline trigger token", `glptt-[0-9a-f]{40}`, "glptt-"),
		provider("GitLab runner registration token", `GR1348941[A-Za-z0-9_\-]{20,}`, "gr1348941"),
		{kind: "GitLab session cookie", hints: []string{"_gitlab_session="}, pattern: `_gitlab_session=(?P<s>[0-9a-z]{32})`},
		provider("npm token", `npm_[A-Za-z0-9]{36}`, "npm_"),
		provider("PyPI token", `pypi-AgE[A-Za-z0-9_\-]{50,}`, "pypi-age"),
		provider("RubyGems API key", `rubygems_[a-f0-9]{48}`, "rubygems_"),
		provider("Clojars token", `(?i:CLOJARS_)[a-z0-9]{60}`, "clojars_"),
		provider("Docker Hub token", `dckr_(?:pat|oat)_[A-Za-z0-9_\-]{27,}`, "dckr_"),
		provider("Artifactory API key", `AKCp[A-Za-z0-9]{69}`, "akcp"),
		provider("Sourcegraph token", `sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}`, "sgp_"),
		provider("Pulumi access token", `pul-[a-f0-9]{40}`, "pul-"),
		provider("Terraform Cloud token", `[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=\-]{60,70}`, "atlasv1"),
		provider("HashiCorp Vault token", `hv[sb]\.[A-Za-z0-9_\-]{24,}`, "hvs.", "hvb."),
		keyed("HashiCorp Vault token", []string{"vault"}, `s\.[A-Za-z0-9]{24}`),
		provider("Doppler token", `dp\.(?:pt|st|ct|sa|scim|audit)\.(?:[a-z0-9_\-]{1,30}\.)?[A-Za-z0-9]{40,44}`, "dp."),
		provider("Databricks token", `dapi[a-f0-9]{32}(?:-[0-9])?`, "dapi"),
		provider("Prefect API key", `pnu_[A-Za-z0-9]{36}`, "pnu_"),
		provider("Harness access token", `(?:pat|sat)\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}`, "pat.", "sat."),
		provider("Infracost API key", `ico-[A-Za-z0-9]{32}`, "ico-"),
		provider("1Password secret", `(?:ops_eyJ[A-Za-z0-9+/]{250,}={0,3}|A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5})`, "ops_eyj", "a3-"),
		provider("SonarQube token", `sq[pua]_[a-f0-9]{40}`, "sqp_", "squ_", "sqa_"),
		provider("Buildkite token", `bkua_[a-f0-9]{40}`, "bkua_"),
		provider("CircleCI token", `CCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}`, "ccipat_"),
		checked(provider("Octopus Deploy API key", `API-[A-Z0-9]{26}`, "^api-"), randomValue),
		provider("Artifactory reference token", `cmVmd[A-Za-z0-9]{59}`, "cmvmd"),
		keyed("Codecov token", []string{"codecov"}, uuid+`|[a-f0-9]{32}`),
		keyed("Snyk token", []string{"snyk"}, uuid),

		// Chat, mail and messaging.
		provider("Slack token", `xox(?:e\.xox)?[abposre]-(?:[0-9]+-)+[A-Za-z0-9\-]{8,}`, "xox"),
		provider("Slack app token", `(?i:xapp)-[0-9]-[A-Z0-9]+-[0-9]+-[A-Za-z0-9]+`, "xapp-"),
		{kind: "Slack webhook URL", hints: []string{"hooks.slack.com"}, pattern: `(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_\-]{20,}`},
		{kind: "Discord webhook URL", hints: []string{"discord"}, pattern: `https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/[0-9]+/[A-Za-z0-9_\-]{20,}`},
		{kind: "Discord bot token", hints: []string{"discord", "bot", "token"}, context: true, bounded: true, valid: discordToken,
			may:     dotsApart(7),
			pattern: `[MNO][A-Za-z0-9_\-]{22,26}\.[A-Za-z0-9_\-]{6}\.[A-Za-z0-9_\-]{27,40}`},
		hinted(provider("Telegram bot token", `[0-9]{8,10}:AA[A-Za-z0-9_\-]{33}`), ":aa"),
		provider("SendGrid API key", `SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}`, "sg."),
		provider("Sendinblue API key", `xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}`, "xkeysib-"),
		checked(provider("Mailgun API key", `key-[0-9a-z]{32}`, "key-"), randomValue),
		keyed("Mailgun API key", []string{"mailgun"}, `[a-f0-9]{32}-[a-f0-9]{8}-[a-f0-9]{8}`),
		mayMatch(provider("Mailchimp API key", `[0-9a-f]{32}-us[0-9]{1,2}`, "-us"), hexBeforeUS),
		provider("Twilio API key", `SK[0-9a-fA-F]{32}`, "^sk"),
		provider("Twilio account SID", `AC[0-9a-f]{32}`, "^ac"),
		keyed("Twilio auth token", []string{"twilio"}, hex32re),
		keyed("Postmark server token", []string{"postmark"}, uuid),
		provider("Resend API key", `re_[A-Za-z0-9]{8}_[A-Za-z0-9]{24}`, "^re_"),
		{kind: "Microsoft Teams webhook URL", hints: []string{"webhook.office.com"},
			pattern: `https://[A-Za-z0-9\-]+\.webhook\.office\.com/webhookb2/[A-Za-z0-9@\-]{30,}/IncomingWebhook/[A-Za-z0-9]{32}/[A-Za-z0-9\-]{36}`},

		// Payments.
		hinted(provider("Stripe key", `(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{16,}`), "k_live_", "k_test_", "k_prod_"),
		provider("Stripe webhook secret", `whsec_[A-Za-z0-9]{24,}`, "whsec_"),
		provider("Square token", `(?:sq0atp-[A-Za-z0-9_\-]{22,}|sq0csp-[A-Za-z0-9_\-]{43}|EAAA[A-Za-z0-9_\-]{60})`, "sq0atp-", "sq0csp-", "eaaa"),
		provider("PayPal Braintree access token", `access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}`, "access_token$"),
		provider("Shopify token", `shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`, "shp"),
		provider("Flutterwave key", `FLW(?:SECK|PUBK)_TEST-[a-h0-9]{12,32}(?:-X)?`, "flwseck_", "flwpubk_"),
		provider("EasyPost API key", `EZ[AT]K[A-Za-z0-9]{54}`, "ezak", "eztk"),
		provider("Shippo API token", `shippo_(?:live|test)_[a-fA-F0-9]{40}`, "shippo_"),
		provider("Plaid access token", `access-(?:sandbox|development|production)-`+uuid, "access-sandbox-", "access-development-", "access-production-"),
		provider("Duffel API token", `duffel_(?:test|live)_[A-Za-z0-9_\-=]{43}`, "duffel_"),

		// AI providers.
		provider("Anthropic API key", `sk-ant-[A-Za-z0-9_\-]{20,}`, "sk-ant-"),
		provider("OpenAI API key", `sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_\-]{20,}`, "sk-"),
		provider("OpenAI API key", `sk-[A-Za-z0-9]{32,}`, "sk-"),
		provider("Hugging Face token", `(?:hf_|api_org_)[A-Za-z0-9]{34,}`, "hf_", "api_org_"),
		provider("Perplexity API key", `pplx-[A-Za-z0-9]{48}`, "pplx-"),
		provider("Groq API key", `gsk_[A-Za-z0-9]{52}`, "gsk_"),
		provider("xAI API key", `xai-[A-Za-z0-9]{80}`, "xai-"),
		provider("Replicate API token", `r8_[A-Za-z0-9]{37}`, "r8_"),
		keyed("Cohere API key", []string{"cohere", "co_api_key"}, `[A-Za-z0-9]{40}`),
		provider("LangSmith API key", `lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}`, "lsv2_"),
		provider("Pinecone API key", `pcsk_[A-Za-z0-9]{4,8}_[A-Za-z0-9]{40,}`, "pcsk_"),
		provider("Tavily API key", `tvly-(?:dev-|prod-)?[A-Za-z0-9]{32}`, "tvly-"),

		// Productivity, monitoring and the rest.
		provider("Atlassian API token", `ATATT3[A-Za-z0-9_\-=]{150,}`, "atatt3"),
		keyed("Atlassian API token", []string{"atlassian", "jira", "confluence"}, `[A-Za-z0-9]{24}`),
		provider("Linear API key", `lin_(?:api_[A-Za-z0-9]{40}|oauth_[a-f0-9]{64})`, "lin_"),
		{kind: "Notion token", hints: []string{"secret_", "ntn_"}, bounded: true, valid: randomValue,
			pattern: `(?:secret_[A-Za-z0-9]{43}|ntn_[0-9]{11}[A-Za-z0-9]{35})`},
		keyed("Datadog key", []string{"datadog", "dd_api", "dd_app", "dd-api", "dd-app", "ddapi"}, `[a-f0-9]{40}|[a-f0-9]{32}`),
		provider("New Relic key", `(?:NRAK-[A-Z0-9]{27}|NRII-[A-Za-z0-9\-]{32}|NRJS-[a-f0-9]{19}|[a-f0-9]{36}NRAL)`, "nrak-", "nrii-", "nrjs-", "nral"),
		{kind: "Sentry DSN key", hints: []string{"://"}, needs: "@", trimmed: true, pattern: `https?://(?P<s>[0-9a-f]{32}(?::[0-9a-f]{32})?)@[A-Za-z0-9.\-]+(?::[0-9]+)?/[0-9]+`},
		provider("Sentry token", `(?:sntryu_[a-f0-9]{64}|sntrys_eyJ[A-Za-z0-9+/=_]{50,})`, "sntryu_", "sntrys_"),
		keyed("Sentry token", []string{"sentry"}, `[a-f0-9]{64}`),
		provider("Grafana token", `(?:glc_[A-Za-z0-9+/]{32,400}={0,3}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|eyJrIjoi[A-Za-z0-9]{70,400}={0,3})`, "glc_", "glsa_", "eyjrijoi"),
		provider("Dynatrace API token", `dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}`, "dt0c01."),
		provider("Supabase key", `(?:sbp_[a-f0-9]{40}|sb_secret_[A-Za-z0-9_\-]{20,})`, "sbp_", "sb_secret_"),
		provider("PlanetScale token", `pscale_(?:tkn|oauth|pw)_[A-Za-z0-9_=.\-]{32,64}`, "pscale_"),
		provider("Postman API key", `PMAK-[a-f0-9]{24}-[a-f0-9]{34}`, "pmak-"),
		provider("Typeform token", `tfp_[A-Za-z0-9_=.\-]{59}`, "tfp_"),
		provider("ReadMe API key", `rdme_[a-z0-9]{70}`, "rdme_"),
		provider("Frame.io token", `fio-u-[A-Za-z0-9_=\-]{64}`, "fio-u-"),
		provider("Facebook access token", `EAA[MC][A-Za-z0-9]{100,}`, "eaam", "eaac"),
		provider("Mapbox secret token", `sk\.eyJ[A-Za-z0-9_\-]{50,}\.[A-Za-z0-9_\-]{20,}`, "sk.eyj"),
		provider("Figma token", `figd_[A-Za-z0-9_\-]{40,}`, "figd_"),
		provider("HubSpot token", `pat-(?:na|eu|ap)[0-9]-`+uuid, "pat-na", "pat-eu", "pat-ap"),
		provider("Airtable token", `pat[A-Za-z0-9]{14}\.[a-f0-9]{64}`, "^pat"),
		checked(provider("Adobe client secret", `p8e-[A-Za-z0-9]{32}`, "p8e-"), randomValue),
		provider("MaxMind license key", `[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk`, "_mmk"),
		provider("Dropbox token", `sl\.[A-Za-z0-9_\-=]{130,}`, "^sl."),
		checked(provider("LaunchDarkly key", `(?:api|sdk|mob)-`+uuid, "^api-", "^sdk-", "^mob-"), randomValue),
		keyed("Okta API token", []string{"okta"}, `00[A-Za-z0-9_=\-]{40}`),
		keyed("Algolia API key", []string{"algolia"}, hex32re),
		keyed("Twitter API secret", []string{"twitter"}, `[A-Za-z0-9]{45,50}|[0-9]{15,25}-[A-Za-z0-9]{20,40}|A{22}[A-Za-z0-9%]{80,100}`),
		{kind: "JWT", hints: []string{"eyj"}, pattern: `eyJ[A-Za-z0-9_\-]{10,}\.eyJ[A-Za-z0-9_\-]{10,}\.[A-Za-z0-9_\-]*`},
	}
}

// Value shapes shared by several rules.
const (
	uuid    = `[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`
	hex32re = `[a-f0-9]{32}`
)

// provider is a key format with a fixed shape: it counts only where it does
// not continue into more key characters, so that a longer identifier that
// happens to contain "AKIA" and sixteen capitals is not reported.
func provider(kind, pattern string, hints ...string) rule {
	return rule{kind: kind, pattern: pattern, bounded: true, hints: hints}
}

func hinted(r rule, hints ...string) rule {
	r.hints = hints
	return r
}

func checked(r rule, valid func(text string, span []int) bool) rule {
	r.valid = valid
	return r
}

// keyed is a key whose shape alone says little (32 hex digits, a UUID), so
// it counts only as the value of a setting named after its provider and
// after a secret: DATADOG_API_KEY=..., "heroku_token": "..." (a
// heroku_app_id is a UUID too, and no secret). The value must also read as
// random.
func keyed(kind string, names []string, shape string) rule {
	pattern := `(?i:(?P<key>[A-Za-z0-9_.\-]*(?:` + strings.Join(names, "|") + `)[A-Za-z0-9_.\-]*))["']?[ \t]*(?::=|=>|=|:)[ \t]*["'` + "`" +
		`]?(?P<s>(?:` + shape + `))`
	return rule{
		kind:    kind,
		hints:   names,
		bounded: true,
		valid:   randomValue,
		pattern: pattern,
		judge: func(text string, re *regexp.Regexp, m []int) string {
			key := strings.ToLower(value(text, m[2*re.SubexpIndex("key"):]))
			if !containsAny(key, secretNameWords) {
				return ""
			}
			return kind
		},
	}
}

// secretNameWords are the words a setting holding a key or token is named
// with.
var secretNameWords = []string{"key", "token", "secret", "auth", "pass", "pwd", "credential", "api", "dsn", "sig"}

// randomValue accepts a value with the character mix of a generated key,
// not of a word or a name.
func randomValue(text string, span []int) bool {
	v := value(text, span)
	return looksRandom(v) || isHexOrUUID(v) && entropy(v) >= 3
}

func isHexOrUUID(v string) bool {
	return strings.Trim(strings.ToLower(v), "0123456789abcdef-") == ""
}

// discordToken accepts a bot token whose first part is, as Discord issues
// them, the bot's numeric ID in base64.
func discordToken(text string, span []int) bool {
	v := value(text, span)
	id, _, _ := strings.Cut(v, ".")
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(id, "="))
	if err != nil {
		b, err = base64.RawStdEncoding.DecodeString(strings.TrimRight(id, "="))
	}
	return err == nil && len(b) >= 15 && strings.Trim(string(b), "0123456789") == ""
}

// mayMatch is r with may.
func mayMatch(r rule, may func(line string) bool) rule {
	r.may = may
	return r
}

// hexBeforeUS is the Mailchimp key's may: a "-us" with a digit after it
// and 32 small hex digits before it. Its expression has no literal to
// start from and was tried at every byte of each line saying "-us" (en-us
// in a URL, --use-...): on the agent generator's 10 MB memory that took
// 30-36 ms of CPU, the byte test first 0.9 ms.
func hexBeforeUS(line string) bool {
	for i := strings.Index(line, "-us"); i >= 0; {
		if i >= 32 && i+3 < len(line) && '0' <= line[i+3] && line[i+3] <= '9' &&
			strings.Trim(line[i-32:i], "0123456789abcdef") == "" {
			return true
		}
		j := strings.Index(line[i+1:], "-us")
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// dotsApart is a rule's may for an expression whose every match has two
// full stops n bytes apart (a Discord bot token's ".XXXXXX."): its context
// hints ("bot", "token") are on many lines of prose, few of which have
// that.
func dotsApart(n int) func(line string) bool {
	return func(line string) bool {
		for i := strings.IndexByte(line, '.'); i >= 0 && i+n < len(line); {
			if line[i+n] == '.' {
				return true
			}
			j := strings.IndexByte(line[i+1:], '.')
			if j < 0 {
				return false
			}
			i += 1 + j
		}
		return false
	}
}

// flagNamed is the command-line flag rule's may: a "--" with a character
// of a flag's name (an ASCII letter or digit, "-", or a byte outside ASCII,
// which case folding may read as a letter) right after it. The rule's hint
// "--" is on every line of a unified diff that deletes a bullet ("-- "):
// learn compact --dry-run on the default generator's 10 MB memory tried
// the expression on 80,735 such lines.
func flagNamed(line string) bool {
	for i := strings.Index(line, "--"); i >= 0; {
		if i+2 < len(line) {
			c := line[i+2]
			if c >= 0x80 || c == '-' || '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'z' {
				return true
			}
		}
		j := strings.Index(line[i+1:], "--")
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}
