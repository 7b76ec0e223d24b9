export { KeyValueEditor } from './KeyValueEditor';
export type { KeyValueEditorProps, KeyValueRow } from './KeyValueEditor';
