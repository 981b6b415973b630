import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scrubText } from '../../../src/engine/privacy/scrubber';
import { fake, R } from './corpus-helpers';

// Infrastructure code names where a secret is kept without holding it: CloudFormation's dynamic references, ARNs,
// kubectl's JSONPath, a password's expiry setting. Next to each, the same file holding a real value, which is hidden.

const kept = (input: string) => assert.equal(scrubText(input).text, input, input);
const redacted = (input: string, expected: string) => assert.equal(scrubText(input).text, expected, input);

test("CloudFormation's {{resolve:…}} names a secret in Secrets Manager or SSM; a literal beside it is one", () => {
  kept("MasterUserPassword: '{{resolve:secretsmanager:prod/db/credentials:SecretString:password}}'");
  kept("MasterUsername: '{{resolve:secretsmanager:prod/db/credentials:SecretString:username}}'");
  kept("MasterUserPassword: '{{resolve:secretsmanager:prod/db/creds:SecretString:password:number1:value}}'");
  kept('- :secretsmanager:eu-west-1:111111111111:secret:/test/docdb:SecretString:endpoint::}}/test');
  const password = fake(16, 'alnum', 1871);
  redacted(`MasterUserPassword: '{{resolve:ssm:/prod/x}}'\nAdminPassword: '${password}'`,
    `MasterUserPassword: '{{resolve:ssm:/prod/x}}'\nAdminPassword: '${R('password')}'`);
});

test("an ARN's secret part is a name", () => {
  kept('policy will allow "arn:aws:secretsmanager:us-east-1:123456789012:secret:AthenaJdbcFederation*".');
  kept('SecretArn: arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/api-Ab12Cd');
});

test("kubectl's JSONPath in a kubeconfig, and a password's expiry setting, are no secrets", () => {
  kept("        access-token: '{.credential.oauth_access_token}'");
  kept('    password_expire: "never"');
  redacted(`        access-token: ya29.${fake(60, 'url', 1872)}`, `        access-token: ${R('google_oauth')}`);
});
