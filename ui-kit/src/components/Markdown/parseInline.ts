// Inline markdown: code spans, emphasis, strong, strikethrough, links, images, autolinks,
// hard breaks, backslash escapes and character references. A deliberately small subset of
// CommonMark/GFM: every construct we do not recognise stays literal text.
import type { HtmlMode, InlineNode } from './markdownAst';
import { plainText } from './markdownAst';
import { safeImageSrc, safeLinkHref } from './safeUrl';

export interface InlineContext {
  html: HtmlMode;
  /** Inside link text: links may not nest, so `[` and bare URLs stay text. */
  inLink: boolean;
  depth: number;
}

// Bounds recursion from nested emphasis/links so hostile input cannot blow the stack.
const MAX_INLINE_DEPTH = 8;

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const WHITESPACE = /\s/;
const ALPHANUMERIC = /[\p{L}\p{N}]/u;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  middot: '·',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  yen: '¥',
  euro: '€',
  pound: '£',
  cent: '¢',
  sect: '§',
  para: '¶',
  bull: '•',
};

const ENTITY_RE = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,31}));/;
const AUTOLINK_RE = /^<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/;
const EMAIL_AUTOLINK_RE =
  /^<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)>/;
const BR_TAG_RE = /^<br\s*\/?>/i;
const BARE_URL_RE = /^(?:https?:\/\/|www\.)[^\s<]+/i;

/** Decodes one character reference at the start of `src`; null when there is none. */
export function matchEntity(src: string): { text: string; length: number } | null {
  const m = ENTITY_RE.exec(src);
  if (!m) return null;
  const [whole, dec, hex, name] = m;
  if (name !== undefined) {
    const text = NAMED_ENTITIES[name];
    return text === undefined ? null : { text, length: whole.length };
  }
  const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
  // NUL, surrogates and out-of-range code points become the replacement character.
  const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return { text: valid ? String.fromCodePoint(code) : '\ufffd', length: whole.length };
}

/** Applies backslash escapes and character references (link destinations and titles). */
export function unescapeText(src: string): string {
  let out = '';
  for (let i = 0; i < src.length; i++) {
    const ch = src[i] ?? '';
    const next = src[i + 1];
    if (ch === '\\' && next !== undefined && ASCII_PUNCTUATION.test(next)) {
      out += next;
      i++;
    } else if (ch === '&') {
      const entity = matchEntity(src.slice(i, i + 40));
      if (entity) {
        out += entity.text;
        i += entity.length - 1;
      } else out += ch;
    } else out += ch;
  }
  return out;
}

function runLength(src: string, at: number, ch: string): number {
  let n = 0;
  while (src[at + n] === ch) n++;
  return n;
}

/** Index of the backtick run of exactly `length` that closes a code span, or -1. */
function findBacktickClose(src: string, from: number, length: number): number {
  let i = src.indexOf('`', from);
  while (i !== -1) {
    const run = runLength(src, i, '`');
    if (run === length) return i;
    i = src.indexOf('`', i + run);
  }
  return -1;
}

function codeSpanText(raw: string): string {
  const value = raw.replace(/\n/g, ' ');
  // One space of padding on both sides is stripped, so `` ` a` `` can show backticks.
  if (value.length > 1 && value.startsWith(' ') && value.endsWith(' ') && value.trim() !== '') {
    return value.slice(1, -1);
  }
  return value;
}

interface LinkParts {
  label: string;
  destination: string;
  title: string | undefined;
  end: number;
}

// Link destinations and titles longer than this are not links (safeUrl refuses them
// anyway); the bound keeps malformed input like "[a](" repeated from scanning quadratically.
const MAX_DESTINATION_SCAN = 4200;

/** Index of `ch` in src[from, from + limit), or -1. */
function indexWithin(src: string, ch: string, from: number, limit: number): number {
  const end = Math.min(src.length, from + limit);
  for (let i = from; i < end; i++) if (src[i] === ch) return i;
  return -1;
}

/**
 * Closing `]` for every `[` (backslash escapes respected), found in one stack pass so that
 * link parsing stays linear even for thousands of unclosed brackets.
 */
function matchBrackets(src: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === '\\') i++;
    else if (ch === '[') stack.push(i);
    else if (ch === ']') {
      const open = stack.pop();
      if (open !== undefined) pairs.set(open, i);
    }
  }
  return pairs;
}

