/** The sockets of this instance, by user. Events reach them through `send`; fan-out between instances is the caller's. */
export interface RealtimeHub {
  /** Of `userIds`, those with at least one socket on this instance. */
  present(userIds: Iterable<number>): number[];
  /** Sends one event (as JSON) to every socket of the user on this instance; returns how many sockets got it. */
  send(userId: number, event: unknown): number;
  /** Open sockets on this instance. */
  size(): number;
}
