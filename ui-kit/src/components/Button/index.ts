export { Button, defaultTone } from './Button';
export type { ButtonProps, ButtonSize, ButtonState, ButtonTone, ButtonVariant } from './Button';
