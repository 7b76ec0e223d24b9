import { z } from 'zod';
import { pageQueryFields } from '../../common/pagination';
import { coded, idLike, intLike, parseInput } from '../../common/validation';

export const USERNAME_MAX = 20;
export const DISPLAY_NAME_MAX = 20;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const EMAIL_MAX = 50;

const required = coded('user.username_required');

/** 1-20 characters after trimming (the reference's rule). */
export const usernameSchema = z
  .string(required)
  .transform((v) => v.trim())
  .refine((v) => v !== '', required)
  .refine((v) => [...v].length <= USERNAME_MAX, coded('user.username_too_long'));

/** 8-20 characters, taken as typed. */
export const passwordSchema = z
  .string(required)
  .min(1, required)
  .min(PASSWORD_MIN, coded('user.password_too_short'))
  .max(PASSWORD_MAX, coded('user.password_too_long'));

/** At most 20 characters; null or absent is no display name. */
export const displayNameSchema = z
  .union([z.string(coded('common.bad_request')), z.null()], coded('common.bad_request'))
  .refine((v) => v === null || [...v].length <= DISPLAY_NAME_MAX, coded('user.display_name_too_long'))
  .transform((v) => (v ?? '').trim());

export const emailSchema = z
  .string(coded('user.email_required'))
  .transform((v) => v.trim())
  .refine((v) => v !== '', coded('user.email_required'))
  .refine((v) => v.length <= EMAIL_MAX, coded('user.email_too_long'))
  .refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), coded('user.email_invalid'));

/** One field read with its schema, refused under its own name (a rule applied only when a value changes). */
export function parseField<S extends z.ZodType>(field: string, schema: S, value: unknown): z.output<S> {
  return (parseInput(z.object({ [field]: schema }), { [field]: value }) as Record<string, z.output<S>>)[field] as z.output<S>;
}

/** POST /api/user: an admin creates a regular user. */
export const adminCreateSchema = z
  .object({ username: usernameSchema, password: passwordSchema, display_name: displayNameSchema.optional().transform((v) => v ?? '') })
  .meta({ id: 'UserCreate' });

export const MANAGE_ACTIONS = ['promote', 'demote', 'disable', 'enable', 'delete', 'add_quota'] as const;

/** POST /api/user/manage: one action on a user; `add_quota` takes `value` (or `quota`), which may be negative. */
export const userManageSchema = (() => {
  const quota = coded('user.invalid_quota');
  return z
    .object({
      id: idLike(),
      action: z.enum(MANAGE_ACTIONS, coded('user.invalid_action')),
      value: intLike(z.int(quota), quota).optional(),
      quota: intLike(z.int(quota), quota).optional(),
    })
    .meta({ id: 'UserManage' });
})();

/** GET /api/user and /api/user/search (admin). */
export const userListQuerySchema = z.object({ p: pageQueryFields.p, page_size: pageQueryFields.page_size });
export const userSearchQuerySchema = userListQuerySchema.extend({
  keyword: z.string().optional().catch(undefined).meta({ description: 'Part of the username, email or display name, or the id' }),
  group: z.string().optional().catch(undefined).meta({ description: 'Only users of this group' }),
});

const badRequest = coded('common.bad_request');

/** What a stored password may be at most (imported accounts predate the 20-character rule). */
const PASSWORD_MAX_STORED = 128;


/** A new password where '' (or absent) keeps the old one: the console sends '' when it is left empty. */
const passwordChange = z
  .string(badRequest)
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(passwordSchema.optional())
  .meta({ description: `${PASSWORD_MIN}-${PASSWORD_MAX} characters; empty or absent keeps the password` });

/** PUT /api/user/self: display name and/or password (the old one checked when given). */
export const selfUpdateSchema = z
  .object({
    display_name: displayNameSchema.optional(),
    password: passwordChange,
    original_password: z
      .string(badRequest)
      .max(PASSWORD_MAX_STORED, coded('user.original_password_wrong'))
      .optional()
      .meta({ description: 'The current password; when given it must match' }),
  })
  .meta({ id: 'UserSelfUpdate' });

