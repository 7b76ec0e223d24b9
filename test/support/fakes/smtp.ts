import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** Decoded text of every part (HTML included). */
  text: string;
  raw: string;
}

/**
 * A real SMTP server on loopback (AUTH PLAIN/LOGIN accepted for the configured account).
 * Tests wait for the next mail to an address and follow the code or link in it.
 */
export class SmtpListener {
  readonly mails: ReceivedMail[] = [];
  private waiters: { to: string; resolve: (m: ReceivedMail) => void }[] = [];
  private server: SMTPServer;
  port = 0;

  constructor(
    readonly user = 'mailer@example.com',
    readonly pass = 'smtp-secret',
  ) {
    this.server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: false,
      onAuth: (auth, _session, cb) => {
        if (auth.username === this.user && auth.password === this.pass) cb(null, { user: auth.username });
        else cb(new Error('invalid credentials'));
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail: ReceivedMail = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: decodeHeader(/^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(raw)?.[1] ?? ''),
            text: decodeBody(raw),
            raw,
          };
          this.mails.push(mail);
          this.waiters = this.waiters.filter((w) => {
            if (mail.to.includes(w.to)) {
              w.resolve(mail);
              return false;
            }
            return true;
          });
          cb();
        });
      },
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  /** Resolves with the next mail to `to` (or one already received and not yet taken). */
  next(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const idx = this.mails.findIndex((m) => m.to.includes(to));
    if (idx >= 0) return Promise.resolve(this.mails.splice(idx, 1)[0] as ReceivedMail);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${to}`)), timeoutMs);
      this.waiters.push({
        to,
        resolve: (m) => {
          clearTimeout(timer);
          this.mails.splice(this.mails.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function decodeHeader(v: string): string {
  return v
    .replace(/\r\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
    )
    .replace(/\?=\s+=\?/g, '');
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes every MIME part's body (quoted-printable or base64). */
function decodeBody(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const split = part.search(/\r?\n\r?\n/);
      if (split < 0) return '';
      const headers = part.slice(0, split);
      const body = part.slice(split).trim();
      const enc = /Content-Transfer-Encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
      if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (enc === 'quoted-printable') return decodeQp(body);
      return body;
    })
    .join('\n');
}

/** The options that point a running app's mail at this listener (set through root's option API). */
export function smtpOptions(smtp: SmtpListener): [string, string][] {
  return [
    ['SMTPServer', '127.0.0.1'],
    ['SMTPPort', String(smtp.port)],
    ['SMTPAccount', smtp.user],
    ['SMTPToken', smtp.pass],
    ['SMTPFrom', 'noreply@sluice.test'],
  ];
}
