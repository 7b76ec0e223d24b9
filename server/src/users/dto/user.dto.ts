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

/** One field read with its schema, refused under its own name (for the callers not converted yet). */
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

export type UserManageInput = z.output<typeof userManageSchema>;
export type AdminCreateInput = z.output<typeof adminCreateSchema>;
