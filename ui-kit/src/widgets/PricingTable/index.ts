export { PricingTable } from './PricingTable';
export type { PricingTableProps } from './PricingTable';
export { ConnectedPricingTable } from './ConnectedPricingTable';
export type { ConnectedPricingTableProps } from './ConnectedPricingTable';
export {
  QUOTA_PER_DOLLAR,
  comparePricing,
  convertCurrency,
  formatGroupRatio,
  formatPrice,
  perCallPrice,
  tokenPrices,
} from './pricing';
export type { Currency, PriceUnit, TokenPrices } from './pricing';
export { fuzzyMatch } from './fuzzy';
