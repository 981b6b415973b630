/**
 * Files kept for the tools a team works with rather than being the project: an IDE's project and settings files
 * (ReSharper's `Serilog.sln.DotSettings`, 43 KB of inspection names, came first for "where does Serilog report its own
 * internal errors?"; IntelliJ's `.iml` and `.idea/`, VS Code's `.vscode/`, Xcode's `.xcodeproj/` listing every file and
 * build setting, Visual Studio's solutions) and the instructions kept for AI coding assistants (`AGENTS.md`, `CLAUDE.md`,
 * `.github/copilot-instructions.md`, `.cursorrules`, skills under `.agents/`, `.claude/`, `.cursor/`), which restate the
 * project's layout and docs in a newcomer's words: fastapi's `fastapi/.agents/skills/fastapi/references/dependencies.md`
 * came first for "how are dependencies with yield cleaned up after the response?". Ten of 61 labelled trees keep such
 * instructions, more each month. They count as translations do unless the question is about the IDE or the assistants:
 * below the docs, which a how-to question keeps level with the code.
 */
export const TOOL_FACTOR = 0.35;

/** Anchored at the end or the start, as the other kinds' patterns: this runs once for every file a question scores. */
export const TOOL_PATH = new RegExp(
  String.raw`(^|\/)\.(idea|vscode|fleet|zed|claude|cursor|agents|windsurf|continue)\/|` +
    String.raw`(^|\/)[^/]+\.(xcodeproj|xcworkspace)\/|\.(DotSettings(\.user)?|iml|sln|code-workspace|xcscheme|vcxproj(\.filters)?)$|` +
    String.raw`(^|\/)(AGENTS|CLAUDE|GEMINI)\.md$|(^|\/)\.(cursorrules|windsurfrules|clinerules)$|` +
    String.raw`(^|\/)\.github\/(copilot-instructions\.md|instructions\/|prompts\/|chatmodes\/)`,
);

/** Words of a question about the IDE or the assistants (stemmed, as terms are). */
export const TOOL_WORDS = new Set([
  'ide', 'vscod', 'xcod', 'intellij', 'jetbrain', 'resharper', 'rider', 'editor', 'debugger', 'solut', 'workspac',
  'agent', 'ai', 'claud', 'copilot', 'cursor', 'gemini', 'llm', 'assistant', 'skill', 'prompt', 'instruct',
]);
