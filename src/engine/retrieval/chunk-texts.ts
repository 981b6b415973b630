import type { IndexStats } from './index-data';

/**
 * The indexed text of chunks during one search. Members, quoted phrases, pasted messages and named
 * settings are each checked against the text, often in the same files: each file is read and split
 * once per search, however many of the checks ask for it.
 */
export class ChunkTexts {
  private readonly files = new Map<string, Promise<string[] | undefined>>();

  constructor(
    readonly stats: IndexStats,
    private readonly read: (rel: string) => Promise<string | undefined>,
  ) {}

  /** The file's lines as indexed; undefined when it can no longer be read. */
  lines(rel: string): Promise<string[] | undefined> {
    let lines = this.files.get(rel);
    if (!lines) this.files.set(rel, (lines = this.read(rel).then((text) => text?.split('\n'))));
    return lines;
  }

  /** The chunk's lines, joined. */
  async text(id: number): Promise<string | undefined> {
    const row = this.stats.chunk(id)!;
    return (await this.lines(row.path))?.slice(row.startLine - 1, row.endLine).join('\n');
  }
}
