import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AuthError } from '../../common/domain-error';
import type { Principal } from '../../common/request-context';
import { Access, Actor } from '../../common/access';
import { ENDPOINTS } from '../pipeline/endpoints';
import { ClientExchange } from '../pipeline/exchange';
import { RelayAuthService } from './relay-auth.service';
import { RelayDocumented } from './relay-doc';
import { CHAT_EXAMPLE, ChatCompletionRequestSchema, ChatCompletionSchema } from '../../wire/openai-chat/openapi';
import { RelayService } from '../pipeline/relay.service';

/**
 * The console playground: a signed-in session (cookie + New-Api-User, through the management
 * AuthGuard), no API key and no token cap. The body's `group` picks the using group, which the
 * user must be allowed to use; it is removed before the body goes upstream.
 */
@Controller('pg')
@Access('user')
export class PlaygroundController {
  constructor(
    private readonly auth: RelayAuthService,
    private readonly relay: RelayService,
  ) {}

  @Post('chat/completions')
  @RelayDocumented({
    keys: 'session',
    errors: 'openai',
    tag: 'Playground',
    summary: "The console playground's chat completion: a signed-in session, no API key",
    description: 'The body is a chat completion request plus `group`, the using group (one the user may use; their own by default), removed before the body goes upstream. No token cap applies.',
    body: { schema: ChatCompletionRequestSchema.extend({ group: z.string().max(64).optional() }), example: CHAT_EXAMPLE },
    answer: { schema: ChatCompletionSchema, stream: 'sse' },
  })
  async chat(@Actor() actor: Principal, @Body() body: unknown, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // A session only: access tokens are for scripts, and scripts use API keys.
    if (actor.via !== 'session') throw AuthError.of('relay.playground_session_required', {}, 401);
    const input = body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : body;
    let group: unknown;
    if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
      group = (input as Record<string, unknown>).group;
      delete (input as Record<string, unknown>).group;
    }
    const caller = this.auth.playground(actor, group, req.ip);
    const x = new ClientExchange(req, reply);
    await this.relay.serve(x, ENDPOINTS.chat, caller, input);
  }
}
