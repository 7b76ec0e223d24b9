import { forwardRef, useMemo, type HTMLAttributes } from 'react';
import type { HtmlMode } from './markdownAst';
import { StyledMarkdown, type MarkdownSize } from './Markdown.styles';
import { parseMarkdown } from './parseMarkdown';
import { renderBlocks } from './renderMarkdown';
import { sanitizeHtmlToReact } from './sanitizeHtml';

export type { HtmlMode, MarkdownSize };

export interface MarkdownProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Markdown source. Untrusted input is fine: nothing reaches innerHTML. */
  children?: string | null;
  /**
   * Raw HTML in the source: 'escape' (default) shows it as text; 'sanitize' renders HTML
   * blocks through the allowlist sanitiser. Use 'sanitize' only for admin-authored content.
   */
  html?: HtmlMode;
  size?: MarkdownSize;
}

/** Safe markdown: links only http, https, mailto and tel; headings h1 to h6; no innerHTML. */
export const Markdown = forwardRef<HTMLDivElement, MarkdownProps>(function Markdown(
  { children, html = 'escape', size = 'md', ...rest },
  ref,
) {
  const source = children ?? '';
  const content = useMemo(() => renderBlocks(parseMarkdown(source, { html }), html), [source, html]);
  return (
    <StyledMarkdown ref={ref} data-html={html} $size={size} {...rest}>
      {content}
    </StyledMarkdown>
  );
});

export interface SafeHtmlProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Untrusted HTML; sanitised with an allowlist and built as React elements. */
  children?: string | null;
  size?: MarkdownSize;
}

/** Admin-authored HTML (notice, footer, descriptions) through the allowlist sanitiser. */
export const SafeHtml = forwardRef<HTMLDivElement, SafeHtmlProps>(function SafeHtml(
  { children, size = 'md', ...rest },
  ref,
) {
  const source = children ?? '';
  const content = useMemo(() => sanitizeHtmlToReact(source), [source]);
  return (
    <StyledMarkdown ref={ref} $size={size} {...rest}>
      {content}
    </StyledMarkdown>
  );
});
