// Block-level markdown: ATX and setext headings (h1 to h6), paragraphs, fenced and indented
// code, block quotes, ordered and bullet lists, thematic breaks, GFM pipe tables and raw
// HTML blocks. Line based and linear; nesting is capped so hostile input stays cheap.
import type { BlockNode, HeadingLevel, HtmlMode, TableAlign } from './markdownAst';
import { parseInline } from './parseInline';

export interface ParseOptions {
  /** How raw HTML is treated: shown as text ('escape', default) or sanitised later. */
  html?: HtmlMode;
}

// Deeper quotes or lists render as plain paragraphs instead of recursing further.
const MAX_BLOCK_DEPTH = 12;
// Wider tables are cut: a row of thousands of pipes should not become thousands of cells.
const MAX_TABLE_COLUMNS = 64;

const FENCE_RE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const ATX_RE = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const THEMATIC_RE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_RE = /^ {0,3}(=+|-+)[ \t]*$/;
const BLOCKQUOTE_RE = /^ {0,3}> ?/;
const LIST_RE = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;
const TABLE_DELIMITER_RE = /^ {0,3}\|?(?:[ \t]*:?-+:?[ \t]*\|)*[ \t]*:?-+:?[ \t]*\|?[ \t]*$/;
const HTML_BLOCK_RE =
  /^ {0,3}(?:<[a-zA-Z][a-zA-Z0-9-]*(?:[\s/>]|$)|<\/[a-zA-Z][a-zA-Z0-9-]*\s*>|<!--|<![A-Z]|<\?)/;

interface Ctx {
  html: HtmlMode;
  depth: number;
}

const isBlank = (line: string): boolean => line.trim() === '';

function indentOf(line: string): number {
  let n = 0;
  while (line[n] === ' ') n++;
  return n;
}

/** Tabs in leading whitespace become spaces (tab stop 4), so indentation can be counted. */
function expandLeadingTabs(line: string): string {
  const m = /^[ \t]+/.exec(line);
  if (!m || !m[0].includes('\t')) return line;
  let col = 0;
  for (const ch of m[0]) col = ch === '\t' ? col + 4 - (col % 4) : col + 1;
  return ' '.repeat(col) + line.slice(m[0].length);
}

interface ListMarker {
  indent: number;
  bullet: string;
  ordered: boolean;
  start: number;
  contentOffset: number;
  content: string;
}

function listMarker(line: string): ListMarker | null {
  const m = LIST_RE.exec(line);
  if (!m) return null;
  const indent = m[1]?.length ?? 0;
  const marker = m[2] ?? '';
  const spaces = m[3] ?? '';
  const content = m[4] ?? '';
  const ordered = /\d/.test(marker);
  // More than four spaces after the marker means indented code inside the item; we keep
  // the text and treat the gap as one space, which is good enough here.
  const gap = content === '' || spaces.length > 4 ? 1 : spaces.length;
  return {
    indent,
    bullet: ordered ? marker.slice(-1) : marker,
    ordered,
    start: ordered ? Number.parseInt(marker, 10) : 1,
    contentOffset: indent + marker.length + gap,
    content: spaces.length > 4 ? content.trimStart() : content,
  };
}

function splitTableRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < row.length; i++) {
    const ch = row[i];
    if (ch === '\\' && row[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (ch === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells.slice(0, MAX_TABLE_COLUMNS);
}

function isTableStart(lines: readonly string[], i: number): boolean {
  const header = lines[i] ?? '';
  const delimiter = lines[i + 1];
  if (!header.includes('|') || delimiter === undefined || !TABLE_DELIMITER_RE.test(delimiter)) {
    return false;
  }
  // A lone "---" under a line is a setext heading, not a table.
  if (!delimiter.includes('|') && splitTableRow(header).length < 2) return false;
  return splitTableRow(header).length === splitTableRow(delimiter).length;
}

/** Lines that end a paragraph (or a lazy continuation) without a blank line. */
function interruptsParagraph(lines: readonly string[], i: number): boolean {
  const line = lines[i] ?? '';
  if (FENCE_RE.test(line) || ATX_RE.test(line) || THEMATIC_RE.test(line)) return true;
  if (BLOCKQUOTE_RE.test(line) || isTableStart(lines, i)) return true;
  const marker = listMarker(line);
  return marker !== null && marker.content.trim() !== '' && (!marker.ordered || marker.start === 1);
}

function parseAlign(cell: string): TableAlign {
  const left = cell.startsWith(':');
  const right = cell.endsWith(':');
  if (left && right) return 'center';
  if (right) return 'right';
  return left ? 'left' : null;
}

function parseBlocks(lines: readonly string[], ctx: Ctx): BlockNode[] {
  const blocks: BlockNode[] = [];
  const inline = (src: string) => parseInline(src, { html: ctx.html, inLink: false, depth: 0 });
  const canNest = ctx.depth < MAX_BLOCK_DEPTH;
  let i = 0;

  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i++;
      continue;
    }

    if (indentOf(line) >= 4) {
      const code: string[] = [];
      while (i < lines.length && (isBlank(lines[i] ?? '') || indentOf(lines[i] ?? '') >= 4)) {
        code.push((lines[i] ?? '').slice(4));
        i++;
      }
      while (code.length > 0 && isBlank(code.at(-1) ?? '')) code.pop();
      blocks.push({ type: 'codeBlock', lang: null, value: code.join('\n') });
      continue;
    }

    const fence = FENCE_RE.exec(line);
    if (fence && !(fence[2]?.startsWith('`') && fence[3]?.includes('`'))) {
      const indent = fence[1]?.length ?? 0;
      const marker = fence[2] ?? '';
      const lang = (fence[3] ?? '').trim().split(/\s+/)[0] ?? '';
      const code: string[] = [];
      i++;
      while (i < lines.length) {
        const l = lines[i] ?? '';
        const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(l);
        if (close && close[1]?.[0] === marker[0] && (close[1]?.length ?? 0) >= marker.length) {
          i++;
          break;
        }
        code.push(l.slice(Math.min(indent, indentOf(l))));
        i++;
      }
      blocks.push({ type: 'codeBlock', lang: lang === '' ? null : lang, value: code.join('\n') });
      continue;
    }

    const atx = ATX_RE.exec(line);
    if (atx) {
      const level = (atx[1]?.length ?? 1) as HeadingLevel;
      // A closing run of #s is decoration, unless it is escaped or glued to the text.
      const content = (atx[2] ?? '').replace(/(?:^|[ \t]+)#+$/, '').trim();
      blocks.push({ type: 'heading', level, children: inline(content) });
      i++;
      continue;
    }

    if (THEMATIC_RE.test(line)) {
      blocks.push({ type: 'thematicBreak' });
      i++;
      continue;
    }

    if (canNest && BLOCKQUOTE_RE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length) {
        const l = lines[i] ?? '';
        if (BLOCKQUOTE_RE.test(l)) quoted.push(expandLeadingTabs(l.replace(BLOCKQUOTE_RE, '')));
        else if (!isBlank(l) && !isBlank(quoted.at(-1) ?? '') && !interruptsParagraph(lines, i)) {
          quoted.push(l); // lazy continuation of a quoted paragraph
        } else break;
        i++;
      }
      blocks.push({ type: 'blockquote', children: parseBlocks(quoted, { ...ctx, depth: ctx.depth + 1 }) });
      continue;
    }

    const first = canNest ? listMarker(line) : null;
    if (first) {
      const items: BlockNode[][] = [];
      let tight = true;
      let marker: ListMarker | null = first;
      while (marker) {
        const itemLines = [marker.content];
        const offset: number = marker.contentOffset;
        i++;
        while (i < lines.length) {
          const l = lines[i] ?? '';
          if (isBlank(l)) itemLines.push('');
          else if (indentOf(l) >= offset) itemLines.push(l.slice(offset));
          else if (!isBlank(itemLines.at(-1) ?? '') && !interruptsParagraph(lines, i) && !listMarker(l)) {
            itemLines.push(l.trimStart());
          } else break;
          i++;
        }
        let trailingBlank = 0;
        while (itemLines.length > 1 && isBlank(itemLines.at(-1) ?? '')) {
          itemLines.pop();
          trailingBlank++;
        }
        if (itemLines.some((l, idx) => idx > 0 && isBlank(l))) tight = false;
        items.push(parseBlocks(itemLines, { ...ctx, depth: ctx.depth + 1 }));
        const sibling = i < lines.length ? listMarker(lines[i] ?? '') : null;
        const sameList =
          sibling !== null && sibling.ordered === first.ordered && sibling.bullet === first.bullet;
        if (sameList && trailingBlank > 0) tight = false;
        marker = sameList ? sibling : null;
      }
      blocks.push({ type: 'list', ordered: first.ordered, start: first.start, tight, items });
      continue;
    }

    if (isTableStart(lines, i)) {
      const headerCells = splitTableRow(line);
      const align = splitTableRow(lines[i + 1] ?? '').map(parseAlign);
      const width = headerCells.length;
      const rows: BlockNode & { type: 'table' } = {
        type: 'table',
        align,
        header: headerCells.map((c) => inline(c)),
        rows: [],
      };
      i += 2;
      while (i < lines.length && !isBlank(lines[i] ?? '') && !interruptsParagraph(lines, i)) {
        const cells = splitTableRow(lines[i] ?? '');
        rows.rows.push(Array.from({ length: width }, (_, c) => inline(cells[c] ?? '')));
        i++;
      }
      blocks.push(rows);
      continue;
    }

    if (HTML_BLOCK_RE.test(line)) {
      const html: string[] = [];
      while (i < lines.length && !isBlank(lines[i] ?? '')) {
        html.push(lines[i] ?? '');
        i++;
      }
      blocks.push({ type: 'html', value: html.join('\n') });
      continue;
    }

    const para: string[] = [line.trimStart()];
    i++;
    let setext: HeadingLevel | null = null;
    while (i < lines.length) {
      const l = lines[i] ?? '';
      if (isBlank(l)) break;
      const underline = SETEXT_RE.exec(l);
      if (underline) {
        setext = underline[1]?.startsWith('=') ? 1 : 2;
        i++;
        break;
      }
      if (interruptsParagraph(lines, i)) break;
      para.push(l.trimStart());
      i++;
    }
    const content = para.join('\n').trimEnd();
    blocks.push(
      setext
        ? { type: 'heading', level: setext, children: inline(content) }
        : { type: 'paragraph', children: inline(content) },
    );
  }
  return blocks;
}

/** Parses markdown into a plain-data tree. Never throws; never produces raw markup. */
export function parseMarkdown(source: string, options: ParseOptions = {}): BlockNode[] {
  const lines = source
    .replace(/\r\n?/g, '\n')
    .replaceAll('\u0000', '\ufffd')
    .split('\n')
    .map(expandLeadingTabs);
  return parseBlocks(lines, { html: options.html ?? 'escape', depth: 0 });
}
