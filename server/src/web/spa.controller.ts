import { Controller, Get, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RateLimitError } from '../common/domain-error';
import { RateLimiter } from '../rate-limit/rate-limiter.service';
import { Access } from '../common/access';
import { CONSOLE_CSP } from './csp';

const API_PREFIX = /^\/(api|v1|pg|dashboard|mj|suno|kling|v1beta)(\/|$)/;

/**
 * The console's SPA fallback: any GET that matched no API route and no built file gets
 * index.html (under the web limiter). API-looking paths still answer 404 in their format.
 */
@Controller()
export class SpaController {
  private readonly indexHtml: string | null;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly limiter: RateLimiter,
  ) {
    const index = config.consoleDist ? join(config.consoleDist, 'index.html') : null;
    this.indexHtml = index && existsSync(index) ? readFileSync(index, 'utf8') : null;
    this.config = config;
  }

  private readonly config: AppConfig;

  @Get('*')
  @Access('public')
  async fallback(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const path = req.url.split('?')[0] ?? '/';
    // A hashed asset that is not there (a chunk of an older build) is a 404, not the page, and
    // is not counted as a page load.
    if (API_PREFIX.test(path) || path.startsWith('/assets/') || this.indexHtml === null) throw new NotFoundException();
    const d = await this.limiter.hit('web', req.ip, this.config.globalWebRateLimit);
    if (!d.allowed) throw new RateLimitError(d.retryAfter);
    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', CONSOLE_CSP)
      .send(this.indexHtml);
  }
}
