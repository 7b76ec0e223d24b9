export { EmbedFrame } from './EmbedFrame';
export type { EmbedFrameHeight, EmbedFrameProps } from './EmbedFrame';
