// What a pasted error, log line or stack trace says, read before its words are (terms.ts): the files of its
// frames, nearest the error first; the messages, without the values the program filled in; and the rest of the
// text, freed of the trace's scaffolding (line numbers, addresses, argument lists, the user's home folder).

/** One file a stack trace names, as a workspace-relative suffix would end (`flask/app.py`), and how near the error it is. */
export interface PastedFrame {
  path: string;
  /** 1 for the frame nearest the error, less for each further file. */
  nearness: number;
}

export interface PastedText {
  /** The text without its frames and with the values a program filled in removed; read for words as a question is. */
  rest: string;
  frames: PastedFrame[];
  /** The frames' functions and source lines (`code`), each as near the error as its frame: nearer ones say more. */
  names: { text: string; nearness: number; code: boolean }[];
  /** Each message's words in order (lower case), the values in it (numbers, quoted text, paths) left out. */
  messages: string[][];
}

/** A paste is read this far: a 2,000-line log must cost what a page costs. */
const MAX_CHARS = 20_000;
const MAX_LINES = 400;
/** Frames past these many files add nothing a developer would look at first. */
const MAX_FRAMES = 12;
const MAX_MESSAGES = 6;
/** Lines of output read for words: a log repeats its shape line after line, and each new word is one more posting list to scan. */
const MAX_OUTPUT_LINES = 12;
/** A line is read this far: the frame and tag patterns stay linear on a minified line. */
const MAX_LINE = 1000;
const FRAME_DECAY = 0.5;

// A frame of each runtime's trace: Python's `File "…", line N, in f`; JavaScript's `at f (path:line:col)` and
// `at path:line:col`; the JVM's `at pkg.Class.method(File.kt:12)`; .NET's `at Ns.Class.Method(args) in path:line N`;
// Go's file line `\t/path/file.go:123 +0x1c5` under its function line `pkg.(*T).Method(0x…)`.
const PY_FRAME = /^File "([^"]+)", line \d+(?:, in (\S+))?/;
const JS_FRAME = /^at (?:async )?(?:(.+?) \()?((?:[a-z][\w+.-]*:\/+)?[^\s()]+?):\d+(?::\d+)?\)?$/;
const JVM_FRAME = /^at ([\w$.<>/]+)\(([\w$.-]+?)(?::\d+)?\)$/;
const NET_FRAME = /^at ([\w$.`<>[\]]+)\([^)]*\)(?: in (.+?):line \d+)?$/;
const GO_FILE = /^(\S+\.go):\d+(?: \+0x[0-9a-f]+)?$/;
const GO_FUNC = /^[\w./-]*?([\w]+)\.(?:\(\*?(\w+)\)\.)?(\w+)\((?:0x[0-9a-f]+|\.\.\.|\{[^}]*\}|[, ])*\)$/;
/** Lines that frame a trace and name nothing: Python's header, Go's goroutine line, the JVM's `... 12 more`. */
const SCAFFOLD = new RegExp(
  String.raw`^(?:Traceback \(most recent call last\):|goroutine \d+ \[[\w ]+\]:|\.\.\. \d+ more|` +
    String.raw`During handling of the above exception.*|The above exception was the direct cause.*|--- End of .*---)$`,
);

/** A frame's path in lower case with `/`, without the line and column a trace appends (`src/a.ts:12:5`), its URL scheme or drive. */
export function workspacePath(raw: string): string {
  return raw
    .replace(/^(?:webpack-internal|webpack|file|node):\/*(?:\.\/)?/i, '')
    .replace(/\\/g, '/')
    .replace(/^[A-Za-z]:\//, '/')
    .replace(/(?::\d+){1,2}$/, '')
    .replace(/^\.\//, '')
    .toLowerCase();
}

/** Class.method of a qualified name (`okhttp3.internal.http.RetryAndFollowUpInterceptor.intercept`): the package says where, not what. */
function lastTwo(qualified: string): string {
  return qualified.split('.').filter(Boolean).slice(-2).join('.');
}

/** A frame line's file and function, or undefined for a line that is no frame. */
function frameOf(line: string): { path?: string; name?: string } | undefined {
  let m = PY_FRAME.exec(line);
  if (m) return { path: m[1], name: m[2] };
  if ((m = JVM_FRAME.exec(line))) return { path: m[2], name: lastTwo(m[1]) };
  if ((m = JS_FRAME.exec(line))) return { path: m[2], name: m[1]?.replace(/\s*\[as [^\]]*\]/, '') };
  if ((m = NET_FRAME.exec(line))) return { path: m[2], name: lastTwo(m[1]) };
  if ((m = GO_FILE.exec(line))) return { path: m[1] };
  if ((m = GO_FUNC.exec(line))) return { name: m[2] ? `${m[2]}.${m[3]}` : `${m[1]}.${m[3]}` };
  return undefined;
}

// What a program puts before its message: an error type (`requests.exceptions.TooManyRedirects:`, `TypeError:`), a
// severity or program name (`panic:`, `Error:`, `jq: error (at <stdin>:0):`, `[GIN-debug] [WARNING]`), `Uncaught`, a
// severity shouted (ansible's `ERROR! `: its words are in no message the source writes).
const TAG = /^(?:\[[\w .-]+\]\s*|Uncaught\s+|Caused by:\s+|[A-Z]{3,}!\s+|(?:[\w$-]+\.)*[\w$-]+(?:\s*\[[\w-]+\])?(?:\s+\([^)]*\))?:\s+)/;
/** Tags that are an error's type (and so, in a paste, name a class the project may define), not a severity. */
const ERROR_TYPE = /^(?:[\w$]+\.)+[A-Z][\w$]*$|^[A-Z][\w$]*(?:Error|Exception|Warning|Fault|Panic)$/;

/** A path of the machine the program ran on (`/home/u/app/views`, `C:\\Users\\…`, `~/x`): not a workspace name. */
const ABSOLUTE_PATH = /(?<![\w.])(?:[A-Za-z]:[\\/]|~\/|\/)\S*/g;

/**
 * The names among a line's tags worth searching: an error type by its class (`TooManyRedirects`, not its module
 * `requests.exceptions`), and a function the program names its message after (`RegisterFlagCompletionFunc:`);
 * not a severity or a program's name (`panic`, `Error`, `jq`), which every message of the project shares.
 */
function tagNames(tags: string, types: string[]): string[] {
  const named = (tags.match(/[\w$]+/g) ?? []).filter((w) => /[a-z][A-Z]|[A-Za-z]_[A-Za-z]/.test(w) && !types.some((t) => t.includes(w)));
  return [...types.map((t) => t.split('.').pop()!), ...named];
}

/** The message of a log or error line, its leading tags removed, and the error types among those tags. */
export function messageOf(line: string): { message: string; types: string[] } {
  const types: string[] = [];
  let rest = line.trim();
  for (let i = 0; i < 4; i++) {
    const m = TAG.exec(rest);
    if (!m || m[0].split(/\s+/).length > 4) break;
    const name = m[0].replace(/(?:\s*\[[\w-]+\])?(?:\s+\([^)]*\))?:\s+$/, '').trim();
    if (ERROR_TYPE.test(name)) types.push(name);
    rest = rest.slice(m[0].length);
  }
  return { message: rest, types };
}

/**
 * The words of a message that the program's source writes as they are: numbers, quoted values, paths and
 * bracketed values were filled in at run time (`Exceeded 30 redirects.` of `f"Exceeded {n} redirects."`).
 */
export function messageWords(message: string): string[] {
  const literal = message
    .replace(/"[^"\n]*"|'[^'\n]*'|`[^`\n]*`|<[^>\n]*>|\{[^}\n]*\}|\[[^\]\n]*\]|[$%@]\w+/g, ' ')
    .replace(ABSOLUTE_PATH, ' ')
    .replace(/\b\d[\w.]*\b/g, ' ');
  return (literal.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).map((w) => w.toLowerCase());
}

