export { IconButton } from './IconButton';
export type { IconButtonProps, IconButtonVariant } from './IconButton';
export type { IconButtonShape } from './IconButton.styles';
