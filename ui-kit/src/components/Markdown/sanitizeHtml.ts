// Allowlist HTML sanitising for admin-editable HTML (notices, footer, model descriptions).
// DOMPurify does the parsing and first cut; we then walk its DOM fragment and build React
// elements ourselves, re-checking every tag, attribute and URL. The result never passes
// through innerHTML, so a DOMPurify bypass would still have to get past our second list.
import DOMPurify from 'dompurify';
import { createElement, Fragment, type ReactNode } from 'react';
import { isWebHref, safeImageSrc, safeLinkHref } from './safeUrl';

const ALLOWED_TAGS = [
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'del', 'details',
  'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr',
  'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 's', 'small', 'span',
  'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr',
  'u', 'ul',
];
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'colspan', 'rowspan', 'start', 'open', 'lang', 'dir'];

const TAG_SET: ReadonlySet<string> = new Set(ALLOWED_TAGS);
const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img']);
// React (and the HTML parser) reject text nodes directly inside these.
const NO_TEXT_CHILDREN: ReadonlySet<string> = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);
// Deeper trees render as their text: bounds recursion on hostile input.
const MAX_DEPTH = 64;

const PURIFY_CONFIG = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP: /^(?:https?|mailto|tel):/i,
  // DOMPurify tests every non-URI-safe attribute against the URI pattern; these are plain
  // numbers or keywords, so exempt them (href and src still get the strict pattern).
  ADD_URI_SAFE_ATTR: ['colspan', 'rowspan', 'start', 'open', 'dir', 'lang'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  RETURN_DOM_FRAGMENT: true as const,
};

type Props = Record<string, string | number | boolean>;

function spanCount(value: string): number | null {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(n, 1000) : null;
}

function elementProps(el: Element, tag: string, key: string): Props | null {
  const props: Props = { key };
  for (const attr of Array.from(el.attributes)) {
    const value = attr.value;
    switch (attr.name) {
      case 'href': {
        const href = tag === 'a' ? safeLinkHref(value) : null;
        if (href) {
          props.href = href;
          if (isWebHref(href)) {
            props.target = '_blank';
            props.rel = 'noopener noreferrer nofollow';
          }
        }
        break;
      }
      case 'src': {
        const src = tag === 'img' ? safeImageSrc(value) : null;
        if (src) props.src = src;
        break;
      }
      case 'colspan':
      case 'rowspan': {
        const n = spanCount(value);
        if (n !== null && (tag === 'td' || tag === 'th')) {
          props[attr.name === 'colspan' ? 'colSpan' : 'rowSpan'] = n;
        }
        break;
      }
      case 'start': {
        const n = Number.parseInt(value, 10);
        if (tag === 'ol' && Number.isFinite(n)) props.start = n;
        break;
      }
      case 'open':
        if (tag === 'details') props.open = true;
        break;
      case 'title':
      case 'alt':
      case 'lang':
        props[attr.name] = value;
        break;
      case 'dir':
        if (value === 'ltr' || value === 'rtl' || value === 'auto') props.dir = value;
        break;
      default:
        // Everything else (event handlers, style, class, id) is dropped.
        break;
    }
  }
  // An image without an allowed source shows nothing rather than a broken request.
  if (tag === 'img' && props.src === undefined) return null;
  return props;
}

function convertChildren(parent: Node, keyPrefix: string, depth: number, tag = ''): ReactNode[] {
  const out: ReactNode[] = [];
  parent.childNodes.forEach((child, index) => {
    if (NO_TEXT_CHILDREN.has(tag) && child.nodeType === 3 && (child.textContent ?? '').trim() === '') {
      return;
    }
    const node = convertNode(child, `${keyPrefix}.${index}`, depth);
    if (node !== null) out.push(node);
  });
  return out;
}

function convertNode(node: Node, key: string, depth: number): ReactNode {
  // 3 = TEXT_NODE, 1 = ELEMENT_NODE; comments and processing instructions are dropped.
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node.nodeType !== 1) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  if (depth >= MAX_DEPTH) return el.textContent ?? '';
  if (!TAG_SET.has(tag)) {
    return createElement(Fragment, { key }, ...convertChildren(el, key, depth + 1));
  }
  const props = elementProps(el, tag, key);
  if (props === null) return null;
  if (tag === 'a' && props.href === undefined) {
    return createElement(Fragment, { key }, ...convertChildren(el, key, depth + 1));
  }
  if (VOID_TAGS.has(tag)) return createElement(tag, props);
  return createElement(tag, props, ...convertChildren(el, key, depth + 1, tag));
}

/** True where a DOM is available to sanitise with (false during server rendering). */
export function canSanitizeHtml(): boolean {
  return DOMPurify.isSupported;
}

/**
 * Sanitises untrusted HTML and returns React nodes built from an allowlist of tags and
 * attributes. Without a DOM (server rendering) the HTML is returned as escaped text.
 */
export function sanitizeHtmlToReact(html: string, keyPrefix = 'html'): ReactNode[] {
  if (!DOMPurify.isSupported) return [html];
  const fragment = DOMPurify.sanitize(html, PURIFY_CONFIG);
  return convertChildren(fragment, keyPrefix, 0);
}
