import { createCipheriv, createDecipheriv, createHash, randomBytes, randomFillSync, timingSafeEqual } from 'node:crypto';

const ALNUM = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Bytes at or above this are dropped: 248 = 4 × 62, so `byte % 62` stays uniform. */
const ALNUM_BYTE_LIMIT = 248;

/**
 * Crypto-random bytes drawn in bulk (one call into OpenSSL per 4 KB instead of one per string,
 * as node:crypto's randomInt does with its own cache); each byte is used once.
 */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function randomByte(): number {
  if (poolAt >= pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const b = pool[poolAt] as number;
  poolAt += 1;
  return b;
}

/** Uniform random string from [0-9a-zA-Z] (crypto random, rejection sampled). */
export function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    const b = randomByte();
    if (b < ALNUM_BYTE_LIMIT) out += ALNUM[b % ALNUM.length];
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
