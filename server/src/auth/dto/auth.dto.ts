import { z } from 'zod';
import { coded } from '../../common/validation';
import { EMAIL_MAX, displayNameSchema, emailSchema, passwordSchema, selfViewSchema, usernameSchema } from '../../users/dto/user.dto';

/**
 * Sign-in, registration and the mailed codes (spec accounts §5, §7). Username, password and
 * e-mail rules are the users domain's (`users/dto/user.dto.ts`). Where the existing clients and
 * tests expect an empty field to be refused with the spec's words and no field name (login, reset,
 * e-mail bind), the emptiness check is on the whole body; a field of the wrong type or length is
 * refused by name.
 */

/** A login name is a username (20) or an e-mail address (50). */
export const LOGIN_NAME_MAX = 64;
/** Only a bound on the work of hashing: the initial root password is set by the operator. */
export const LOGIN_PASSWORD_MAX = 256;
/** A mailed verification code or reset token (6 and 32 hex characters). */
export const SECRET_MAX = 64;
/** An invitation code (`aff_code`). */
export const AFF_CODE_MAX = 32;

const turnstile = z
  .string()
  .optional()
  .catch(undefined)
  .meta({ description: 'The Turnstile token; required when the human check (TurnstileCheckEnabled) is on' });

/** The query of the routes behind the human check (login, register). */
export const humanCheckQuerySchema = z.object({ turnstile });

/** The user a sign-in answers with (the console stores it); `default_password` only for root on the factory password. */
export const loginViewSchema = selfViewSchema
  .pick({ id: true, username: true, display_name: true, role: true, status: true, group: true })
  .extend({
    default_password: z.literal(true).optional().meta({ description: 'Root signed in with the factory password: the console warns to change it' }),
  })
  .meta({ id: 'LoginView' });

const loginEmpty = coded('auth.login_empty');
/** A check's own error: a schema's error option also covers its checks. */
const tooLong = (max: number) => coded('common.field_too_long', { max });

/** POST /api/user/login. Empty fields: 'Please enter username and password!'. */
export const loginSchema = z
  .object({
    username: z.string(loginEmpty).max(LOGIN_NAME_MAX, tooLong(LOGIN_NAME_MAX)).optional().meta({ description: 'The username, or the e-mail address of the account' }),
    password: z.string(loginEmpty).max(LOGIN_PASSWORD_MAX, tooLong(LOGIN_PASSWORD_MAX)).optional(),
  })
  .meta({ id: 'Login' })
  .transform((v) => ({ username: (v.username ?? '').trim(), password: v.password ?? '' }))
  .refine((v) => v.username !== '' && v.password !== '', loginEmpty);

/**
 * POST /api/user/register. `email` and `verification_code` count only when the operator turns
 * e-mail verification on (the service checks them then); `aff_code` is the inviter's code.
 */
export const registerSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    password2: z.string(coded('user.password_mismatch')).optional().meta({ description: 'The password again; refused when it differs' }),
    display_name: displayNameSchema.optional().transform((v) => v ?? ''),
    email: z.string(coded('user.email_invalid')).max(EMAIL_MAX, coded('user.email_too_long')).optional(),
    verification_code: z.string(coded('user.code_invalid')).max(SECRET_MAX, coded('user.code_invalid')).optional(),
    aff_code: z.string(coded('common.field_type', { type: 'string' })).max(AFF_CODE_MAX, tooLong(AFF_CODE_MAX)).optional().meta({ description: "The inviter's code (GET /api/user/aff)" }),
  })
  .meta({ id: 'Register' })
  .refine((v) => v.password2 === undefined || v.password2 === v.password, { ...coded('user.password_mismatch'), path: ['password2'] });

/** GET /api/verification and GET /api/reset_password: the address, behind the human check. */
export const mailQuerySchema = z.object({ email: emailSchema, turnstile });

const resetInvalid = coded('reset.invalid');

/** POST /api/user/reset: the address and token from the mailed link. Empty: 'The reset link is invalid or expired'. */
export const resetConfirmSchema = z
  .object({
    email: z.string(resetInvalid).max(EMAIL_MAX, resetInvalid).optional(),
    token: z.string(resetInvalid).max(SECRET_MAX, resetInvalid).optional().meta({ description: 'The 32 hex characters of the mailed link' }),
  })
  .meta({ id: 'ResetConfirm' })
  .transform((v) => ({ email: (v.email ?? '').trim(), token: (v.token ?? '').trim() }))
  .refine((v) => v.email !== '' && v.token !== '', resetInvalid);

/**
 * POST /api/oauth/email/bind: the address and the code mailed to it. Empty fields are refused
 * in the spec's order ('Please enter email!', then the code), then the address's format by name.
 */
export const emailBindSchema = z
  .object({
    email: z.string(coded('user.email_invalid')).max(EMAIL_MAX, coded('user.email_too_long')).optional(),
    code: z.string(coded('user.code_invalid')).max(SECRET_MAX, coded('user.code_invalid')).optional().meta({ description: 'The code from GET /api/verification' }),
  })
  .meta({ id: 'EmailBind' })
  .transform((v) => ({ email: (v.email ?? '').trim(), code: (v.code ?? '').trim() }))
  .superRefine((v, ctx) => {
    if (v.email === '') ctx.addIssue({ code: 'custom', message: coded('user.email_required').error });
    else if (v.code === '') ctx.addIssue({ code: 'custom', message: coded('user.code_required').error });
  })
  .pipe(z.object({ email: emailSchema, code: z.string() }));

export type LoginInput = z.output<typeof loginSchema>;
export type RegisterInput = z.output<typeof registerSchema>;
export type ResetConfirmInput = z.output<typeof resetConfirmSchema>;
export type EmailBindInput = z.output<typeof emailBindSchema>;
