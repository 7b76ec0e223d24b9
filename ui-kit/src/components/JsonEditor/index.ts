export { JsonEditor, isValidJson, prettyJson } from './JsonEditor';
export type { JsonEditorProps, JsonShape } from './JsonEditor';
