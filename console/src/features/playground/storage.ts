// Where the playground keeps its conversation: one entry per user, so a shared browser never
// shows one account's chat to the next.
export function playgroundStorageKey(userId: number): string {
  return `playground:${userId}`;
}
