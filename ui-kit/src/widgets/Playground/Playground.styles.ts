import { css, styled } from 'styled-components';
import { baseText, th } from '../../theme';
import { borderBoxScope, widgetForm } from '../widgetStyles';

export { StyledField, StyledHint, StyledLabel } from '../widgetStyles';

/** Sidebar beside the chat on wide screens; below md the settings move into a dialog. */
export const StyledPlayground = styled.div`
  ${borderBoxScope};
  ${baseText};
  display: grid;
  grid-template-columns: ${th((t) => t.sizes.sideSheet.sm)} minmax(0, 1fr);
  gap: ${th((t) => t.space[4])};
  /* A usable default height for a widget dropped into any page; hosts can override. */
  height: calc(${th((t) => t.space[16])} * 10);
  min-height: 0;

  @media (max-width: ${th((t) => t.breakpoints.md)}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const StyledSidebar = styled.aside`
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[4])};
  padding: ${th((t) => t.space[4])};
  overflow-y: auto;
  background: ${th((t) => t.colors.bgElevated)};
  border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.lg)};

  @media (max-width: ${th((t) => t.breakpoints.md)}) {
    display: none;
  }
`;

export const StyledSettingsForm = styled.div`
  ${widgetForm};
`;

export const StyledChat = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 0;
  background: ${th((t) => t.colors.bgElevated)};
  border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
  border-radius: ${th((t) => t.radii.lg)};
`;

export const StyledChatHeader = styled.header`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space[2])};
  padding: ${th((t) => t.space[3])} ${th((t) => t.space[4])};
  border-bottom: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};
`;

export const StyledChatTitle = styled.h2`
  flex: 1;
  margin: 0;
  font-size: ${th((t) => t.fontSizes.lg)};
  font-weight: ${th((t) => t.fontWeights.semibold)};
`;

/** Only shown where the sidebar is hidden. */
export const StyledNarrowOnly = styled.span`
  display: none;

  @media (max-width: ${th((t) => t.breakpoints.md)}) {
    display: inline-flex;
  }
`;

export const StyledMessages = styled.ol`
  flex: 1;
  min-height: 0;
  margin: 0;
  padding: ${th((t) => t.space[4])};
  list-style: none;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: ${th((t) => t.space[3])};
`;

const userBubble = css`
  align-self: flex-end;
  background: ${th((t) => t.colors.primarySubtle)};
`;

const assistantBubble = css`
  align-self: flex-start;
  background: ${th((t) => t.colors.bgMuted)};
`;

export const StyledMessage = styled.li<{ $role: 'user' | 'assistant' }>`
  max-width: 85%;
  padding: ${th((t) => t.space[2])} ${th((t) => t.space[3])};
  border-radius: ${th((t) => t.radii.lg)};
  overflow-wrap: anywhere;
  ${({ $role }) => ($role === 'user' ? userBubble : assistantBubble)};

  &[data-status='error'] {
    border: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.danger)};
  }
`;

export const StyledUserText = styled.p`
  margin: 0;
  white-space: pre-wrap;
`;

export const StyledMessageMeta = styled.div`
  display: flex;
  align-items: center;
  gap: ${th((t) => t.space[2])};
  margin-top: ${th((t) => t.space[1])};
  font-size: ${th((t) => t.fontSizes.xs)};
  color: ${th((t) => t.colors.textSecondary)};
`;

export const StyledMessageError = styled.p`
  margin: ${th((t) => t.space[1])} 0 0;
  color: ${th((t) => t.colors.danger)};
  white-space: pre-wrap;
`;

export const StyledComposer = styled.form`
  display: flex;
  align-items: flex-end;
  gap: ${th((t) => t.space[2])};
  padding: ${th((t) => t.space[3])} ${th((t) => t.space[4])};
  border-top: ${th((t) => t.borderWidths.thin)} solid ${th((t) => t.colors.border)};

  & > :first-child {
    flex: 1;
  }
`;
