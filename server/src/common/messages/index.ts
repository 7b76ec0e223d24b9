import * as common from './common';
import * as relay from './relay';
import * as auth from './auth';
import * as user from './user';
import * as aff from './aff';
import * as mail from './mail';
import * as reset from './reset';
import * as bind from './bind';
import * as option from './option';
import * as token from './token';
import * as redemption from './redemption';
import * as wallet from './wallet';
import * as oauth from './oauth';
import * as payment from './payment';
import * as channel from './channel';
import * as pricing from './pricing';
import * as log from './log';
import * as audit from './audit';
import * as checkin from './checkin';
import * as dataDash from './data';
import * as billing from './billing';
import * as perf from './perf';

/**
 * Server-side message catalogue: one file per domain in this folder, each with both languages
 * (the compiler checks that every zh key has its English). zh-CN is the product language; English
 * answers callers that send `Accept-Language: en`. A key is `<domain>.<reason>`, and the error
 * codes of the management API (`common/error-codes.ts`) are keys of this catalogue.
 */
const zh = {
  ...common.zh,
  ...relay.zh,
  ...auth.zh,
  ...user.zh,
  ...aff.zh,
  ...mail.zh,
  ...reset.zh,
  ...bind.zh,
  ...option.zh,
  ...token.zh,
  ...redemption.zh,
  ...wallet.zh,
  ...oauth.zh,
  ...payment.zh,
  ...channel.zh,
  ...pricing.zh,
  ...log.zh,
  ...audit.zh,
  ...checkin.zh,
  ...dataDash.zh,
  ...billing.zh,
  ...perf.zh,
};

export type MessageKey = keyof typeof zh;

const en: Record<MessageKey, string> = {
  ...common.en,
  ...relay.en,
  ...auth.en,
  ...user.en,
  ...aff.en,
  ...mail.en,
  ...reset.en,
  ...bind.en,
  ...option.en,
  ...token.en,
  ...redemption.en,
  ...wallet.en,
  ...oauth.en,
  ...payment.en,
  ...channel.en,
  ...pricing.en,
  ...log.en,
  ...audit.en,
  ...checkin.en,
  ...dataDash.en,
  ...billing.en,
  ...perf.en,
};

export type Lang = 'zh' | 'en';

/** `Accept-Language` starting with en answers in English; everything else in Chinese. */
export function langOf(acceptLanguage: string | string[] | undefined): Lang {
  const v = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return v && /^en\b/i.test(v.trim()) ? 'en' : 'zh';
}

export function t(key: MessageKey, lang: Lang = 'zh', params: Record<string, string | number> = {}): string {
  const template = lang === 'en' ? en[key] : zh[key];
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/**
 * An error whose message is looked up per caller language by the global filter.
 */
export interface LocalizedMessage {
  key: MessageKey;
  params?: Record<string, string | number>;
}
