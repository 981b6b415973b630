/**
 * Guard for the read-only memory SQL: accepts exactly one SELECT (or WITH … SELECT) statement.
 * It tokenizes like SQLite does (strings, quoted identifiers, comments), so keywords inside
 * strings or quoted names do not count and comments cannot hide a second statement.
 */
export type SqlTokenKind = 'word' | 'string' | 'identifier' | 'number' | 'semicolon' | 'punct';

export interface SqlToken {
  kind: SqlTokenKind;
  text: string;
}

export type GuardResult = { ok: true; sql: string } | { ok: false; reason: string };

/** The SQL could not be tokenized (unterminated string, identifier or comment). */
export class SqlTokenizeError extends Error {}

function readQuoted(sql: string, i: number, close: string): number {
  for (let j = i + 1; j < sql.length; j++) {
    if (sql[j] === close) {
      if (close !== ']' && sql[j + 1] === close) { j++; continue; }
      return j + 1;
    }
  }
  return -1;
}

/** Splits SQL into tokens, dropping whitespace and comments. */
export function tokenizeSql(sql: string): SqlToken[] {
  const out: SqlToken[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i];
    if (/\s/.test(c)) { i++; continue; }
    if (c === '-' && sql[i + 1] === '-') { const nl = sql.indexOf('\n', i); i = nl < 0 ? sql.length : nl + 1; continue; }
    if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) throw new SqlTokenizeError('unterminated /* comment');
      i = end + 2;
      continue;
    }
    const quote = ({ "'": "'", '"': '"', '`': '`', '[': ']' } as Record<string, string>)[c];
    if (quote) {
      const end = readQuoted(sql, i, quote);
      if (end < 0) throw new SqlTokenizeError(c === "'" ? 'unterminated string literal' : 'unterminated quoted identifier');
      out.push({ kind: c === "'" ? 'string' : 'identifier', text: sql.slice(i, end) });
      i = end;
      continue;
    }
    const word = /^[A-Za-z_\u0080-\uffff][\w$\u0080-\uffff]*/.exec(sql.slice(i, i + 256));
    if (word) { out.push({ kind: 'word', text: word[0] }); i += word[0].length; continue; }
    const num = /^(?:0x[0-9a-fA-F]+|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/.exec(sql.slice(i, i + 64));
    if (num) { out.push({ kind: 'number', text: num[0] }); i += num[0].length; continue; }
    out.push({ kind: c === ';' ? 'semicolon' : 'punct', text: c });
    i++;
  }
  return out;
}

const forbidden: Record<string, string> = {
  INSERT: 'writes',
  UPDATE: 'writes',
  DELETE: 'writes',
  REPLACE: 'writes',
  UPSERT: 'writes',
  TRUNCATE: 'writes',
  CREATE: 'changes the schema',
  DROP: 'changes the schema',
  ALTER: 'changes the schema',
  VACUUM: 'rewrites the database',
  REINDEX: 'rewrites indexes',
  ANALYZE: 'writes statistics',
  BEGIN: 'controls transactions',
  COMMIT: 'controls transactions',
  END: 'controls transactions',
  ROLLBACK: 'controls transactions',
  SAVEPOINT: 'controls transactions',
  RELEASE: 'controls transactions',
  PRAGMA: 'changes or reads connection settings',
  ATTACH: 'opens another database',
  DETACH: 'detaches a database',
  LOAD_EXTENSION: 'loads native code',
  FTS3_TOKENIZER: 'registers native code',
  WRITABLE_SCHEMA: 'tampers with sqlite_master',
};

/** Checks that `sql` is a single read-only SELECT; the reason says what was refused and why. */
export function guardReadOnlySql(sql: string): GuardResult {
  let tokens: SqlToken[];
  try {
    tokens = tokenizeSql(sql);
  } catch (err) {
    return { ok: false, reason: `Refused: ${(err as Error).message}` };
  }
  while (tokens.length && tokens[tokens.length - 1].kind === 'semicolon') tokens.pop();
  if (tokens.length === 0) return { ok: false, reason: 'Refused: the query is empty; write one SELECT statement' };
  if (tokens.some((t) => t.kind === 'semicolon'))
    return { ok: false, reason: 'Refused: stacked statements (a ";" followed by more SQL); only one statement is allowed' };
  const first = tokens[0].text.toUpperCase();
  if (tokens[0].kind !== 'word' || (first !== 'SELECT' && first !== 'WITH')) {
    return { ok: false, reason: `Refused: only a single SELECT (or WITH … SELECT) is allowed; this statement starts with '${tokens[0].text}'` };
  }
  for (const [i, t] of tokens.entries()) {
    if (t.kind !== 'word') continue;
    const upper = t.text.toUpperCase();
    const why = forbidden[upper];
    if (!why) continue;
    const isFunctionCall = tokens[i + 1]?.text === '(';
    // replace(x, y, z) is a string function, not REPLACE INTO; END also closes CASE … END.
    if (upper === 'REPLACE' && isFunctionCall) continue;
    if (upper === 'END' && tokens.slice(0, i).some((x) => x.kind === 'word' && x.text.toUpperCase() === 'CASE')) continue;
    return { ok: false, reason: `Refused: '${t.text}' is not allowed (it ${why}); read-only SQL accepts a single SELECT` };
  }
  if (!tokens.some((t) => t.kind === 'word' && t.text.toUpperCase() === 'SELECT')) {
    return { ok: false, reason: 'Refused: a WITH clause must be followed by SELECT' };
  }
  return { ok: true, sql };
}
