import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { IsNull, LessThan, MoreThan } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseService } from '../database/database.service';
import { AuthError } from '../common/domain-error';
import { t, type Lang } from '../common/messages';
import type { Principal } from '../common/request-context';
import { randomHex, safeEqual, sha256Hex } from '../common/secrets';
import { nowSeconds } from '../common/sql';
import { MailError } from '../mail/mail.errors';
import { MailService } from '../mail/mail.service';
import { OptionsService } from '../options/options.service';
import { QUEUE_DRIVER, type QueueDriver } from '../queue/jobs';
import { emailSchema, parseField } from '../users/dto/user.dto';
import { toLoginView, type LoginView } from '../users/user.mapper';
import { ROLE_ROOT, UsersService } from '../users/users.service';
import { UserCredentialsService } from '../users/user-credentials.service';
import { UserRegistrationService } from '../users/user-registration.service';
import { AuditService } from '../audit/audit.service';
import { AccountsError } from './auth.errors';
import type { EmailBindInput, LoginInput, RegisterInput, ResetConfirmInput } from './dto/auth.dto';
import { SessionsService } from './sessions.service';
import { VerificationEntity, type VerificationPurpose } from './verification.entity';

const CODE_TTL_SECONDS = 10 * 60;

export interface LoginResult {
  sessionId: string;
  user: LoginView & { default_password?: boolean };
}

