import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const factor = (question: string, rel: string) => pathFactor(rel, demotedFor(extractTerms(question)));
// A Terraform module: its root holds main.tf, so its .tf files are its code.
const inModule = (question: string, rel: string) => pathFactor(rel, demotedFor(extractTerms(question)), (r) => r === 'main.tf');

const APACHE = `                                 Apache License
                           Version 2.0, January 2004

   1. Definitions. "Legal Entity" shall mean the union of the acting entity and all other entities that control, are
      controlled by, or are under common control with that entity. "Work" shall mean the work of authorship made
      available under the License. Each other party and each Contributor grants to You a perpetual license to use,
      reproduce and distribute the Work, and each Contributor's contributions with each other, in Source or Object form.
`;
const PEERING = `resource "google_compute_network_peering" "local_network_peering" {
  name         = "\${var.prefix}-\${local.local_network_name}-\${local.peer_network_name}"
  network      = var.local_network
  peer_network = var.peer_network
}

resource "google_compute_network_peering" "peer_network_peering" {
  name         = "\${var.prefix}-\${local.peer_network_name}-\${local.local_network_name}"
  network      = var.peer_network
  peer_network = var.local_network
  depends_on   = [google_compute_network_peering.local_network_peering]
}
`;

describe('files describing what others do', () => {
  it('count a Terraform module\'s variables.tf as a class of options', () => {
    assert.equal(inModule('how is the final snapshot identifier generated?', 'modules/db_instance/variables.tf'), 0.7);
    assert.equal(inModule('how is the final snapshot identifier generated?', 'modules/db_instance/main.tf'), 1);
    assert.equal(inModule('which variables set the snapshot identifier?', 'modules/db_instance/variables.tf'), 1);
    assert.equal(inModule('which inputs does the module take?', 'variables.tf'), 1);
  });

  it('count a licence as docs, not code named license', () => {
    const q = 'how are two networks peered with each other?';
    for (const rel of ['LICENSE', 'LICENSE.md', 'LICENSE-MIT', 'COPYING', 'NOTICE.txt', 'vendor/lib/LICENCE']) assert.ok(factor(q, rel) <= 0.5, rel);
    for (const rel of ['src/license.ts', 'app/models/notice.rb', 'lib/licenses/LicenseChecker.java']) assert.equal(factor(q, rel), 1, rel);
    assert.equal(factor('which license is the project under?', 'LICENSE'), 1);
  });

  it('count a GraphQL schema as a declaration file unless the question is about GraphQL', () => {
    const q = 'how is a comment on an article deleted?';
    assert.equal(factor(q, 'src/main/resources/schema/schema.graphqls'), 0.7);
    assert.equal(factor(q, 'schema.graphql'), 0.7);
    // A client's query document is code.
    assert.equal(factor(q, 'src/queries/DeleteComment.graphql'), 1);
    assert.equal(factor('where is the GraphQL schema of comments?', 'src/main/resources/schema/schema.graphqls'), 1);
  });

  it('puts the peering module before a licence saying each other', async () => {
    const index = await indexCorpus({
      LICENSE: APACHE, 'modules/network-peering/main.tf': PEERING, 'main.tf': 'module "vpc" {\n  source = "./modules/vpc"\n}\n',
    });
    assert.equal(await topPath(index, 'how are two networks peered with each other?'), 'modules/network-peering/main.tf');
  });
});
