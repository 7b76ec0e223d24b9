export { Banner } from './Banner';
export type { BannerProps, BannerType, BannerVariant } from './Banner';
