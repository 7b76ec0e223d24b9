import { forwardRef, type IframeHTMLAttributes } from 'react';
import { StyledEmbedFrame, type EmbedFrameHeight } from './EmbedFrame.styles';

export type { EmbedFrameHeight };

export interface EmbedFrameProps extends Omit<IframeHTMLAttributes<HTMLIFrameElement>, 'height'> {
  /** Accessible name of the embedded page (required: frames must be named). */
  title: string;
  src: string;
  /** 'page' (default) fills the window under the top bar; 'panel' is a block inside a page. */
  height?: EmbedFrameHeight;
}

/**
 * Another site's page embedded in the console (chat clients, the monitor): bordered, themed,
 * sandboxed to scripts, forms and popups of its own origin unless `sandbox` says otherwise.
 */
export const EmbedFrame = forwardRef<HTMLIFrameElement, EmbedFrameProps>(function EmbedFrame(
  { height = 'page', sandbox = 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads', referrerPolicy = 'no-referrer', ...rest },
  ref,
) {
  return <StyledEmbedFrame ref={ref} $height={height} sandbox={sandbox} referrerPolicy={referrerPolicy} data-height={height} {...rest} />;
});
