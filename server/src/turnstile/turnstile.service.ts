import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AuthError } from '../common/domain-error';
import { OptionsService } from '../options/options.service';
import { OutboundClient } from '../outbound/outbound.service';

/**
 * Cloudflare Turnstile siteverify through the one outbound client. The verify address is
 * operator configuration (TURNSTILE_VERIFY_URL), so a loopback address is allowed for it.
 */
@Injectable()
export class TurnstileService {
  private readonly logger = new Logger('Turnstile');

  constructor(
    private readonly options: OptionsService,
    private readonly http: OutboundClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return this.options.bool('TurnstileCheckEnabled');
  }

  /** Throws unless the check is off or the token verifies for this client IP. */
  async check(token: unknown, ip: string): Promise<void> {
    if (!this.enabled) return;
    if (typeof token !== 'string' || token === '') throw AuthError.of('auth.turnstile_empty', {}, 400);
    const body = new URLSearchParams({ secret: this.options.get('TurnstileSecretKey'), response: token, remoteip: ip });
    let success = false;
    try {
      const res = await this.http.request({
        url: this.config.turnstileVerifyUrl,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
        allowPrivate: true,
        timeouts: { headersMs: 10_000, totalMs: 15_000 },
      });
      const json = JSON.parse(await this.http.readText(res, 64 * 1024)) as { success?: unknown };
      success = res.status === 200 && json.success === true;
    } catch (err) {
      this.logger.warn(`siteverify failed: ${(err as Error).message}`);
    }
    if (!success) throw AuthError.of('auth.turnstile_failed', {}, 403);
  }
}
