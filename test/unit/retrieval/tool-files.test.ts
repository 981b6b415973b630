import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const factor = (question: string, rel: string, indexed?: (rel: string) => boolean) =>
  pathFactor(rel, demotedFor(extractTerms(question)), indexed);

// An assistant's instructions restate the project's layout in a newcomer's words, as fastapi's .agents/ skills do.
const AGENTS = `# Instructions for AI coding agents

- Dependencies with yield: the code after yield runs after the response is sent, to clean up.
  The exit stack of the request closes each dependency with yield in reverse order.
- Dependencies with yield are cleaned up after the response: see the dependency solver.
- Run the tests with \`pytest\`; keep dependencies with yield cleaned up in tests too.
`;
const SOLVER = `# The dependency solver: calls each dependency of an endpoint, in order.
async def solve_dependencies(request, dependant, async_exit_stack):
    for sub in dependant.dependencies:
        if is_gen_callable(sub.call):
            # A dependency with yield: entered on the request's exit stack, so the code after yield
            # runs when the stack closes, after the response.
            solved = await async_exit_stack.enter_async_context(contextmanager_in_threadpool(sub.call))
`;

describe('IDE files and instructions for AI assistants', () => {
  it('count less unless the question is about the IDE or the assistants', () => {
    const q = 'where does the logger report its own internal errors?';
    for (const rel of [
      'Serilog.sln.DotSettings', 'Serilog.sln', 'lichess_mobile.iml', '.idea/workspace.xml', '.vscode/settings.json',
      'ios/Runner.xcodeproj/project.pbxproj', 'AGENTS.md', 'CLAUDE.md', 'packages/app/AGENTS.md', '.github/copilot-instructions.md',
      '.cursorrules', 'fastapi/.agents/skills/fastapi/references/dependencies.md', '.claude/skills/triage/SKILL.md',
    ]) assert.equal(factor(q, rel), 0.35, rel);
    // Asked about them, they keep their weight: an IDE's file wholly, an assistant's Markdown instructions as the docs they are.
    assert.equal(factor('how is the VS Code debugger launched?', '.vscode/launch.json'), 1);
    assert.equal(factor('what do the instructions for Claude say?', 'CLAUDE.md'), 0.5);
    // Code about agents or editors is code; so is this project's own `.agent/` state, which the workspace hides anyway.
    for (const rel of ['src/agents.md.ts', 'apps/rebar/src/rebar_agent.erl', 'lib/agents/runner.py', 'docs/editor.md']) {
      assert.notEqual(factor(q, rel), 0.35, rel);
    }
  });

  it('put the code first where the instructions say the question\'s words more often', async () => {
    const index = await indexCorpus({ 'fastapi/.agents/skills/fastapi/references/dependencies.md': AGENTS, 'fastapi/dependencies/utils.py': SOLVER },
      'grounded-tool-files-');
    assert.equal(await topPath(index, 'how are dependencies with yield cleaned up after the response?'), 'fastapi/dependencies/utils.py');
    assert.equal(await topPath(index, 'what do the agent skills say about dependencies with yield?'),
      'fastapi/.agents/skills/fastapi/references/dependencies.md');
  });
});

describe("a Terraform module's generated blueprint metadata", () => {
  const module = new Set(['modules/routes/main.tf', 'modules/routes/variables.tf', 'main.tf']);
  const indexed = (rel: string) => module.has(rel);

  it('counts as docs beside a Terraform file, unless the question is about the docs or the metadata', () => {
    const q = 'how are custom routes added to the network?';
    assert.equal(factor(q, 'modules/routes/metadata.yaml', indexed), 0.5);
    assert.equal(factor(q, 'modules/routes/metadata.display.yaml', indexed), 0.5);
    assert.equal(factor(q, 'metadata.yaml', indexed), 0.5);
    assert.equal(factor('what does the blueprint metadata list as inputs?', 'modules/routes/metadata.yaml', indexed), 1);
    // Elsewhere a metadata.yaml is whatever its project makes of it.
    assert.equal(factor(q, 'charts/app/metadata.yaml', indexed), 1);
    assert.equal(factor(q, 'modules/routes/main.tf', indexed), 1);
  });
});
