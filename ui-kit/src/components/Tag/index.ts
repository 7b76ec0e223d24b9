export { Tag } from './Tag';
export type { TagColor, TagProps, TagSize, TagVariant } from './Tag';
