import { isPlaceholderValue } from '../checks';
import type { Detector, Finding } from '../detector';
import { withoutComment } from '../line-tails';

// A Kubernetes Secret keeps its secrets under `data:` (base64) and `stringData:` (plain text)
// under any key at all (`tls.key`, `.dockerconfigjson`, `config.json`, `DB_URL`), so the key names
// say nothing. In a manifest whose `kind` is Secret, every value of those two maps is redacted, in
// YAML (one document or many, separated by `---`) and in JSON. Helm templates (`{{ … }}`) and
// other placeholders are left as they are: they hold no secret.

// `kind: Secret`, also shifted right or as a list item (`items:\n- kind: Secret`); the lower-case
// spelling is how hand-written examples and scanners' samples write it.
const KIND_YAML = /^([ \t]*(?:-[ \t]+)?)kind:[ \t]*["']?[Ss]ecret["']?[ \t]*(?:#.*)?$/gm;
/** Tested once over the whole text before it is split into lines: it starts with a literal, which V8 finds fast. */
const KIND_ANYWHERE = /kind:[ \t]*["']?[Ss]ecret["']?[ \t]*(?:#.*)?$/m;
const KIND_JSON = /"kind"[ \t]*:[ \t]*"Secret"/;
const MAP_START = /^([ \t]*)(?:data|stringData):[ \t]*(?:#.*)?$/;
const ENTRY = /^([ \t]+)(?:"[^"\n]{1,253}"|'[^'\n]{1,253}'|[^\s:#][^:\n]{0,252}):(?:[ \t]+(.*))?$/;
const JSON_MAP = /"(?:data|stringData)"[ \t]*:[ \t]*\{/g;
// Sticky, run where the previous entry ended: no copy of the rest of the text per entry.
const JSON_ENTRY = /\s{0,200}"[^"\n]{1,253}"\s{0,20}:\s{0,20}"((?:[^"\\\n]|\\.){0,20000})"\s{0,200}(,|\})/y;

const kept = new Map<string, boolean>();

/**
 * A `data:` value whose base64 decodes to fewer than four printable characters or to a placeholder
 * (`YmFyCg==` is `bar`, `Y2hhbmdlbWU=` is `changeme`): a sample, as a password that short is.
 */
function isTrivialBase64(value: string): boolean {
  if (value.length > 24 || value.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return false;
  const decoded = Buffer.from(value, 'base64').toString('latin1').trim();
  return /^[\x20-\x7e]*$/.test(decoded) && (decoded.length < 4 || isPlaceholderValue(decoded));
}

/** Templates and placeholders stay. Memoised: a manifest repeats values, a hostile one endlessly. */
function keep(value: string): boolean {
  let k = kept.get(value);
  if (k === undefined) {
    k = value.length === 0 || value.includes('{{') || isPlaceholderValue(value) || isTrivialBase64(value);
    if (kept.size > 1000) kept.clear();
    kept.set(value, k);
  }
  return k;
}

/** The lines of a text with their offsets. */
function lines(text: string): Array<{ start: number; line: string }> {
  const out: Array<{ start: number; line: string }> = [];
  for (let start = 0; start <= text.length;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    out.push({ start, line: text.slice(start, end).replace(/\r$/, '') });
    if (nl < 0) break;
    start = nl + 1;
  }
  return out;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The columns of a document's `kind: Secret` lines: a `data:` map is the Secret's when it sits beside one. */
function secretColumns(doc: string): Set<number> {
  const columns = new Set<number>();
  KIND_YAML.lastIndex = 0;
  for (let m = KIND_YAML.exec(doc); m !== null; m = KIND_YAML.exec(doc)) columns.add(m[1].length);
  return columns;
}

/** The values of the `data:` / `stringData:` maps of one YAML document (lines [from, to)). */
function* yamlValues(all: Array<{ start: number; line: string }>, from: number, to: number, columns: Set<number>): Iterable<Omit<Finding, 'priority'>> {
  for (let i = from; i < to; i++) {
    const map = MAP_START.exec(all[i].line);
    if (!map || !columns.has(map[1].length)) continue;
    const mapIndent = map[1].length;
    let entryIndent = -1;
    for (i++; i < to; i++) {
      const { start, line } = all[i];
      if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
      const indent = indentOf(line);
      if (indent <= mapIndent) break;
      if (entryIndent < 0) entryIndent = indent;
      if (indent !== entryIndent) continue;
      const entry = ENTRY.exec(line);
      if (!entry) continue;
      const raw = withoutComment(entry[2] ?? '').trim();
      if (/^[|>][+-]?$/.test(raw)) {
        // A block scalar: its more-indented lines, one span (line breaks are kept by the scrubber).
        let last = i;
        while (last + 1 < to && (all[last + 1].line.trim() === '' || indentOf(all[last + 1].line) > indent)) last++;
        while (last > i && all[last].line.trim() === '') last--;
        if (last > i) {
          const first = all[i + 1];
          yield { kind: 'kubernetes_secret', start: first.start + indentOf(first.line), end: all[last].start + all[last].line.length };
        }
        i = last;
        continue;
      }
      const quoted = /^(["'])(.*)\1$/.exec(raw);
      const value = quoted ? quoted[2] : raw;
      if (keep(value)) continue;
      const at = start + line.lastIndexOf(raw) + (quoted ? 1 : 0);
      yield { kind: 'kubernetes_secret', start: at, end: at + value.length };
    }
    i--;
  }
}

function* findYaml(text: string): Iterable<Omit<Finding, 'priority'>> {
  const all = lines(text);
  let docStart = 0;
  for (let i = 0; i <= all.length; i++) {
    if (i < all.length && !/^(?:---|\.\.\.)(?:\s|$)/.test(all[i].line)) continue;
    const doc = text.slice(all[docStart]?.start ?? 0, i < all.length ? all[i].start : text.length);
    const columns = secretColumns(doc);
    if (columns.size > 0) yield* yamlValues(all, docStart, i, columns);
    docStart = i + 1;
  }
}

function* findJson(text: string): Iterable<Omit<Finding, 'priority'>> {
  JSON_MAP.lastIndex = 0;
  for (let m = JSON_MAP.exec(text); m !== null; m = JSON_MAP.exec(text)) {
    let pos = m.index + m[0].length;
    for (;;) {
      JSON_ENTRY.lastIndex = pos;
      const entry = JSON_ENTRY.exec(text);
      if (!entry) break;
      // The value is the last quoted string before the separator.
      const valueEnd = pos + entry[0].lastIndexOf('"');
      const valueStart = valueEnd - entry[1].length;
      if (!keep(entry[1])) yield { kind: 'kubernetes_secret', start: valueStart, end: valueEnd };
      pos += entry[0].length;
      if (entry[2] === '}') break;
    }
    JSON_MAP.lastIndex = Math.max(JSON_MAP.lastIndex, pos);
  }
}

function* findKubernetesSecrets(text: string): Iterable<Omit<Finding, 'priority'>> {
  // `kind` first: `k` is rare in text, so this search is the cheapest way out for most files.
  if (!text.includes('kind') || !text.includes('ecret')) return;
  if (text.includes('data:') && KIND_ANYWHERE.test(text)) yield* findYaml(text);
  if (text.includes('"kind"') && KIND_JSON.test(text)) yield* findJson(text);
}

/** Every value under `data:` / `stringData:` of a Kubernetes Secret manifest (YAML or JSON). */
export const kubernetesSecretDetector: Detector = {
  name: 'kubernetes-secrets',
  kinds: ['kubernetes_secret'],
  priority: 75,
  find: findKubernetesSecrets,
};
