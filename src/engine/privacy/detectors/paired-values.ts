import type { Parsed } from './assignment-values';
import { MAX_VALUE, quotedValue } from './quoted-values';

// Secrets whose name is itself a value, with the secret in the field after it: name/value pairs
// (`{"name": "DB_PASSWORD", "value": "…"}` in ECS task definitions and Kubernetes `env:` lists,
// CloudFormation's `ParameterKey`/`ParameterValue`, Hadoop's `<name>fs.s3a.secret.key</name><value>…`),
// the default of an environment look-up (`os.getenv("DB_PASSWORD", "…")`, `process.env.X || "…"`), and Android's string
// resources (`<string name="maps_api_key">…</string>`). Only a bounded stretch before and after a
// key the keyword scan already found is looked at, so the cost stays linear.

/** What precedes a key that is the value of a name field: `"name": "`, `- name: `, `<key>`, `ParameterKey=`. */
const NAME_FIELD = /(?:(?:^|[\s{,[(])["']?(?:name|key|Name|Key|ParameterKey)["']?[ \t]{0,5}[:=][ \t]{0,5}["']?|<(?:name|key)>)$/;
/** What precedes a key read from the environment with a default after it. */
const ENV_LOOKUP = /(?:getenv|environ\.get|env\.get|getOrDefault|ENV\.fetch|\benv(?:\.str)?)\([ \t]{0,5}["']$/;
/** A variable of the environment in JavaScript, then its fallback: `process.env.FACEBOOK_SECRET || '…'`. */
const ENV_VARIABLE = /(?:process\.env|import\.meta\.env)\.$/;
const ENV_KEY = /^(?:process\.env|import\.meta\.env)\.\w+$/;
const FALLBACK = /^[ \t]{0,5}(?:\|\||\?\?)[ \t]{0,5}(?=["'])/;
/** From the end of the key to its value's field, on the same or the next lines. */
const VALUE_FIELD = /^(?:["']|<\/(?:name|key)>)?[ \t]{0,5},?\s{0,60}?(?:<value>|["']?(?:value|Value|ParameterValue)["']?[ \t]{0,5}[:=][ \t]{0,5})/;
// django-environ names the default: `env("SECRET_KEY", default="…")`.
const DEFAULT_ARGUMENT = /^["'][ \t]{0,5},[ \t]{0,5}(?:default[ \t]{0,3}=[ \t]{0,3})?(?=["'])/;
/** An Android string resource (`<string name="maps_api_key">…</string>`): the element's text is the value. */
const STRING_RESOURCE = /<string[ \t]{1,5}name=["']$/;
const RESOURCE_TEXT = /^["'](?:[ \t]{1,5}translatable=["']false["'])?[ \t]{0,5}>/;

/** The bare value at `at`: to the end of its line, an XML element's end, or a `,`/`}` closing a flow mapping. */
function bareValue(text: string, at: number, xml: boolean): { start: number; end: number } | undefined {
  let end = at;
  const stop = xml ? '<\n' : ',}\n';
  while (end < text.length && end - at <= MAX_VALUE && !stop.includes(text[end])) end++;
  if (xml && text[end] !== '<') return undefined;
  while (end > at && /[ \t\r]/.test(text[end - 1])) end--;
  return end > at ? { start: at, end } : undefined;
}

/** The value paired with the secret name at `keyStart..keyEnd`, or undefined when the key is no such name. */
export function pairedValue(text: string, keyStart: number, keyEnd: number): Parsed | undefined {
  const before = text.slice(Math.max(0, keyStart - 40), keyStart);
  const after = text.slice(keyEnd, keyEnd + 120);
  if (ENV_LOOKUP.test(before)) {
    const m = DEFAULT_ARGUMENT.exec(after);
    const value = m ? quotedValue(text, keyEnd + m[0].length) : undefined;
    return value && { value, quoted: true, keyQuoted: true, codeAssignment: false, midLine: false };
  }
  // The key scan reads `process.env.X` as one dotted key, or `X` alone after it.
  if (ENV_VARIABLE.test(before) || ENV_KEY.test(text.slice(keyStart, keyEnd))) {
    const m = FALLBACK.exec(after);
    const value = m ? quotedValue(text, keyEnd + m[0].length) : undefined;
    return value && { value, quoted: true, keyQuoted: true, codeAssignment: false, midLine: false };
  }
  if (STRING_RESOURCE.test(before)) {
    const m = RESOURCE_TEXT.exec(after);
    const value = m ? bareValue(text, keyEnd + m[0].length, true) : undefined;
    return value && { value, quoted: false, keyQuoted: true, codeAssignment: false, midLine: false };
  }
  if (!NAME_FIELD.test(before)) return undefined;
  const m = VALUE_FIELD.exec(after);
  if (!m) return undefined;
  const at = keyEnd + m[0].length;
  const quoted = quotedValue(text, at);
  const value = quoted ?? bareValue(text, at, m[0].endsWith('<value>'));
  // Words with spaces are a label's text (`{"key": "login.password", "value": "Mot de passe"}` in a translation table).
  if (!value || /\s/.test(text.slice(value.start, value.end))) return undefined;
  return { value, quoted: quoted !== undefined, keyQuoted: false, codeAssignment: false, midLine: false };
}
