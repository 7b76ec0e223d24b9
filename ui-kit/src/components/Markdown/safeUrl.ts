// URL allowlists for rendered markdown and sanitised HTML.
// The spec limits link addresses to http, https, mailto and tel; images only load over
// http(s). Anything else (javascript:, data:, vbscript:, relative paths) is refused, and
// the caller renders the text without a link.
const LINK_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

// Long enough for real links, short enough that a hostile document cannot make us parse
// megabyte URLs.
const MAX_URL_LENGTH = 4096;

function allowedHref(raw: string, protocols: ReadonlySet<string>): string | null {
  if (raw.length === 0 || raw.length > MAX_URL_LENGTH) return null;
  try {
    // The WHATWG parser is the one the browser uses when it follows the link, so judging
    // its `protocol` covers tricks like "java\tscript:" or leading control characters.
    const url = new URL(raw);
    return protocols.has(url.protocol) ? url.href : null;
  } catch {
    // Relative or malformed: no base is given on purpose, so these never become links.
    return null;
  }
}

/** A normalised href for http, https, mailto and tel addresses; null for anything else. */
export function safeLinkHref(raw: string): string | null {
  return allowedHref(raw, LINK_PROTOCOLS);
}

/** A normalised src for http and https images; null for anything else. */
export function safeImageSrc(raw: string): string | null {
  return allowedHref(raw, IMAGE_PROTOCOLS);
}

/** True for links that leave the page (opened in a new tab with rel=noopener). */
export function isWebHref(href: string): boolean {
  return href.startsWith('http:') || href.startsWith('https:');
}
