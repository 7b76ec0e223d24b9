import type { TagColor } from '@sluice/ui-kit';

/** Spec §9: use_time under 101 s green, under 300 s orange, above red. */
export function useTimeColor(seconds: number): TagColor {
  if (seconds < 101) return 'success';
  if (seconds < 300) return 'warning';
  return 'danger';
}

/** Spec §9: first-token time under 3 s green, under 10 s orange, above red. */
export function firstTokenColor(seconds: number): TagColor {
  if (seconds < 3) return 'success';
  if (seconds < 10) return 'warning';
  return 'danger';
}

/** Completion tokens per second of the whole request (spec: completion tokens / use_time). */
export function tokenRate(completionTokens: number, useTimeSeconds: number): string | null {
  if (useTimeSeconds <= 0 || completionTokens <= 0) return null;
  return (completionTokens / useTimeSeconds).toFixed(2);
}

export function formatTime(unixSeconds: number, locale: string): string {
  return new Date(unixSeconds * 1000).toLocaleString(locale, { hour12: false });
}
