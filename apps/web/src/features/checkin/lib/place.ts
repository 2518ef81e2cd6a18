/** The phone's location, or why there is none. */
export type Fix = { latitude: number; longitude: number; accuracy: number };
export type FixFailure = 'denied' | 'failed';

/** One fresh, precise reading of the device's location (the browser asks the person the first time). */
export function currentPlace(timeoutMs = 20_000): Promise<Fix> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject('failed' satisfies FixFailure);
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy }),
      (err) => reject((err.code === err.PERMISSION_DENIED ? 'denied' : 'failed') satisfies FixFailure),
      { enableHighAccuracy: true, maximumAge: 0, timeout: timeoutMs },
    );
  });
}
