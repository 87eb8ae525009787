/**
 * Lighthouse for `npm run bench`: Debian's Chromium, headless, a fresh browser for every run,
 * mobile (Lighthouse's default: a mid-range phone on a throttled network, simulated) or desktop.
 */
import {median} from './search';

export type FormFactor = 'mobile' | 'desktop';
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseFigures {
  /** Scores 0–100 as Lighthouse gives them. */
  scores: Record<Category, number>;
  /**
   * On the not-found page only: the scores with the audits that object to nothing but its 404
   * status counted as passed (see `notFoundByDesign`). Equal to `scores` elsewhere.
   */
  judged: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Main-thread time spent compiling and running JavaScript during the load (Lighthouse's
   * `mainthread-work-breakdown`, groups scriptParseCompile and scriptEvaluation; on mobile scaled by
   * its simulated 4× CPU slowdown). Hydrating a page that tokenized its code in the browser would
   * show here.
   */
  scriptingMs: number;
  /**
   * Lighthouse's measure of the host's CPU speed (higher is faster), taken before each run. Timings
   * and the performance score follow it, so it says how far two runs on different hosts compare.
   */
  benchmarkIndex: number;
  /** Audits below a full score in the four categories, for reading the JSON. */
  failing: string[];
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Lighthouse and chrome-launcher are ES modules: loaded once, on first use. */
let loaded:
  | Promise<{
      lighthouse: typeof import('lighthouse').default;
      launch: typeof import('chrome-launcher').launch;
      desktopConfig: typeof import('lighthouse/core/config/desktop-config.js').default;
    }>
  | undefined;
function loadLighthouse() {
  loaded ??= Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('lighthouse/core/config/desktop-config.js'),
  ]).then(([lighthouse, chromeLauncher, desktop]) => ({
    lighthouse: lighthouse.default,
    launch: chromeLauncher.launch,
    desktopConfig: desktop.default,
  }));
  return loaded;
}

type Result = NonNullable<Awaited<ReturnType<typeof import('lighthouse').default>>>['lhr'];

interface ConsoleItem {
  description?: string;
  sourceLocation?: {url?: string};
}

/**
 * What Lighthouse holds against a page for answering 404, which the not-found page does on purpose:
 * the status audit, and a console error that is nothing but the document's own 404.
 */
function notFoundByDesign(lhr: Result): Set<string> {
  const passed = new Set(['http-status-code']);
  const items = (lhr.audits['errors-in-console']?.details as {items?: ConsoleItem[]} | undefined)?.items ?? [];
  const ownStatus = (item: ConsoleItem) =>
    item.sourceLocation?.url === lhr.finalDisplayedUrl && /status of 404/.test(item.description ?? '');
  if (items.length > 0 && items.every(ownStatus)) passed.add('errors-in-console');
  return passed;
}

/** A category's score (0–100), counting the audits in `passed` as passed. */
function scoreWith(lhr: Result, id: Category, passed: ReadonlySet<string>): number {
  const category = lhr.categories[id];
  if (!category) return 0;
  let total = 0;
  let weights = 0;
  for (const ref of category.auditRefs) {
    const score = lhr.audits[ref.id]?.score;
    if (ref.weight === 0 || score === null || score === undefined) continue;
    total += ref.weight * (passed.has(ref.id) ? 1 : score);
    weights += ref.weight;
  }
  return weights ? Math.round((total / weights) * 100) : 0;
}

interface WorkItem {
  group?: string;
  duration?: number;
}

const SCRIPT_GROUPS = new Set(['scriptParseCompile', 'scriptEvaluation']);

/** Script compile and evaluation time on the main thread, from `mainthread-work-breakdown`. */
function scriptingTime(lhr: Result): number {
  const items = (lhr.audits['mainthread-work-breakdown']?.details as {items?: WorkItem[]} | undefined)?.items;
  if (!items) return Number.NaN;
  return items
    .filter((item) => SCRIPT_GROUPS.has(item.group ?? ''))
    .reduce((sum, item) => sum + (item.duration ?? 0), 0);
}

