// Which workspace files a stack trace's frames are. A trace prints paths of the machine it ran on
// (`/home/u/venv/lib/python3.12/site-packages/flask/app.py`, `C:\Users\me\app\node_modules\axios\lib\core\Axios.js`,
// `RetryAndFollowUpInterceptor.kt`), so a frame is the file whose path ends with the most of its segments:
// `src/flask/app.py` shares `flask/app.py` and is the frame, `src/flask/sansio/app.py` shares `app.py` and is not.

/** A file name shared by more files than this (`index.js`, `mod.rs`) with nothing more of the path names none of them. */
const MAX_SAME_SUFFIX = 3;

/** How many trailing segments two lower-case paths share. */
function sharedSegments(a: string[], b: string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/**
 * For each frame path (lower case, `/`-separated), the workspace files it names: those sharing the most
 * trailing segments with it, when they are few. Returns each file with the heaviest frame naming it.
 */
export function frameFiles<F extends { path: string; weight: number }>(paths: Iterable<string>, frames: readonly F[]): Map<string, F> {
  const wanted = frames.map((frame) => ({ frame, segments: frame.path.split('/').filter(Boolean), best: 0, files: [] as string[] }));
  const names = new Set(wanted.map((f) => f.segments[f.segments.length - 1]));
  if (names.size === 0) return new Map();
  for (const rel of paths) {
    const name = rel.slice(rel.lastIndexOf('/') + 1).toLowerCase();
    if (!names.has(name)) continue;
    const segments = rel.toLowerCase().split('/');
    for (const f of wanted) {
      const shared = sharedSegments(f.segments, segments);
      if (shared === 0 || shared < f.best) continue;
      if (shared > f.best) [f.best, f.files] = [shared, []];
      f.files.push(rel);
    }
  }
  const out = new Map<string, F>();
  for (const f of wanted) {
    if (f.files.length > MAX_SAME_SUFFIX) continue;
    for (const rel of f.files) if ((out.get(rel)?.weight ?? 0) < f.frame.weight) out.set(rel, f.frame);
  }
  return out;
}
