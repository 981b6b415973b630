// Docs, changelogs and licences as path-demotion.ts counts them: below the code unless the question is about them.

/**
 * Changelogs and release notes repeat every name the code has ever had; docs and benchmark data
 * describe the code rather than being it. Below source unless the question is about them
 * (README stays: it is where a newcomer's questions are answered).
 */
// So are the entries kept one per change until a release gathers them (ansible's changelogs/fragments/, towncrier's
// newsfragments/, the JavaScript monorepos' .changeset/): "fix-ansible-galaxy-ignore-certs.yml" came before galaxy's code.
export const CHANGELOG_PATH =
  /(^|\/)(CHANGELOG|CHANGES|HISTORY|NEWS|RELEASES?|RELEASE[-_]NOTES)(\.[a-z]+)?$|(^|\/)(changelogs?|\.changeset|newsfragments|changelog\.d)\//i;
export const CHANGELOG_FACTOR = 0.35;
// Man pages (`rg.1`, `jq.1.prebuilt`, `git.1.txt`) are docs too: one long page naming every option and builtin.
// So is a folder of the samples the docs show (fastapi's docs_src/, a docs-examples/): they call the API over and over.
// And ExDoc's Markdown kinds, a cheatsheet (`router.cheatmd`, every route macro in one page) and a Livebook (`.livemd`).
// And a licence, whose legal prose says "use", "each other", "source" and "work": terraform-google-network's LICENSE came second
// for "how are two networks peered with each other?".
// And the template of a docs page (helm-docs' `README.md.gotmpl`, a generator's `README.md.j2` or `.eex`): the page's prose
// with placeholders; argo-helm's README.md.gotmpl came before the chart's templates for four of twelve questions.
export const DOC_PATH = new RegExp(
  String.raw`(^|\/)(docs?|docs?[_-][a-z]+|documentation|website|benchmarks?|bench|perf)\/|` +
    String.raw`\.(mdx?|rst|adoc|cheatmd|livemd)(\.(gotmpl|tmpl|tpl|j2|jinja2?|eex|erb|hbs|mustache|liquid|njk))?$|` +
    String.raw`\.(csv|tsv|jsonl|snap)$|\.[1-9](\.(prebuilt|in|txt|ronn|md|man))?$`,
  'i',
);
// Upper case, as licences are named: `src/license.ts` may be code checking one.
export const LICENSE_PATH = /(^|\/)(LICEN[CS]E|COPYING|NOTICE)(-[A-Z0-9.-]+)?(\.(md|txt|rst))?$/;
// 0.5 since a chunk gains from the best other chunk of its file (rank.ts): a long manual repeats the
// question's words in many chunks, and at 0.6 jq's docs/content/manual/*.yml outranked the code.
// 0.6 -> 0.5 raised the mean MRR@10 of sixteen sets 0.833 -> 0.840 (jq, gson, ripgrep), none fell.
export const DOC_FACTOR = 0.5;
export const DOC_WORDS = new Set([
  'doc', 'document', 'documentat', 'changelog', 'releas', 'histori', 'bench', 'benchmark', 'guid', 'readm', 'not', 'licens', 'licenc', 'copyright',
]);
