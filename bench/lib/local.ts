/** Every request the bench sends goes to this machine's loopback address, nowhere else. */
export function assertLocal(url: string): void {
  const { hostname, protocol } = new URL(url);
  if (hostname !== '127.0.0.1' || protocol !== 'http:') {
    throw new Error(`The bench only sends requests to http://127.0.0.1, not ${url}`);
  }
}
