import styled, { css } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';

export type MarkdownSize = 'sm' | 'md';

const headingStyles = ({ theme }: { theme: unknown }) => {
  const t = resolveTheme(theme);
  return css`
    h1, h2, h3, h4, h5, h6 {
      margin: ${t.space[5]} 0 ${t.space[2]};
      font-family: ${t.fonts.heading};
      font-weight: ${t.fontWeights.semibold};
      line-height: ${t.lineHeights.tight};
      color: ${t.colors.text};
    }
    h1 { font-size: ${t.fontSizes.xxl}; }
    h2 { font-size: ${t.fontSizes.xl}; }
    h3 { font-size: ${t.fontSizes.lg}; }
    h4 { font-size: ${t.fontSizes.md}; }
    h5 { font-size: ${t.fontSizes.sm}; }
    h6 { font-size: ${t.fontSizes.xs}; color: ${t.colors.textSecondary}; }
  `;
};

const codeStyles = ({ theme }: { theme: unknown }) => {
  const t = resolveTheme(theme);
  return css`
    code {
      font-family: ${t.fonts.mono};
      font-size: 0.9em;
      padding: 0 ${t.space[1]};
      border-radius: ${t.radii.sm};
      background: ${t.colors.codeBg};
      color: ${t.colors.code};
    }
    pre {
      margin: 0 0 ${t.space[3]};
      padding: ${t.space[3]};
      overflow: auto;
      border-radius: ${t.radii.md};
      background: ${t.colors.codeBg};
      line-height: ${t.lineHeights.normal};
    }
    pre:focus-visible {
      outline: none;
      box-shadow: ${t.shadows.focus};
    }
    pre code {
      padding: 0;
      background: ${t.colors.transparent};
      color: ${t.colors.text};
    }
  `;
};

const blockStyles = ({ theme }: { theme: unknown }) => {
  const t = resolveTheme(theme);
  return css`
    p, ul, ol, dl, blockquote, table, details, figure {
      margin: 0 0 ${t.space[3]};
    }
    ul, ol {
      padding-inline-start: ${t.space[6]};
    }
    li + li, li > ul, li > ol {
      margin-top: ${t.space[1]};
    }
    li > ul, li > ol {
      margin-bottom: 0;
    }
    blockquote {
      padding: 0 ${t.space[3]};
      border-inline-start: ${t.borderWidths.thick} solid ${t.colors.borderStrong};
      color: ${t.colors.textSecondary};
    }
    hr {
      margin: ${t.space[4]} 0;
      border: 0;
      border-top: ${t.borderWidths.thin} solid ${t.colors.border};
    }
    table {
      display: block;
      max-width: 100%;
      overflow-x: auto;
      border-collapse: collapse;
    }
    th, td {
      padding: ${t.space[1]} ${t.space[3]};
      border: ${t.borderWidths.thin} solid ${t.colors.border};
    }
    th {
      background: ${t.colors.bgMuted};
      font-weight: ${t.fontWeights.semibold};
    }
    img {
      max-width: 100%;
    }
    a {
      color: ${t.colors.textLink};
      text-decoration: none;
    }
    a:hover {
      text-decoration: underline;
    }
    mark {
      background: ${t.colors.warningSubtle};
      color: inherit;
    }
  `;
};

export const StyledMarkdown = styled.div<{ $size: MarkdownSize }>`
  font-family: ${th((t) => t.fonts.body)};
  font-size: ${({ theme, $size }) => resolveTheme(theme).fontSizes[$size]};
  line-height: ${th((t) => t.lineHeights.relaxed)};
  color: ${th((t) => t.colors.text)};
  overflow-wrap: anywhere;

  & > :first-child {
    margin-top: 0;
  }
  & > :last-child {
    margin-bottom: 0;
  }
  ${headingStyles}
  ${codeStyles}
  ${blockStyles}
`;

/** Raw HTML shown as text keeps its line breaks. */
export const StyledRawHtml = styled.p`
  white-space: pre-wrap;
  font-family: ${th((t) => t.fonts.mono)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;
