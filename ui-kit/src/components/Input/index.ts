export { Input } from './Input';
export type { InputProps, InputSize, InputState, InputStatus } from './Input';
