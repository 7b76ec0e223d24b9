import { RelayRequestError } from '../../wire/canonical/errors';
import { aiproxyLibraryAdaptor } from './aiproxy-library/aiproxy-library.adaptor';
import { awsClaudeAdaptor } from './aws-claude/aws-claude.adaptor';
import { azureAdaptor } from './azure/azure.adaptor';
import { baiduAdaptor } from './baidu/baidu.adaptor';
import { chatglmAdaptor } from './chatglm/chatglm.adaptor';
import { claudeAdaptor } from './claude/claude.adaptor';
import { cloudflareAdaptor } from './cloudflare/cloudflare.adaptor';
import { cohereAdaptor } from './cohere/cohere.adaptor';
import { channelType } from '../../catalogue/catalogue';
import { isRelayChannelType, type RelayChannelType } from './channel-types';
import { customAdaptor } from './custom/custom.adaptor';
import { difyAdaptor } from './dify/dify.adaptor';
import { fastgptAdaptor } from './fastgpt/fastgpt.adaptor';
import { geminiAdaptor } from './gemini/gemini.adaptor';
import { jinaAdaptor } from './jina/jina.adaptor';
import { hunyuanAdaptor } from './hunyuan/hunyuan.adaptor';
import { createOpenAICompatibleAdaptor } from './openai-compatible/adaptor';
import { minimaxAdaptor } from './minimax/minimax.adaptor';
import { moonshotAdaptor } from './moonshot/moonshot.adaptor';
import { ollamaAdaptor } from './ollama/ollama.adaptor';
import { openaiAdaptor } from './openai/openai.adaptor';
import { qwenAdaptor } from './qwen/qwen.adaptor';
import { palmAdaptor } from './palm/palm.adaptor';
import { qihoo360Adaptor } from './qihoo360/qihoo360.adaptor';
import { siliconcloudAdaptor } from './siliconcloud/siliconcloud.adaptor';
import { sparkAdaptor } from './spark/spark.adaptor';
import type { Adaptor } from './types';
import { baseUrlOf } from './base-url';
import { prefixedUrl } from './openai-compatible/url';
import { vertexAdaptor } from './vertex/vertex.adaptor';
import { yiAdaptor } from './yi/yi.adaptor';
import { zhipuV4Adaptor } from './zhipu-v4/zhipu-v4.adaptor';

/** The one registry: the compiler requires an entry for every RelayChannelType. */
export const ADAPTORS: Readonly<Record<RelayChannelType, Adaptor>> = {
  1: openaiAdaptor,
  3: azureAdaptor,
  4: ollamaAdaptor,
  8: customAdaptor,
  11: palmAdaptor,
  14: claudeAdaptor,
  15: baiduAdaptor,
  16: chatglmAdaptor,
  17: qwenAdaptor,
  18: sparkAdaptor,
  19: qihoo360Adaptor,
  21: aiproxyLibraryAdaptor,
  22: fastgptAdaptor,
  23: hunyuanAdaptor,
  24: geminiAdaptor,
  25: moonshotAdaptor,
  26: zhipuV4Adaptor,
  31: yiAdaptor,
  33: awsClaudeAdaptor,
  34: cohereAdaptor,
  35: minimaxAdaptor,
  37: difyAdaptor,
  38: jinaAdaptor,
  39: cloudflareAdaptor,
  40: siliconcloudAdaptor,
  41: vertexAdaptor,
};

/** Adaptors built from catalogue entries that are OpenAI-compatible configuration, once per type. */
const configured = new Map<number, Adaptor>();

/**
 * The adaptor for a channel type: the registry's, else one built from the catalogue entry's
 * OpenAI-compatible configuration. Planned, task and unknown types answer a clear 501 (the gateway,
 * not the client, lacks something), so a channel of such a type fails visibly, never by guess.
 */
export function adaptorFor(type: number): Adaptor {
  if (isRelayChannelType(type)) return ADAPTORS[type];
  const entry = channelType(type);
  if (entry && typeof entry.relay === 'object') {
    let adaptor = configured.get(type);
    if (!adaptor) {
      const { auth, streamUsage, capabilities, pathPrefix } = entry.relay.openaiCompatible;
      const config = { type, name: entry.label.en, defaultBaseUrl: entry.defaultBaseUrl || null, auth, streamUsage, capabilities };
      adaptor = createOpenAICompatibleAdaptor(pathPrefix === undefined ? config : { ...config, url: (path, ctx) => prefixedUrl(baseUrlOf(config, ctx), pathPrefix, path) });
      configured.set(type, adaptor);
    }
    return adaptor;
  }
  const name = entry?.label.en ?? 'unknown';
  throw new RelayRequestError('unsupported_channel_type', 'relay.unsupported_channel_type', null, { type, name }, 501);
}

/** For an endpoint an adaptor lacks (e.g. rerank on OpenAI): a 400 naming the type and endpoint. */
export function unsupportedEndpoint(type: number, endpoint: string): RelayRequestError {
  return new RelayRequestError('unsupported_endpoint', 'relay.unsupported_endpoint', null, { type, endpoint }, 400);
}
