import { styled } from 'styled-components';
import { CopyIcon } from '../../internal/icons';

/** Sized by the surrounding button's icon slot (1em), coloured by currentColor. */
export const StyledCopyIcon = styled(CopyIcon)`
  flex-shrink: 0;
`;
