/** Reads QR codes from a video: the browser's own BarcodeDetector where it has one, else zxing's (WebAssembly). */
export interface QrReader {
  read(video: HTMLVideoElement): Promise<string | null>;
}

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats?(): Promise<string[]> };

export async function createQrReader(): Promise<QrReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const formats: string[] = (await native?.getSupportedFormats?.().catch(() => [])) ?? [];
  let Detector: DetectorClass | null = native && formats.includes('qr_code') ? native : null;
  if (!Detector) {
    // The WebAssembly file is served by the portal itself (the library would fetch it from a CDN).
    const [ponyfill, wasm] = await Promise.all([
      import('barcode-detector/ponyfill'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ]);
    ponyfill.prepareZXingModule({
      overrides: {
        locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasm.default : prefix + file),
      },
    });
    Detector = ponyfill.BarcodeDetector as unknown as DetectorClass;
  }
  const detector = new Detector({ formats: ['qr_code'] });
  return {
    async read(video) {
      if (video.readyState < 2) return null;
      const found = await detector.detect(video);
      return found[0]?.rawValue ?? null;
    },
  };
}

/** The check-in token of a scanned text: a link to the portal's check-in page (`?t=`), or null for anything else. */
export function tokenOfScan(text: string, origin = window.location.origin): string | null {
  try {
    const url = new URL(text, origin);
    if (url.origin !== origin || !url.pathname.endsWith('/checkin')) return null;
    return url.searchParams.get('t');
  } catch {
    return null;
  }
}
