import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { declaresOnly } from '../../../src/engine/retrieval/declaration-only';
import { indexCorpus } from '../../support/corpus-index';

// An interface whose doc comments say what every enricher does, in the words of a question about it, and the class
// that applies the enrichers to each event (the answer), written as serilog writes them.
const INTERFACE = `namespace Logging.Core;

/// <summary>
/// Applied during logging to add additional information to log events.
/// </summary>
public interface ILogEventEnricher
{
    /// <summary>Enrich the log event.</summary>
    void Enrich(LogEvent logEvent, IPropertyFactory propertyFactory);
}
`;
const AGGREGATE = `namespace Logging.Core.Enrichers;

// Applies each enricher to the event in turn; one that throws does not stop the others.
sealed class SafeAggregateEnricher : ILogEventEnricher
{
    readonly ILogEventEnricher[] _enrichers;

    public SafeAggregateEnricher(IEnumerable<ILogEventEnricher> enrichers)
    {
        _enrichers = enrichers.ToArray();
    }

    public void Enrich(LogEvent logEvent, IPropertyFactory propertyFactory)
    {
        foreach (var enricher in _enrichers)
        {
            try
            {
                enricher.Enrich(logEvent, propertyFactory);
            }
            catch (Exception ex)
            {
                SelfLog.WriteLine("Exception {0} caught while enriching {1} with {2}.", ex, logEvent, enricher);
            }
        }
    }
}
`;
const OTHERS = {
  'src/Core/LogEvent.cs': 'public class LogEvent { public DateTimeOffset Timestamp { get; } }\n',
  'src/Core/Sink.cs': 'public class Sink { public void Emit(LogEvent e) { Console.WriteLine(e); } }\n',
};

describe('files that only declare types', () => {
  it('judges files built to make its comment and string patterns backtrack, at once and as before', () => {
    // 200 K blank lines before a `#` line, and a line of 100 K `"\` pairs: the old patterns took 20 s and 40 s.
    assert.equal(declaresOnly('src/Kind.cs', `public enum Kind { A }\n${'\n'.repeat(200_000)}#region x`), true);
    assert.equal(declaresOnly('src/Kind.cs', `public enum Kind { A }\n${'"\\'.repeat(100_000)}`), true);
    assert.equal(declaresOnly('src/Kind.cs', `public enum Kind { A }\n${'"\\'.repeat(100_000)}\nreturn 1; return 2;`), false);
    // A statement word inside a literal an escaped quote does not close is still hidden by it.
    assert.equal(declaresOnly('src/Kind.cs', 'public enum Kind { A }\nconst s = "a \\" return if";'), true);
    // 200 K lines opening a comment none closes, and 200 K unclosed type parameters: the old patterns took 10 s and 21 s.
    assert.equal(declaresOnly('src/Kind.cs', `public enum Kind { A }\n${'/* x\n'.repeat(200_000)}`), true);
    assert.equal(declaresOnly('src/Kind.cs', `public enum Kind { A }\n${'/* x\n'.repeat(200_000)}return 1; return 2;`), false);
    assert.equal(declaresOnly('src/types.ts', `${'type A<\n'.repeat(200_000)}type B<T> = T[];`), true);
    assert.equal(declaresOnly('src/types.ts', 'type A<\n'.repeat(200_000)), false);
    // Closed comments still hide what they say; an unclosed one hides nothing, as before.
    assert.equal(declaresOnly('src/Kind.cs', 'public enum Kind { A }\n/* return 1; */ /* return 2; */'), true);
    assert.equal(declaresOnly('src/Kind.cs', 'public enum Kind { A }\n/* a */ return 1; /* return 2;'), false);
  });

  it('tells an interface, an enum or a type alias from code', () => {
    assert.equal(declaresOnly('src/ILogEventEnricher.cs', INTERFACE), true);
    assert.equal(declaresOnly('src/SafeAggregateEnricher.cs', AGGREGATE), false);
    const handling = 'namespace J\n{\n    public enum LoopHandling\n    {\n        Error = 0,\n        Ignore = 1\n    }\n}\n';
    assert.equal(declaresOnly('src/Handling.cs', handling), true);
    // A default member returning a constant is still a declaration; preprocessor lines are no statements.
    const batched =
      'public interface IBatched\n{\n    Task Emit();\n    Task OnEmpty()\n#if DEFAULT\n    { return Task.CompletedTask; }\n#else\n    ;\n#endif\n}\n';
    assert.equal(declaresOnly('src/IBatched.cs', batched), true);
    assert.equal(declaresOnly('src/types.ts', 'export type Point = { x: number; y: number };\nexport interface Scene { points: Point[] }\n'), true);
    assert.equal(declaresOnly('src/Factory.php', '<?php\ninterface Factory\n{\n    public function make(string $name): Client;\n}\n'), true);
    // Kotlin's enum class is a declaration; one with code in its members is not.
    assert.equal(declaresOnly('src/Level.kt', 'enum class Level { DEBUG, INFO }\n'), true);
    const coded = 'enum class Protocol(val name: String) {\n  HTTP("http");\n  companion object {\n    fun get(s: String): Protocol {\n'
      + '      if (s == "http") return HTTP\n      throw IOException(s)\n    }\n  }\n}\n';
    assert.equal(declaresOnly('src/Protocol.kt', coded), false);
    // Code beside the declaration, a class of its own, a typings file, a language that declares in headers: not these.
    assert.equal(declaresOnly('src/points.ts', 'export interface P { x: number }\nexport function origin(): P { return { x: 0 }; }\n'), false);
    assert.equal(declaresOnly('src/Dto.cs', 'public class Dto { public string Name { get; set; } }\n'), false);
    assert.equal(declaresOnly('types/index.d.ts', 'export interface Config { url: string }\n'), false);
    assert.equal(declaresOnly('src/level.py', 'class Level(Enum):\n    DEBUG = 1\n'), false);
    // Words of code inside comments or strings do not count.
    const retry = '/* if it fails, return and retry */\npublic interface IRetry { bool ShouldRetry(string why = "if"); }\n';
    assert.equal(declaresOnly('src/IRetry.cs', retry), true);
  });

  it('puts the code applying enrichers above the interface declaring them, unless the question asks about the interface', async () => {
    const corpus = { 'src/Core/ILogEventEnricher.cs': INTERFACE, 'src/Core/Enrichers/SafeAggregateEnricher.cs': AGGREGATE, ...OTHERS };
    const index = await indexCorpus(corpus, 'grounded-declares-');
    const paths = async (q: string) => (await index.search(extractTerms(q), 10)).map((r) => r.path);
    assert.equal((await paths('how are enrichers applied to each event?'))[0], 'src/Core/Enrichers/SafeAggregateEnricher.cs');
    assert.equal((await paths('what does the enricher interface declare?'))[0], 'src/Core/ILogEventEnricher.cs');
  });
});
