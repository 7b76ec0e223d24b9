/**
 * Channel types with an adaptor in the registry. The registry is `Record<RelayChannelType, Adaptor>`,
 * so adding a number here fails to compile until an adaptor exists for it; the catalogue
 * (catalogue/channel-types.ts) marks the same types `relay: 'adaptor'` (registry.spec.ts checks both ways).
 */
export const RELAY_CHANNEL_TYPES = [1, 3, 4, 8, 11, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 25, 26, 31, 33, 34, 35, 37, 38, 39, 40, 41] as const;
export type RelayChannelType = (typeof RELAY_CHANNEL_TYPES)[number];

export function isRelayChannelType(type: number): type is RelayChannelType {
  return (RELAY_CHANNEL_TYPES as readonly number[]).includes(type);
}
