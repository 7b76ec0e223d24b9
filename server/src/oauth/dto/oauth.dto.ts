import { z } from 'zod';
import { coded } from '../../common/validation';

/**
 * Third-party sign-in and binding (spec accounts §7, issue 17). The schemas check types and
 * lengths and name the field at fault; whether a state, a code or the widget's signature is
 * good is the service's question, answered in its own order (provider on, then state, then
 * code) and with its own status (403 for a bad state or signature), as the console expects.
 */

/** The providers a browser is sent to with `code` + `state`. */
export const REDIRECT_PROVIDERS = ['github', 'linuxdo'] as const;
/** An authorization code from GitHub or LinuxDO. */
export const OAUTH_CODE_MAX = 512;
/** A state is 32 hex characters. */
export const STATE_MAX = 64;
/** The code the WeChat official account answers. */
export const WECHAT_CODE_MAX = 64;
/** A field of Telegram's signed widget data. */
export const TELEGRAM_FIELD_MAX = 512;
/** An invitation code carried through a sign-in. */
export const AFF_MAX = 32;

/** An invitation code from a link: ignored, not refused, when it is not one (the sign-in still goes on). */
const aff = z
  .string()
  .max(AFF_MAX)
  .optional()
  .catch(undefined)
  .meta({ description: "The inviter's code, rewarded when the sign-in registers a new account" });

/** GET /api/oauth/state. */
export const stateQuerySchema = z.object({
  provider: z
    .enum(REDIRECT_PROVIDERS, coded('oauth.unknown_provider'))
    .optional()
    .meta({ description: "With it the answer also carries `authorize_url`, the provider's authorize page for this state" }),
  aff,
});

const code = z
  .string(coded('oauth.code_required'))
  .max(OAUTH_CODE_MAX, coded('oauth.code_required'))
  .optional()
  .meta({ description: "The provider's authorization code" });
const state = z
  .string(coded('oauth.state_invalid'))
  .max(STATE_MAX, coded('oauth.state_invalid'))
  .optional()
  .meta({ description: 'The state from GET /api/oauth/state, in this browser (its oauth_binding cookie)' });

/** POST /api/oauth/github|linuxdo: the page posts what the provider handed back (a bind must come this way). */
export const redirectCallbackSchema = z.object({ code, state, aff }).meta({ id: 'OAuthCallback' });

/** GET /api/oauth/github|linuxdo: the provider's redirect; `error` when the user declined. */
export const redirectCallbackQuerySchema = z.object({
  code,
  state,
  aff,
  error: z.string().optional().catch(undefined).meta({ description: "Set by the provider when the user declined: refused as the provider's failure" }),
});

const wechatCode = z
  .string(coded('oauth.code_required'))
  .max(WECHAT_CODE_MAX, coded('oauth.code_required'))
  .optional()
  .meta({ description: 'The code the WeChat official account answered (letters and digits)' });

/** GET /api/oauth/wechat (query) and POST /api/oauth/wechat (body): sign in (or register) with the official account's code. */
export const wechatLoginQuerySchema = z.object({ code: wechatCode, aff });
export const wechatLoginSchema = wechatLoginQuerySchema.meta({ id: 'WeChatLogin' });
/** POST /api/oauth/wechat/bind. */
export const wechatBindSchema = z.object({ code: wechatCode }).meta({ id: 'WeChatBind' });

/** One signed widget field, passed on exactly as sent (the signature covers the text). */
const signed = z.union([z.string().max(TELEGRAM_FIELD_MAX, coded('oauth.telegram_invalid')), z.number()], coded('oauth.telegram_invalid')).optional();

/** Telegram Login Widget data (core.telegram.org/widgets/login). */
const telegramFields = {
  id: signed,
  first_name: signed,
  last_name: signed,
  username: signed,
  photo_url: signed,
  auth_date: signed.meta({ description: 'Unix seconds; at most 10 minutes old' }),
  hash: z
    .string(coded('oauth.telegram_invalid'))
    .max(TELEGRAM_FIELD_MAX, coded('oauth.telegram_invalid'))
    .optional()
    .meta({ description: 'HMAC-SHA-256 of the fields under SHA-256(bot token), hex' }),
};

/** POST /api/oauth/telegram/bind: the widget's fields. */
export const telegramBindSchema = z.object(telegramFields).meta({ id: 'TelegramBind' });
/** GET /api/oauth/telegram/login (query) and POST (body): the widget's fields, plus our own (not signed). */
export const telegramLoginQuerySchema = z.object({ ...telegramFields, lang: z.string().optional().catch(undefined).meta({ description: 'Ignored' }), aff });
export const telegramLoginSchema = telegramLoginQuerySchema.meta({ id: 'TelegramLogin' });

export type RedirectCallbackInput = z.output<typeof redirectCallbackSchema>;
export type TelegramFields = z.output<typeof telegramBindSchema>;
