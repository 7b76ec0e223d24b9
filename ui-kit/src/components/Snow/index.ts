export { Snow } from './Snow';
export type { SnowProps } from './Snow';
