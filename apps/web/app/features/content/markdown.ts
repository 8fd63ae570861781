/**
 * A small Markdown reader for the terms and privacy texts staff edit (headings, paragraphs, lists, bold,
 * italic and links). It produces a block tree that React renders as elements, so stored text can never inject
 * HTML: "<script>" stays text.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 2 | 3 | 4; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

const safeHref = (href: string) => /^(https?:\/\/|mailto:|\/(?!\/)|#)/i.test(href.trim());

/** Bold (**x**), italic (*x* or _x_) and links ([x](url)); anything else is text. */
export const parseInline = (text: string): Inline[] => {
  const out: Inline[] = [];
  const pattern =
    /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|(?<![\w*])\*(?!\s)(.+?)\*(?!\w)|(?<!\w)_(?!\s)(.+?)_(?!\w)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) out.push({ kind: 'text', text: text.slice(last, index) });
    const [, bold, linkText, href, italicStar, italicUnderscore] = match;
    if (bold !== undefined) out.push({ kind: 'strong', children: parseInline(bold) });
    else if (linkText !== undefined && href !== undefined)
      out.push(
        safeHref(href)
          ? { kind: 'link', href, children: parseInline(linkText) }
          : { kind: 'text', text: match[0] },
      );
    else out.push({ kind: 'em', children: parseInline(italicStar ?? italicUnderscore ?? '') });
    last = index + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
};

/** The page has its own h1, so "#" and "##" become h2, "###" h3, deeper h4. */
const headingLevel = (hashes: number): 2 | 3 | 4 => (hashes <= 2 ? 2 : hashes === 3 ? 3 : 4);

export const parseMarkdown = (source: string): Block[] => {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
    if (list) blocks.push({ kind: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    list = null;
  };

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({
        kind: 'heading',
        level: headingLevel(heading[1]?.length ?? 2),
        children: parseInline(heading[2] ?? ''),
      });
    } else if (bullet || numbered) {
      const ordered = Boolean(numbered);
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet?.[1] ?? numbered?.[1] ?? '').trim());
    } else if (list && /^\s{2,}/.test(raw) && list.items.length > 0) {
      // An indented line continues the last list item.
      list.items[list.items.length - 1] += ` ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
};
