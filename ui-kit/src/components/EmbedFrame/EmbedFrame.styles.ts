import { styled, css } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';

export type EmbedFrameHeight = 'page' | 'panel';

export const StyledEmbedFrame = styled.iframe<{ $height: EmbedFrameHeight }>`
  ${({ theme, $height }) => {
    const t = resolveTheme(theme);
    return css`
      display: block;
      box-sizing: border-box;
      width: 100%;
      /* 'page' fills the window below the top bar; 'panel' is a fixed block inside a page. */
      height: ${$height === 'page' ? `calc(100vh - ${t.space[16]} * 2)` : `calc(${t.space[16]} * 8)`};
      min-height: calc(${t.space[16]} * 5);
      border: ${t.borderWidths.thin} solid ${t.colors.border};
      border-radius: ${t.radii.md};
      background: ${t.colors.bg};
    `;
  }}
`;
