// Forms whose submit goes to the server (react-hook-form): a refusal becomes the form's root
// error, shown in a banner above the fields, and what was typed stays.
import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Banner, Dialog, DialogActions, Stack, type DialogSize } from '@sluice/ui-kit';
import { useApi } from '../api/useApi';

type Submit = (event?: BaseSyntheticEvent) => Promise<void>;

/** The form's checks, then `send`; its throw (SluiceApiError or network) is the root error. */
export function useServerSubmit<V extends FieldValues>(form: UseFormReturn<V>, send: (values: V) => Promise<void>): Submit {
  const { describe } = useApi();
  return form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (e) {
      form.setError('root', { message: describe(e) });
    }
  });
}

interface ServerFormProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  /** From useServerSubmit. */
  onSubmit: Submit;
  'aria-label'?: string;
  children: ReactNode;
}

/** The form element: the refusal's banner, then the fields. */
export function ServerForm<V extends FieldValues>({ form, onSubmit, children, ...rest }: ServerFormProps<V>) {
  const refusal = form.formState.errors.root?.message;
  return (
    <Stack as="form" gap={3} onSubmit={(e) => void onSubmit(e)} {...rest}>
      {refusal ? <Banner type="danger">{refusal}</Banner> : null}
      {children}
    </Stack>
  );
}

interface FormDialogProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  /** Runs after the form's checks; throw to show the server's refusal. */
  onSubmit: (values: V) => Promise<void>;
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: DialogSize;
  cancelText: ReactNode;
  submitText: ReactNode;
  children: ReactNode;
}

/** A dialog holding a ServerForm; its primary button submits it (Enter in a field does too). */
export function FormDialog<V extends FieldValues>({
  form,
  onSubmit,
  open,
  onClose,
  title,
  size,
  cancelText,
  submitText,
  children,
}: FormDialogProps<V>) {
  const submit = useServerSubmit(form, onSubmit);
  return (
    <Dialog
      open={open}
      size={size}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
      footer={
        <DialogActions cancelText={cancelText} confirmText={submitText} loading={form.formState.isSubmitting} onConfirm={() => void submit()} />
      }
    >
      <ServerForm form={form} onSubmit={submit}>
        {children}
      </ServerForm>
    </Dialog>
  );
}