/** Parses `[label](destination "title")` with `src[open] === '['`; null when malformed. */
function parseLinkParts(src: string, open: number, brackets: Map<number, number>): LinkParts | null {
  const i = brackets.get(open);
  if (i === undefined || src[i + 1] !== '(') return null;
  const label = src.slice(open + 1, i);
  let k = i + 2;
  const skipSpace = (): void => {
    while (k < src.length && (src[k] === ' ' || src[k] === '\t' || src[k] === '\n')) k++;
  };
  skipSpace();
  let destination = '';
  if (src[k] === '<') {
    const close = indexWithin(src, '>', k + 1, MAX_DESTINATION_SCAN);
    if (close === -1) return null;
    destination = src.slice(k + 1, close);
    if (/[\n<]/.test(destination)) return null;
    k = close + 1;
  } else {
    let parens = 0;
    const start = k;
    const limit = Math.min(src.length, k + MAX_DESTINATION_SCAN);
    for (; k < limit; k++) {
      const ch = src[k] ?? '';
      if (ch === '\\' && k + 1 < src.length) k++;
      else if (ch === '(') parens++;
      else if (ch === ')') {
        if (parens === 0) break;
        parens--;
      } else if (ch <= ' ') break; // spaces and control characters end a destination
    }
    if (k >= limit && limit < src.length) return null;
    destination = src.slice(start, k);
  }
  skipSpace();
  let title: string | undefined;
  const quote = src[k];
  if (quote === '"' || quote === "'" || quote === '(') {
    const closer = quote === '(' ? ')' : quote;
    const limit = Math.min(src.length, k + MAX_DESTINATION_SCAN);
    let j = k + 1;
    for (; j < limit && src[j] !== closer; j++) if (src[j] === '\\') j++;
    if (j >= limit) return null;
    title = unescapeText(src.slice(k + 1, j));
    k = j + 1;
    skipSpace();
  }
  if (src[k] !== ')') return null;
  return { label, destination: unescapeText(destination), title, end: k + 1 };
}

/** Trims trailing punctuation the way GFM does, so "see https://x.io." keeps its full stop. */
function trimBareUrl(url: string): string {
  let out = url;
  for (;;) {
    const last = out.at(-1);
    if (last !== undefined && '?!.,:*_~\'";'.includes(last)) out = out.slice(0, -1);
    else if (last === ')' && out.split('(').length < out.split(')').length) out = out.slice(0, -1);
    else return out;
  }
}

function pushText(out: InlineNode[], value: string): void {
  if (value === '') return;
  const last = out.at(-1);
  if (last?.type === 'text') last.value += value;
  else out.push({ type: 'text', value });
}

function pushAll(out: InlineNode[], nodes: readonly InlineNode[]): void {
  for (const node of nodes) {
    if (node.type === 'text') pushText(out, node.value);
    else out.push(node);
  }
}

