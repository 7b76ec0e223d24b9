import { Injectable } from '@nestjs/common';
import { LessThan } from 'typeorm';
import { DatabaseService } from '../database/database.service';
import { randomHex, safeEqual, sha256Hex } from '../common/secrets';
import { nowSeconds } from '../common/sql';
import { OAuthError } from './oauth.errors';
import { OAuthStateEntity } from './oauth-state.entity';

export const STATE_TTL_SECONDS = 10 * 60;
/** Cookie binding a state to the browser that asked for it (the state alone is in URLs and logs). */
export const OAUTH_BINDING_COOKIE = 'oauth_binding';

export interface IssuedState {
  state: string;
  /** Value of the binding cookie to set. */
  binding: string;
}

export interface ValidState {
  id: number;
  /** The signed-in user who asked (a bind), or 0 (a sign-in). */
  userId: number;
  affCode: string;
}

/**
 * OAuth `state` (security rule 14): 128 random bits, bound to the browser (cookie) and to the
 * signed-in user if any, single use, 10 minutes. Rows hold hashes only.
 */
@Injectable()
export class OAuthStateService {
  constructor(private readonly db: DatabaseService) {}

  async issue(userId: number, rawAff: string | undefined, existingBinding: string | undefined): Promise<IssuedState> {
    const state = randomHex(16);
    // One binding per browser: keep the cookie it already has so two tabs do not undo each other.
    const binding = existingBinding && /^[0-9a-f]{32}$/.test(existingBinding) ? existingBinding : randomHex(16);
    // Only letters and digits are an invitation code; anything else is dropped, not refused.
    const affCode = rawAff !== undefined && /^[0-9A-Za-z]{1,32}$/.test(rawAff.trim()) ? rawAff.trim() : '';
    const now = nowSeconds();
    await this.db.write(async (em) => {
      await em.delete(OAuthStateEntity, { expiresAt: LessThan(now - STATE_TTL_SECONDS) });
      await em.insert(OAuthStateEntity, {
        stateHash: sha256Hex(state),
        bindingHash: sha256Hex(binding),
        userId,
        affCode,
        expiresAt: now + STATE_TTL_SECONDS,
        usedAt: null,
      });
    });
    return { state, binding };
  }

  /**
   * The unused, unexpired state issued to this browser, or a refusal. Does not consume it: a
   * bind started by a GET callback is refused without spending the state, so the page can POST.
   */
  async check(rawState: unknown, binding: string | undefined): Promise<ValidState> {
    if (typeof rawState !== 'string' || !/^[0-9a-f]{32}$/.test(rawState) || !binding) throw OAuthError.of('oauth.state_invalid', {}, 403);
    const row = await this.db.manager.findOne(OAuthStateEntity, { where: { stateHash: sha256Hex(rawState) } });
    if (!row || row.usedAt !== null || row.expiresAt <= nowSeconds() || !safeEqual(row.bindingHash, sha256Hex(binding))) {
      throw OAuthError.of('oauth.state_invalid', {}, 403);
    }
    return { id: row.id, userId: row.userId, affCode: row.affCode };
  }

  /** Spends the state: compare-and-set, so of two callbacks racing with one state only one goes on. */
  async consume(state: ValidState): Promise<void> {
    const now = nowSeconds();
    const res = await this.db.write((em) =>
      em
        .createQueryBuilder()
        .update(OAuthStateEntity)
        .set({ usedAt: now })
        .where('id = :id AND used_at IS NULL AND expires_at > :now', { id: state.id, now })
        .execute(),
    );
    if (DatabaseService.affected(res) !== 1) throw OAuthError.of('oauth.state_invalid', {}, 403);
  }
}
