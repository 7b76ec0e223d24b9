import type { MessageKey } from '../../i18n';
import type { TagColor } from '@sluice/ui-kit';
import type { OrderStatus } from './types';

export const METHOD_LABELS: Record<string, MessageKey> = {
  zfb: 'console.payments.orders.methodZfb',
  alipay: 'console.payments.orders.methodZfb',
  wx: 'console.payments.orders.methodWx',
  wxpay: 'console.payments.orders.methodWx',
};

export const STATUS_LABELS: Record<OrderStatus, { label: MessageKey; color: TagColor }> = {
  pending: { label: 'console.payments.orders.statusPending', color: 'warning' },
  success: { label: 'console.payments.orders.statusSuccess', color: 'success' },
  expired: { label: 'console.payments.orders.statusExpired', color: 'neutral' },
};

export function formatTime(unixSeconds: number, locale: string): string {
  if (!unixSeconds) return '-';
  return new Date(unixSeconds * 1000).toLocaleString(locale, { hour12: false });
}
