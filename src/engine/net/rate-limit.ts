const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The most a host's spacing grows after repeated 429s: 2^5 = 32 intervals. */
const MAX_STRIKES = 5;
/** Hosts remembered before old, settled entries are dropped. */
const MAX_HOSTS = 1000;

/**
 * Spaces requests per host: one per interval, later ones wait their turn. A 429 pushes the host's
 * next turn past its Retry-After and doubles its spacing until a request succeeds again. One
 * instance lives as long as the process (sharedHostLimiter), so what one request learned about a
 * host slows the next request to it as well.
 */
export class HostRateLimiter {
  private readonly next = new Map<string, number>();
  private readonly strikes = new Map<string, number>();

  constructor(
    private readonly intervalMs = 1000,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = realSleep,
  ) {}

  private spacing(host: string): number {
    return this.intervalMs * 2 ** (this.strikes.get(host) ?? 0);
  }

  private prune(): void {
    if (this.next.size <= MAX_HOSTS) return;
    const t = this.now();
    for (const [host, at] of this.next) if (at <= t && !this.strikes.has(host)) this.next.delete(host);
  }

  /** Milliseconds until `host` may be asked again (0: now), without taking the turn. */
  delayFor(host: string): number {
    return Math.max(0, (this.next.get(host) ?? 0) - this.now());
  }

  /** Waits for `host`'s turn and takes it; false, without waiting or taking it, when the turn is more than `maxWaitMs` away. */
  async wait(host: string, maxWaitMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    const t = this.now();
    const at = Math.max(t, this.next.get(host) ?? 0);
    if (at - t > maxWaitMs) return false;
    this.next.set(host, at + this.spacing(host));
    this.prune();
    if (at > t) await this.sleep(at - t);
    return true;
  }

  /** A 429 from `host`: nothing before `retryInMs` from now, and its spacing doubles until a success. */
  penalize(host: string, retryInMs: number): void {
    this.strikes.set(host, Math.min(MAX_STRIKES, (this.strikes.get(host) ?? 0) + 1));
    this.next.set(host, Math.max(this.next.get(host) ?? 0, this.now() + retryInMs));
  }

  /** A success from `host`: its spacing goes back to one interval. */
  recover(host: string): void {
    this.strikes.delete(host);
  }
}

/** The process-wide limiter used when a caller brings none (each request builds a fresh resolver, so it cannot live there). */
export const sharedHostLimiter = new HostRateLimiter();
