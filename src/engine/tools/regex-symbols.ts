import type { SymbolInfo } from './host';

interface BraceRule {
  pattern: RegExp;
}

// Conservative definition patterns: a symbol is reported only when its end can be found for sure.
const braceLanguages: Record<string, BraceRule[]> = {
  rust: [{ pattern: /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+|const\s+|unsafe\s+|extern\s+"[^"]*"\s+)*(fn|struct|enum|trait|impl|mod)\s+([A-Za-z_]\w*)/ }],
  go: [{ pattern: /^\s*(func)\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)/ }, { pattern: /^\s*type\s+([A-Za-z_]\w*)\s+(struct|interface)/ }],
  clike: [
    {
      pattern:
        /^\s*(?:(?:public|private|protected|internal|static|final|abstract|sealed|export|async|override|virtual|inline|fun|def)\s+)*(class|interface|struct|enum|record|fun|function)\s+([A-Za-z_]\w*)/,
    },
  ],
};

const extensionLanguage: Record<string, string> = {
  '.rs': 'rust', '.go': 'go', '.java': 'clike', '.kt': 'clike', '.cs': 'clike', '.swift': 'clike', '.php': 'clike',
  '.c': 'clike', '.h': 'clike', '.cpp': 'clike', '.hpp': 'clike', '.cc': 'clike', '.scala': 'clike', '.dart': 'clike',
};

/** The index just after the `}` closing the first `{` at or after `from`, skipping strings and comments; -1 if unbalanced. */
function matchBraces(text: string, from: number): number {
  let depth = 0;
  let opened = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') { i = text.indexOf('\n', i); if (i < 0) return -1; continue; }
    if (c === '/' && text[i + 1] === '*') { i = text.indexOf('*/', i + 2); if (i < 0) return -1; i++; continue; }
    if (c === '"' || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (c === ';' && !opened) return -1;
    if (c === '{') { depth++; opened = true; }
    else if (c === '}') { depth--; if (opened && depth === 0) return i + 1; if (depth < 0) return -1; }
  }
  return -1;
}

function positionAt(text: string, offset: number) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

function pythonSymbols(text: string): SymbolInfo[] {
  const lines = text.split('\n');
  const out: SymbolInfo[] = [];
  lines.forEach((line, i) => {
    const m = /^(\s*)(?:async\s+)?(def|class)\s+([A-Za-z_]\w*)/.exec(line);
    if (!m) return;
    const indent = m[1].length;
    let end = i;
    for (let j = i + 1; j < lines.length; j++) {
      if (lines[j].trim() === '') continue;
      if (lines[j].length - lines[j].trimStart().length <= indent) break;
      end = j;
    }
    out.push({
      name: m[3],
      kind: m[2] === 'def' ? 'function' : 'class',
      range: { start: { line: i, character: indent }, end: { line: end, character: lines[end].length } },
    });
  });
  return out;
}

/**
 * A conservative regex-based symbol finder for languages without a compiler in the CLI
 * (Python by indentation; Rust, Go, Java, C-like languages by balanced braces). A definition
 * whose end cannot be found for sure is left out rather than guessed.
 */
export function regexSymbols(path: string, text: string): SymbolInfo[] | undefined {
  const ext = /\.[^./]+$/.exec(path)?.[0].toLowerCase() ?? '';
  if (ext === '.py' || ext === '.pyi') return pythonSymbols(text);
  const lang = extensionLanguage[ext];
  if (!lang) return undefined;
  const out: SymbolInfo[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    for (const rule of braceLanguages[lang]) {
      const m = rule.pattern.exec(line);
      if (!m) continue;
      const [kind, name] = /^[A-Za-z_]\w*$/.test(m[2]) && !/^(struct|interface)$/.test(m[2]) ? [m[1], m[2]] : [m[2], m[1]];
      const start = offset + (line.length - line.trimStart().length);
      const end = matchBraces(text, start);
      if (end > 0)
        out.push({
          name,
          kind: kind === 'fn' || kind === 'func' || kind === 'fun' ? 'function' : kind,
          range: { start: positionAt(text, start), end: positionAt(text, end) },
        });
      break;
    }
    offset += line.length + 1;
  }
  return out;
}
