import type { ReactNode } from 'react';
import { type Block, type Inline, parseMarkdown } from '../markdown';

const renderInline = (nodes: Inline[]): ReactNode[] =>
  nodes.map((node, index) => {
    // biome-ignore-start lint/suspicious/noArrayIndexKey: static text, never reordered.
    if (node.kind === 'text') return node.text;
    if (node.kind === 'strong') return <strong key={index}>{renderInline(node.children)}</strong>;
    if (node.kind === 'em') return <em key={index}>{renderInline(node.children)}</em>;
    const external = /^https?:/i.test(node.href);
    return (
      <a key={index} href={node.href} {...(external ? { rel: 'noopener noreferrer' } : {})}>
        {renderInline(node.children)}
      </a>
    );
    // biome-ignore-end lint/suspicious/noArrayIndexKey: static text, never reordered.
  });

const renderBlock = (block: Block, index: number) => {
  if (block.kind === 'heading') {
    const Heading = `h${block.level}` as const;
    return <Heading key={index}>{renderInline(block.children)}</Heading>;
  }
  if (block.kind === 'paragraph') return <p key={index}>{renderInline(block.children)}</p>;
  const List = block.ordered ? 'ol' : 'ul';
  return (
    <List key={index}>
      {block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered.
        <li key={i}>{renderInline(item)}</li>
      ))}
    </List>
  );
};

/** Stored Markdown (terms, privacy) as React elements: no HTML from the text is ever injected. */
export const MarkdownContent = ({ source }: { source: string }) => (
  <div className="prose" data-testid="markdown-content">
    {parseMarkdown(source).map(renderBlock)}
  </div>
);
