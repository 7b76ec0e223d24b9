import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';

/** The management API answers 200 for a successful POST, like the reference (Nest says 201). */
@Injectable()
export class OkStatusInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = ctx.switchToHttp().getResponse<FastifyReply>();
    if (reply.statusCode === 201) void reply.status(200);
    return next.handle();
  }
}
