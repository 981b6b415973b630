import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import c from 'highlight.js/lib/languages/c';
import cpp from 'highlight.js/lib/languages/cpp';
import csharp from 'highlight.js/lib/languages/csharp';
import css from 'highlight.js/lib/languages/css';
import diff from 'highlight.js/lib/languages/diff';
import go from 'highlight.js/lib/languages/go';
import ini from 'highlight.js/lib/languages/ini';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import kotlin from 'highlight.js/lib/languages/kotlin';
import markdown from 'highlight.js/lib/languages/markdown';
import php from 'highlight.js/lib/languages/php';
import python from 'highlight.js/lib/languages/python';
import ruby from 'highlight.js/lib/languages/ruby';
import rust from 'highlight.js/lib/languages/rust';
import shell from 'highlight.js/lib/languages/shell';
import sql from 'highlight.js/lib/languages/sql';
import swift from 'highlight.js/lib/languages/swift';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { codeLinesHtml } from './code-lines';

// The languages answers about code bases mostly quote; each is a few KB in the bundle, all 190 are ~1 MB.
const LANGUAGES = {
  bash, c, cpp, csharp, css, diff, go, ini, java, javascript, json, kotlin, markdown, php, python, ruby, rust, shell, sql, swift,
  typescript, xml, yaml,
};
for (const [name, lang] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, lang);
hljs.configure({ ignoreUnescapedHTML: true });

/** Beyond this a block is shown plain: highlighting is a nicety, never a cost the user waits for. */
const MAX_HIGHLIGHT_CHARS = 20_000;
/** Guessing the language of an unlabelled block is only tried on short ones. */
const MAX_AUTO_CHARS = 4_000;

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/**
 * A fenced block's code as HTML: highlight.js token spans (`hljs-keyword`, `hljs-string`…), which
 * the webview's stylesheet colours with the theme's own colours, or escaped plain text when the
 * language is unknown or the block is long. The result is escaped text and spans only.
 */
export function highlightCode(code: string, info: string): { html: string; language?: string } {
  const name = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (code.length > MAX_HIGHLIGHT_CHARS) return { html: escapeHtml(code) };
  try {
    const known = name ? hljs.getLanguage(name) : undefined;
    if (known) return { html: hljs.highlight(code, { language: name, ignoreIllegals: true }).value, language: known.name };
    if (!name && code.length <= MAX_AUTO_CHARS) {
      const auto = hljs.highlightAuto(code);
      if (auto.language && auto.relevance >= 5) return { html: auto.value, language: hljs.getLanguage(auto.language)?.name };
    }
  } catch {
    // A grammar that throws on odd input costs the colours, not the answer.
  }
  return { html: escapeHtml(code) };
}

/**
 * The whole `<pre>` of a fenced block, with a Copy button the webview wires up (it copies the
 * `<code>` element's text, so the button's own label is never copied).
 */
export function codeBlockHtml(code: string, info: string): string {
  const { html, language } = highlightCode(code, info);
  const label = language ? ` data-language="${escapeHtml(language)}"` : '';
  const copy = '<button type="button" class="copy-code" title="Copy code" aria-label="Copy code">Copy</button>';
  return `<pre class="code-block"${label}>${copy}<code class="hljs">${codeLinesHtml(html)}</code></pre>\n`;
}
