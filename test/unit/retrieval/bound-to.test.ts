import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { extractTerms } from '../../../src/engine/retrieval/terms';
import { indexCorpus, topPath } from '../../support/corpus-index';

const words = (q: string) => extractTerms(q).filter((t) => t.kind === 'word').map((t) => t.text);

describe('"bound to" read as the verb bind', () => {
  it('reads `bound to` as bind, and leaves the bound of a range alone', () => {
    assert.deepEqual(words('how are arrows bound to shapes?'), ['arrow', 'bind', 'shap']);
    assert.ok(words('which port is the server bound to?').includes('bind'));
    assert.deepEqual(words('what is the upper bound of the loop?'), ['upper', 'bound', 'loop']);
  });

  it('finds the code binding arrows before the code computing bounds', async () => {
    const index = await indexCorpus({
      'src/binding.ts': `// Binds an arrow's ends to the shapes they point at, and keeps them bound as the shapes move.
export const bindArrowToShape = (arrow: Arrow, shape: Shape, end: 'start' | 'end') => {
  arrow[end === 'start' ? 'startBinding' : 'endBinding'] = { elementId: shape.id, gap: 4 };
  shape.boundElements = [...(shape.boundElements ?? []), { id: arrow.id, type: 'arrow' }];
};
`,
      'src/bounds.ts': `// The bounds of an element: the box around its points. An arrow's bounds follow its points, a shape's its size.
export const getElementBounds = (element: Element): Bounds => {
  const [minX, minY, maxX, maxY] = element.type === 'arrow' ? getArrowBounds(element) : getShapeBounds(element);
  return { minX, minY, maxX, maxY }; // bound: the box around the arrow or the shape
};
`,
    }, 'grounded-bound-');
    const first = (q: string) => topPath(index, q);
    assert.equal(await first('how are arrows bound to shapes?'), 'src/binding.ts');
    assert.equal(await first('how is the bound of an arrow or a shape computed?'), 'src/bounds.ts');
  });
});
