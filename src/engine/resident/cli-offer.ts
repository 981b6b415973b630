import { AlreadyServingError } from './refused';
import type { ServedSocket } from './serve-socket';

/** While another server answers the CLI for the folder, how often it is looked at again. */
export const RECLAIM_MS = 30_000;

/**
 * The socket on which an index kept live anyway (VS Code's index server) answers the CLI for its
 * folder: offered at once, or, while another server answers for the folder (a `grounded serve`,
 * perhaps started by a question before the window opened, or another window), as soon as that one
 * stops. Otherwise a terminal's next question would start a second server beside the live index.
 * `close` (the window going, or `grounded serve --stop`) ends it for good.
 */
export class CliOffer {
  private socket: Promise<ServedSocket | undefined>;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Attempts so far (what a test can count instead of waiting on a clock). */
  attempts = 0;

  constructor(
    private readonly offer: () => Promise<ServedSocket>,
    private readonly onError: (err: unknown) => void,
    private readonly retryMs = RECLAIM_MS,
  ) {
    this.socket = this.attempt();
  }

  /** The socket, once this index answers the CLI; undefined while another server does (or after close). */
  get served(): Promise<ServedSocket | undefined> {
    return this.socket;
  }

  private async attempt(): Promise<ServedSocket | undefined> {
    this.attempts++;
    try {
      const served = await this.offer();
      if (!this.closed) return served;
      await served.close();
    } catch (err) {
      if (!(err instanceof AlreadyServingError)) this.onError(err);
      else if (!this.closed) {
        this.timer = setTimeout(() => (this.socket = this.attempt()), this.retryMs);
        this.timer.unref();
      }
    }
    return undefined;
  }

  /** Stops answering the CLI, and looking again. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await (await this.socket)?.close();
  }
}
