import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import nodemailer from 'nodemailer';
import { OptionsService } from '../options/options.service';
import { QUEUE_DRIVER, type QueueDriver } from '../queue/jobs';
import { MailError } from './mail.errors';

export interface SmtpSettings {
  server: string;
  port: number;
  account: string;
  token: string;
  sslEnabled: boolean;
}

/** Port 587 when unset; 465 always means implicit SSL; otherwise STARTTLS when the server offers it. */
export function smtpTransportOptions(s: SmtpSettings) {
  const port = s.port > 0 ? s.port : 587;
  return {
    host: s.server,
    port,
    secure: port === 465 || s.sslEnabled,
    auth: { user: s.account, pass: s.token },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Self-hosted relays often use private certificates; the address is operator-configured.
    tls: { rejectUnauthorized: false },
  };
}

/**
 * SMTP through nodemailer, configured from the options at send time (so option changes apply
 * at once). Port 587 by default (STARTTLS when offered); 465 always uses SSL.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger('Mail');

  constructor(
    private readonly options: OptionsService,
    @Inject(QUEUE_DRIVER) private readonly queue: QueueDriver,
  ) {}

  onModuleInit(): void {
    this.queue.register('mail.send', async (job) => {
      await this.send(job.to, job.subject, job.html);
    });
  }

  get configured(): boolean {
    return this.options.get('SMTPServer') !== '' && this.options.get('SMTPAccount') !== '';
  }

  async send(to: string, subject: string, html: string): Promise<void> {
    if (!this.configured) throw MailError.of('mail.not_configured', {}, 400);
    const transport = nodemailer.createTransport(
      smtpTransportOptions({
        server: this.options.get('SMTPServer'),
        port: this.options.num('SMTPPort'),
        account: this.options.get('SMTPAccount'),
        token: this.options.get('SMTPToken'),
        sslEnabled: this.options.bool('SMTPSSLEnabled'),
      }),
    );
    const from = this.options.get('SMTPFrom') || this.options.get('SMTPAccount');
    const system = this.options.get('SystemName');
    try {
      await transport.sendMail({ from: `${system} <${from}>`, to, subject, html });
    } catch (err) {
      this.logger.warn(`send to ${to} failed: ${(err as Error).message}`);
      throw MailError.of('mail.send_failed', {}, 502);
    } finally {
      transport.close();
    }
  }

  /** Fire-and-forget delivery through the queue (retries on failure). */
  async enqueue(to: string, subject: string, html: string, jobId?: string): Promise<void> {
    await this.queue.enqueue('mail.send', { to, subject, html }, { jobId });
  }
}
