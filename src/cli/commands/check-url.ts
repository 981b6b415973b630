import { checkUrl } from '../../engine/net/ssrf';
import { parseCommandArgs } from '../args';
import { ExitCode } from '../exit-codes';
import { UsageError, type CliIO } from '../io';

const HELP = `Usage: grounded check-url URL [--json]

Decides whether Grounded may fetch URL (for @url: mentions) WITHOUT connecting to it: the scheme
must be http or https, the URL must carry no credentials, the host must not be a local or
cloud-metadata name, and every address it resolves to must be public (loopback, private,
link-local incl. 169.254.169.254, CGNAT, multicast, reserved ranges and their IPv6 forms are
blocked, in every encoding: 2130706433, 0177.0.0.1, 0x7f.1, 127.1, [::ffff:127.0.0.1], ...).

Prints "allowed" or "blocked", the reason, and the resolved addresses; "invalid" for text that is
not a URL, "unresolved" for a host name that does not resolve (no decision could be made).

Options:
  --json      {"allowed", "reason", "url", "host", "addresses", "problem"?}
  -h, --help  show this help

Exit codes: 0 allowed, 3 blocked, 2 not a URL (or usage error), 4 host does not resolve.
`;

/** `grounded check-url URL`: the SSRF decision, without connecting. */
export async function run(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout(HELP);
    return ExitCode.ok;
  }
  if (positionals.length !== 1) throw new UsageError('give exactly one URL, e.g. grounded check-url https://example.com/');
  const d = await checkUrl(positionals[0]);
  const verdict = d.allowed ? 'allowed' : d.problem === 'invalid' ? 'invalid' : d.problem === 'unresolved' ? 'unresolved' : 'blocked';
  if (values.json) io.stdout(`${JSON.stringify(d, null, 2)}\n`);
  else io.stdout(`${verdict}: ${d.url}\n  reason: ${d.reason}\n  addresses: ${d.addresses.length ? d.addresses.join(', ') : '(none)'}\n`);
  // A name that does not resolve is a network answer, not a policy decision: it is not "blocked".
  return d.allowed ? ExitCode.ok : d.problem === 'invalid' ? ExitCode.usage : d.problem === 'unresolved' ? ExitCode.runtime : ExitCode.blocked;
}