@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger('Auth');

  constructor(
    private readonly db: DatabaseService,
    private readonly users: UsersService,
    private readonly credentials: UserCredentialsService,
    private readonly registration: UserRegistrationService,
    private readonly sessions: SessionsService,
    private readonly options: OptionsService,
    private readonly mail: MailService,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly audit: AuditService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.queue.register('auth.cleanup', async () => {
      await this.sessions.purgeExpired();
      await this.db.write((em) => em.delete(VerificationEntity, { expiresAt: LessThan(nowSeconds() - CODE_TTL_SECONDS) }));
    });
    await this.queue.repeat('auth.cleanup', {}, 60 * 60 * 1000);
    await this.registration.bootstrapRoot(this.config.initialRootPassword);
  }

  // ---- login ----

  async login({ username, password }: LoginInput): Promise<LoginResult> {
    if (!this.options.bool('PasswordLoginEnabled')) throw AuthError.of('auth.password_login_disabled', {}, 403);
    const user = await this.credentials.checkCredentials(username, password);
    if (!user) {
      // The row names the account only when the login names one (never the typed text: it may be a password).
      const who = await this.users.findByLogin(username);
      await this.audit.record({
        action: 'auth.sign_in',
        outcome: 'failure',
        actor: who,
        subject: who,
        ...(who ? { target: { type: 'user' as const, id: who.id } } : {}),
        detail: { method: 'password', known_account: who !== null },
      });
      throw AuthError.of('auth.login_failed', {}, 401);
    }
    const sessionId = await this.sessions.create(user.id);
    await this.audit.record({
      action: 'auth.sign_in',
      actor: { id: user.id, username: user.username, role: user.role },
      target: { type: 'user', id: user.id },
      detail: { method: 'password' },
    });
    const view: LoginResult['user'] = toLoginView(user);
    // The console turns this flag into the "change the default password" warning.
    if (user.role >= ROLE_ROOT && password === this.config.initialRootPassword) view.default_password = true;
    return { sessionId, user: view };
  }

  async logout(sessionId: string | undefined): Promise<void> {
    if (sessionId) await this.sessions.destroy(sessionId);
  }

  // ---- registration ----

  async register(input: RegisterInput): Promise<void> {
    if (!this.options.bool('RegisterEnabled')) throw AuthError.of('auth.register_disabled', {}, 403);
    if (!this.options.bool('PasswordRegisterEnabled')) {
      throw AuthError.of('auth.password_register_disabled', {}, 403);
    }
    const { username, password, display_name: displayName } = input;

    let email = '';
    if (this.options.bool('EmailVerificationEnabled')) {
      const code = (input.verification_code ?? '').trim();
      if ((input.email ?? '').trim() === '' || code === '') throw AccountsError.of('user.email_verification_required');
      email = this.checkEmailPolicy(parseField('email', emailSchema, input.email));
      if (await this.users.emailTaken(email)) throw AccountsError.of('user.email_taken');
      await this.consume('email', email, code);
    }

    const affCode = (input.aff_code ?? '').trim();
    const inviter = affCode !== '' ? await this.users.findByAffCode(affCode) : null;
    const inviterId = inviter && inviter.deletedAt === null ? inviter.id : 0;
    const quota = this.options.num('QuotaForNewUser') + (inviterId ? this.options.num('QuotaForInvitee') : 0);

    await this.db.write((em) =>
      this.registration.insert(em, { username, password, displayName, email, quota, inviterId }, inviterId ? this.options.num('QuotaForInviter') : 0),
    );
  }

  // ---- e-mail codes and reset ----

  /** Sends a registration/bind code. Answers the same whether or not the address is in use. */
  async sendVerification(address: string, lang: Lang): Promise<void> {
    const email = this.checkEmailPolicy(address);
    if (!this.mail.configured) throw MailError.of('mail.not_configured', {}, 400);
    if (await this.users.emailTaken(email)) {
      this.logger.log('verification requested for an address already in use; nothing sent');
      return;
    }
    const code = randomHex(3);
    await this.store('email', email, code);
    const system = this.options.get('SystemName');
    await this.mail.send(
      email,
      t('mail.verification_subject', lang, { system }),
      t('mail.verification_body', lang, { system, code, minutes: CODE_TTL_SECONDS / 60 }),
    );
  }

  /** Sends a reset link if an account holds the address; answers the same either way. */
  async sendReset(email: string, lang: Lang): Promise<void> {
    if (!this.mail.configured) throw MailError.of('mail.not_configured', {}, 400);
    const user = await this.users.findByEmail(email);
    if (!user || user.deletedAt !== null) return;
    const token = randomHex(16);
    await this.store('reset', email, token);
    const base = this.options.get('ServerAddress') || `http://localhost:${this.config.port}`;
    const link = `${base}/user/reset?email=${encodeURIComponent(email)}&token=${token}`;
    const system = this.options.get('SystemName');
    await this.mail.send(email, t('mail.reset_subject', lang, { system }), t('mail.reset_body', lang, { system, link, minutes: CODE_TTL_SECONDS / 60 }));
  }

  /** Consumes the reset token and returns the new random password (12 hex characters). */
  async confirmReset({ email, token }: ResetConfirmInput): Promise<string> {
    await this.consume('reset', email, token, 'reset.invalid');
    const password = randomHex(6);
    if (!(await this.credentials.setPasswordByEmail(email, password))) throw AccountsError.of('reset.invalid');
    const who = await this.users.findByLogin(email);
    await this.audit.record({ action: 'user.password_reset', actor: who, subject: who, ...(who ? { target: { type: 'user' as const, id: who.id } } : {}), detail: { via: 'email' } });
    return password;
  }

  async bindEmail(actor: Principal, input: EmailBindInput): Promise<void> {
    const email = this.checkEmailPolicy(input.email);
    if (await this.users.emailTaken(email, actor.id)) throw AccountsError.of('user.email_taken');
    await this.consume('email', email, input.code);
    await this.users.setEmail(actor.id, email);
    await this.audit.record({ action: 'user.email_change', target: { type: 'user', id: actor.id } });
  }

  /** The operator's domain whitelist and alias rule, on an address already in the right format. */
  private checkEmailPolicy(email: string): string {
    const [local = '', domain = ''] = email.split('@');
    if (this.options.bool('EmailDomainRestrictionEnabled')) {
      const allowed = this.options
        .get('EmailDomainWhitelist')
        .split(',')
        .map((d) => d.trim().toLowerCase())
        .filter((d) => d !== '');
      if (!allowed.includes(domain.toLowerCase())) throw AccountsError.of('user.email_domain_not_allowed');
    }
    if (this.options.bool('EmailAliasRestrictionEnabled') && /[+]/.test(local)) throw AccountsError.of('user.email_alias_not_allowed');
    return email;
  }

  private async store(purpose: VerificationPurpose, email: string, secret: string): Promise<void> {
    await this.db.write((em) =>
      em.insert(VerificationEntity, {
        purpose,
        email,
        secretHash: sha256Hex(secret),
        expiresAt: nowSeconds() + CODE_TTL_SECONDS,
        usedAt: null,
      }),
    );
  }

  /** Single use, 10 minutes, constant-time comparison, compare-and-set on use. */
  private async consume(
    purpose: VerificationPurpose,
    email: string,
    secret: string,
    failKey: 'user.code_invalid' | 'reset.invalid' = 'user.code_invalid',
  ): Promise<void> {
    const candidates = await this.db.manager.find(VerificationEntity, {
      where: { purpose, email, usedAt: IsNull(), expiresAt: MoreThan(nowSeconds()) },
      order: { id: 'DESC' },
      take: 10,
    });
    const hash = sha256Hex(secret.toLowerCase() === secret ? secret : secret.toLowerCase());
    const match = candidates.find((c) => safeEqual(c.secretHash, hash));
    if (!match) throw AccountsError.of(failKey);
    const res = await this.db.write((em) =>
      em
        .createQueryBuilder()
        .update(VerificationEntity)
        .set({ usedAt: nowSeconds() })
        .where('id = :id AND used_at IS NULL', { id: match.id })
        .execute(),
    );
    if (DatabaseService.affected(res) !== 1) throw AccountsError.of(failKey);
  }
}
