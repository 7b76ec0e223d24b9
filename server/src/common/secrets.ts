import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const ALNUM = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Bytes at or above this are dropped: 248 = 4 × 62, so `byte % 62` stays uniform. */
const ALNUM_BYTE_LIMIT = 248;

/** Uniform random string from [0-9a-zA-Z] (crypto random, one buffer per call, rejection sampled). */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    // 3% of bytes are dropped: a quarter more than needed almost always fills it in one draw.
    for (const b of randomBytes(Math.ceil((length - out.length) * 1.25) + 2)) {
      if (b >= ALNUM_BYTE_LIMIT) continue;
      out += ALNUM[b % ALNUM.length];
      if (out.length === length) break;
    }
  }
  return out;
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

export function sha256Hex(input: string): string {
  return createHash('sha256').update(input).digest('hex');
}

/** Constant-time comparison of two strings (hashes them first so lengths never leak). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/**
 * AES-256-GCM for secrets at rest (channel keys, token keys). Output: v1.<iv>.<tag>.<data> (base64url).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: Buffer) {
    this.key = createHash('sha256').update(secret).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [v, iv, tag, data] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('malformed sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
