// Widgets are dropped into pages that may not set `box-sizing: border-box` globally (the
// kit's GlobalStyles is opt-in). Full-width fields would then overflow their padding, so
// every widget root, and every widget form rendered in a portal, scopes the reset itself.
import { css } from 'styled-components';

export const borderBoxScope = css`
  box-sizing: border-box;

  & *,
  & *::before,
  & *::after {
    box-sizing: border-box;
  }
`;
