import { Injectable, Logger } from '@nestjs/common';
import { t, type MessageKey } from '../common/messages';
import { MailService } from '../mail/mail.service';
import { OptionsService } from '../options/options.service';
import type { UpstreamFailure } from '../wire/canonical/errors';
import { scrubAndTruncate } from '../relay/pipeline/scrub';
import { UsersService } from '../users/users.service';
import { CHANNEL_AUTO_DISABLED, CHANNEL_ENABLED } from './channel.entity';
import { ChannelsService } from './channels.service';

/** The reason stored in other_info for a structured upstream failure (already scrubbed by the adaptor). */
export function failureReason(f: UpstreamFailure): string {
  return t('channel.reason_upstream', 'zh', { status: f.status, code: f.code ?? f.type ?? '-', message: f.message });
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One notification per channel, event and hour: a flapping channel does not flood root's inbox. */
export function notificationJobId(event: 'disabled' | 'enabled', channelId: number, nowMs = Date.now()): string {
  return `channel-${event}-${channelId}-${Math.floor(nowMs / 3_600_000)}`;
}

/**
 * Automatic channel status: disable on structured auth/billing failures (money rule 21: status
 * and error code or type, never a message substring), on a test slower than the threshold, or an
 * exhausted balance; enable an auto-disabled channel that passes a test. Manual disables (status
 * 2) are never touched. Every move is a compare-and-set in ChannelsService, which rebuilds the
 * routing index on every node; root is told by e-mail.
 */
@Injectable()
export class ChannelHealthService {
  private readonly logger = new Logger('ChannelHealth');

  constructor(
    private readonly channels: ChannelsService,
    private readonly options: OptionsService,
    private readonly mail: MailService,
    private readonly users: UsersService,
  ) {}

  /**
   * The relay calls this after every failed upstream attempt. Only `failure.disableChannel`
   * counts; the switches and the channel's auto_ban decide the rest. Never throws: a failure
   * here must not change the relay's answer.
   */
  async reportFailure(channelId: number, failure: UpstreamFailure): Promise<void> {
    if (!failure.disableChannel) return;
    try {
      await this.disableIfAllowed(channelId, failureReason(failure));
    } catch (err) {
      this.logger.warn(`channel ${channelId}: auto-disable failed: ${(err as Error).message}`);
    }
  }

  /**
   * Moves an enabled channel to status 3 when AutomaticDisableChannelEnabled is on and the
   * channel's auto_ban is 1. True when this call moved it (concurrent callers: exactly one).
   */
  async disableIfAllowed(channelId: number, reason: string): Promise<boolean> {
    if (!this.options.bool('AutomaticDisableChannelEnabled')) return false;
    const ch = await this.channels.getForRelay(channelId);
    if (!ch || !ch.autoBan || ch.status !== CHANNEL_ENABLED) return false;
    const clean = scrubAndTruncate(reason, [ch.key]);
    const moved = await this.channels.setStatusBySystem(channelId, CHANNEL_AUTO_DISABLED, clean);
    if (moved) {
      this.logger.warn(`channel ${channelId} (${ch.name}) disabled automatically: ${clean}`);
      await this.notifyRoot('channel.mail_disabled_subject', 'channel.mail_disabled_body', { id: channelId, name: ch.name, reason: clean }, notificationJobId('disabled', channelId));
    }
    return moved;
  }

  /** After a passing test: status 3 back to 1 when AutomaticEnableChannelEnabled is on. */
  async enableIfAllowed(channelId: number): Promise<boolean> {
    if (!this.options.bool('AutomaticEnableChannelEnabled')) return false;
    const moved = await this.channels.enableIfAutoDisabled(channelId);
    if (moved) {
      const ch = await this.channels.getForRelay(channelId);
      this.logger.log(`channel ${channelId} enabled automatically after a passing test`);
      await this.notifyRoot('channel.mail_enabled_subject', 'channel.mail_enabled_body', { id: channelId, name: ch?.name ?? '' }, notificationJobId('enabled', channelId));
    }
    return moved;
  }

  /**
   * Mails root through the queue when SMTP is configured and root has an e-mail. Parameters are
   * admin-typed text (channel names) or upstream text: escaped, never HTML.
   */
  async notifyRoot(subjectKey: MessageKey, bodyKey: MessageKey, params: Record<string, string | number>, jobId: string): Promise<void> {
    try {
      if (!this.mail.configured) return;
      const to = await this.users.rootEmail();
      if (to === '') return;
      const plain: Record<string, string | number> = {};
      const html: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(params)) {
        plain[k] = typeof v === 'string' ? v.replace(/[\r\n]+/g, ' ') : v;
        html[k] = typeof v === 'string' ? escapeHtml(v) : v;
      }
      await this.mail.enqueue(to, t(subjectKey, 'zh', plain), t(bodyKey, 'zh', html), jobId);
    } catch (err) {
      this.logger.warn(`notifying root failed: ${(err as Error).message}`);
    }
  }
}
