import { styled } from 'styled-components';

/** Sized by the surrounding button's icon slot (1em), coloured by currentColor. */
export const StyledCopyIcon = styled.svg`
  flex-shrink: 0;
`;
