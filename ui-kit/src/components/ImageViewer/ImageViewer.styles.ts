import { styled, css } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible } from '../../theme/styleHelpers';

/** The stage the image sits on: a muted panel so transparent or dark images stay visible. */
export const StyledStage = styled.figure`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      position: relative;
      display: flex;
      flex-direction: column;
      align-items: center;
      justify-content: center;
      gap: ${t.space[2]};
      margin: 0;
      min-height: calc(${t.sizes.control.lg} * 5);
      padding: ${t.space[3]};
      border-radius: ${t.radii.lg};
      background: ${t.colors.bgMuted};
    `;
  }}
`;

export const StyledImage = styled.img<{ $loaded: boolean }>`
  display: block;
  max-width: 100%;
  /* The dialog keeps its own header and footer on screen; the image takes what is left. */
  max-height: 65vh;
  object-fit: contain;
  border-radius: ${th((t) => t.radii.md)};
  opacity: ${({ $loaded }) => ($loaded ? 1 : 0)};
`;

export const StyledStageOverlay = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
`;

export const StyledCaption = styled.figcaption`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      max-width: 100%;
      font-size: ${t.fontSizes.sm};
      color: ${t.colors.textSecondary};
      text-align: center;
      overflow-wrap: anywhere;
    `;
  }}
`;

export const StyledError = styled.p`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      margin: 0;
      font-size: ${t.fontSizes.sm};
      color: ${t.colors.danger};
    `;
  }}
`;

export const StyledBar = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: ${t.space[2]};
      width: 100%;
    `;
  }}
`;

export const StyledNav = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      align-items: center;
      gap: ${t.space[2]};
      font-size: ${t.fontSizes.sm};
      font-variant-numeric: tabular-nums;
      color: ${t.colors.textSecondary};
    `;
  }}
`;

export const StyledOriginalLink = styled.a`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      font-size: ${t.fontSizes.sm};
      color: ${t.colors.textLink};
      border-radius: ${t.radii.sm};
      text-decoration: underline;
      text-underline-offset: 0.15em;
      ${focusVisible}
    `;
  }}
`;

/** A small preview that opens the viewer: a button holding the image. */
export const StyledThumbnail = styled.button<{ $size: 'sm' | 'md' }>`
  ${({ theme, $size }) => {
    const t = resolveTheme(theme);
    const side = $size === 'sm' ? t.sizes.control.lg : `calc(${t.sizes.control.lg} * 1.6)`;
    return css`
      display: inline-flex;
      align-items: center;
      justify-content: center;
      flex-shrink: 0;
      width: ${side};
      height: ${side};
      padding: 0;
      overflow: hidden;
      border: ${t.borderWidths.thin} solid ${t.colors.border};
      border-radius: ${t.radii.md};
      background: ${t.colors.bgMuted};
      color: ${t.colors.textSecondary};
      cursor: zoom-in;
      transition: border-color ${t.motion.fast} ${t.motion.easing};

      &:hover {
        border-color: ${t.colors.borderHover};
      }
      ${focusVisible}

      & > img {
        width: 100%;
        height: 100%;
        object-fit: cover;
      }
      & > svg {
        width: ${t.sizes.icon.md};
        height: ${t.sizes.icon.md};
      }
    `;
  }}
`;
