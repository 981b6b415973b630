import { entropy } from '../checks';
import type { PrefixRule } from '../prefix-scan';
import { checksumOrRandom, hasCrc32Checksum, isCountingUuid, isEncodedPrivateKey, isFakeBody, isJwtHeader, notFake } from '../token-checks';

// Tokens of code hosts, package registries, CI/CD, infrastructure and observability tools, from
// each provider's published token format (prefix, alphabet, length). Bodies are bounded so the
// scan stays linear.

const digitAndLetter = (_t: string, body: string) => /\d/.test(body) && /[A-Za-z]/.test(body) && !isFakeBody(body);
const HEX_UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.source;
const mixed = (_t: string, body: string) => /\d/.test(body) && /[a-z]/.test(body) && /[A-Z]/.test(body) && !isFakeBody(body);

function rule(kind: string, prefixes: string | string[], body: RegExp, accept = notFake): PrefixRule {
  return { kind, prefixes: typeof prefixes === 'string' ? [prefixes] : prefixes, body, accept };
}

export const devTokenRules: PrefixRule[] = [
  // GitHub: classic tokens carry a CRC32 checksum in their last six characters.
  rule('github_token', ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'], /[A-Za-z0-9]{36,251}/, checksumOrRandom),
  // Glued to what follows (`ghp_…extra`, tokens pasted with no space between): the checksum proves where it ends.
  { kind: 'github_token', prefixes: ['ghp_', 'gho_', 'ghu_', 'ghs_'], body: /[A-Za-z0-9]{36}/, accept: (_t, body) => hasCrc32Checksum(body), glued: true },
  rule('github_token', 'github_pat_', /[A-Za-z0-9_]{22,244}/),
  // Stateless installation tokens (2026): `ghs_<app id>_<JWT>`, about 520 characters, the JWT's header decodable.
  rule('github_token', 'ghs_', /\d{1,12}_eyJ[A-Za-z0-9_-]{10,600}\.[A-Za-z0-9_-]{10,1500}\.[A-Za-z0-9_-]{10,800}/,
    (_t, body) => isJwtHeader(body.slice(body.indexOf('_') + 1, body.indexOf('.')))),
  // GitLab: personal, deploy, runner, pipeline-trigger, feed, SCIM, CI job, incoming mail,
  // agent, OAuth app, feature-flag and workspace tokens; routable tokens end in `.xx…`.
  rule('gitlab_token', ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glft-', 'glsoat-', 'glcbt-', 'glimt-', 'glagent-', 'gloas-', 'glffct-', 'glwt-', 'glrtr-'],
    /[A-Za-z0-9_-]{20,300}(?:\.[0-9a-z]{9})?/),
  rule('gitlab_token', 'GR1348941', /[A-Za-z0-9_-]{20,64}/),
  rule('gitlab_token', '_gitlab_session=', /[0-9a-z]{32}/),
  rule('npm_token', 'npm_', /[A-Za-z0-9]{36}/, checksumOrRandom),
  { kind: 'npm_token', prefixes: ['npm_'], body: /[A-Za-z0-9]{36}/, accept: (_t, body) => hasCrc32Checksum(body), glued: true },
  rule('pypi_token', ['pypi-AgEIcHlwaS5vcmc', 'pypi-AgENdGVzdC5weXBpLm9yZw'], /[A-Za-z0-9_-]{50,1000}/),
  // Any other index's macaroon (a private index, a mirror): `AgE` opens every version-2 macaroon; PyPI's are 170 and longer.
  rule('pypi_token', 'pypi-AgE', /[A-Za-z0-9_-]{150,1000}/, digitAndLetter),
  rule('rubygems_token', 'rubygems_', /[a-z0-9]{48}/, digitAndLetter),
  rule('docker_token', ['dckr_pat_', 'dckr_oat_'], /[A-Za-z0-9_-]{27,80}/),
  rule('clojars_token', 'CLOJARS_', /[a-zA-Z0-9]{60}/),
  // API keys are AKCp + 69; at exactly that length lower case and digits suffice, other lengths need all three classes.
  rule('artifactory_token', 'AKCp', /[A-Za-z0-9]{10,200}/, (_t, body) => mixed(_t, body) || (body.length === 69 && /\d/.test(body) && !isFakeBody(body))),
  // Reference tokens are base64 of `reftkn:01:<expiry>:<random>`: one whose text says something else is a joke or a sample.
  rule('artifactory_token', 'cmVmd', /[A-Za-z0-9]{59}/, (token) => /^reftkn:\d{2}:/.test(Buffer.from(token, 'base64').toString('latin1'))),
  // Password hashes (crackable offline): bcrypt, Apache's MD5 (htpasswd), SHA-crypt, Argon2.
  rule('password_hash', ['$2a$', '$2b$', '$2y$', '$2x$'], /\d{2}\$[./A-Za-z0-9]{53}/),
  rule('password_hash', '$apr1$', /[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{22}/),
  rule('password_hash', ['$5$', '$6$'], /(?:rounds=\d{1,9}\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{43,86}/),
  rule('password_hash', ['$argon2id$', '$argon2i$', '$argon2d$'], /v=\d{1,3}\$m=\d{1,7},t=\d{1,4},p=\d{1,3}\$[A-Za-z0-9+/]{11,64}\$[A-Za-z0-9+/]{16,128}/),
  // A PEM private key in base64 once more (kubeconfig `client-key-data`, a Secret's `tls.key`):
  // `LS0tLS1CRUdJTi` is `-----BEGIN`; the decoded start must name a private key.
  rule('private_key', 'LS0tLS1CRUdJTi', /[A-Za-z0-9+/]{40,20000}={0,2}/, isEncodedPrivateKey),
  // Artifactory's older encrypted passwords: AP + a hex digit + 8 or more characters.
  rule('artifactory_token', 'AP', /[0-9A-F][A-Za-z0-9]{8,120}/, (_t, body) => body.length >= 10 && mixed(_t, body)),
  rule('sourcegraph_token', 'sgp_', /(?:[a-fA-F0-9]{16}_(?:local_)?|local_)?[a-fA-F0-9]{40}/),
  rule('sonarqube_token', ['squ_', 'sqp_', 'sqa_'], /[A-Za-z0-9]{40}/),
  // Issued as 24 hex, `-`, 34 hex; TruffleHog also reads 59 characters without the dash.
  rule('postman_token', 'PMAK-', /[a-fA-F0-9]{24}-[a-fA-F0-9]{34}|[A-Za-z0-9]{59}/, digitAndLetter),
  rule('pulumi_token', 'pul-', /[a-z0-9]{40}/, digitAndLetter),
  rule('vault_token', 'hvs.', /[A-Za-z0-9_-]{90,300}/),
  rule('vault_token', ['hvb.', 'hvr.'], /[A-Za-z0-9_-]{80,400}/),
  // Service tokens before Vault 1.10: `s.` and 24 characters; batch and later ones run longer, with `_` and `-`,
  // and are taken only when random enough not to be a property chain (`s.someLongPropertyName2D`).
  rule('vault_token', 's.', /[A-Za-z0-9_-]{25,128}|[A-Za-z0-9]{24}/, (t, body) => mixed(t, body) && (body.length === 24 || entropy(body) >= 4.5)),
  // A service token names its config first (`dp.st.dev.…`, `dp.st.prd_web.…`).
  rule('doppler_token', ['dp.pt.', 'dp.st.', 'dp.ct.', 'dp.sa.', 'dp.scim.', 'dp.audit.'], /(?:[a-z0-9_-]{1,40}\.)?[A-Za-z0-9]{40,44}/),
  // NuGet API keys: `oy2` and 43 lower-case letters and digits.
  rule('nuget_key', 'oy2', /[a-z0-9]{43}/, (_t, body) => /\d/.test(body) && /[a-z]/.test(body) && !isFakeBody(body)),
  rule('databricks_token', ['dapi', 'dose'], /[a-f0-9]{32}(?:-\d)?/),
  rule('prefect_token', 'pnu_', /[A-Za-z0-9]{36}/),
  rule('readme_token', 'rdme_', /[a-z0-9]{70}/),
  rule('scalingo_token', 'tk-us-', /[A-Za-z0-9_-]{48}/),
  rule('linear_token', 'lin_api_', /[A-Za-z0-9]{40}/),
  // Figma personal access tokens: `figd_` + 40 of [A-Za-z0-9_-] (some issued longer).
  rule('figma_token', 'figd_', /[A-Za-z0-9_-]{40,64}/),
  rule('linear_token', 'lin_oauth_', /[a-f0-9]{64}/),
  // The secret after the payload is base64url (`token_urlsafe`), `-` included.
  rule('sentry_token', 'sntrys_', /eyJ[A-Za-z0-9+/=_-]{40,800}/),
  rule('sentry_token', 'sntryu_', /[a-f0-9]{64}/),
  rule('grafana_token', 'glc_', /[A-Za-z0-9+/]{32,400}={0,3}/),
  rule('grafana_token', 'glsa_', /[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}/),
  rule('grafana_token', 'eyJrIjoi', /[A-Za-z0-9]{40,400}={0,3}/),
  rule('flyio_token', 'fo1_', /[A-Za-z0-9_-]{43}/),
  rule('flyio_token', ['fm1r_', 'fm1a_', 'fm2_'], /[A-Za-z0-9+/,_=-]{60,8000}/),
  rule('flyio_token', 'FlyV1 fm', /[12][ar]?_[A-Za-z0-9+/,_=-]{60,8000}/),
  rule('heroku_token', 'HRKU-', /[A-Za-z0-9_-]{58,64}/),
  // Older keys shown with the prefix: `HRKU-` and a UUID.
  rule('heroku_token', 'HRKU-', new RegExp(HEX_UUID, 'i'), (_t, body) => !isFakeBody(body) && !isCountingUuid(body)),
  rule('buildkite_token', 'bkua_', /[a-z0-9]{40}/, digitAndLetter),
  // Personal API tokens: 22 letters and digits, `_`, and 40 hex (the secret); other shapes are someone's sample.
  rule('circleci_token', 'CCIPAT_', /[A-Za-z0-9]{22}_[a-fA-F0-9]{40}/),
  rule('render_token', 'rnd_', /[A-Za-z0-9]{32}/),
  rule('supabase_token', 'sbp_', /[a-z0-9]{40}/, digitAndLetter),
  rule('supabase_token', 'sbp_v0_', /[a-f0-9]{40}/, digitAndLetter),
  rule('supabase_token', 'sb_secret_', /[A-Za-z0-9_-]{20,80}/),
  rule('netlify_token', 'nfp_', /[A-Za-z0-9]{36,40}/),
  rule('infracost_token', 'ico-', /[A-Za-z0-9]{32}/),
  rule('harness_token', ['pat.', 'sat.'], /[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}/),
  rule('octopus_token', 'API-', /[A-Z0-9]{26}/, (_t, body) => /\d/.test(body) && /[A-Z]/.test(body) && !isFakeBody(body)),
  rule('openshift_token', 'sha256~', /[A-Za-z0-9_-]{43}/),
  rule('atlassian_token', ['ATATT3', 'ATCTT3', 'ATOA'], /[A-Za-z0-9_=-]{60,400}/),
  rule('bitbucket_token', 'ATBB', /[A-Za-z0-9_=.-]{28,100}/),
  // `tskey-auth-…`, `tskey-api-…`; older keys and other kinds carry another word there. The whole shape, a word, a key id
  // and a secret (`tskey-api-<id>-<secret>`), is a key without a digit too, as a run of letters is for other prefixes.
  rule('tailscale_key', 'tskey-', /[a-z]{2,12}-[A-Za-z0-9_-]{10,120}/,
    (_t, body) => digitAndLetter(_t, body) || (/^[a-z]{2,12}-[A-Za-z0-9]{8,40}-[A-Za-z0-9]{16,64}$/.test(body) && !isFakeBody(body))),
  rule('dynatrace_token', 'dt0', /[a-z]\d{2}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}/),
  // Issued in upper case; copies in lower case (scanners' samples, case-folded configs) are the same key.
  rule('newrelic_key', 'NRAK-', /[A-Z0-9]{27}|[a-z0-9]{27}/),
  rule('newrelic_key', ['NRII-', 'NRAA-', 'NRRA-'], /[A-Za-z0-9_-]{20,42}/),
  rule('newrelic_key', 'NRJS-', /[a-f0-9]{19}/),
  rule('age_secret_key', 'AGE-SECRET-KEY-1', /[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/),
  rule('onepassword_key', 'A3-', /[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}/),
  rule('onepassword_key', 'ops_eyJ', /[A-Za-z0-9+/_-]{100,8000}={0,3}/),
  // Account recovery codes: `1PRK` and thirteen groups of four.
  rule('onepassword_key', '1PRK-', /[A-Z0-9]{4}(?:-[A-Z0-9]{4}){12}/),
  rule('authress_key', ['sc_', 'ext_', 'scauth_', 'authress_'], /[a-z0-9]{5,30}\.[a-z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[a-z0-9+/_=-]{30,120}/i),
  rule('clickhouse_key', '4b1d', /[A-Za-z0-9]{38}/),
  rule('intra42_secret', ['s-s4t2ud-', 's-s4t2af-'], /[a-f0-9]{64}/),
  rule('settlemint_token', ['sm_aat_', 'sm_pat_', 'sm_sat_'], /[A-Za-z0-9]{16}/),
  rule('langsmith_key', ['lsv2_pt_', 'lsv2_sk_'], /[a-f0-9]{32}_[a-f0-9]{10}/),
  rule('contentful_token', 'CFPAT-', /[A-Za-z0-9_-]{43,64}/),
  rule('terraform_token', 'tfe.', /[A-Za-z0-9_-]{30,120}/, mixed),
  rule('pinecone_key', 'pcsk_', /[A-Za-z0-9_]{40,120}/),
  // More provider prefixes from secret scanners' detectors.
  rule('apify_token', 'apify_api_', /[A-Za-z0-9_-]{30,40}/),
  rule('ramp_key', ['ramp_id_', 'ramp_sec_'], /[A-Za-z0-9]{38,52}/),
  rule('langfuse_key', 'sk-lf-', /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/),
  rule('photoroom_key', ['sk_pr_', 'sandbox_sk_pr_'], /[A-Za-z0-9_]{20,80}/, (_t, body) => /\d/.test(body) && !isFakeBody(body)),
  rule('bitbucket_token', 'BBDC-', /[A-Za-z0-9+/]{40,48}/),
  rule('sonarqube_token', 'sqco_', /[A-Za-z0-9]{40,64}/),
  rule('rootly_key', 'rootly_', /[a-f0-9]{64}/),
  rule('alchemy_key', 'alcht_', /[A-Za-z0-9]{30}/),
  rule('teamwork_token', 'tkn.v1_', /[A-Za-z0-9+/=_-]{60,100}/),
  rule('newrelic_key', ['NRBR-', 'NRIQ-'], /[A-Za-z0-9_-]{19,32}/),
  rule('pganalyze_key', 'pgar_', /[A-Za-z0-9]{27}/, (_t, body) => !/^(.)\1+$/.test(body)),
  rule('portainer_token', 'ptr_', /[A-Za-z0-9_+/-]{32,48}={0,2}/, mixed),
  rule('spectral_token', 'spu-', /[a-f0-9]{32}/),
  rule('voiceflow_key', ['VF.DM.', 'VF.WS.'], /[a-f0-9]{24}\.[A-Za-z0-9]{16}/),
  rule('aws_appsync_key', 'da2-', /[a-z0-9]{26}/, (_t, body) => /\d/.test(body) && !isFakeBody(body)),
  rule('trufflehog_key', ['thog-key-', 'thog-secret-'], /[a-f0-9]{16,32}/),
  // CockroachDB Cloud service-account keys: `CCDB1_`, a 22-character id, `_`, a 40-character secret.
  rule('cockroachdb_key', 'CCDB1_', /[A-Za-z0-9]{22}_[A-Za-z0-9]{40}/, mixed),
  // Devin (Cognition) API keys: base64 of `user-<hex>_org-<hex>:<secret>` or `org-<hex>:<secret>`, which tells them
  // from any other `apk_…`; service-user tokens, `cog_` and 52 base32 characters.
  rule('devin_key', ['apk_user_', 'apk_'], /[A-Za-z0-9+/]{80,180}={0,2}/, (_t, body) => /^(?:user|org)-[0-9a-f]{32}[_:]/.test(decodeBase64(body))),
  rule('devin_key', 'cog_', /[a-z2-7]{52}/, (_t, body) => /[2-7]/.test(body) && !isFakeBody(body)),
];

function decodeBase64(body: string): string {
  return Buffer.from(body.slice(0, 120), 'base64').toString('latin1');
}
