// Layout helpers for stories only (excluded from the published build): rows and stacks
// spaced with theme tokens, so stories contain no raw pixel values either.
import { styled } from 'styled-components';
import { th } from '../theme/resolveTheme';
import type { SpaceKey } from '../theme/types';

export const StoryStack = styled.div<{ $gap?: SpaceKey }>`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme, $gap = 4 }) => th((t) => t.space[$gap])({ theme })};
`;

export const StoryRow = styled.div<{ $gap?: SpaceKey }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme, $gap = 3 }) => th((t) => t.space[$gap])({ theme })};
`;

export const StoryLabel = styled.div`
  min-width: ${th((t) => t.sizes.inputMin)};
  font-size: ${th((t) => t.fontSizes.sm)};
  color: ${th((t) => t.colors.textSecondary)};
`;

/** Fixed-width column for form controls that stretch. */
export const StoryField = styled.div`
  width: ${th((t) => t.sizes.popoverMax)};
  max-width: 100%;
`;
