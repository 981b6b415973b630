import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

// A Terraform module: the resource doing the work, and an upgrade guide telling the same in the question's words.
const MAIN_TF = `resource "aws_eks_cluster" "this" {
  name     = var.name
  role_arn = aws_iam_role.this.arn

  dynamic "encryption_config" {
    for_each = var.encryption_config != null ? [var.encryption_config] : []
    content {
      provider {
        key_arn = var.create_kms_key ? module.kms.key_arn : encryption_config.value.provider_key_arn
      }
      resources = encryption_config.value.resources
    }
  }
}

module "kms" {
  source      = "terraform-aws-modules/kms/aws"
  description = "\${var.name} cluster encryption key"
  key_usage   = "ENCRYPT_DECRYPT"
}
`;
const UPGRADE = `# Upgrade from v18.x to v19.x

## List of backwards incompatible changes

- The \`cluster_id\` output now returns the cluster name; use \`cluster_arn\` where the ARN is needed.
- The minimum supported version of the AWS provider is v4.45.
- The KMS key for the encryption of Kubernetes secrets is created by the module unless \`create_kms_key = false\`.
- Security group rules for the node groups are created with the node security group.
- The \`aws-auth\` ConfigMap is no longer managed by the module.

## Variable and output changes

- \`cluster_encryption_config\` is now \`encryption_config\`.
- \`node_security_group_additional_rules\` takes a map of rules.
`;

describe('infrastructure as code', () => {
  it('is the code of a workspace that is a Terraform module, and the build beside an application', () => {
    const q = 'how is encryption of secrets with a KMS key set up?';
    const module = (rel: string) => rel === 'main.tf';
    assert.equal(pathFactor('main.tf', demotedFor(extractTerms(q)), module), 1);
    assert.equal(pathFactor('modules/karpenter/policy.tf', demotedFor(extractTerms(q)), module), 1);
    // Its examples are still examples.
    assert.equal(pathFactor('examples/complete/main.tf', demotedFor(extractTerms(q)), module), 0.5);
    // An application keeping its deployment under infra/ has no Terraform at its root.
    const app = (rel: string) => rel === 'src/Program.cs';
    assert.equal(pathFactor('infra/main.tf', demotedFor(extractTerms(q)), app), 0.5);
    assert.equal(pathFactor('infra/main.bicep', demotedFor(extractTerms(q)), app), 0.5);
  });

  it('puts a module\'s resource before its upgrade guide', async () => {
    const index = await indexCorpus(
      { 'main.tf': MAIN_TF, 'variables.tf': 'variable "name" {\n  type = string\n}\n', 'docs/UPGRADE-19.0.md': UPGRADE },
      'grounded-terraform-',
    );
    assert.equal(await topPath(index, 'how is encryption of Kubernetes secrets with a KMS key set up?'), 'main.tf');
  });
});
