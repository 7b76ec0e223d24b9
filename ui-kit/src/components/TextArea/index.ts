export { TextArea } from './TextArea';
export type { TextAreaProps, TextAreaResize, TextAreaState, TextAreaStatus } from './TextArea';
