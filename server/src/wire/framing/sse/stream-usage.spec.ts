import { ClientUsageFilter, usageChunk, withUpstreamUsage } from './stream-usage';

describe('stream usage policy', () => {
  it('asks upstream for usage and keeps the client options', () => {
    expect(withUpstreamUsage({ model: 'm', stream_options: { include_obfuscation: false } })).toEqual({
      model: 'm',
      stream_options: { include_obfuscation: false, include_usage: true },
    });
    expect(withUpstreamUsage({ model: 'm', stream_options: null })).toEqual({ model: 'm', stream_options: { include_usage: true } });
  });

  it('hides the usage-only chunk and the usage:null keys from clients that did not ask', () => {
    const f = new ClientUsageFilter(false);
    expect(f.filter({ id: 'c', choices: [], usage: { prompt_tokens: 1 } })).toBeNull();
    expect(f.filter({ id: 'c', choices: null, usage: { prompt_tokens: 1 } })).toBeNull();
    expect(f.filter({ id: 'c', choices: [{ delta: { content: 'x' } }], usage: null })).toEqual({ id: 'c', choices: [{ delta: { content: 'x' } }] });
    // A vendor that reports usage on content chunks keeps its native shape.
    const native = { id: 'c', choices: [{ delta: { content: 'x' } }], usage: { prompt_tokens: 1 } };
    expect(f.filter(native)).toBe(native);
    // An Azure prompt-filter chunk has empty choices but no usage: it is not the usage chunk.
    expect(f.filter({ choices: [], prompt_filter_results: [] })).toEqual({ choices: [], prompt_filter_results: [] });
  });

  it('passes everything through to clients that asked', () => {
    const chunk = { id: 'c', choices: [], usage: { prompt_tokens: 1 } };
    expect(new ClientUsageFilter(true).filter(chunk)).toBe(chunk);
  });

  it('builds a usage chunk when the upstream sent none', () => {
    expect(usageChunk({ id: 'chatcmpl-1', model: 'm', created: 5 }, { promptTokens: 10, completionTokens: 4, cachedTokens: 2, reasoningTokens: 1 })).toEqual({
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 5,
      model: 'm',
      choices: [],
      usage: {
        prompt_tokens: 10,
        completion_tokens: 4,
        total_tokens: 14,
        prompt_tokens_details: { cached_tokens: 2 },
        completion_tokens_details: { reasoning_tokens: 1 },
      },
    });
  });
});
