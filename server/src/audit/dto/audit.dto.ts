import { z } from 'zod';
import { parsePage, type PageQuery } from '../../common/pagination';
import { coded, intLike } from '../../common/validation';
import { AUDIT_ACTIONS, type AuditAction, type AuditOutcome } from '../audit-actions';

/** A validated GET /api/audit query. */
export interface AuditFilter {
  action: AuditAction | null;
  actorId: number | null;
  targetUserId: number | null;
  outcome: AuditOutcome | null;
  start: number | null;
  end: number | null;
  page: PageQuery;
}

const AUDIT_TIMESTAMP_MAX = 1e11;
const ID_MAX = 999_999_999_999;
const PAGE_MAX = 999_999_999;

/** Every refusal of the audit query is `audit.invalid_filter`, its message naming the parameter. */
const bad = coded('audit.invalid_filter');
const blank = z.union([z.literal(''), z.null()], bad);

/** An optional integer parameter: absent or '' is undefined, else an integer in [min, max]. */
const optionalInt = (min: number, max: number) =>
  z
    .union([blank, intLike(z.int(bad).min(min, bad).max(max, bad), bad)], bad)
    .optional()
    .transform((v) => (typeof v === 'number' ? v : undefined));

const userId = (description: string) =>
  optionalInt(1, ID_MAX)
    .transform((v) => v ?? null)
    .meta({ description });

const time = optionalInt(0, AUDIT_TIMESTAMP_MAX)
  .transform((v) => (v === undefined || v === 0 ? null : v))
  .meta({ description: 'Unix seconds; 0 or absent: no bound' });

/**
 * GET /api/audit. Unlike the other lists, a malformed page is refused here too (it is an
 * operator's query, not a console page): every parameter is checked and named when wrong.
 * Unknown parameters are ignored; 20 rows a page by default, 100 at most.
 */
export const auditQuerySchema = z
  .object({
    action: z
      .union([blank, z.string(bad).trim().pipe(z.enum(AUDIT_ACTIONS, bad))], bad)
      .optional()
      .transform((v) => (v === undefined || v === null || v === '' ? null : v))
      .meta({ description: `One of the recorded actions: ${AUDIT_ACTIONS.join(', ')}` }),
    outcome: z
      .union([blank, z.enum(['success', 'failure'], bad)], bad)
      .optional()
      .transform((v): AuditOutcome | null => (v === 'success' || v === 'failure' ? v : null)),
    actor_id: userId('The user who acted'),
    target_user_id: userId('The user acted on'),
    start_timestamp: time,
    end_timestamp: time,
    p: optionalInt(0, PAGE_MAX).meta({ description: '0-based page (default 0)' }),
    page_size: optionalInt(0, PAGE_MAX).meta({ description: 'Rows a page, 1..100 (default 20)' }),
  })
  .superRefine((v, ctx) => {
    if (v.start_timestamp !== null && v.end_timestamp !== null && v.start_timestamp > v.end_timestamp) {
      ctx.addIssue({ code: 'custom', path: ['start_timestamp'], message: bad.error });
    }
  })
  .transform(
    (v): AuditFilter => ({
      action: v.action,
      actorId: v.actor_id,
      targetUserId: v.target_user_id,
      outcome: v.outcome,
      start: v.start_timestamp,
      end: v.end_timestamp,
      page: parsePage(v.p, v.page_size, 20),
    }),
  );

/** The recorded actions, named in the document: the console's filter offers this list. */
export const auditActionSchema = z.enum(AUDIT_ACTIONS).meta({ id: 'AuditAction', description: 'A recorded action' });

/** One audit row (`toAuditView`). */
export const auditViewSchema = z
  .object({
    id: z.int(),
    created_at: z.int(),
    action: auditActionSchema,
    outcome: z.string().meta({ description: 'success or failure' }),
    actor_id: z.int().nullable(),
    actor_name: z.string(),
    ip: z.string(),
    request_id: z.string(),
    target_type: z.string(),
    target_id: z.string(),
    detail: z.record(z.string(), z.unknown()).meta({ description: 'What changed; secrets never appear' }),
  })
  .meta({ id: 'AuditEntry' });

export const auditPageSchema = z
  .object({ items: z.array(auditViewSchema), total: z.int(), page: z.int(), page_size: z.int() })
  .meta({ id: 'AuditPage' });
