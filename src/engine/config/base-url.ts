/**
 * The base URL of an OpenAI-compatible server as a person types it. "localhost:11434/v1" (no
 * scheme) was taken as it was and then reported as "Could not reach localhost:11434/v1." while the
 * server ran: the address was never tried. A local address gets http://, any other https://.
 */
export type BaseUrlReading = { url: string; added?: string } | { error: string };

const EXAMPLE = 'for example http://localhost:11434/v1';

/** Hosts that are this machine or a private network, where model servers speak plain http. */
function isLocalHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h === '::1' || h === '0.0.0.0') return true;
  if (/^(127|10)\.\d+\.\d+\.\d+$/.test(h) || /^192\.168\.\d+\.\d+$/.test(h) || /^172\.(1[6-9]|2\d|3[01])\.\d+\.\d+$/.test(h)) return true;
  // A bare machine name ("gpu-box:8000") is on the local network.
  return !h.includes('.') && !h.includes(':');
}

/**
 * Reads what was typed into the base URL box: a full http(s) URL as it is (trimmed); an address
 * without a scheme with http:// (local hosts) or https:// added, saying which; anything else an
 * error that says what to write.
 */
export function readBaseUrl(text: string): BaseUrlReading {
  const typed = text.trim();
  if (!typed) return { error: `Enter the address of the server, ${EXAMPLE}.` };
  if (/\s/.test(typed)) return { error: `A URL has no spaces: ${EXAMPLE}.` };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(typed)?.[1];
  if (scheme && !/^https?$/i.test(scheme)) return { error: `Grounded talks to the server over http:// or https://, not ${scheme}://: ${EXAMPLE}.` };
  let candidate = typed;
  let added: string | undefined;
  if (!scheme) {
    const host = /^(\[[^\]]*\]|[^/:?#]+)/.exec(typed)?.[1] ?? '';
    added = isLocalHost(host) ? 'http://' : 'https://';
    candidate = added + typed.replace(/^\/+/, '');
  }
  try {
    const parsed = new URL(candidate);
    if (!parsed.hostname) throw new Error('no host');
  } catch {
    return { error: `That is not a URL Grounded can use: ${EXAMPLE}.` };
  }
  return added ? { url: candidate, added } : { url: candidate };
}
