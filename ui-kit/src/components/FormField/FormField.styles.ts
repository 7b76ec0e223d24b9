import styled, { css } from 'styled-components';
import { resolveTheme } from '../../theme/resolveTheme';

export type FormFieldLayout = 'vertical' | 'horizontal';

const layoutStyles = ({ theme, $layout }: { theme: unknown; $layout: FormFieldLayout }) => {
  const t = resolveTheme(theme);
  switch ($layout) {
    case 'vertical':
      return css`
        display: flex;
        flex-direction: column;
        gap: ${t.space[1.5]};
      `;
    case 'horizontal':
      // Label beside the control on wide screens, above it on narrow ones.
      return css`
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        gap: ${t.space[1.5]};
        @media (min-width: 720px) {
          grid-template-columns: minmax(120px, 200px) minmax(0, 1fr);
          column-gap: ${t.space[4]};
          align-items: start;
        }
      `;
    default: {
      const unreachable: never = $layout;
      return unreachable;
    }
  }
};

export const StyledFormField = styled.div<{ $layout: FormFieldLayout }>`
  ${layoutStyles}
  min-width: 0;
`;

export const StyledLabel = styled.label`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      font-size: ${t.fontSizes.sm};
      font-weight: ${t.fontWeights.medium};
      color: ${t.colors.text};
      line-height: ${t.lineHeights.normal};
      overflow-wrap: anywhere;
    `;
  }}
`;

export const StyledRequired = styled.span`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      color: ${t.colors.danger};
      margin-inline-start: ${t.space[0.5]};
    `;
  }}
`;

export const StyledControl = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-direction: column;
      gap: ${t.space[1]};
      min-width: 0;
    `;
  }}
`;

export const StyledMessage = styled.p<{ $tone: 'hint' | 'error' }>`
  ${({ theme, $tone }) => {
    const t = resolveTheme(theme);
    return css`
      margin: 0;
      font-size: ${t.fontSizes.xs};
      line-height: ${t.lineHeights.normal};
      color: ${$tone === 'error' ? t.colors.danger : t.colors.textSecondary};
      overflow-wrap: anywhere;
    `;
  }}
`;

export const StyledFormGrid = styled.div<{ $columns: 1 | 2 | 3 }>`
  ${({ theme, $columns }) => {
    const t = resolveTheme(theme);
    return css`
      display: grid;
      gap: ${t.space[4]};
      grid-template-columns: minmax(0, 1fr);
      @media (min-width: 720px) {
        grid-template-columns: repeat(${Math.min($columns, 2)}, minmax(0, 1fr));
      }
      @media (min-width: 1080px) {
        grid-template-columns: repeat(${$columns}, minmax(0, 1fr));
      }
    `;
  }}
`;

export const StyledFormActions = styled.div`
  ${({ theme }) => {
    const t = resolveTheme(theme);
    return css`
      display: flex;
      flex-wrap: wrap;
      gap: ${t.space[2]};
      align-items: center;
    `;
  }}
`;
