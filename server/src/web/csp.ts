/** The console's Content-Security-Policy: scripts and styles from this origin only (no inline scripts). */
export const CONSOLE_CSP =
  "default-src 'self'; img-src 'self' data: https:; style-src 'self' 'unsafe-inline'; script-src 'self' https://challenges.cloudflare.com https://telegram.org; connect-src 'self'; frame-src 'self' https:; object-src 'none'; base-uri 'self'";
