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
  table: {
    loading: 'Loading…',
    empty: 'No data',
    selectAll: 'Select all on this page',
    selectRow: 'Select row',
    selectedCount: '{{count}} selected',
    columnSettings: 'Column settings',
    columnSettingsTitle: 'Visible columns',
    resetColumns: 'Reset',
    sortBy: 'Sort by {{column}}',
    sortAscending: 'Ascending',
    sortDescending: 'Descending',
  },
  pagination: {
    label: 'Pagination',
    previous: 'Previous page',
    next: 'Next page',
    page: 'Page {{page}}',
    morePages: 'More pages',
    total: '{{total}} items',
    pageSize: '{{size}} / page',
    pageSizeLabel: 'Rows per page',
  },
  dateTimePicker: {
    label: 'Date and time',
    start: 'Start time',
    end: 'End time',
    separator: 'to',
    invalidRange: 'The end time cannot be earlier than the start time',
    presets: 'Quick select',
    clear: 'Clear',
  },
  tag: {
    remove: 'Remove tag',
  },
  banner: {
    close: 'Dismiss',
  },
  spinner: {
    label: 'Loading',
  },
  skeleton: {
    label: 'Loading content',
  },
  progress: {
    label: 'Progress',
    percent: '{{value}}%',
  },
  calendar: {
    label: 'Calendar',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    today: 'Today',
    marked: 'Marked',
  },
  copyButton: {
    copy: 'Copy',
    copied: 'Copied',
    failedTitle: 'Cannot copy to the clipboard, please copy manually',
    failedHint: 'Select the text below and press Ctrl+C (⌘+C on a Mac).',
    textLabel: 'Text to copy',
  },
  topNav: {
    label: 'Main navigation',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  userMenu: {
    label: 'User menu',
  },
  floatingButtons: {
    label: 'Quick actions',
    backToTop: 'Back to top',
  },
  pageContainer: {
    breadcrumb: 'Breadcrumb',
  },
};
