import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { blockedRange, checkUrl } from '../../../src/engine/net/ssrf';
import { main } from '../../../src/cli/main';

const publicResolver = async () => ['93.184.216.34'];

const BLOCKED = [
  'http://127.0.0.1/', 'http://127.1/', 'http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.1/', 'http://0x7f000001/', 'http://017700000001/',
  'http://127.0.1.3/', 'http://0/', 'http://0.0.0.0/', 'http://10.0.0.1/', 'http://10.255.255.255/', 'http://172.16.0.1/', 'http://172.31.255.1/',
  'http://192.168.1.1/', 'http://169.254.169.254/latest/meta-data/', 'http://169.254.0.1/', 'http://100.64.0.1/', 'http://100.127.255.254/',
  'http://224.0.0.1/', 'http://239.255.255.250/', 'http://255.255.255.255/', 'http://240.0.0.1/', 'http://192.0.2.1/', 'http://198.51.100.7/',
  'http://203.0.113.9/', 'http://198.18.0.1/', 'http://[::1]/', 'http://[::]/', 'http://[0:0:0:0:0:0:0:1]/', 'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/', 'http://[::ffff:10.0.0.1]/', 'http://[::ffff:169.254.169.254]/', 'http://[fc00::1]/', 'http://[fd12:3456::1]/',
  'http://[fe80::1]/', 'http://[ff02::1]/', 'http://[2001:db8::1]/', 'http://[64:ff9b::7f00:1]/', 'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:7f00:1::]/', 'http://[2002:c0a8:101::]/', 'http://[2001::1]/', 'http://localhost/', 'http://LOCALHOST./', 'http://api.localhost/',
  'http://metadata.google.internal/computeMetadata/v1/', 'http://metadata/', 'http://db.internal/', 'ftp://example.com/', 'file:///etc/passwd',
  // Names of this machine and metadata services that may resolve to public addresses (PayloadsAllTheThings' SSRF list).
  'http://ip6-localhost/', 'http://ip6-loopback/', 'http://localhost.localdomain/', 'http://metadata.packet.net/userdata', 'http://rancher-metadata/',
  'http://metadata.tencentyun.com/latest/meta-data/',
  'gopher://example.com/', 'javascript:alert(1)', 'http://user:pass@example.com/', 'http://user@example.com/', 'not a url',
  // IPv4-compatible IPv6 (deprecated ::/96): refused whatever it carries, public or not.
  'http://[::127.0.0.1]/', 'http://[::7f00:1]/', 'http://[0:0:0:0:0:0:7f00:1]/', 'http://[::169.254.169.254]/', 'http://[::8.8.8.8]/', 'http://[::2]/',
  // IPv4-translated (::ffff:0:0:0/96, RFC 6145): judged by the IPv4 address it carries (it used to throw).
  'http://[::ffff:0:7f00:1]/', 'http://[::ffff:0:a9fe:a9fe]/', 'http://[::ffff:0:10.0.0.1]/',
  // Names only a local network or cluster answers (mDNS, home.arpa, Kubernetes), refused even where the resolver here would give a public address.
  'http://printer.local/', 'http://router.home.arpa/', 'http://kubernetes.default.svc/', 'http://api.default.svc.cluster.local:8080/',
  'http://nas.lan/', 'http://wiki.intranet/', 'http://build.corp/', 'http://db.private/', 'http://localdomain/', 'http://kubernetes.default/',
  // Single-label names, completed by the machine's search domains (PayloadsAllTheThings' `http://foo/containers/json`).
  'http://foo/containers/json', 'http://intranet/', 'http://jenkins:8080/', 'http://redirect-server./', 'http://wpad/wpad.dat',
  // Hosts the URL parser keeps as names though other parsers read an address in them; no DNS name has these characters.
  'http://127.0.0.1!/', 'https://127.0.0.1!/', "http://169.254.169.254'/", 'http://127.0.0.1$/',
  // Wildcard DNS that answers with the address written in the name, or always with this machine.
  'http://127.0.0.1.nip.io/', 'http://app.10.0.0.5.nip.io/', 'http://169-254-169-254.sslip.io/latest/meta-data/', 'http://app-192-168-1-1.sslip.io/',
  'http://7f000001.nip.io/', 'http://10.1.2.3.traefik.me/', 'http://localtest.me/', 'http://app.lvh.me/', 'http://foo.vcap.me:3000/',
  // An empty label keeps an address or a local name a name for the URL parser (PortSwigger's URL-validation cheat sheet: `<attacker>..`).
  'https://127.0.0.1..', 'http://localhost../', 'http://169.254.169.254../latest/meta-data/', 'http://10.0.0.1.%2e/', 'http://.127.0.0.1/',
  'http://127.0.0.1...:8080/', 'http://metadata.google.internal../',
  // sslip.io and nip.io carry IPv6 too, dashes for colons.
  'http://--1.sslip.io/', 'http://fd00-ec2--254.sslip.io/latest/meta-data/', 'http://app-fe80--1.nip.io/', 'http://--ffff-a9fe-a9fe.sslip.io./',
  // SSRFmap's generators (core/utils.py): enclosed alphanumerics (IDNA maps them to ASCII), a signed 32-bit decimal (a one-label
  // name to the URL parser), octets overflowed by 256 (no URL), and a name resolving to the metadata service.
  'http://①②⑦.⓪.⓪.①/', 'http://ⓛⓞⒸⒶⓛⓣⒺⓢⓣ.ⓜⒺ/', 'http://⑯⑨.②⑤④.⑯⑨.②⑤④/latest/meta-data/', 'http://-1442928130/',
  'http://425.510.425.510/', 'http://383.256.256.257:80/latest/meta-data/',
];
const ALLOWED = [
  'http://93.184.216.34/',
  'https://8.8.8.8/dns',
  'http://[2606:4700:4700::1111]/',
  'https://example.com/page',
  'http://172.32.0.1/',
  'http://100.128.0.1/',
  'http://11.0.0.1/',
  'http://[::ffff:8.8.8.8]/',
  // A wildcard-DNS name carrying a public address, and names that only look local.
  'http://8.8.8.8.nip.io/', 'https://local.example.com/', 'https://corp.example.com/', 'https://svc.example.org/', 'https://nip.io/',
  'https://default.example.com/', 'https://example.com./', 'https://my_host.example.com/', 'https://xn--bcher-kva.example/',
  'https://bücher.example/', 'http://2a01-4f8-c17-b8f--2.sslip.io/', 'https://my-app--dev.nip.io/',
  // Enclosed alphanumerics of a public address are that address.
  'http://⑧.⑧.⑧.⑧/', 'https://⑧.⑧.④.④/dns',
  // The parser and the connection agree: a backslash ends the host, so this goes to 1.1.1.1, not 127.0.0.1.
  'http://1.1.1.1\\@127.0.0.1/',
];

