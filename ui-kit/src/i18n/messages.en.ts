// English catalogue. Typed as `Messages`, so a missing key is a compile error; an extra or
// misspelt key is caught by excess-property checks and by i18n.test.ts.
// Add keys in the same section order as messages.zh-CN.ts (see the notes there).
import type { Messages } from './messages.zh-CN';

export const en: Messages = {
  common: {
    ok: 'OK',
    cancel: 'Cancel',
    confirm: 'Confirm',
    close: 'Close',
    delete: 'Delete',
    save: 'Save',
    edit: 'Edit',
    create: 'Create',
    search: 'Search',
    clear: 'Clear',
    reset: 'Reset',
    retry: 'Retry',
    copy: 'Copy',
    copied: 'Copied',
    loading: 'Loading…',
    empty: 'No data',
    required: 'Required',
    optional: 'Optional',
    more: 'More',
    back: 'Back',
    next: 'Next',
    previous: 'Previous',
    yes: 'Yes',
    no: 'No',
    on: 'On',
    off: 'Off',
    actions: 'Actions',
  },
  input: {
    clear: 'Clear input',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
  },
  textArea: {
    count: '{{count}} / {{max}}',
  },
  numberInput: {
    increment: 'Increase',
    decrement: 'Decrease',
  },
  select: {
    placeholder: 'Select…',
    searchPlaceholder: 'Search…',
    noOptions: 'No matches',
    create: 'Use "{{value}}"',
    clear: 'Clear selection',
    removeItem: 'Remove {{label}}',
    selectedCount: '{{count}} selected',
  },
  dialog: {
    close: 'Close dialog',
  },
  confirm: {
    title: 'Please confirm',
    ok: 'OK',
    cancel: 'Cancel',
  },
  sideSheet: {
    close: 'Close panel',
  },
  toast: {
    region: 'Notifications',
    close: 'Close notification',
    success: 'Success',
    error: 'Error',
    info: 'Info',
    warning: 'Warning',
  },
  dropdownMenu: {
    trigger: 'More actions',
  },
};
