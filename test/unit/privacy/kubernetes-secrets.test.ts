import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { scrubText } from '../../../src/engine/privacy/scrubber';

// Kubernetes Secret manifests: every value under data/stringData goes, whatever its key; the same
// maps in other kinds, and templates, stay.

const B64 = Buffer.from('s3cr3t-Value-7781').toString('base64');
const CERT_KEY = Buffer.from('-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n').toString('base64');

describe('kubernetes secrets', () => {
  it('redacts every data value of a Secret, keys intact, lines kept', () => {
    const text = (`apiVersion: v1\nkind: Secret\nmetadata:\n  name: registry\ntype: Opaque\ndata:\n  tls.key: ${CERT_KEY}\n  .dockerconfigjson: "${B64}"\n ` +
      ` username: YWRtaW4=\n  # a comment\n  empty: ""\n`);
    const out = scrubText(text);
    assert.equal(
      out.text,
      ('apiVersion: v1\nkind: Secret\nmetadata:\n  name: registry\ntype: Opaque\ndata:\n  tls.key: [REDACTED:kubernetes_secret#1]\n  .dockerconfigjson: ' +
        '"[REDACTED:kubernetes_secret#2]"\n  username: [REDACTED:kubernetes_secret#3]\n  # a comment\n  empty: ""\n'),
    );
    assert.deepEqual(out.redactions, { kubernetes_secret: 3 });
  });

  it('covers stringData, block scalars and a Secret among other documents, kind after data', () => {
    const text = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'data:',
      '  LOG_LEVEL: debug',
      '  region: eu-west-1',
      '---',
      'apiVersion: v1',
      'stringData:',
      '  DB_URL: pg.internal:5432/app',
      '  config.yaml: |',
      '    user: app',
      '    pass: Zq81-kd0P',
      'metadata:',
      '  name: app',
      'kind: Secret',
      '---',
      'kind: Deployment',
      'spec:',
      '  replicas: 2',
      '',
    ].join('\n');
    const out = scrubText(text).text;
    assert.match(out, /LOG_LEVEL: debug\n {2}region: eu-west-1/, 'a ConfigMap is not a Secret');
    assert.match(out, /DB_URL: \[REDACTED:kubernetes_secret#1\]/);
    assert.match(out, /config\.yaml: \|\n {4}\[REDACTED:kubernetes_secret#2\]\n\nmetadata:/, 'the block is one placeholder, its lines kept');
    assert.equal(out.split('\n').length, text.split('\n').length);
    assert.match(out, /kind: Deployment\nspec:\n {2}replicas: 2/);
  });

  it('redacts a JSON Secret (kubectl get secret -o json)', () => {
    const text = (`{\n  "apiVersion": "v1",\n  "data": {\n    "password": "${B64}",\n    "host": "ZGIuaW50ZXJuYWw="\n  },\n  "kind": "Secret",\n  ` +
      `"metadata": { "name": "db" }\n}\n`);
    const out = scrubText(text).text;
    assert.match(out, /"password": "\[REDACTED:kubernetes_secret#1\]",\n {4}"host": "\[REDACTED:kubernetes_secret#2\]"/);
    assert.match(out, /"name": "db"/);
  });

  it('keeps Helm templates, placeholders and look-alike kinds', () => {
    const helm = 'apiVersion: v1\nkind: Secret\ndata:\n  password: {{ .Values.db.password | b64enc | quote }}\n  token: ${TOKEN}\n';
    assert.equal(scrubText(helm).text, helm);
    const provider = `apiVersion: secrets-store.csi.x-k8s.io/v1\nkind: SecretProviderClass\nspec:\n  parameters:\n    data: |\n      objectName: db-pass\n`;
    assert.equal(scrubText(provider).text, provider);
    const mention = '# the Secret named in kind: below is created by the chart\nkind: ConfigMap\ndata:\n  feature: enabled-for-all\n';
    assert.equal(scrubText(mention).text, mention);
  });

  it('a base64 value of a secret-named key is redacted outside manifests too (trailing = is padding, not a type)', () => {
    assert.equal(scrubText(`password: ${B64}`).text, 'password: [REDACTED:password#1]');
    assert.equal(scrubText('api-token: ZGV2LXRva2VuLTEyMzQ1Njc4OTBhYmNkZWY=').text, 'api-token: [REDACTED:api_key#1]');
    assert.equal(scrubText('password: str = "hunter2Hunter2"').text, 'password: str = "[REDACTED:password#1]"');
  });
});