/** Parses inline markdown into nodes; never throws, unknown syntax stays text. */
export function parseInline(
  src: string,
  ctx: InlineContext = { html: 'escape', inLink: false, depth: 0 },
): InlineNode[] {
  const out: InlineNode[] = [];
  let text = '';
  const flush = (): void => {
    pushText(out, text);
    text = '';
  };
  const nested = (inner: string, inLink = ctx.inLink): InlineNode[] =>
    parseInline(inner, { ...ctx, inLink, depth: ctx.depth + 1 });
  // "No valid closer after position p" per delimiter: closer validity does not depend on
  // the opener, so later openers can skip the search (keeps `****...` inputs linear).
  const noCloserAfter = new Map<string, number>();
  let brackets: Map<number, number> | null = null;

  const findCloser = (ch: string, size: number, from: number): number => {
    const memoKey = `${ch}${size}`;
    const known = noCloserAfter.get(memoKey);
    if (known !== undefined && known <= from) return -1;
    for (let j = from; j < src.length; j++) {
      const c = src[j];
      if (c === '\\') {
        j++;
        continue;
      }
      if (c === '`') {
        const run = runLength(src, j, '`');
        const close = findBacktickClose(src, j + run, run);
        j = (close === -1 ? j + run : close + run) - 1;
        continue;
      }
      if (c !== ch) continue;
      const run = runLength(src, j, ch);
      const before = src[j - 1] ?? ' ';
      const after = src[j + run] ?? ' ';
      const rightFlanking = !WHITESPACE.test(before);
      const intraword = ch === '_' && ALPHANUMERIC.test(after);
      if (run === size && rightFlanking && !intraword && j > from) return j;
      j += run - 1;
    }
    noCloserAfter.set(memoKey, from);
    return -1;
  };

  let i = 0;
  while (i < src.length) {
    const ch = src[i] ?? '';
    const next = src[i + 1];

    if (ch === '\\') {
      if (next === '\n') {
        flush();
        out.push({ type: 'break' });
        i += 2;
      } else if (next !== undefined && ASCII_PUNCTUATION.test(next)) {
        text += next;
        i += 2;
      } else {
        text += ch;
        i++;
      }
      continue;
    }

    if (ch === '`') {
      const run = runLength(src, i, '`');
      const close = findBacktickClose(src, i + run, run);
      if (close === -1) text += '`'.repeat(run);
      else {
        flush();
        out.push({ type: 'code', value: codeSpanText(src.slice(i + run, close)) });
        i = close + run;
        continue;
      }
      i += run;
      continue;
    }

    if ((ch === '*' || ch === '_' || ch === '~') && ctx.depth < MAX_INLINE_DEPTH) {
      const run = runLength(src, i, ch);
      const after = src[i + run] ?? ' ';
      const before = src[i - 1] ?? ' ';
      const leftFlanking = !WHITESPACE.test(after);
      const intraword = ch === '_' && ALPHANUMERIC.test(before);
      const size = ch === '~' ? 2 : Math.min(run, 3);
      if ((ch !== '~' || run === 2) && leftFlanking && !intraword) {
        // Extra delimiters beyond three stay literal before the opener.
        const open = i + run - size;
        const close = findCloser(ch, size, open + size);
        if (close !== -1) {
          text += ch.repeat(run - size);
          flush();
          const inner = nested(src.slice(open + size, close));
          if (ch === '~') out.push({ type: 'delete', children: inner });
          else if (size === 1) out.push({ type: 'emphasis', children: inner });
          else if (size === 2) out.push({ type: 'strong', children: inner });
          else out.push({ type: 'emphasis', children: [{ type: 'strong', children: inner }] });
          i = close + size;
          continue;
        }
      }
      text += ch.repeat(run);
      i += run;
      continue;
    }

    if ((ch === '[' || (ch === '!' && next === '[')) && ctx.depth < MAX_INLINE_DEPTH) {
      const isImage = ch === '!';
      brackets ??= matchBrackets(src);
      const parts = isImage || !ctx.inLink ? parseLinkParts(src, isImage ? i + 1 : i, brackets) : null;
      if (parts) {
        flush();
        if (isImage) {
          const alt = plainText(nested(parts.label, true));
          const safeSrc = safeImageSrc(parts.destination);
          if (safeSrc) {
            out.push({
              type: 'image',
              src: safeSrc,
              alt,
              ...(parts.title ? { title: parts.title } : {}),
            });
          } else pushText(out, alt);
        } else {
          const children = nested(parts.label, true);
          const href = safeLinkHref(parts.destination);
          // An unsafe address keeps its text but loses the link: inert, still readable.
          if (href) {
            out.push({ type: 'link', href, ...(parts.title ? { title: parts.title } : {}), children });
          } else pushAll(out, children);
        }
        i = parts.end;
        continue;
      }
      text += ch;
      i++;
      continue;
    }

    if (ch === '<') {
      const head = src.slice(i, i + 4200);
      const auto = AUTOLINK_RE.exec(head);
      const email = auto ? null : EMAIL_AUTOLINK_RE.exec(head);
      const br = ctx.html === 'sanitize' ? BR_TAG_RE.exec(head) : null;
      if (auto || email) {
        const [whole, target = ''] = (auto ?? email) as RegExpExecArray;
        const href = ctx.inLink ? null : safeLinkHref(email ? `mailto:${target}` : target);
        flush();
        if (href) out.push({ type: 'link', href, children: [{ type: 'text', value: target }] });
        else pushText(out, target);
        i += whole.length;
        continue;
      }
      if (br) {
        flush();
        out.push({ type: 'break' });
        i += br[0].length;
        continue;
      }
      // Any other inline HTML is shown as text (escaped by React).
      text += ch;
      i++;
      continue;
    }

    if (ch === '&') {
      const entity = matchEntity(src.slice(i, i + 40));
      if (entity) {
        text += entity.text;
        i += entity.length;
        continue;
      }
      text += ch;
      i++;
      continue;
    }

    if (ch === ' ' || ch === '\n') {
      // Spaces are looked at together with the newline they may precede, so a hard break
      // never needs to trim the text already collected (that was quadratic on long input).
      let run = 0;
      while (src[i + run] === ' ') run++;
      if (src[i + run] === '\n') {
        if (run >= 2) {
          flush();
          out.push({ type: 'break' });
        } else text += '\n';
        i += run + 1;
        while (src[i] === ' ' || src[i] === '\t') i++;
        continue;
      }
      text += src.slice(i, i + run);
      i += run;
      continue;
    }

    if (
      (ch === 'h' || ch === 'H' || ch === 'w' || ch === 'W') &&
      !ctx.inLink &&
      (i === 0 || /[\s*_~(]/.test(src[i - 1] ?? ''))
    ) {
      const m = BARE_URL_RE.exec(src.slice(i, i + 4200));
      if (m) {
        const shown = trimBareUrl(m[0]);
        const target = /^www\./i.test(shown) ? `http://${shown}` : shown;
        const prefix = /^(?:https?:\/\/|www\.)/i.exec(shown)?.[0].length ?? 0;
        const href = shown.length > prefix ? safeLinkHref(target) : null;
        if (href) {
          flush();
          out.push({ type: 'link', href, children: [{ type: 'text', value: shown }] });
          i += shown.length;
          continue;
        }
      }
    }

    text += ch;
    i++;
  }
  flush();
  return out;
}
