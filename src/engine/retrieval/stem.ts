// The light stemmer shared by the index and the question (its own module since terms.ts passed 300 lines).

const DOUBLED = /(bb|dd|ff|gg|mm|nn|pp|rr|tt)$/;
const DOUBLED_L = /^.{3,}ell$|troll$/;
const HAS_VOWEL = /[aeiouy]/;

/** Removes one inflection: plural -s/-es/-ies, past -ed/-ied, -ing (un-doubling `mapped` → `map`). */
export function deinflect(w: string): string {
  if (/[^s]ies$/.test(w) && w.length > 4) return `${w.slice(0, -3)}i`;
  if (w.endsWith('ied') && w.length > 4) return `${w.slice(0, -3)}i`;
  if (/(ss|x|z|ch|sh|us|ias)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !/(ss|us|is|ias)$/.test(w)) return w.slice(0, -1);
  for (const suffix of ['ing', 'ed']) {
    if (!w.endsWith(suffix) || w.endsWith('eed')) continue;
    const base = w.slice(0, -suffix.length);
    if (base.length < 3 || !HAS_VOWEL.test(base)) continue;
    // A word of three letters is whole (`added` → add, `erred` → err); `-ll` is doubled after a
    // stressed `-el` or `-trol` (`cancelled` → cancel, `controlled` → control), not in `called` or `scrolled`.
    return (DOUBLED.test(base) && base.length > 3) || DOUBLED_L.test(base) ? base.slice(0, -1) : base;
  }
  return w;
}

/**
 * Irregular past forms questions use (`where are errors thrown?`, `how is the bundle built?`) and
 * the verbs code names its functions after (throwError, buildBundle). Forms that are more often
 * other words (led, fed, felt, met, bound) are left alone.
 */
export const IRREGULAR = new Map(
  Object.entries({
    write: 'written wrote', rewrite: 'rewritten rewrote', override: 'overridden overrode', send: 'sent', build: 'built',
    rebuild: 'rebuilt', throw: 'thrown threw', catch: 'caught', keep: 'kept', make: 'made', find: 'found', run: 'ran',
    begin: 'began begun', choose: 'chosen chose', give: 'given gave', take: 'taken took', break: 'broken broke',
    hide: 'hidden hid', show: 'shown', know: 'known knew', draw: 'drawn drew', drive: 'driven drove', forget: 'forgotten forgot',
    get: 'gotten got', bring: 'brought', think: 'thought', hold: 'held', lose: 'lost', mean: 'meant', pay: 'paid', say: 'said',
    tell: 'told', spend: 'spent', stand: 'stood', understand: 'understood', spin: 'spun', tear: 'torn', wear: 'worn',
    freeze: 'frozen froze', fall: 'fallen', fight: 'fought', forbid: 'forbidden', undo: 'undone', become: 'became', blow: 'blown',
    fly: 'flown flew', grow: 'grown grew', hear: 'heard', shake: 'shaken shook', shrink: 'shrunk shrank', slide: 'slid',
    stick: 'stuck', steal: 'stolen', wake: 'woken woke', speak: 'spoken spoke', withdraw: 'withdrawn', arise: 'arisen arose',
    seek: 'sought', teach: 'taught', split: 'split', sleep: 'slept', swear: 'sworn swore', buy: 'bought', sell: 'sold',
  }).flatMap(([base, forms]) => forms.split(' ').map((f): [string, string] => [f, base])),
);

/**
 * A light stemmer applied to the query and the index alike. It folds inflections (keys → key,
 * stored/storing/stores/store → stor, retries/retried/retry → retri) and two derivations that
 * name the same thing in code: -age (storage → stor, packages → pack) and -ion (encryption →
 * encrypt, connection → connect), only when a stem of four letters or more remains (image,
 * usage, region and action stay apart from im, us, reg and act), and irregular past forms to
 * their verb (written → writ, thrown → throw). Words with digits are left alone.
 */
export function stem(word: string): string {
  let w = word.toLowerCase();
  w = IRREGULAR.get(w) ?? w;
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  w = deinflect(w);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  if (w.endsWith('y') && w.length > 3) w = `${w.slice(0, -1)}i`;
  if (w.endsWith('ag') && w.length >= 6) w = w.slice(0, -2);
  else if (w.endsWith('ion') && w.length >= 7) w = w.slice(0, -3);
  return w;
}
