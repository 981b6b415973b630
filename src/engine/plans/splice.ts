import type { SymbolInfo, TextRange } from '../tools/host';

/** Offset of a 0-based line/character position in `text` (lines split on \n; \r stays part of a line). */
export function offsetAt(text: string, pos: TextRange['start']): number {
  let offset = 0;
  for (let line = 0; line < pos.line; line++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return Math.min(offset + pos.character, text.length);
}

export interface SpliceResult {
  text: string;
  symbol: SymbolInfo;
  /** Character offsets of the replaced span in the original text. */
  start: number;
  end: number;
}

/**
 * Replaces exactly the span of one symbol's definition. Everything before `start` and after
 * `end` is byte-identical to the original. Throws with the verbatim error (not found, ambiguous
 * with the candidates listed) when the symbol is not exactly one definition.
 */
export function spliceSymbol(text: string, symbols: SymbolInfo[], file: string, symbol: string, replacement: string, kind?: string): SpliceResult {
  const picked = pickSymbol(symbols, file, symbol, kind);
  if (typeof picked === 'string') throw new Error(`splice_patch failed: ${picked}`);
  const start = offsetAt(text, picked.range.start);
  const end = offsetAt(text, picked.range.end);
  if (end < start) throw new Error(`splice_patch failed: symbol '${symbol}' has an empty or inverted range in '${file}'`);
  return { text: text.slice(0, start) + replacement + text.slice(end), symbol: picked, start, end };
}

/** One line per candidate, used when a symbol name matches several definitions. */
export function describeSymbol(s: SymbolInfo): string {
  return `${s.kind} ${s.container ? `${s.container}.` : ''}${s.name} (line ${s.range.start.line + 1})`;
}

/** Finds exactly one definition of `symbol` (optionally of `kind`); returns it or the verbatim error. */
export function pickSymbol(symbols: SymbolInfo[], file: string, symbol: string, kind?: string): SymbolInfo | string {
  const wantKind = kind?.toLowerCase();
  const kindMatches = (s: SymbolInfo) => !wantKind || s.kind === wantKind || (wantKind === 'fn' && s.kind === 'function');
  const matches = symbols.filter((s) => s.name === symbol && kindMatches(s));
  if (matches.length === 1) return matches[0];
  if (matches.length === 0) return `symbol '${symbol}'${wantKind ? ` of kind '${wantKind}'` : ''} not found in '${file}'`;
  return `symbol '${symbol}' is ambiguous in '${file}': ${matches.map(describeSymbol).join(', ')}; give a kind to choose`;
}
