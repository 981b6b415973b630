import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkUrl } from '../../../src/engine/net/ssrf';
import { fetchUrl } from '../../../src/engine/net/fetch-url';
import { PUBLIC_STAND_IN, startServer } from './test-server';

const everyNamePublic = async () => [PUBLIC_STAND_IN];

// Spellings from public SSRF bypass lists (cujanovic's SSRF-Testing, PayloadsAllTheThings, PortSwigger's URL-validation
// cheat sheet) that no other test names: each must be refused without a lookup deciding it.
const REFUSED = [
  // Ideographic and halfwidth full stops, enclosed digits: the URL parser maps them to 169.254.169.254 before the check.
  'http://169。254。169。254/', 'http://169｡254｡169｡254/', 'http://⑯⑨。②⑤④。⑯⑨｡②⑤④/', 'http://②⑧⑤②⓪③⑨①⑥⑥:80/',
  // The ligature ﬀ is "ff" once mapped: [::ffff:a9fe:a9fe], the metadata address IPv4-mapped.
  'http://[::ﬀﬀ:a9fe:a9fe]/latest/meta-data/', 'http://[::ﬀﬀ:7f00:1]/',
  // Numbers past 32 bits, which some parsers wrap to 169.254.169.254: not a URL at all for this one.
  'http://0x41414141A9FEA9FE/', 'http://7147006462/', 'http://425.510.425.510/',
  // Oracle Cloud's and Alibaba's metadata addresses, Amazon's IPv6 one, and ECS task credentials.
  'http://192.0.0.192/latest/meta-data/', 'http://100.100.100.200/latest/meta-data/', 'http://[fd00:ec2::254]/latest/meta-data/',
  'http://169.254.170.2/v2/credentials/',
  // Parser differentials: every part after the backslash or the fragment is path for the URL parser, so the host is 127.1.1.1.
  'http://127.1.1.1:80\\@127.2.2.2:80/', 'http://127.1.1.1:80#\\@127.2.2.2:80/', 'http://127.88.23.245:22/#@www.google.com:80/',
  'http://google.com:80+&@127.88.23.245:22/#+@google.com:80/',
  // SSRFmap's and HackTricks' names: xip.io's base-36 label (169.254.169.254), public names pointing at the metadata address,
  // Consul's own domain; DNS-rebinding services whose name carries an internal address (rbndr.us in hex, 1u.ms dotted).
  'http://1ynrnhl.xip.io/', 'http://metadata.nicob.net/latest/meta-data/', 'http://consul.service.consul:8500/v1/agent/self',
  'http://7f000001.c0a80001.rbndr.us/', 'http://08080808.a9fea9fe.rbndr.us/', 'http://make-1.2.3.4-rebind-169.254-169.254-rr.1u.ms/',
];

// The same services naming only public addresses: the lookup decides, as for any name.
const LEFT_TO_THE_LOOKUP = ['http://08080808.01010101.rbndr.us/', 'http://make-8.8.8.8-rebind-1.1.1.1-rr.1u.ms/', 'http://2mhgrv.xip.io/'];

describe('SSRF bypass lists', () => {
  it('refuses their spellings of internal and metadata addresses, even where every name would resolve to a public address', async () => {
    for (const url of REFUSED) {
      const d = await checkUrl(url, everyNamePublic);
      assert.equal(d.allowed, false, url);
    }
  });

  it('leaves wildcard and rebinding names that carry only public addresses to the lookup', async () => {
    for (const url of LEFT_TO_THE_LOOKUP) {
      assert.equal((await checkUrl(url, everyNamePublic)).allowed, true, url);
      assert.equal((await checkUrl(url, async () => ['10.0.0.7'])).allowed, false, `${url} answering a private address`);
    }
  });

  it('connects to the address it checked when the name rebinds to the metadata address on the next lookup (1u.ms-style)', async () => {
    const srv = await startServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('public page'); });
    try {
      const answers: string[] = [];
      // Public on the first lookup, metadata on every later one: the shape of `make-1.2.3.4-rebind-169.254-169.254-rr.1u.ms`.
      const rebinding = async () => { const a = answers.length ? '169.254.169.254' : PUBLIC_STAND_IN; answers.push(a); return [a]; };
      const connected: string[] = [];
      const page = await fetchUrl(`${srv.base('rebind.test')}/`, { resolver: rebinding, connect: (a) => { connected.push(a); return '127.0.0.1'; } });
      assert.equal(page.text, 'public page');
      assert.deepEqual(answers, [PUBLIC_STAND_IN], 'one lookup, the one that was checked');
      assert.deepEqual(connected, [PUBLIC_STAND_IN], 'the socket went to the checked address');
    } finally {
      srv.close();
    }
  });
});
