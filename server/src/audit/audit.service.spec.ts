import { Logger } from '@nestjs/common';
import type { DatabaseService } from '../database/database.service';
import { auditRequest } from './audit-context';
import { AuditService, boundDetail } from './audit.service';

describe('AuditService.record', () => {
  afterEach(() => jest.restoreAllMocks());

  it('takes IP, request id and principal from the current request', async () => {
    const inserted: unknown[] = [];
    const db = { write: async (fn: (em: unknown) => Promise<unknown>) => fn({ insert: async (_e: unknown, row: unknown) => inserted.push(row) }) };
    const audit = new AuditService(db as unknown as DatabaseService);
    const req = { ip: '203.0.113.9', id: 'req-1', principal: { id: 7, username: 'ada', role: 10, status: 1, group: 'default', via: 'session' } };
    await auditRequest.run(req as never, () => audit.record({ action: 'channel.key_view', target: { type: 'channel', id: 3 }, detail: { ids: [3] } }));
    expect(inserted).toEqual([
      expect.objectContaining({ action: 'channel.key_view', outcome: 'success', actorId: 7, actorName: 'ada', ip: '203.0.113.9', requestId: 'req-1', targetType: 'channel', targetId: '3', subjectUserId: 7, subjectRole: 10, detail: '{"ids":[3]}' }),
    ]);
  });

  it('does not drop a row silently: a failed insert is logged at error level with the action', async () => {
    const db = { write: async () => Promise.reject(new Error('disk full')) };
    const errors: string[] = [];
    jest.spyOn(Logger.prototype, 'error').mockImplementation((msg: unknown) => void errors.push(String(msg)));
    await new AuditService(db as unknown as DatabaseService).record({ action: 'option.change', actor: { id: 1, username: 'root', role: 100 }, target: { type: 'option', id: 'Price' } });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('option.change');
    expect(errors[0]).toContain('option:Price');
    expect(errors[0]).toContain('disk full');
  });
});

describe('boundDetail', () => {
  it('clips long strings and lists and keeps the JSON small', () => {
    const d = JSON.parse(boundDetail({ name: 'x'.repeat(500), ids: Array.from({ length: 80 }, (_, i) => i) })) as { name: string; ids: number[] };
    expect(d.name).toHaveLength(200);
    expect(d.ids).toHaveLength(50);
    expect(boundDetail(undefined)).toBe('{}');
    const many: Record<string, string> = {};
    for (let i = 0; i < 40; i++) many[`k${i}`] = 'y'.repeat(150);
    expect(JSON.parse(boundDetail(many))).toEqual({ truncated: true });
  });
});
