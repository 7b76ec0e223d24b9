/**
 * Upstream balance queries as data: for each channel type that has a balance API, which GETs to
 * make (in order; a later one may depend on an earlier answer) and how to read the balance from
 * the bodies. Pure: the balance service owns HTTP, timeouts and the private-address policy.
 */

export interface BalanceContext {
  /** The channel's effective base URL (stored, else the type default). */
  readonly baseUrl: string;
  /** One key of the channel (a multi-key channel is queried with its first key). */
  readonly key: string;
  /** Clock for date windows. */
  readonly now: Date;
  /** CNY per USD (option USDExchangeRate): balances are stored in USD. */
  readonly cnyPerUsd: number;
}

export interface BalanceRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface BalanceProvider {
  readonly name: string;
  /** The next GET, given the JSON bodies read so far; null once every body is read. */
  next(ctx: BalanceContext, bodies: readonly unknown[]): BalanceRequest | null;
  /** The balance in USD; null when a body lacks the documented fields. */
  balance(bodies: readonly unknown[], ctx: BalanceContext): number | null;
}

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : null;
}

function finite(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** Base without trailing slashes and without a pasted `/v1` (paths below add it). */
export function rootOf(baseUrl: string): string {
  return baseUrl.trim().replace(/\/+$/, '').replace(/\/v1$/, '');
}

function bearer(key: string): Record<string, string> {
  return { Authorization: `Bearer ${key}`, Accept: 'application/json' };
}

/** Six decimals: enough for cents of a currency, and no float noise in the stored value. */
function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

function cnyToUsd(cny: number, ctx: BalanceContext): number | null {
  return ctx.cnyPerUsd > 0 ? round6(cny / ctx.cnyPerUsd) : null;
}

function ymd(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * OpenAI's dashboard billing endpoints (as new-api and one-api query them): the hard limit minus
 * the usage (in cents) of the current month, or of the last 100 days for accounts without a
 * payment method (prepaid grants).
 */
export function openaiUsageWindow(now: Date, hasPaymentMethod: boolean): { start: string; end: string } {
  const end = ymd(now);
  if (hasPaymentMethod) return { start: `${end.slice(0, 7)}-01`, end };
  return { start: ymd(new Date(now.getTime() - 100 * 86_400_000)), end };
}

const openaiDashboard: BalanceProvider = {
  name: 'OpenAI',
  next(ctx, bodies) {
    const root = rootOf(ctx.baseUrl);
    if (bodies.length === 0) return { url: `${root}/v1/dashboard/billing/subscription`, headers: bearer(ctx.key) };
    if (bodies.length === 1) {
      const w = openaiUsageWindow(ctx.now, obj(bodies[0])?.has_payment_method === true);
      return { url: `${root}/v1/dashboard/billing/usage?start_date=${w.start}&end_date=${w.end}`, headers: bearer(ctx.key) };
    }
    return null;
  },
  balance(bodies) {
    const limit = finite(obj(bodies[0])?.hard_limit_usd);
    const usedCents = finite(obj(bodies[1])?.total_usage);
    if (limit === null || usedCents === null) return null;
    return round6(limit - usedCents / 100);
  },
};

/** Moonshot: `available_balance` in CNY (`status: true`, `code: 0` on success). */
const moonshot: BalanceProvider = {
  name: 'Moonshot',
  next(ctx, bodies) {
    return bodies.length === 0 ? { url: `${rootOf(ctx.baseUrl)}/v1/users/me/balance`, headers: bearer(ctx.key) } : null;
  },
  balance(bodies, ctx) {
    const body = obj(bodies[0]);
    if (body?.status !== true || finite(body.code) !== 0) return null;
    const cny = finite(obj(body.data)?.available_balance);
    return cny === null ? null : cnyToUsd(cny, ctx);
  },
};

/** SiliconFlow: `data.totalBalance` (CNY, a decimal string) with `code: 20000` on success. */
const siliconflow: BalanceProvider = {
  name: 'SiliconFlow',
  next(ctx, bodies) {
    return bodies.length === 0 ? { url: `${rootOf(ctx.baseUrl)}/v1/user/info`, headers: bearer(ctx.key) } : null;
  },
  balance(bodies, ctx) {
    const body = obj(bodies[0]);
    if (finite(body?.code) !== 20000) return null;
    const cny = finite(obj(body?.data)?.totalBalance);
    return cny === null ? null : cnyToUsd(cny, ctx);
  },
};

/** OpenRouter: `data.total_credits` minus `data.total_usage`, both USD (GET /api/v1/credits). */
const openrouter: BalanceProvider = {
  name: 'OpenRouter',
  next(ctx, bodies) {
    return bodies.length === 0 ? { url: `${rootOf(ctx.baseUrl)}/v1/credits`, headers: bearer(ctx.key) } : null;
  },
  balance(bodies) {
    const data = obj(obj(bodies[0])?.data);
    const credits = finite(data?.total_credits);
    const used = finite(data?.total_usage);
    return credits === null || used === null ? null : round6(credits - used);
  },
};

/**
 * DeepSeek: `balance_infos[]` of `{currency, total_balance}` (decimal strings), one per currency
 * (GET /user/balance). The USD entry when present, else the CNY one converted.
 */
const deepseek: BalanceProvider = {
  name: 'DeepSeek',
  next(ctx, bodies) {
    return bodies.length === 0 ? { url: `${rootOf(ctx.baseUrl)}/user/balance`, headers: bearer(ctx.key) } : null;
  },
  balance(bodies, ctx) {
    const infos = obj(bodies[0])?.balance_infos;
    if (!Array.isArray(infos)) return null;
    const of = (currency: string) => finite(obj(infos.find((i) => obj(i)?.currency === currency))?.total_balance);
    const usd = of('USD');
    if (usd !== null) return round6(usd);
    const cny = of('CNY');
    return cny === null ? null : cnyToUsd(cny, ctx);
  },
};

/** Channel type -> balance API. Types not listed have none (Azure, custom URLs, native providers). */
export const BALANCE_PROVIDERS: Readonly<Record<number, BalanceProvider>> = {
  1: openaiDashboard,
  20: openrouter,
  25: moonshot,
  40: siliconflow,
  43: deepseek,
};

export function balanceProviderFor(type: number): BalanceProvider | null {
  return Object.prototype.hasOwnProperty.call(BALANCE_PROVIDERS, type) ? (BALANCE_PROVIDERS[type] ?? null) : null;
}
