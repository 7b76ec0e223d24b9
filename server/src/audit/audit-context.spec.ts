import { lastValueFrom, from, type Observable } from 'rxjs';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AuditContextInterceptor, auditRequest } from './audit-context';

function httpContext(req: Partial<FastifyRequest>): ExecutionContext {
  return { getType: () => 'http', switchToHttp: () => ({ getRequest: () => req }) } as unknown as ExecutionContext;
}

/** A handler that reads the store after an await, as a service recording an audit row does. */
function handler(gate: Promise<void>, seen: unknown[]): CallHandler {
  return {
    handle: (): Observable<unknown> =>
      from(
        (async () => {
          await gate;
          seen.push(auditRequest.getStore());
          return 'ok';
        })(),
      ),
  };
}

/** Whether the store is on (Node keeps its promise hooks installed while any store is). */
const enabled = () => (auditRequest as unknown as { enabled: boolean }).enabled;

describe('AuditContextInterceptor', () => {
  const interceptor = new AuditContextInterceptor();

  it('gives each handler its own request across awaits and turns the store off when the last one ends', async () => {
    const a = { id: 'req-a', ip: '10.0.0.1' } as Partial<FastifyRequest>;
    const b = { id: 'req-b', ip: '10.0.0.2' } as Partial<FastifyRequest>;
    let openA!: () => void;
    let openB!: () => void;
    const seenA: unknown[] = [];
    const seenB: unknown[] = [];
    const runA = lastValueFrom(interceptor.intercept(httpContext(a), handler(new Promise<void>((r) => (openA = r)), seenA)));
    const runB = lastValueFrom(interceptor.intercept(httpContext(b), handler(new Promise<void>((r) => (openB = r)), seenB)));
    expect(enabled()).toBe(true);
    openA();
    await runA;
    // B is still being handled: the store stays on for it.
    expect(enabled()).toBe(true);
    openB();
    await runB;
    expect(seenA).toEqual([a]);
    expect(seenB).toEqual([b]);
    expect(enabled()).toBe(false);
    expect(auditRequest.getStore()).toBeUndefined();
  });

  it('turns the store off when a handler fails too', async () => {
    const failing: CallHandler = { handle: () => from(Promise.reject(new Error('refused'))) };
    await expect(lastValueFrom(interceptor.intercept(httpContext({ id: 'req-c' }), failing))).rejects.toThrow('refused');
    expect(enabled()).toBe(false);
  });
});
