export * from './openai-chat';
export * from './format';
export * from './stream';
