import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { isValidElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ReactMarkdown from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import { toast } from '../../platform/feedback';
import 'highlight.js/styles/github.css';

/** The plain text of rendered children (highlighted code is nested spans). */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // clipboard API refused (insecure context): the old way
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

function CodeBlock({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="ai-code">
      <Button
        size="small"
        type="text"
        className="ai-code-copy"
        icon={<CopyOutlined />}
        aria-label={t('ai.copyCode')}
        onClick={async () => {
          if (await copyText(textOf(children).replace(/\n$/, ''))) toast().success(t('ai.codeCopied'));
        }}
      />
      <pre>{children}</pre>
    </div>
  );
}

/**
 * Spec 5: answers render as markdown with code highlighting and a copy button on code blocks.
 * Raw HTML in an answer is never rendered (react-markdown drops it; no rehype-raw).
 */
export function AnswerMarkdown({ text, onLink }: { text: string; onLink?: (href: string) => void }) {
  return (
    <div className="ai-md">
      <ReactMarkdown
        skipHtml
        rehypePlugins={[[rehypeHighlight, { detect: false, ignoreMissing: true }]]}
        components={{
          pre: CodeBlock,
          a: ({ href, children }) =>
            href?.startsWith('/') && onLink ? (
              <a
                href={href}
                onClick={(e) => {
                  e.preventDefault();
                  onLink(href);
                }}
              >
                {children}
              </a>
            ) : (
              <a href={href} target="_blank" rel="noopener noreferrer">
                {children}
              </a>
            ),
        }}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
}
