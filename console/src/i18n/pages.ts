// Console strings of the 'pages' area (pricing, playground, chat, monitor): zh-CN first,
// English typed against it (same keys). Read with t('console.pages.<key>').
import type { SameShape } from './shape';

export const pagesZhCN = {
  chat: {
    title: '聊天',
    frame: '聊天客户端',
    configure: '配置聊天',
    emptyTitle: '还没有打开聊天',
    emptyDescription: '选择一个令牌和聊天链接，即可在这里使用聊天客户端。',
  },
  monitor: {
    title: '服务监控',
    frame: '服务监控页面',
    disabled: '服务监控未启用，请联系管理员',
    missing: '服务监控链接未配置，请联系管理员',
    invalid: '服务监控链接配置错误，链接必须是有效的 URL，请联系管理员',
  },
};

export const pagesEn: SameShape<typeof pagesZhCN> = {
  chat: {
    title: 'Chat',
    frame: 'Chat client',
    configure: 'Set up chat',
    emptyTitle: 'No chat open yet',
    emptyDescription: 'Choose a token and a chat link to use a chat client here.',
  },
  monitor: {
    title: 'Service monitor',
    frame: 'Service monitor page',
    disabled: 'Service monitoring is not enabled, please contact the admin',
    missing: 'The monitoring link is not configured, please contact the admin',
    invalid: 'The monitoring link is misconfigured (it must be a valid URL), please contact the admin',
  },
};
