import { Logger } from '@nestjs/common';
import type { OutboundClient, OutboundRequest } from '../../outbound/outbound.service';
import { OAuthError } from '../oauth.errors';

const logger = new Logger('OAuth');
const MAX_BYTES = 256 * 1024;

/**
 * One provider call through the outbound client: bounded in time and size, JSON out. Any failure
 * is the same clear refusal for the caller; the log names the provider step and status only
 * (never the code, the token or the client secret).
 */
export async function providerJson(http: OutboundClient, provider: string, step: string, req: OutboundRequest): Promise<{ status: number; json: unknown }> {
  try {
    const res = await http.request({ ...req, timeouts: { connectMs: 5_000, headersMs: 10_000, idleMs: 10_000, totalMs: 15_000 } });
    const text = await http.readText(res, MAX_BYTES);
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
    return { status: res.status, json };
  } catch (err) {
    logger.warn(`${provider} ${step} failed: ${(err as Error).name}`);
    throw providerFailed(provider);
  }
}

export function providerFailed(provider: string): OAuthError {
  return OAuthError.of('oauth.provider_failed', { provider }, 502);
}

export function logProviderRefusal(provider: string, step: string, status: number): void {
  logger.warn(`${provider} ${step} refused: HTTP ${status}`);
}

export function asRecord(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** A provider's numeric account id as text (accounts are keyed by it, never by the login name). */
export function numericId(v: unknown): string | null {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) return String(v);
  if (typeof v === 'string' && /^[1-9]\d{0,19}$/.test(v)) return v;
  return null;
}

/** What a provider tells us about the person signing in. */
export interface ProviderIdentity {
  /** The provider's immutable id. */
  id: string;
  /** A display name suggestion (login or name), trimmed to the user table's limit. */
  displayName: string;
  email?: string;
  /** LinuxDO trust level. */
  level?: number;
}

export function displayName(...candidates: unknown[]): string {
  for (const c of candidates) {
    if (typeof c === 'string' && c.trim() !== '') return [...c.trim()].slice(0, 20).join('');
  }
  return '';
}
