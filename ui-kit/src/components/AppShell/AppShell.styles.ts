import { styled, css } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';

export const StyledShell = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-direction: column;
      min-height: 100vh;
      min-height: 100dvh;
      background: ${t.colors.bg};
      color: ${t.colors.text};
    `;
  }}
`;

export const StyledMain = styled.main<{ $gutter: boolean }>`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  ${({ theme, $gutter }) => {
    if (!$gutter) return '';
    const t = resolveTheme(theme);
    // On wide screens the floating buttons get a column of their own, so they never cover a page's
    // controls at its right edge (a send button, a table's last column).
    return css`
      @media (min-width: ${t.breakpoints.md}) {
        padding-inline-end: calc(${t.space[6]} + ${t.sizes.control.lg} + ${t.space[2]});
      }
      /* On a phone they fold into one launcher in the corner (FloatingButtons), and the page ends
         above it: the last control of a page can always be scrolled clear of it. */
      @media (max-width: calc(${t.breakpoints.md} - 0.02px)) {
        padding-block-end: calc(${t.space[4]} + ${t.sizes.control.lg} + ${t.space[2]});
      }
    `;
  }}
`;

export const StyledFooter = styled.footer`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      padding: ${t.space[4]} ${t.space[4]};
      border-top: ${t.borderWidths.thin} solid ${t.colors.border};
      text-align: center;
      font-family: ${t.fonts.body};
      font-size: ${t.fontSizes.sm};
      color: ${t.colors.textSecondary};
      overflow-wrap: anywhere;
      & a {
        color: ${t.colors.textLink};
      }
    `;
  }}
`;

export const StyledFrame = styled.iframe`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      flex: 1;
      display: block;
      width: 100%;
      min-height: calc(100vh - ${t.sizes.control.lg} - ${t.space[4]});
      border: 0;
      background: ${t.colors.bg};
    `;
  }}
`;

export const StyledBrand = styled.span`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: inline-flex;
      align-items: center;
      gap: ${t.space[2]};
      min-width: 0;
      color: inherit;
      text-decoration: none;
      & img {
        width: ${t.sizes.control.sm};
        height: ${t.sizes.control.sm};
        object-fit: contain;
        border-radius: ${t.radii.sm};
      }
      & span {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
        max-width: 12em;
      }
      @media (max-width: ${t.breakpoints.sm}) {
        & span {
          max-width: 7em;
        }
      }
    `;
  }}
`;
