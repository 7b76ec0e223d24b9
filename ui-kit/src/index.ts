// Public API of @sluice/ui-kit. One export line per component or widget, appended at the
// end of its section, so helpers working in parallel do not collide.

// Theme
export * from './theme';

// i18n
export * from './i18n';

// Components
export * from './components/Button';
export * from './components/IconButton';
export * from './components/Input';
export * from './components/TextArea';
export * from './components/NumberInput';
export * from './components/Switch';
export * from './components/Checkbox';
export * from './components/Slider';
export * from './components/Tabs';
export * from './components/Tooltip';
export * from './components/Popover';
export * from './components/DropdownMenu';
export * from './components/Dialog';
export * from './components/SideSheet';
export * from './components/Toast';
export * from './components/Select';
export * from './components/Table';
export * from './components/Pagination';
export * from './components/DateTimePicker';
export * from './components/DateTimeRangePicker';
export * from './components/Tag';
export * from './components/Banner';
export * from './components/Card';
export * from './components/Spinner';
export * from './components/Skeleton';
export * from './components/Progress';
export * from './components/Calendar';
export * from './components/CopyButton';
export * from './components/Markdown';
export * from './components/TopNav';
export * from './components/UserMenu';
export * from './components/FloatingButtons';
export * from './components/PageContainer';
export * from './components/FormField';
export * from './components/Stack';
export * from './components/Toolbar';
export * from './components/EmptyState';
export * from './components/AppShell';
export * from './components/Turnstile';
export * from './components/Snow';
export * from './components/Icons';
export * from './components/Chart';
export * from './components/StatCard';
export * from './components/EmbedFrame';
export * from './components/JsonEditor';
export * from './components/KeyValueEditor';
export * from './components/ImageViewer';

// API client (injected into the connected widgets)
export * from './api';

// Widgets
export * from './widgets/PricingTable';
export * from './widgets/Playground';
export * from './widgets/TokenManager';
