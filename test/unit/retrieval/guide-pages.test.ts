import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demotedFor, pathFactor } from '../../../src/engine/retrieval/path-demotion';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const factor = (question: string, rel: string) => pathFactor(rel, demotedFor(extractTerms(question)));

// As gson keeps them: the user guide's section, and the builder whose methods and docs name type adapters all through.
const GUIDE = `# Gson User Guide

## Custom Serialization and Deserialization

To register a custom type adapter, call \`registerTypeAdapter\` on a \`GsonBuilder\` with the type and the adapter:

    Gson gson = new GsonBuilder().registerTypeAdapter(MyType.class, new MyTypeAdapter()).create();
`;
const BUILDER = `public final class GsonBuilder {
  /**
   * Configures Gson for custom serialization or deserialization. This method combines the
   * registration of a {@link TypeAdapter}, {@link InstanceCreator}, {@link JsonSerializer}, and a
   * {@link JsonDeserializer}: a custom type adapter registered for the type replaces the built-in type adapter.
   */
  public GsonBuilder registerTypeAdapter(Type type, Object typeAdapter) {
    if (typeAdapter instanceof TypeAdapter<?>) {
      TypeToken<?> typeToken = TypeToken.get(type);
      factories.add(TypeAdapters.newFactory(typeToken, (TypeAdapter) typeAdapter)); // the custom type adapter
    }
    return this;
  }
  /** Registers a custom type adapter for a type hierarchy: the adapter applies to the type and its subtypes. */
  public GsonBuilder registerTypeHierarchyAdapter(Class<?> baseType, Object typeAdapter) {
    factories.add(TypeAdapters.newTypeHierarchyFactory(baseType, (TypeAdapter) typeAdapter)); // custom type adapter
    return this;
  }
}
`;

describe("a guide for the project's users", () => {
  it('counts up where the question asks how to do something', () => {
    const q = 'how do I register a custom type adapter?';
    for (const rel of ['UserGuide.md', 'GUIDE.md', 'docs/USAGE.md', 'FAQ.md', 'docs/guide/env-and-mode.md', 'docs/user/quickstart.rst',
      'docs/TUTORIAL.md', 'doc/cookbook.rst', 'docs/recipes/retries.md']) {
      assert.equal(factor(q, rel), 1.5, rel);
    }
    // Asked how something works, a guide stays a docs page; other docs pages and the code keep their weight.
    assert.equal(factor('how are custom type adapters registered?', 'UserGuide.md'), 0.5);
    // Nor does a tutorial's folder, whose pages build one example app step by step.
    for (const rel of ['docs/api/gson.md', 'README.md', 'docs/tutorial/tests.rst', 'src/guide.ts', 'gson/src/main/java/com/google/gson/GsonBuilder.java']) {
      assert.equal(factor(q, rel), 1, rel);
    }
  });

  it('comes before the code naming the same methods more often, for a how-to question only', async () => {
    const index = await indexCorpus({ 'UserGuide.md': GUIDE, 'gson/src/main/java/com/google/gson/GsonBuilder.java': BUILDER },
      'grounded-guide-pages-');
    assert.equal(await topPath(index, 'how do I register a custom type adapter?'), 'UserGuide.md');
    assert.equal(await topPath(index, 'how is a custom type adapter registered?'), 'gson/src/main/java/com/google/gson/GsonBuilder.java');
  });
});
