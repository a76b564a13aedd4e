import { parseMarkdown, type Block, type Inline } from '@tidemark/contract';
import { Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Operators' Markdown (the safe subset of the contract's parser) as React elements. Nothing is
 * ever set as HTML: a tag in the text stays visible text, and only in-app, same-site or http(s)
 * links become links.
 */
function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'strong':
        return <strong key={i}>{inline(node.children)}</strong>;
      case 'em':
        return <em key={i}>{inline(node.children)}</em>;
      case 'code':
        return <code key={i}>{node.text}</code>;
      case 'link':
        return node.href.startsWith('#/') ? (
          <Link key={i} to={node.href.slice(1)}>
            {inline(node.children)}
          </Link>
        ) : (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
            {inline(node.children)}
          </a>
        );
    }
  });
}

function block(b: Block, i: number): ReactNode {
  if (b.type === 'heading') {
    const Tag = (['h3', 'h4', 'h5'] as const)[b.level - 1]!;
    return <Tag key={i}>{inline(b.children)}</Tag>;
  }
  if (b.type === 'list') {
    const items = b.items.map((item, j) => <li key={j}>{inline(item)}</li>);
    return b.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
  }
  return <p key={i}>{inline(b.children)}</p>;
}

export function Markdown({ text, className }: { text: string; className?: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return (
    <div className={['markdown', className].filter(Boolean).join(' ')}>{blocks.map(block)}</div>
  );
}
