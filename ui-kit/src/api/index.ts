export { createSluiceClient, SluiceApiError, NETWORK_ERROR } from './client';
export type { ApiResult, HttpMethod, SluiceClient, SluiceClientMode, SluiceClientOptions, TokenListQuery, TokenPage, TokenSearchQuery } from './client';
export { clientScope, sluiceKeys, isTokenListKey } from './keys';
export { SseParser, ChatStreamError, readChatChunk } from './sse';
export type { SseMessage } from './sse';
export { ApiShapeError } from './parse';
export { documentedValues } from './conform';
export type * from './types';
export type {
  ApiAnswer,
  ApiBody,
  ApiData,
  ApiErrorCode,
  ApiMethod,
  ApiMethodOf,
  ApiPath,
  ApiQuery,
  ApiSchema,
  ApiSchemas,
  SluiceApiComponents,
  SluiceApiOperations,
  SluiceApiPaths,
} from './schema';
