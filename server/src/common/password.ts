import { hash, verify } from '@node-rs/argon2';
import { compare as bcryptCompare } from 'bcryptjs';

/**
 * Password hashing for every domain that keeps or checks a password (users, auth, import): it
 * lives under common/ so none of them imports another for it.
 */

/** Argon2id (memory-hard). */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
}

/** A bcrypt hash as new-api and one-api store them ($2a$, $2b$ or $2y$, cost, 53 characters). */
const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export function isBcryptHash(stored: string): boolean {
  return BCRYPT.test(stored);
}

/** True when a stored hash verified by verifyPassword should be replaced by an argon2id one. */
export function needsRehash(stored: string): boolean {
  return isBcryptHash(stored);
}

/**
 * Argon2id, or bcrypt for accounts imported from new-api / one-api (rehashed to argon2id at the
 * next successful login: see UserCredentialsService.checkCredentials).
 */
export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  if (!stored) return false;
  try {
    // $2y$ (PHP's name) is the same algorithm as $2b$.
    if (isBcryptHash(stored)) return await bcryptCompare(plain, stored.replace(/^\$2y\$/, '$2b$'));
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** An argon2 hash of a random string: checking a password against it costs what a real check does, so unknown users answer as slowly as wrong passwords. */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2x1aWNlZHVtbXlzYWx0$0mX4Bz3pN7wYp4b9m1Qk2XkEw1m6m2y8m0cQ3e5c6aQ';