/**
 * Whether a line reads as a program's output rather than as a question: it has a tag (`TypeError:`, `panic:`), or
 * it is a sentence of four words or more, not phrased as asking, that holds what messages do: a colon, quotes, brackets,
 * a path or a number. Keywords typed as a search (`abort signal cancellation`) and the user's own sentences are no output.
 */
const ASKING = /^(?:how|what|where|why|which|when|who|whom|is|are|does|do|did|can|could|should|would|will|explain|show|find|i|we|my|our|please|help)\b/i;

function isOutput(line: string, tagged: boolean): boolean {
  if (tagged) return true;
  if (/[?]\s*$/.test(line) || ASKING.test(line)) return false;
  return line.split(/\s+/).length >= 4 && /[:"`()[\]\\/=\d]|(?:^|\s)'[^'\s][^']*'/.test(line);
}

/** One frame as a trace prints it: its file, its function, and (Python) the source line it was at. */
interface FrameLine {
  path?: string;
  name?: string;
  code?: string;
}

/**
 * Reads a pasted error, log or stack trace: its frames' files and functions (nearest the error first: Python
 * prints that frame last, the others first), its messages (each line of output, and text quoted in a
 * question), and the text left for words. A plain question comes back as it was, with no frames and no messages.
 */
export function readPasted(question: string): PastedText {
  const lines = question.slice(0, MAX_CHARS).split(/\r?\n/).slice(0, MAX_LINES);
  const frames: FrameLine[] = [];
  const messages: string[][] = [];
  const rest: string[] = [];
  let pythonOrder = false;
  let last: FrameLine | undefined;
  let outputs = 0;
  for (const whole of lines) {
    const raw = whole.slice(0, MAX_LINE);
    const line = raw.trim();
    if (!line || SCAFFOLD.test(line)) {
      if (/^Traceback/.test(line)) pythonOrder = true;
      continue;
    }
    const frame = frameOf(line);
    if (frame) {
      if (PY_FRAME.test(line)) pythonOrder = true;
      // Go prints a frame's function on one line and its file on the next.
      if (last && last.path === undefined && frame.name === undefined && GO_FILE.test(line)) last.path = frame.path;
      else frames.push((last = { ...frame }));
      continue;
    }
    // The source line Python prints under its frame is code: its names are kept, it is no message.
    if (last && pythonOrder && last.code === undefined && /^\s{2,}/.test(raw)) {
      last.code = line;
      continue;
    }
    last = undefined;
    const { message } = messageOf(line);
    if (isOutput(line, message !== line)) {
      if (++outputs > MAX_OUTPUT_LINES) continue;
      const out = readOutput(line);
      rest.push(out.text);
      for (const words of [out.words, ...out.links]) if (messages.length < MAX_MESSAGES) messages.push(words);
      continue;
    }
    // A message quoted in a question (`why do I get "InvalidSchema: Missing dependencies for SOCKS support."?`) is read as output.
    rest.push(
      line.replace(QUOTED_MESSAGE, (_m, a?: string, b?: string) => {
        const out = readOutput((a ?? b ?? '').trim());
        if (messages.length < MAX_MESSAGES) messages.push(out.words);
        return ` ${out.text} `;
      }),
    );
  }
  const ordered = (pythonOrder ? frames.reverse() : frames).slice(0, MAX_FRAMES);
  // The line the error was raised at is written in the source as it is printed: found as a message is.
  for (const f of ordered.slice(0, 2)) if (f.code && messages.length < MAX_MESSAGES) messages.push(messageWords(f.code));
  return {
    rest: rest.filter(Boolean).join('\n'),
    frames: frameFiles(ordered),
    names: ordered.flatMap((f, i) => [
      ...(f.name ? [{ text: f.name, nearness: Math.pow(FRAME_DECAY, i), code: false }] : []),
      ...(f.code ? [{ text: f.code, nearness: Math.pow(FRAME_DECAY, i), code: true }] : []),
    ]),
    messages: messages.filter((m) => m.length >= 2),
  };
}

/** The distinct files of the frames, nearest first, each as near as its nearest frame. */
function frameFiles(ordered: FrameLine[]): PastedFrame[] {
  const out: PastedFrame[] = [];
  for (const f of ordered) {
    const path = f.path === undefined ? undefined : workspacePath(f.path);
    if (path && !out.some((o) => o.path === path)) out.push({ path, nearness: Math.pow(FRAME_DECAY, out.length) });
  }
  return out;
}

/** Quoted text of several words in a question: an error message, as users quote them. */
const QUOTED_MESSAGE = /"([^"\n]{12,400}\s[^"\n]*)"|`([^`\n]{12,400}\s[^`\n]*)`/g;

/**
 * A line of output: its text for words, where an error's type is kept by its class name, not its module
 * (`requests.exceptions`), and the values the program filled in (quoted names, paths of the user's machine,
 * `<stdin>`, `<class 'app.User'>`), which name nothing in the source, are left out; and its message's words.
 */
function readOutput(line: string): { text: string; words: string[]; links: string[][] } {
  const { message, types } = messageOf(line);
  const values = message.replace(/<[^>\n]*>/g, ' ').replace(/["'`]/g, ' ').replace(ABSOLUTE_PATH, ' ');
  const text = [...tagNames(line.slice(0, line.length - message.length), types), values].join(' ');
  return { text, words: messageWords(message), links: chainLinks(message) };
}

/**
 * An error wrapped on its way up prints as a chain, each layer's words before the next one's colon (Go's
 * `fmt.Errorf("adapting config using %s: %w", name, err)` around `"ambiguous site definition: %s"`, Rust's
 * `context`, a CLI's prefix): each layer is written in its own file, so no one place writes 40 % of the whole
 * line's word pairs. The innermost link of three words or more, the error where it was raised, is a message
 * too (after the whole line, which still finds a place writing all of it first). Only that one: each message
 * reads the chunks holding its rarest words (on babel, `adapting config using babel` read 628 chunks more than the
 * whole line did: +20 % CPU time for that question).
 */
function chainLinks(message: string): string[][] {
  const links = message.split(/:\s+/).map(messageWords);
  const innermost = [...links].reverse().find((words) => words.length >= 3);
  return links.length >= 2 && innermost && innermost.length < links.flat().length ? [innermost] : [];
}
