import { styled } from 'styled-components';
import { bareControl, fieldFrame, type FieldFrameProps } from '../../internal/fieldStyles';
import { th } from '../../theme/resolveTheme';

export type TextAreaResize = 'none' | 'vertical' | 'auto';

export const StyledTextAreaFrame = styled.span<FieldFrameProps>`
  ${fieldFrame}
  position: relative;
  flex-direction: column;
  align-items: stretch;
  gap: ${th((t) => t.space[1])};
  padding-top: ${th((t) => t.space[1.5])};
  padding-bottom: ${th((t) => t.space[1.5])};
`;

export const StyledTextArea = styled.textarea<{ $resize: TextAreaResize }>`
  ${bareControl}
  display: block;
  width: 100%;
  min-height: ${th((t) => t.sizes.textAreaMin)};
  resize: ${({ $resize }) => ($resize === 'vertical' ? 'vertical' : 'none')};
  overflow-y: auto;
  line-height: ${th((t) => t.lineHeights.normal)};
`;

export const StyledCount = styled.span<{ $over: boolean }>`
  align-self: flex-end;
  font-size: ${th((t) => t.fontSizes.xs)};
  color: ${({ theme, $over }) =>
    th((t) => ($over ? t.colors.danger : t.colors.textSecondary))({ theme })};
  font-variant-numeric: tabular-nums;
`;
