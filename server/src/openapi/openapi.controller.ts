import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Access } from '../common/access';
import { OptionsService } from '../options/options.service';
import { CONSOLE_CSP } from '../web/csp';
import { Contract } from '../common/contract';
import { buildOpenApiDocument, type ControllerClass } from './openapi.document';

/** Swagger UI's files, served from the installed package: nothing is fetched from the internet. */
const UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));
const UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};
const VERSION = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;

/** The page loads its script from a file: the console's CSP allows no inline script. */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sluice API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/** GET /api/openapi.json (the contract) and GET /api/docs (a page to read it). */
@Controller('api')
@Access('public')
export class OpenApiController {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly options: OptionsService,
  ) {}

  @Get('openapi.json')
  @Contract({ summary: 'This document (OpenAPI 3.1)', raw: { contentType: 'application/json', description: 'The OpenAPI document', schema: { type: 'object' } } })
  document() {
    const controllers = this.discovery
      .getControllers()
      .map((w) => w.metatype)
      .filter((m): m is ControllerClass => typeof m === 'function');
    return buildOpenApiDocument(controllers, { quotaPerUnit: this.options.num('QuotaPerUnit') }, VERSION);
  }

  @Get('docs')
  @Contract({ summary: 'A readable page of this document (Swagger UI, served from this server)', raw: { contentType: 'text/html; charset=utf-8', description: 'The page' } })
  page(@Res() reply: FastifyReply): void {
    void reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', CONSOLE_CSP).send(PAGE);
  }

  @Get('docs/:file')
  @Contract({ summary: "The docs page's scripts and styles", raw: { contentType: 'application/javascript', description: 'The file (JavaScript or CSS)' } })
  asset(@Param('file') file: string, @Res() reply: FastifyReply): void {
    if (file === 'init.js') {
      void reply.header('content-type', 'application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT);
      return;
    }
    const type = UI_FILES[file];
    if (!type) throw new NotFoundException();
    void reply.header('content-type', type).header('cache-control', 'public, max-age=86400').send(readFileSync(join(UI_DIR, file)));
  }
}
