import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const factor = (question: string, rel: string, indexed?: (rel: string) => boolean) =>
  pathFactor(rel, demotedFor(extractTerms(question)), indexed);

// A Helm chart as argo-helm keeps one: the template doing the work, helm-docs' README template restating every value in
// prose, and chart-testing's values for an install with an external Redis.
const CHART = 'apiVersion: v2\nname: argo-cd\nversion: 9.0.0\n';
const SECRET = `{{- if .Values.externalRedis.host }}
apiVersion: v1
kind: Secret
metadata:
  name: {{ include "argo-cd.redis.fullname" . }}-external
data:
  redis-password: {{ .Values.externalRedis.password | b64enc | quote }}
{{- end }}
`;
const README_TEMPLATE = `# Argo CD Chart

## External Redis

To use an external Redis, set \`externalRedis.host\` and the password of the external Redis in
\`externalRedis.password\`; the chart then renders a secret for the external Redis instead of running Redis.
{{ template "chart.valuesSection" . }}
`;
const CI_VALUES = `# Test with an external Redis: the chart renders the secret of the external Redis password.
redis:
  enabled: false
externalRedis:
  host: redis.external.svc
  password: external-redis-password
`;

describe('the template of a docs page', () => {
  it('counts as docs, unless the question is about the docs', () => {
    const q = 'how is the secret for an external Redis rendered?';
    for (const rel of ['charts/argo-cd/README.md.gotmpl', 'lib/galaxy/data/default/collection/README.md.j2',
      'installer/templates/phx_single/README.md.eex', 'site/guide.rst.jinja', 'CONTRIBUTING.md.tmpl']) {
      assert.equal(factor(q, rel), 0.5, rel);
    }
    assert.equal(factor('what does the README of the chart say about Redis?', 'charts/argo-cd/README.md.gotmpl'), 1);
    // Templates that are the product stay code: a chart's manifests and helpers, a Go text template.
    for (const rel of ['charts/argo-cd/templates/_helpers.tpl', 'charts/argo-cd/templates/redis/secret.yaml', 'internal/gen/client.go.tmpl']) {
      assert.equal(factor(q, rel), 1, rel);
    }
  });
});

describe("a Helm chart's chart-testing values", () => {
  const chart = new Set(['charts/argo-cd/Chart.yaml']);
  const indexed = (rel: string) => chart.has(rel);

  it('count as tests beside the Chart.yaml, unless the question is about tests', () => {
    const q = 'how is the secret for an external Redis rendered?';
    assert.equal(factor(q, 'charts/argo-cd/ci/external-redis-values.yaml', indexed), 0.35);
    assert.equal(factor(q, 'charts/argo-cd/ci/grpcroute-empty-matches.yml', indexed), 0.35);
    assert.equal(factor(q, 'ci/default-values.yaml', (rel) => rel === 'Chart.yaml'), 0.35);
    assert.equal(factor('which values do the tests install the chart with?', 'charts/argo-cd/ci/external-redis-values.yaml', indexed), 1);
    // Without a chart beside it, a ci/ folder is whatever its project keeps there (a build's pipeline, say).
    const plain = (rel: string) => factor(q, rel, () => false);
    for (const rel of ['ci/pipeline.yml', 'tools/ci/config.yaml', 'charts/other/ci/default-values.yaml']) {
      assert.equal(factor(q, rel, indexed), plain(rel), rel);
    }
  });

  it('put the chart template first where the test values and the README template say the words more often', async () => {
    const index = await indexCorpus(
      {
        'charts/argo-cd/Chart.yaml': CHART,
        'charts/argo-cd/templates/argocd-configs/externalredis-secret.yaml': SECRET,
        'charts/argo-cd/README.md.gotmpl': README_TEMPLATE,
        'charts/argo-cd/ci/external-redis-values.yaml': CI_VALUES,
      },
      'grounded-chart-files-',
    );
    assert.equal(await topPath(index, 'how is the secret for the external Redis password rendered?'),
      'charts/argo-cd/templates/argocd-configs/externalredis-secret.yaml');
    assert.equal(await topPath(index, 'which test values install the chart with an external Redis?'), 'charts/argo-cd/ci/external-redis-values.yaml');
  });
});
