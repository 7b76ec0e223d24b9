// Turns the parsed tree into React elements. Text reaches the DOM only as React text
// children (escaped), URLs only after the allowlist check in the parser.
import { Fragment, type ReactNode } from 'react';
import type { BlockNode, HtmlMode, InlineNode } from './markdownAst';
import { StyledRawHtml } from './Markdown.styles';
import { isWebHref } from './safeUrl';
import { sanitizeHtmlToReact } from './sanitizeHtml';

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

/** Language names become a class name, so keep only characters a class can safely hold. */
function languageClass(lang: string | null): string | undefined {
  const clean = lang?.replace(/[^\w+#.-]/g, '').slice(0, 32);
  return clean ? `language-${clean}` : undefined;
}

export function renderInline(nodes: readonly InlineNode[], keyPrefix: string): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${keyPrefix}.${index}`;
    switch (node.type) {
      case 'text':
        return <Fragment key={key}>{node.value}</Fragment>;
      case 'code':
        return <code key={key}>{node.value}</code>;
      case 'emphasis':
        return <em key={key}>{renderInline(node.children, key)}</em>;
      case 'strong':
        return <strong key={key}>{renderInline(node.children, key)}</strong>;
      case 'delete':
        return <del key={key}>{renderInline(node.children, key)}</del>;
      case 'link':
        return (
          <a
            key={key}
            href={node.href}
            title={node.title}
            {...(isWebHref(node.href) ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
          >
            {renderInline(node.children, key)}
          </a>
        );
      case 'image':
        return <img key={key} src={node.src} alt={node.alt} title={node.title} loading="lazy" />;
      case 'break':
        return <br key={key} />;
      default: {
        const unreachable: never = node;
        throw new Error(`Unknown inline node ${JSON.stringify(unreachable)}`);
      }
    }
  });
}

export function renderBlocks(
  blocks: readonly BlockNode[],
  html: HtmlMode,
  keyPrefix = 'md',
  tight = false,
): ReactNode[] {
  return blocks.map((block, index) => {
    const key = `${keyPrefix}.${index}`;
    switch (block.type) {
      case 'heading': {
        const Tag = HEADING_TAGS[block.level - 1] ?? 'h6';
        return <Tag key={key}>{renderInline(block.children, key)}</Tag>;
      }
      case 'paragraph':
        // Tight list items hold bare text, like every markdown renderer does.
        return tight ? (
          <Fragment key={key}>{renderInline(block.children, key)}</Fragment>
        ) : (
          <p key={key}>{renderInline(block.children, key)}</p>
        );
      case 'codeBlock':
        return (
          // A code block may scroll sideways: a tab stop lets keyboard users scroll it (axe scrollable-region-focusable).
          <pre key={key} data-language={block.lang ?? undefined} tabIndex={0}>
            <code className={languageClass(block.lang)}>{block.value}</code>
          </pre>
        );
      case 'blockquote':
        return <blockquote key={key}>{renderBlocks(block.children, html, key)}</blockquote>;
      case 'list': {
        const items = block.items.map((item, itemIndex) => (
          <li key={`${key}.${itemIndex}`}>{renderBlocks(item, html, `${key}.${itemIndex}`, block.tight)}</li>
        ));
        return block.ordered ? (
          <ol key={key} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case 'thematicBreak':
        return <hr key={key} />;
      case 'table':
        return (
          <table key={key}>
            <thead>
              <tr>
                {block.header.map((cell, c) => (
                  <th key={c} style={{ textAlign: block.align[c] ?? undefined }}>
                    {renderInline(cell, `${key}.h${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            {block.rows.length > 0 && (
              <tbody>
                {block.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, c) => (
                      <td key={c} style={{ textAlign: block.align[c] ?? undefined }}>
                        {renderInline(cell, `${key}.${r}.${c}`)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            )}
          </table>
        );
      case 'html':
        return html === 'sanitize' ? (
          <Fragment key={key}>{sanitizeHtmlToReact(block.value, key)}</Fragment>
        ) : (
          <StyledRawHtml key={key}>{block.value}</StyledRawHtml>
        );
      default: {
        const unreachable: never = block;
        throw new Error(`Unknown block node ${JSON.stringify(unreachable)}`);
      }
    }
  });
}
