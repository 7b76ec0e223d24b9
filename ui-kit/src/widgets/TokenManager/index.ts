export { TokenManager } from './TokenManager';
export type { TokenManagerProps } from './TokenManager';
export { ConnectedTokenManager } from './ConnectedTokenManager';
export type { ConnectedTokenManagerProps } from './ConnectedTokenManager';
export { TokenPanel } from './TokenPanel';
export type { TokenPanelProps } from './TokenPanel';
export {
  COUNT_PRESETS,
  QUOTA_PRESETS,
  buildCreateInputs,
  emptyTokenForm,
  validateTokenForm,
} from './tokenForm';
export type { TokenFormError, TokenFormProblem, TokenFormValues } from './tokenForm';
export { CHAT_CLIENTS, buildChatUrl, chatLinkAddress, maskKey } from './tokenDisplay';
export type { ChatClient, ChatLinks, QuotaDisplay } from './tokenDisplay';
