// A fresh check for Terraform, written after set 13 showed Terraform modules' own files counted as a project's
// infrastructure (0.5×): two more modules, labelled from the sources before any ranking on these trees was run, and
// measured before and after the rule that Terraform files at a workspace's root make Terraform the project's code.
// terraform-aws-modules/terraform-aws-rds at fa183b6b (a root module wiring submodules under modules/db_*, wrappers/,
// examples/) and terraform-aws-modules/terraform-aws-lambda at 23d00f7d (Terraform beside package.py, the Python script
// that builds the deployment package, its pytest tests, submodules alias, deploy and docker-build, examples/fixtures).
// A second fresh check, written after the rules for Terraform's own files and variables.tf were measured on the two above
// and before any ranking on its tree: terraform-google-modules/terraform-google-network at 3012d98f (another organisation's
// conventions: a root module of submodule calls, modules/* with their own variables.tf, Go integration tests under
// test/integration, Terraform fixtures under test/fixtures, a Python state migration helper).
import type { Labelled } from './retrieval-sets-more';

const whole = (files: string): RegExp => new RegExp(`^(${files})$`);

const inst = 'modules\\/db_instance\\/';

export const TF_RDS: Labelled[] = [
  ['how is the DB subnet group created?', whole('modules\\/db_subnet_group\\/main\\.tf')],
  ['how are custom database parameters applied with a parameter group?', whole('modules\\/db_parameter_group\\/main\\.tf')],
  ['how is the master password rotated by Secrets Manager?', whole(`${inst}main\\.tf`)],
  ['how is the IAM role for enhanced monitoring created?', whole(`${inst}main\\.tf`)],
  ['how is the final snapshot identifier generated when the instance is deleted?', whole(`${inst}main\\.tf`)],
  ['how are automated backups replicated to another region?', whole('modules\\/db_instance_automated_backups_replication\\/main\\.tf')],
  ['how is an IAM role associated with the DB instance?', whole('modules\\/db_instance_role_association\\/main\\.tf|main\\.tf')],
  ['how are option groups for features like SQL Server backup and restore set up?', whole('modules\\/db_option_group\\/main\\.tf')],
  ['which outputs give the instance endpoint and port?', whole(`outputs\\.tf|${inst}outputs\\.tf`)],
  ['where are the CloudWatch log groups for exported logs created?', whole(`${inst}main\\.tf`)],
];

export const TF_LAMBDA: Labelled[] = [
  ['how is the deployment package zip built from the source path?', whole('package\\.py|package\\.tf')],
  ['how are pip requirements installed into the package?', whole('package\\.py')],
  ['how is the content hash of the source files computed?', whole('package\\.py')],
  ['how is the execution role\'s policy for CloudWatch logs created?', whole('iam\\.tf')],
  ['how is the function given access to a VPC?', whole('iam\\.tf|main\\.tf')],
  ['how are event source mappings from SQS or Kinesis created?', whole('main\\.tf')],
  ['how is a function URL with CORS set up?', whole('main\\.tf')],
  ['how is an alias created with weighted routing to another version?', whole('modules\\/alias\\/main\\.tf')],
  ['how does the deploy module run CodeDeploy for a new version?', whole('modules\\/deploy\\/main\\.tf')],
  ['how is a Docker image built and pushed to ECR?', whole('modules\\/docker-build\\/main\\.tf')],
  ['where are the tests for the packaging script?', whole('tests\\/test_(package_toml|zip_source)\\.py')],
];

const gcp = 'modules\\/';

export const TF_GCP_NETWORK: Labelled[] = [
  ['how is the VPC network created and the shared VPC host enabled?', whole(`${gcp}vpc\\/main\\.tf`)],
  ['how are subnets with secondary IP ranges created?', whole(`${gcp}subnets(-beta)?\\/main\\.tf`)],
  ['how are two networks peered with each other?', whole(`${gcp}network-peering\\/main\\.tf`)],
  ['how are firewall rules for ingress and egress created?', whole(`${gcp}(firewall-rules|fabric-net-firewall)\\/main\\.tf`)],
  ['how is private service access set up with a reserved IP range?', whole(`${gcp}private-service-access\\/main\\.tf`)],
  ['how are custom routes added to the network?', whole(`${gcp}routes(-beta)?\\/main\\.tf`)],
  ['how is a Serverless VPC Access connector created?', whole(`${gcp}vpc-serverless-connector-beta\\/main\\.tf`)],
  ['how is a hierarchical firewall policy associated with a folder?', whole(`${gcp}hierarchical-firewall-policy\\/main\\.tf`)],
  ['how does the migration helper move resources in the Terraform state?', whole('helpers\\/migrate\\.py')],
  ['where are the integration tests for network peering?', whole('test\\/integration\\/submodule_network_peering\\/submodule_network_peering_test\\.go')],
  ['how are the default internet gateway routes deleted?', whole(`${gcp}vpc\\/main\\.tf|main\\.tf`)],
];
