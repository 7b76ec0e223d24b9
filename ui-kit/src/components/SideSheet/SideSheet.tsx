import { forwardRef } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useT } from '../../i18n/I18nProvider';
import { StyledDialogFooter } from '../../internal/dialogStyles';
import { ModalRoot, modalParts, type ModalProps } from '../../internal/modalParts';
import {
  StyledSheetBody,
  StyledSheetContent,
  StyledSheetFooter,
  StyledSheetHeader,
  type SideSheetSide,
  type SideSheetSize,
} from './SideSheet.styles';

export type { SideSheetSide, SideSheetSize };

export interface SideSheetProps extends ModalProps {
  /** Edge the panel slides from. Defaults to 'right'. */
  side?: SideSheetSide;
  size?: SideSheetSize;
}

/**
 * Side panel for long forms (channel editor, log details). Same accessibility as Dialog:
 * focus trap, Escape, focus return. Ref, className and other props go to the panel.
 */
export const SideSheet = forwardRef<HTMLDivElement, SideSheetProps>(function SideSheet(
  { side = 'right', size = 'md', ...props },
  ref,
) {
  const { t } = useT();
  const parts = modalParts(props, t('sideSheet.close'));
  return (
    <ModalRoot {...parts.root}>
      <StyledSheetContent ref={ref} $side={side} $size={size} data-side={side} {...parts.panel}>
        <StyledSheetHeader>{parts.heading}</StyledSheetHeader>
        <StyledSheetBody>{parts.body}</StyledSheetBody>
        {parts.footer !== undefined && (
          <StyledSheetFooter>
            <StyledDialogFooter>{parts.footer}</StyledDialogFooter>
          </StyledSheetFooter>
        )}
        {parts.close}
      </StyledSheetContent>
    </ModalRoot>
  );
});

/** Closes the surrounding SideSheet; use with asChild around a Button. */
export const SideSheetClose = DialogPrimitive.Close;