/** One Lighthouse run in a Chromium of its own. A 404 is accepted only where `status` says so. */
export async function lighthouseRun(url: string, form: FormFactor, status: number): Promise<LighthouseFigures> {
  const {lighthouse, launch, desktopConfig} = await loadLighthouse();
  const chrome = await launch({chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent'});
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        disableFullPageScreenshot: true,
        ignoreStatusCode: status !== 200,
      },
      form === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? 'Lighthouse returned no result');
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const scores = {} as Record<Category, number>;
    const judged = {} as Record<Category, number>;
    const byDesign = status === 404 ? notFoundByDesign(lhr) : new Set<string>();
    for (const category of CATEGORIES) {
      scores[category] = Math.round((lhr.categories[category]?.score ?? 0) * 100);
      judged[category] = byDesign.size > 0 ? scoreWith(lhr, category, byDesign) : scores[category];
    }
    const failing = CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .filter((ref) => {
          const score = lhr.audits[ref.id]?.score;
          return score !== null && score !== undefined && score < 1;
        })
        .map((ref) => `${category}/${ref.id}`),
    );
    return {
      scores,
      judged,
      scriptingMs: scriptingTime(lhr),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** `runs` good runs, each tried up to three times (a run now and then loses its trace). */
export async function lighthouseRuns(
  url: string,
  form: FormFactor,
  status: number,
  runs: number,
): Promise<LighthouseFigures[]> {
  const results: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i += 1) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        results.push(await lighthouseRun(url, form, status));
        break;
      } catch (error) {
        const message = `Lighthouse ${form} ${new URL(url).pathname}: ${(error as Error).message}`;
        if (attempt === 3) throw new Error(message);
        console.log(`   ${message} (trying again)`);
      }
    }
  }
  return results;
}

/** The median of each score and metric over the runs. */
export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  const scores = {} as Record<Category, number>;
  const judged = {} as Record<Category, number>;
  for (const category of CATEGORIES) {
    scores[category] = median(runs.map((r) => r.scores[category]));
    judged[category] = median(runs.map((r) => r.judged[category]));
  }
  return {
    scores,
    judged,
    scriptingMs: median(runs.map((r) => r.scriptingMs)),
    lcpMs: median(runs.map((r) => r.lcpMs)),
    tbtMs: median(runs.map((r) => r.tbtMs)),
    cls: median(runs.map((r) => r.cls)),
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
    failing: [...new Set(runs.flatMap((r) => r.failing))].sort(),
  };
}

/** This site's figure ÷ stock's, for times where lower is better. Both zero: 0 (as good as stock, and nothing to gain). */
export function timeRatio(site: number, stock: number): number {
  if (site === 0 && stock === 0) return 0;
  return stock === 0 ? Number.POSITIVE_INFINITY : site / stock;
}

export interface PerformanceTarget {
  /** The absolute score to reach. */
  score: number;
  /** The most this site's TBT may be, as a share of stock's in the same run (Infinity: no limit). */
  tbtRatio: number;
  /** Where the host misses the score: the most this site's TBT may be, as a share of stock's. */
  fallbackTbtRatio: number;
}

export interface PerformanceVerdict {
  met: boolean;
  /** Which rule gave the verdict: the absolute score, or (where the host misses it) the comparison with stock. */
  by: 'score' | 'ratio';
  tbtRatio: number | null;
}

type Judged = Pick<LighthouseFigures, 'tbtMs'> & {performance: number};

/**
 * The performance target of one page type in one form factor. Where the score is reached, TBT must
 * also be within `tbtRatio` of stock's. A host too slow for the absolute score can still meet the
 * target by the comparison with stock from the same run: a score at least stock's, and TBT at most
 * `fallbackTbtRatio` of stock's. Without a stock figure (a page stock does not have), only the
 * score counts.
 */
export function judgePerformance(site: Judged, stock: Judged | null, target: PerformanceTarget): PerformanceVerdict {
  if (!stock) return {met: site.performance >= target.score, by: 'score', tbtRatio: null};
  const tbtRatio = timeRatio(site.tbtMs, stock.tbtMs);
  if (site.performance >= target.score) return {met: tbtRatio <= target.tbtRatio, by: 'score', tbtRatio};
  return {
    met: tbtRatio <= target.fallbackTbtRatio && site.performance >= stock.performance,
    by: 'ratio',
    tbtRatio,
  };
}
