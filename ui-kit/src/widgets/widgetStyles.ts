// Style parts every widget shares.
//
// Widgets are dropped into pages that may not set `box-sizing: border-box` globally (the
// kit's GlobalStyles is opt-in). Full-width fields would then overflow their padding, so
// every widget root, and every widget form rendered in a portal, scopes the reset itself.
import { css, styled } from 'styled-components';
import { baseText, th } from '../theme';

export const borderBoxScope = css`
  box-sizing: border-box;

  & *,
  & *::before,
  & *::after {
    box-sizing: border-box;
  }
`;

/** A form of the widget's own fields (in the page or in a portal): one column. */
export const widgetForm = css`
  ${borderBoxScope};
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[4])};
`;

/** A widget's root when its blocks stack: the reset, the kit's text, one column. */
export const widgetColumn = css`
  ${borderBoxScope};
  ${baseText};
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[4])};
  min-width: 0;
`;

/** A search or filter field in a widget's toolbar: a readable width that wraps on small screens. */
export const StyledFilterField = styled.div`
  flex: 1 1 ${th((t) => t.sizes.menuMin)};
  max-width: ${th((t) => t.sizes.popoverMax)};
`;

/** A label above its control and hint, in a widget's own form. */
export const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[1.5])};
`;

export const StyledLabel = styled.label`
  font-size: ${th((t) => t.fontSizes.sm)};
  font-weight: ${th((t) => t.fontWeights.medium)};
  color: ${th((t) => t.colors.text)};
`;

export const StyledHint = styled.span`
  font-size: ${th((t) => t.fontSizes.xs)};
  color: ${th((t) => t.colors.textSecondary)};
`;
