export { Markdown, SafeHtml } from './Markdown';
export type { HtmlMode, MarkdownProps, MarkdownSize, SafeHtmlProps } from './Markdown';
export { parseMarkdown } from './parseMarkdown';
export type { ParseOptions } from './parseMarkdown';
export { plainText } from './markdownAst';
export type { BlockNode, InlineNode } from './markdownAst';
export { safeImageSrc, safeLinkHref } from './safeUrl';
export { sanitizeHtmlToReact } from './sanitizeHtml';
