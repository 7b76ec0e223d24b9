import type { ValueTransformer } from 'typeorm';

/**
 * PostgreSQL returns bigint as a string; quota stays far below 2^53, so a number is exact.
 */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? value : Number(value)),
};
