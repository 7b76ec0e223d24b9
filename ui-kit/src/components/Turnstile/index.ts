export { Turnstile, TURNSTILE_SCRIPT_URL } from './Turnstile';
export type { TurnstileApi, TurnstileProps } from './Turnstile';
