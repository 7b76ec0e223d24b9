import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Access } from '../common/access';

// server/assets, from server/src/web (tests) and server/dist/web (built) alike.
const ASSETS = resolve(__dirname, '..', '..', 'assets');

/**
 * The default logo the status object advertises (/logo.png) and the favicon, served as images
 * whether or not a console build is present (without them the SPA fallback answered HTML).
 */
@Controller()
export class BrandController {
  private readonly logo = readFileSync(resolve(ASSETS, 'logo.png'));
  private readonly favicon = readFileSync(resolve(ASSETS, 'favicon.ico'));

  @Get('logo.png')
  @Access('public')
  logoPng(@Res() reply: FastifyReply): void {
    void reply.header('content-type', 'image/png').header('cache-control', 'public, max-age=86400').send(this.logo);
  }

  @Get('favicon.ico')
  @Access('public')
  faviconIco(@Res() reply: FastifyReply): void {
    void reply.header('content-type', 'image/x-icon').header('cache-control', 'public, max-age=86400').send(this.favicon);
  }
}
