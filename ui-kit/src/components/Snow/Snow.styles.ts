import { styled, css, keyframes } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';

const fall = keyframes`
  from { transform: translate3d(0, -10vh, 0) rotate(0deg); }
  to { transform: translate3d(var(--drift), 110vh, 0) rotate(360deg); }
`;

export const StyledSnow = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      position: fixed;
      inset: 0;
      z-index: ${t.zIndices.toast};
      overflow: hidden;
      pointer-events: none;
      @media (prefers-reduced-motion: reduce) {
        display: none;
      }
    `;
  }}
`;

export const StyledFlake = styled.span`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      position: absolute;
      top: 0;
      color: ${t.colors.info};
      opacity: ${t.opacity.muted};
      line-height: 1;
      animation-name: ${fall};
      animation-timing-function: linear;
      animation-iteration-count: infinite;
      will-change: transform;
    `;
  }}
`;
