export { Card } from './Card';
export type { CardPadding, CardProps, CardVariant } from './Card';
