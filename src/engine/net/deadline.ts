// Its own small module: the CLI's resident-server client uses it without loading the URL fetcher.

/** Races a promise against the deadline: `expire()` is the rejection once `leftMs` have passed. */
export function withDeadline<T>(p: Promise<T>, leftMs: number, expire: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(expire()), Math.max(0, leftMs));
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
