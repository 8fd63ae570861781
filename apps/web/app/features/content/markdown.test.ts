import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs and both kinds of lists', () => {
    const blocks = parseMarkdown(
      '# Terms\n\nFirst line\nsame paragraph.\n\n## 1. Who\n\n- one\n- two\n  continued\n\n1. first\n2. second\n### Deeper',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'heading', 'list', 'list', 'heading']);
    expect(blocks[0]).toMatchObject({ level: 2 });
    expect(blocks[1]).toEqual({
      kind: 'paragraph',
      children: [{ kind: 'text', text: 'First line same paragraph.' }],
    });
    expect(blocks[3]).toMatchObject({
      ordered: false,
      items: [[{ text: 'one' }], [{ text: 'two continued' }]],
    });
    expect(blocks[4]).toMatchObject({ ordered: true });
    expect(blocks[5]).toMatchObject({ level: 3 });
  });

  it('keeps HTML as text and drops unsafe links', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
    ]);
    expect(parseInline('[x](javascript:alert(1))')[0]).toMatchObject({ kind: 'text' });
  });

  it('reads bold, italic and safe links', () => {
    expect(parseInline('a **b** *c* [d](mailto:x@y.z)')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'c' }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'mailto:x@y.z', children: [{ kind: 'text', text: 'd' }] },
    ]);
  });
});
