import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { convert } from 'html-to-text';
import { MentionError } from '../mentions/errors';
import { checkUrl, systemResolver, type Resolver } from './ssrf';

export interface FetchOptions {
  resolver?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Conditional request headers (cache refresh). */
  etag?: string;
  lastModified?: string;
  /** Host names whose resolution is trusted as is (tests only: a local server standing in for a public host). */
  trustedHosts?: ReadonlySet<string>;
  sleep?: (ms: number) => Promise<void>;
}

export interface FetchedPage {
  url: string;
  finalUrl: string;
  status: number;
  contentType: string;
  text: string;
  bytes: number;
  truncated: boolean;
  notModified: boolean;
  etag?: string;
  lastModified?: string;
}

const TEXT_TYPES = /^(text\/[\w.+-]+|application\/(json|xml|xhtml\+xml|javascript|[\w.-]+\+(json|xml)))$/i;

/** A lookup that answers only with the address that was checked: no second DNS answer can swap it (no rebinding window). */
function pinnedLookup(address: string): LookupFunction {
  const family = ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4;
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as unknown as LookupFunction;
}

interface RawResponse { status: number; headers: http.IncomingHttpHeaders; body: Buffer; truncated: boolean }

function request(url: URL, address: string, opts: FetchOptions): Promise<RawResponse> {
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'user-agent': 'Grounded (VS Code extension)', accept: 'text/html, text/plain, application/json, */*;q=0.5' };
    if (opts.etag) headers['if-none-match'] = opts.etag;
    if (opts.lastModified) headers['if-modified-since'] = opts.lastModified;
    const req = lib.request(url, { method: 'GET', headers, lookup: pinnedLookup(address), timeout: opts.timeoutMs ?? 60_000, signal: opts.signal }, (res) => {
      const parts: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on('data', (d: Buffer) => {
        if (truncated) return;
        size += d.length;
        if (size > maxBytes) {
          parts.push(d.subarray(0, d.length - (size - maxBytes)));
          truncated = true;
          res.destroy();
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), truncated });
          return;
        }
        parts.push(d);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), truncated }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new MentionError('timeout', `${url.href} did not answer within ${Math.round((opts.timeoutMs ?? 60_000) / 1000)} s.`, 'Try again later, or attach the content another way.')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Fetches a public URL safely: every hop (the first and each redirect) is checked by the SSRF
 * rules on its resolved addresses and then connected to exactly the checked address; at most 5
 * redirects; 1 MB (the rest is cut and said so); 60 s; text content types only; HTML converted to
 * readable text; one short wait on 429 with Retry-After, then a rate-limit error.
 */
export async function fetchUrl(raw: string, opts: FetchOptions = {}): Promise<FetchedPage> {
  const resolver = opts.resolver ?? systemResolver;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let current = raw;
  let waited = false;
  for (let hop = 0; hop <= (opts.maxRedirects ?? 5); hop++) {
    const url = new URL(current);
    let address: string;
    if (opts.trustedHosts?.has(url.hostname)) address = (await resolver(url.hostname))[0];
    else {
      const decision = await checkUrl(current, resolver);
      if (!decision.allowed) throw new MentionError('ssrf_blocked', `${hop ? 'A redirect to ' : ''}${current} is blocked: ${decision.reason}.`, 'Grounded only fetches public http(s) addresses.');
      address = decision.addresses[0];
    }
    const res = await request(url, address, opts).catch((err: unknown) => {
      if (err instanceof MentionError) throw err;
      throw new MentionError('http_status', `${current} could not be fetched: ${(err as Error).message}.`, 'Check the address and your network.');
    });
    if ([301, 302, 303, 307, 308].includes(res.status) && res.headers.location) {
      current = new URL(res.headers.location, url).href;
      continue;
    }
    if (res.status === 429) {
      const retry = Number(res.headers['retry-after']);
      if (!waited && Number.isFinite(retry) && retry <= 10) { waited = true; await sleep(retry * 1000); hop--; continue; }
      throw new MentionError('rate_limited', `${url.host} is rate limiting requests (HTTP 429).`, 'Wait a minute and ask again.');
    }
    if (res.status === 304) return { url: raw, finalUrl: current, status: 304, contentType: '', text: '', bytes: 0, truncated: false, notModified: true };
    if (res.status < 200 || res.status >= 300) throw new MentionError('http_status', `${current} answered HTTP ${res.status}.`, 'Check the address.');
    const contentType = String(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!TEXT_TYPES.test(contentType)) throw new MentionError('content_type', `${current} is ${contentType || 'of unknown type'}, not text.`, 'Mention web pages or text documents only.');
    const body = res.body.toString('utf8');
    const text = /html/.test(contentType) ? convert(body, { wordwrap: false, selectors: [{ selector: 'a', options: { ignoreHref: true } }, { selector: 'img', format: 'skip' }] }) : body;
    return { url: raw, finalUrl: current, status: res.status, contentType, text, bytes: res.body.length, truncated: res.truncated, notModified: false, etag: res.headers.etag as string | undefined, lastModified: res.headers['last-modified'] as string | undefined };
  }
  throw new MentionError('http_status', `${raw} redirects more than ${opts.maxRedirects ?? 5} times.`, 'Mention the final address directly.');
}
