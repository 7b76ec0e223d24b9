import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { FastifyRequest } from 'fastify';

/**
 * The management request an audit row is written for: the audit service reads the caller's IP
 * (`request.ip`, so TRUSTED_PROXIES rules apply), the request id and the principal from here, so
 * domain services need not pass them down. Set by a Nest interceptor, so only Nest routes pay for
 * it: the relay's Fastify routes never enter it.
 */
export const auditRequest = new AsyncLocalStorage<FastifyRequest>();

@Injectable()
export class AuditContextInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<FastifyRequest>();
    // The handler runs when the observable is subscribed: subscribe inside the store.
    return new Observable((sub) => auditRequest.run(req, () => next.handle().subscribe(sub)));
  }
}
