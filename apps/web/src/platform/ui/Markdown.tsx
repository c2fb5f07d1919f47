import { Typography } from 'antd';
import { Children, type ReactNode } from 'react';
import { type Block, type Inline, parseMarkdown } from './markdown-parse';

// Children.toArray keys the parsed (static, never re-ordered) nodes by position.
const inline = (nodes: Inline[]): ReactNode[] => Children.toArray(nodes.map(inlineNode));

function inlineNode(n: Inline): ReactNode {
  switch (n.t) {
    case 'text':
      return n.v;
    case 'strong':
      return <strong>{inline(n.c)}</strong>;
    case 'em':
      return <em>{inline(n.c)}</em>;
    case 'code':
      return <Typography.Text code>{n.v}</Typography.Text>;
    case 'link':
      return (
        <a href={n.href} target="_blank" rel="noopener noreferrer">
          {inline(n.c)}
        </a>
      );
    default:
      return null;
  }
}

const listItem = (item: Inline[]): ReactNode => <li>{inline(item)}</li>;

function block(b: Block, first: boolean): ReactNode {
  switch (b.t) {
    case 'h':
      return (
        <Typography.Title level={Math.min(5, b.level + 3) as 4 | 5} style={{ marginTop: first ? 0 : 16 }}>
          {inline(b.c)}
        </Typography.Title>
      );
    case 'p':
      return <Typography.Paragraph>{inline(b.c)}</Typography.Paragraph>;
    case 'list': {
      const items = Children.toArray(b.items.map(listItem));
      return b.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'quote':
      return (
        <blockquote style={{ margin: '0 0 12px', paddingLeft: 12, borderLeft: '3px solid #d9d9d9', color: '#666' }}>
          {inline(b.c)}
        </blockquote>
      );
    case 'code':
      return (
        <pre style={{ background: '#f6f8fa', padding: 12, borderRadius: 6, overflow: 'auto', fontSize: 13 }}>
          <code>{b.v}</code>
        </pre>
      );
    case 'hr':
      return <hr style={{ border: 0, borderTop: '1px solid #eee', margin: '16px 0' }} />;
    default:
      return null;
  }
}

/** Markdown text (release notes) as React elements: no raw HTML, safe links only. */
export function Markdown({ source }: { source: string }) {
  return (
    <div className="portal-markdown">{Children.toArray(parseMarkdown(source).map((b, i) => block(b, i === 0)))}</div>
  );
}
