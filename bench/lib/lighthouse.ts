import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { assertLocal } from './local.ts';
import type { Measurement } from './types.ts';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = 3;
/** Failed runs (no score) tolerated before the measurement fails. */
const maxFailures = 2;

/** Where the full Lighthouse report of a page goes: bench/results/lighthouse-<path>[-warm].json. */
function reportPath(url: string, warm: boolean): string {
  const name = new URL(url).pathname.replace(/^\/|\/$/g, '').replace(/[^a-z0-9]+/gi, '-') || 'root';
  return path.resolve(import.meta.dirname, '..', 'results', `lighthouse-${name}${warm ? '-warm' : ''}.json`);
}

/** A signed-in browser as the web app knows it: the HttpOnly session cookie and the local "session exists" marker. */
export interface BrowserSession {
  token: string;
}

/**
 * Prepares a run: the HTTP cache emptied, and for a signed-in page the session cookie and local marker set (through a
 * same-origin address that loads none of the app, so nothing of it is cached beforehand). Cold, the service worker and
 * its caches are emptied too (a real first visit has none); warm, the page is visited once before, so that the worker
 * holds the app, as on a student's later visits.
 */
async function prepare(page: Page, url: string, session: BrowserSession | undefined, warm: boolean) {
  const origin = new URL(url).origin;
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  if (!warm) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.detach();
  if (session) {
    await page.goto(`${origin}/healthz`);
    await page.setCookie({ name: 'token', value: session.token, url: origin, httpOnly: true, sameSite: 'Lax' });
    await page.evaluate("localStorage.setItem('token', 'lighthouse')");
  }
  if (!warm) return;
  await page.goto(url);
  await page.evaluate(
    'navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller || new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve)))',
  );
  await page.goto('about:blank');
}

/**
 * Lighthouse's performance score of one page with its default (mobile) settings: simulated slow 4G and a 4× slower
 * CPU, in Debian's Chromium, from a cold cache. The median of three runs, as the score moves a little between runs.
 * `warm`: a later visit, the service worker holding the app; the slow network and CPU are then applied in the browser
 * (Lighthouse's devtools throttling), where what the worker answers skips the network, as on a phone.
 */
export async function lighthouseScore(
  url: string,
  session?: BrowserSession,
  { warm = false }: { warm?: boolean } = {},
): Promise<Measurement> {
  assertLocal(url);
  if (!existsSync(path.resolve('apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build -w apps/web` first.');
  }
  const chrome = await chromeLauncher.launch({
    chromePath: chromium,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    const scores: number[] = [];
    const reports: { score: number; json: string }[] = [];
    const metrics: Record<string, number[]> = { fcpMs: [], lcpMs: [], tbtMs: [] };
    let failures = 0;
    while (scores.length < runs) {
      await prepare(page, url, session, warm);
      const result = await lighthouse(
        url,
        {
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
          disableStorageReset: true,
          ...(warm ? { throttlingMethod: 'devtools' as const } : {}),
        },
        undefined,
        page,
      );
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        // Chromium sometimes loses the trace of a load (NO_NAVSTART): Lighthouse asks to run again.
        if (++failures <= maxFailures) continue;
        throw new Error(`Lighthouse failed on ${url}: ${lhr?.runtimeError?.message}`);
      }
      scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
      reports.push({ score: scores[scores.length - 1] as number, json: JSON.stringify(lhr) });
      metrics.fcpMs?.push(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN);
      metrics.lcpMs?.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
      metrics.tbtMs?.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;
    // The run with the median score, whole, for whoever wants to see why (LCP element, long tasks, requests…).
    const report = reportPath(url, warm);
    writeFileSync(report, reports.find((r) => r.score === median(scores))?.json ?? '{}');
    return {
      requestsPerSec: null,
      p50Ms: null,
      p99Ms: null,
      errors: 0,
      metrics: {
        score: median(scores),
        fcpMs: Math.round(median(metrics.fcpMs ?? [])),
        lcpMs: Math.round(median(metrics.lcpMs ?? [])),
        tbtMs: Math.round(median(metrics.tbtMs ?? [])),
      },
      details: { scores, report: path.relative(process.cwd(), report) },
    };
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}
