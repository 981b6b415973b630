import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on 127.0.0.1 standing in for a public web site. Tests resolve their host
 * names to a public-looking address, so the real SSRF rules judge every hop; only the socket is
 * routed here (FetchOptions.connect), the way a test stands in for the internet.
 */
export const PUBLIC_STAND_IN = '93.184.216.34';

export interface TestServer { port: number; hits: () => number; base: (host?: string) => string; close: () => void }

export async function startServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<TestServer> {
  let hits = 0;
  const server = http.createServer((req, res) => { hits++; handler(req, res); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    hits: () => hits,
    base: (host = 'public.test') => `http://${host}:${port}`,
    close: () => { server.closeAllConnections(); server.close(); },
  };
}

/** public.test (and *.public.test) resolve to a public address; anything else to loopback, which the rules block. */
export const standIn = {
  resolver: async (host: string) => (host === 'public.test' || host.endsWith('.public.test') ? [PUBLIC_STAND_IN] : ['127.0.0.1']),
  connect: () => '127.0.0.1',
};
