// Console strings of the 'tokens' area: zh-CN first, English typed against it (same keys).
// Only the engineer owning this area edits this file. Read with t('console.tokens.<key>').
// The token list itself speaks through the kit's TokenManager catalogue ('tokens.*').
import type { SameShape } from './shape';

export const tokensZhCN = {
  title: '我的令牌',
  noChatLink: '管理员未设置聊天链接',
  quick: {
    open: '快速配置聊天',
    title: '快速配置聊天',
    description: '选择一个令牌和聊天链接，打开已配置好的聊天客户端。',
    token: '令牌',
    tokenHint: '没有令牌时会自动创建一个默认令牌',
    tokenPlaceholder: '请选择令牌',
    customKey: '自定义令牌',
    anonymous: '未登录：请填写自定义令牌，或先登录以选择自己的令牌。',
    server: '自定义接口地址',
    serverHint: '留空则使用本站地址',
    link: '聊天链接',
    link1: '聊天链接 1',
    link2: '聊天链接 2',
    mode: '打开方式',
    modeFrame: '在页面内嵌打开',
    modeWindow: '在新窗口打开',
    confirm: '打开聊天',
    defaultTokenName: '默认令牌',
    loadFailed: '获取令牌失败：{{message}}',
    createFailed: '创建默认令牌失败：{{message}}',
  },
};

export const tokensEn: SameShape<typeof tokensZhCN> = {
  title: 'My tokens',
  noChatLink: 'The admin has not set a chat link',
  quick: {
    open: 'Quick chat setup',
    title: 'Quick chat setup',
    description: 'Choose a token and a chat link to open a ready-configured chat client.',
    token: 'Token',
    tokenHint: 'A default token is created when you have none',
    tokenPlaceholder: 'Choose a token',
    customKey: 'Custom token',
    anonymous: 'Not logged in: type a custom token, or log in to pick one of yours.',
    server: 'Custom API address',
    serverHint: 'Leave empty to use this site',
    link: 'Chat link',
    link1: 'Chat link 1',
    link2: 'Chat link 2',
    mode: 'Open in',
    modeFrame: 'This page (embedded)',
    modeWindow: 'A new window',
    confirm: 'Open chat',
    defaultTokenName: 'default token',
    loadFailed: 'Failed to load tokens: {{message}}',
    createFailed: 'Failed to create the default token: {{message}}',
  },
};