/** At most 64 characters, not blank (the users table's bound). */
export const GROUP_MAX = 64;

/**
 * PUT /api/user: an admin edit of user `id`; absent fields stay. `username` and `email` are
 * checked against their rules only when they change (imported accounts may predate them), so
 * here they are bounded strings; `role` and the bindings are not writable here (ignored).
 */
export const adminUpdateSchema = (() => {
  const quota = coded('user.invalid_quota');
  const group = coded('user.invalid_group');
  return z
    .object({
      id: idLike(),
      username: z.string(coded('user.username_required')).max(128, coded('user.username_too_long')).optional(),
      display_name: displayNameSchema.optional(),
      password: passwordChange,
      email: z.string(coded('user.email_required')).max(EMAIL_MAX * 2, coded('user.email_too_long')).optional().meta({ description: "'' clears it" }),
      group: z
        .string(group)
        .transform((v) => v.trim())
        .refine((v) => v !== '' && v.length <= GROUP_MAX, group)
        .optional(),
      quota: intLike(z.int(quota).min(0, quota), quota).optional().meta({ description: 'The new balance in quota units; it moves by the difference' }),
    })
    .meta({ id: 'UserUpdate' });
})();

/** POST /api/user/aff_transfer: quota units, at least QuotaPerUnit (checked by the service, which knows the option). */
export const affTransferSchema = (() => {
  const bad = coded('aff.quota_invalid');
  return z.object({ quota: intLike(z.int(bad), bad).meta({ description: 'Quota units, an integer of at least QuotaPerUnit' }) }).meta({ id: 'AffTransfer' });
})();

export type UserManageInput = z.output<typeof userManageSchema>;
export type AdminCreateInput = z.output<typeof adminCreateSchema>;
export type AdminUpdateInput = z.output<typeof adminUpdateSchema>;
export type SelfUpdateInput = z.output<typeof selfUpdateSchema>;

// ---- what the routes answer (the mappers' allowlists, user.mapper.ts) ----

/** What a user sees of themself: no password hash, no access token. */
export const selfViewSchema = z
  .object({
    id: z.int(),
    username: z.string(),
    display_name: z.string(),
    role: z.int().meta({ description: '1 regular, 10 admin, 100 root' }),
    status: z.int().meta({ description: '1 enabled, 2 disabled, 3 locked' }),
    email: z.string(),
    github_id: z.string(),
    linuxdo_id: z.string(),
    linuxdo_level: z.int(),
    wechat_id: z.string(),
    telegram_id: z.string(),
    quota: z.int(),
    used_quota: z.int(),
    request_count: z.int(),
    group: z.string(),
    aff_code: z.string(),
    aff_count: z.int(),
    aff_quota: z.int(),
    aff_history_quota: z.int(),
    inviter_id: z.int(),
    message_penetration: z.string(),
    setting: z.string().meta({ description: 'A JSON string' }),
    created_time: z.int().meta({ description: 'When the account was made, unix seconds (the check-in calendar marks no day before it as missed)' }),
  })
  .meta({ id: 'UserSelf' });

/** What an admin sees of a user. */
export const adminUserViewSchema = selfViewSchema
  .extend({ DeletedAt: z.int().nullable().meta({ description: 'Unix seconds of the deletion; null while the account exists' }) })
  .meta({ id: 'User' });

export const userPageSchema = z
  .object({ items: z.array(adminUserViewSchema), total: z.int(), page: z.int(), page_size: z.int() })
  .meta({ id: 'UserPage' });

/** POST /api/user/manage: the role and status after the action (and the quota after add_quota). */
export const userManageResultSchema = z
  .object({ role: z.int(), status: z.int(), quota: z.int().optional().meta({ description: 'add_quota only' }) })
  .meta({ id: 'UserManageResult' });
