import { hashSync } from 'bcryptjs';
import { hashPassword, isBcryptHash, needsRehash, verifyPassword } from './password';

describe('password hashes', () => {
  const bcrypt = hashSync('old-password-1', 4);

  it('verifies argon2id and leaves it alone', async () => {
    const h = await hashPassword('new-password-1');
    expect(await verifyPassword(h, 'new-password-1')).toBe(true);
    expect(await verifyPassword(h, 'wrong')).toBe(false);
    expect(needsRehash(h)).toBe(false);
  });

  it('verifies the bcrypt forms new-api and one-api store ($2a$, $2b$, $2y$) and asks for a rehash', async () => {
    for (const variant of ['$2a$', '$2b$', '$2y$']) {
      const h = bcrypt.replace(/^\$2[aby]\$/, variant);
      expect(isBcryptHash(h)).toBe(true);
      expect(await verifyPassword(h, 'old-password-1')).toBe(true);
      expect(await verifyPassword(h, 'old-password-2')).toBe(false);
      expect(needsRehash(h)).toBe(true);
    }
  });

  it('refuses what it cannot verify', async () => {
    expect(await verifyPassword('', 'x')).toBe(false);
    expect(await verifyPassword('pbkdf2_sha256$260000$salt$hash', 'x')).toBe(false);
    expect(isBcryptHash('$2x$04$short')).toBe(false);
  });
});
