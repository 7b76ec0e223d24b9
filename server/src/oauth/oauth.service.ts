import { Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { AuthError, DomainError } from '../common/domain-error';
import type { Principal } from '../common/request-context';
import { randomAlnum } from '../common/secrets';
import { nowSeconds } from '../common/sql';
import { DatabaseService } from '../database/database.service';
import { OptionsService } from '../options/options.service';
import { SessionsService } from '../auth/sessions.service';
import { toLoginView, type LoginView } from '../users/user.mapper';
import type { UserEntity } from '../users/user.entity';
import { USER_ENABLED, UsersService } from '../users/users.service';
import { UserBindingsService, type BindingKind } from '../users/user-bindings.service';
import { UserRegistrationService } from '../users/user-registration.service';
import type { RedirectCallbackInput, TelegramFields } from './dto/oauth.dto';
import { OAuthError } from './oauth.errors';
import { OAuthStateService } from './oauth-state.service';
import { GitHubProvider } from './providers/github.provider';
import { LinuxDoProvider } from './providers/linuxdo.provider';
import type { ProviderIdentity } from './providers/provider-http';
import { checkTelegramLogin } from './providers/telegram';
import { WeChatProvider } from './providers/wechat.provider';

/** Providers signed in with `code` + `state` (the redirect flows). */
export type RedirectProvider = 'github' | 'linuxdo';

export const PROVIDER_NAMES: Record<BindingKind, string> = { github: 'GitHub', linuxdo: 'LinuxDO', wechat: 'WeChat', telegram: 'Telegram' };

export type CallbackOutcome = { kind: 'login'; sessionId: string; user: LoginView } | { kind: 'bind' };

/**
 * Third-party sign-in: a provider identity logs in the account bound to it, registers one when
 * registration is on (with the invitation code carried by the state), or binds to the signed-in
 * user. Accounts are keyed by the provider's immutable id; an id bound elsewhere is refused.
 */
@Injectable()
export class OAuthService {
  private readonly logger = new Logger('OAuth');

  constructor(
    private readonly db: DatabaseService,
    private readonly options: OptionsService,
    private readonly users: UsersService,
    private readonly bindings: UserBindingsService,
    private readonly registration: UserRegistrationService,
    private readonly sessions: SessionsService,
    private readonly states: OAuthStateService,
    private readonly github: GitHubProvider,
    private readonly linuxdo: LinuxDoProvider,
    private readonly wechat: WeChatProvider,
    private readonly audit: AuditService,
  ) {}

  /** A new state for this browser, and the provider's authorize URL when asked for one. */
  async issueState(actor: Principal | null, aff: string | undefined, provider: RedirectProvider | undefined, binding: string | undefined) {
    const issued = await this.states.issue(actor?.id ?? 0, aff, binding);
    let authorizeUrl: string | undefined;
    if (provider === 'github' && this.github.enabled) authorizeUrl = this.github.authorizeUrl(issued.state);
    if (provider === 'linuxdo' && this.linuxdo.enabled) authorizeUrl = this.linuxdo.authorizeUrl(issued.state);
    return { ...issued, authorizeUrl };
  }

  /**
   * The GitHub / LinuxDO callback. `method` is GET for the browser redirect: it may sign in, but a
   * bind (state issued to a signed-in user) must come by POST and is refused without spending the state.
   */
  async redirectCallback(
    provider: RedirectProvider,
    input: RedirectCallbackInput,
    actor: Principal | null,
    binding: string | undefined,
    method: 'GET' | 'POST',
  ): Promise<CallbackOutcome> {
    const p = provider === 'github' ? this.github : this.linuxdo;
    if (!p.enabled) throw OAuthError.of('oauth.disabled', { provider: PROVIDER_NAMES[provider] }, 403);
    const state = await this.states.check(input.state, binding);
    if (state.userId !== 0) {
      // A bind: only the user who asked for the state, only by POST.
      if (!actor || actor.id !== state.userId) throw OAuthError.of('oauth.state_invalid', {}, 403);
      if (method !== 'POST') throw OAuthError.of('bind.use_post', {}, 405);
    }
    const code = (input.code ?? '').trim();
    if (code === '' || code.length > 512) throw OAuthError.of('oauth.code_required');
    await this.states.consume(state);
    if (state.userId !== 0) {
      await this.bind(state.userId, provider, await p.identify(code));
      return { kind: 'bind' };
    }
    const aff = state.affCode !== '' ? state.affCode : input.aff;
    return this.audited(provider, async () => this.login(provider, await p.identify(code), aff));
  }

  /** A third-party sign-in with its audit row: success names the account, failure the reason code. */
  private async audited(kind: BindingKind, run: () => Promise<CallbackOutcome>): Promise<CallbackOutcome> {
    try {
      const outcome = await run();
      if (outcome.kind === 'login') {
        const u = outcome.user;
        await this.audit.record({ action: 'auth.sign_in', actor: { id: u.id, username: u.username, role: u.role }, target: { type: 'user', id: u.id }, detail: { method: kind } });
      }
      return outcome;
    } catch (err) {
      await this.audit.record({
        action: 'auth.sign_in',
        outcome: 'failure',
        actor: null,
        subject: null,
        detail: { method: kind, reason: err instanceof DomainError ? err.code : 'error' },
      });
      throw err;
    }
  }

  /** WeChat: sign in (or register) with the code the WeChat server handed out. */
  async wechatLogin(code: string | undefined, aff: string | undefined): Promise<CallbackOutcome> {
    this.assertEnabled('wechat', this.wechat.enabled);
    return this.audited('wechat', async () => this.login('wechat', await this.wechat.identify(code), aff));
  }

  async wechatBind(actor: Principal, code: string | undefined): Promise<void> {
    this.assertEnabled('wechat', this.wechat.enabled);
    await this.bind(actor.id, 'wechat', await this.wechat.identify(code));
  }

  async telegramLogin(fields: TelegramFields, aff: string | undefined): Promise<CallbackOutcome> {
    return this.audited('telegram', () => this.login('telegram', this.telegramIdentity(fields), aff));
  }

  async telegramBind(actor: Principal, fields: TelegramFields): Promise<void> {
    await this.bind(actor.id, 'telegram', this.telegramIdentity(fields));
  }

  /** Unbinding keeps at least one way to sign in (a password counts). */
  async unbind(actor: Principal, provider: BindingKind): Promise<void> {
    const result = await this.bindings.clearBinding(actor.id, provider);
    if (result === 'not_bound') throw OAuthError.of('oauth.not_bound');
    if (result === 'last_method') throw OAuthError.of('oauth.unbind_last', {}, 409);
    this.logger.log(`user ${actor.id} unbound ${provider}`);
    await this.audit.record({ action: 'user.binding_remove', target: { type: 'user', id: actor.id }, detail: { provider } });
  }

  private telegramIdentity(fields: TelegramFields): ProviderIdentity {
    const token = this.options.get('TelegramBotToken');
    this.assertEnabled('telegram', this.options.bool('TelegramOAuthEnabled') && token !== '');
    const check = checkTelegramLogin(fields, token, nowSeconds());
    if (!check.ok) {
      if (check.reason === 'expired') throw OAuthError.of('oauth.telegram_expired', {}, 403);
      throw OAuthError.of('oauth.telegram_invalid', {}, 403);
    }
    return { id: check.id, displayName: check.displayName };
  }

  private assertEnabled(kind: BindingKind, enabled: boolean): void {
    if (!enabled) throw OAuthError.of('oauth.disabled', { provider: PROVIDER_NAMES[kind] }, 403);
  }

  private async bind(userId: number, kind: BindingKind, identity: ProviderIdentity): Promise<void> {
    const bound = await this.db.write((em) => this.bindings.setBinding(em, userId, kind, identity.id, identity.level));
    if (!bound) throw OAuthError.of('oauth.already_bound', { provider: PROVIDER_NAMES[kind] }, 409);
    this.logger.log(`user ${userId} bound ${kind}`);
    await this.audit.record({ action: 'user.binding_add', target: { type: 'user', id: userId }, detail: { provider: kind } });
  }

  private async login(kind: BindingKind, identity: ProviderIdentity, aff: string | undefined): Promise<CallbackOutcome> {
    let user = await this.bindings.findByBinding(kind, identity.id);
    if (user) {
      if (user.deletedAt !== null) throw OAuthError.of('user.deleted', {}, 403);
      if (user.status !== USER_ENABLED) throw AuthError.of('auth.banned', {}, 403);
    } else {
      user = await this.register(kind, identity, aff);
    }
    const sessionId = await this.sessions.create(user.id);
    return { kind: 'login', sessionId, user: toLoginView(user) };
  }

  /** A new account for a provider identity: new-user and invitation rewards as for password sign-up. */
  private async register(kind: BindingKind, identity: ProviderIdentity, rawAff: string | undefined): Promise<UserEntity> {
    if (!this.options.bool('RegisterEnabled')) throw AuthError.of('auth.register_disabled', {}, 403);
    const affCode = (rawAff ?? '').trim();
    const inviter = affCode !== '' ? await this.users.findByAffCode(affCode) : null;
    const inviterId = inviter && inviter.deletedAt === null ? inviter.id : 0;
    const quota = this.options.num('QuotaForNewUser') + (inviterId ? this.options.num('QuotaForInvitee') : 0);
    const email = identity.email && identity.email.length <= 50 && !(await this.users.emailTaken(identity.email)) ? identity.email : '';
    for (let attempt = 0; ; attempt++) {
      const username = `${kind}_${randomAlnum(8)}`;
      try {
        return await this.db.write(async (em) => {
          const user = await this.registration.insert(
            em,
            { username, password: null, displayName: identity.displayName || username, email, quota, inviterId },
            inviterId ? this.options.num('QuotaForInviter') : 0,
          );
          // Two first sign-ins of one identity at once: the unique index lets one account win.
          if (!(await this.bindings.setBinding(em, user.id, kind, identity.id, identity.level))) {
            throw OAuthError.of('oauth.already_bound', { provider: PROVIDER_NAMES[kind] }, 409);
          }
          this.logger.log(`registered user ${user.id} through ${kind}`);
          return user;
        });
      } catch (err) {
        if (attempt < 3 && !(err instanceof OAuthError) && /username/i.test((err as Error).message)) continue;
        throw err;
      }
    }
  }
}
