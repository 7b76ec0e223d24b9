import { styled, css } from 'styled-components';
import { resolveTheme, th } from '../../theme/resolveTheme';
import { focusVisible, spreadRow } from '../../theme/styleHelpers';

/** The stage the image sits on: a muted panel so transparent or dark images stay visible. */
export const StyledStage = styled.figure`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${th((t) => t.space[2])};
  margin: 0;
  min-height: calc(${th((t) => t.sizes.control.lg)} * 5);
  padding: ${th((t) => t.space[3])};
  border-radius: ${th((t) => t.radii.lg)};
  background: ${th((t) => t.colors.bgMuted)};
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
  max-width: 100%;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textSecondary)};
  text-align: center;
  overflow-wrap: anywhere;
`;

export const StyledError = styled.p`
  margin: 0;
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.danger)};
`;

export const StyledBar = styled.div`
  ${spreadRow}
  width: 100%;
`;

export const StyledNav = styled.div`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space[2])};
  font-size: ${th((t) => t.fontSizes.sm)};
  font-variant-numeric: tabular-nums;
  color: ${th((t) => t.colors.textSecondary)};
`;

export const StyledOriginalLink = styled.a`
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textLink)};
  border-radius: ${th((t) => t.radii.sm)};
  text-decoration: underline;
  text-underline-offset: 0.15em;
  ${focusVisible}
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
