import { styled } from 'styled-components';
import { th } from '../../theme';
import { widgetColumn } from '../widgetStyles';

export { StyledFilterField } from '../widgetStyles';

export const StyledPricing = styled.div`
  ${widgetColumn};
`;

export const StyledFacts = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[1])};
`;

export const StyledFilters = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${th((t) => t.space[3])};
`;

/** The vendor bar scrolls sideways instead of wrapping (§2.11). */
export const StyledVendorBar = styled.div`
  overflow-x: auto;
  overscroll-behavior-x: contain;

  & [role='tablist'] {
    flex-wrap: nowrap;
    width: max-content;
    min-width: 100%;
  }

  & [role='tab'] {
    white-space: nowrap;
  }
`;

export const StyledStack = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${th((t) => t.space[1])};
`;

export const StyledTagList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${th((t) => t.space[1])};
`;

export const StyledMuted = styled.span`
  color: ${th((t) => t.colors.textSecondary)};
  font-size: ${th((t) => t.fontSizes.sm)};
`;

export const StyledNumber = styled.span`
  font-family: ${th((t) => t.fonts.mono)};
  font-size: ${th((t) => t.fontSizes.sm)};
  white-space: nowrap;
`;

/** The vendor tabs' panel: the vendor's description above the table. */
export const StyledVendorPanel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[4])};
  min-width: 0;
  padding-top: ${th((t) => t.space[3])};
`;
