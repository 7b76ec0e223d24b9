// Small style fragments shared by many primitives, so focus rings and disabled looks
// are identical everywhere.
import { css } from 'styled-components';
import { th } from './resolveTheme';

export const focusRing = css`
  outline: none;
  box-shadow: ${th((t) => t.shadows.focus)};
`;

/** Visible focus only for keyboard users. */
export const focusVisible = css`
  &:focus-visible {
    ${focusRing}
  }
`;

export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

/** A row whose items sit at either end and wrap onto new lines when there is no room. */
export const spreadRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${th((t) => t.space[2])};
`;

/** Default text settings for elements rendered in portals (outside any styled parent). */
export const baseText = css`
  font-family: ${th((t) => t.fonts.body)};
  font-size: ${th((t) => t.fontSizes.md)};
  line-height: ${th((t) => t.lineHeights.normal)};
  color: ${th((t) => t.colors.text)};
`;