describe('SSRF decisions (every encoding, without connecting)', () => {
  for (const u of BLOCKED) {
    it(`blocks ${u}`, async () => {
      const d = await checkUrl(u, publicResolver);
      assert.equal(d.allowed, false, d.reason);
    });
  }
  for (const u of ALLOWED) {
    it(`allows ${u}`, async () => {
      const d = await checkUrl(u, publicResolver);
      assert.equal(d.allowed, true, d.reason);
    });
  }

  it('names the address a wildcard-DNS name carries, and why it is refused', async () => {
    const d = await checkUrl('http://app-169-254-169-254.sslip.io/', publicResolver);
    assert.equal(d.allowed, false);
    assert.deepEqual(d.addresses, ['169.254.169.254']);
    assert.match(d.reason, /names 169\.254\.169\.254 .*a link-local address/);
  });

  it('reads an IPv6 address written with dashes in a sslip.io name, as the service answers it', async () => {
    const d = await checkUrl('http://app-fd00-ec2--254.sslip.io/latest/meta-data/', publicResolver);
    assert.equal(d.allowed, false);
    assert.deepEqual(d.addresses, ['fd00:ec2::254']);
    assert.match(d.reason, /names fd00:ec2::254 .*a unique-local IPv6 address/);
  });

  it('decides on every resolved address: one private answer blocks the name', async () => {
    const d = await checkUrl('https://rebind.example/', async () => ['93.184.216.34', '10.0.0.5']);
    assert.equal(d.allowed, false);
    assert.match(d.reason, /resolves to 10\.0\.0\.5, a private address/);
    assert.deepEqual(d.addresses, ['93.184.216.34', '10.0.0.5']);
  });

  it('does not fetch a name that does not resolve, and says so as a resolution problem, not a block', async () => {
    const d = await checkUrl('https://nx.example/', async () => { throw Object.assign(new Error('x'), { code: 'ENOTFOUND' }); });
    assert.equal(d.allowed, false);
    assert.equal(d.problem, 'unresolved');
    assert.match(d.reason, /ENOTFOUND/);
    assert.equal((await checkUrl('https://empty.example/', async () => [])).problem, 'unresolved');
    assert.equal((await checkUrl('http://[bad', publicResolver)).problem, 'invalid');
    assert.equal((await checkUrl('http://10.0.0.1/', publicResolver)).problem, undefined);
  });

  it('blocks a name resolving to an IPv4-compatible IPv6 address', async () => {
    const d = await checkUrl('https://compat.example/', async () => ['::7f00:1']);
    assert.equal(d.allowed, false);
    assert.match(d.reason, /IPv4-compatible.*127\.0\.0\.1/);
  });

  it('classifies raw addresses', () => {
    assert.equal(blockedRange('8.8.8.8'), undefined);
    assert.equal(blockedRange('127.0.0.1'), 'loopback address');
    assert.equal(blockedRange('::ffff:192.168.0.1'), 'private address');
    // ipaddr.js alone reads '::8.8.8.8' as the mapped ::ffff:8.8.8.8 (public); it is ::808:808 in ::/96.
    assert.match(blockedRange('::8.8.8.8') ?? '', /IPv4-compatible/);
    assert.equal(blockedRange('::1'), 'loopback IPv6 address');
    // Said as a person reads it, with its article.
    assert.equal(blockedRange('100.100.100.200'), 'carrier-grade NAT (100.64.0.0/10) address');
    assert.equal(blockedRange('fd00:ec2::254'), 'unique-local IPv6 address');
    assert.equal(blockedRange('2606:4700:4700::1111'), undefined);
  });

  it('grounded check-url exits 3 for a blocked URL and 0 for an allowed one, printing the reason and addresses', async () => {
    const out = { stdout: '' };
    const io = { stdout: (t: string) => { out.stdout += t; }, stderr: () => undefined, readStdin: async () => '', env: {}, cwd: process.cwd() };
    assert.equal(await main(['check-url', 'http://0x7f.1/admin'], io), 3);
    assert.match(out.stdout, /^blocked: http:\/\/127\.0\.0\.1\/admin\n {2}reason: 127\.0\.0\.1 is a loopback address\n {2}addresses: 127\.0\.0\.1\n$/);
    out.stdout = '';
    assert.equal(await main(['check-url', 'https://93.184.216.34/', '--json'], io), 0);
    assert.equal(JSON.parse(out.stdout).allowed, true);
    assert.equal(await main(['check-url'], io), 2);
    out.stdout = '';
    assert.equal(await main(['check-url', 'http://[bad'], io), 2, 'not a URL');
    assert.match(out.stdout, /^invalid: /);
    assert.equal(await main(['check-url', 'http://[::127.0.0.1]/'], io), 3);
  });
});
