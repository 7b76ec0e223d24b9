/**
 * The channel's own configuration cannot produce a request (custom type without a URL, Azure
 * without an endpoint). The relay treats it as a channel failure: try another channel, and tell
 * the admin, not the user, what is wrong.
 */
export class ChannelConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChannelConfigError';
  }
}
