import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTrajectory, type TrajectoryRead } from "../../../harness/trajectory/reader.ts";
import { startViewerServer, type ViewerServer } from "../../../harness/viewer/server/viewer-server.ts";
import { BLUNDER_AGENT, runSmoke, type RunFixture } from "./run-fixture.ts";

/**
 * The viewer in a real headless Chromium (Debian's `chromium` package; CI installs it). WebGL
 * runs on SwiftShader, Chromium's software renderer, so no GPU is needed.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);

/** Screenshots land here so a person (or a CI artefact upload) can look at them. */
const SCREENSHOT_DIR = process.env.REARRANGE_SCREENSHOT_DIR ?? path.join(tmpdir(), "rearrange-viewer-screenshots");

let run: RunFixture;
let trajectories: TrajectoryRead[];
let server: ViewerServer;
/** A run of the scripted agent that fails actions on purpose. */
let blunders: { trajectory: TrajectoryRead; server: ViewerServer };
let context: BrowserContext;
let profile: string;

beforeAll(async () => {
  if (!hasChromium) return;
  run = await runSmoke();
  trajectories = run.trajectories.map((f) => readTrajectory(f));
  server = await startViewerServer(run.dir);
  const blunderRun = await runSmoke("flat-milk-fridge", BLUNDER_AGENT);
  blunders = { trajectory: readTrajectory(blunderRun.trajectories[0]!), server: await startViewerServer(blunderRun.trajectories[0]!) };
  profile = mkdtempSync(path.join(tmpdir(), "rearrange-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    viewport: { width: 1400, height: 860 },
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--use-gl=swiftshader",
      "--enable-unsafe-swiftshader",
    ],
  });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
}, 240_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  await blunders?.server.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** A page that records script errors and failed or refused requests. */
async function open(url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  page.on("response", (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  await page.goto(url);
  await page.waitForSelector("body[data-ready='1']", { timeout: 90_000 });
  return { page, problems };
}

/**
 * Samples the WebGL canvas on a grid: how many distinct colours it shows, the share of pixels
 * that differ from the background, and how many are close to the agent's red (body and path).
 */
function sampleCanvas(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector("canvas") as HTMLCanvasElement;
    const copy = document.createElement("canvas");
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext("2d")!;
    ctx.drawImage(canvas, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, copy.width, copy.height);
    const bg = [data[0], data[1], data[2]];
    const colours = new Set<string>();
    let total = 0;
    let foreground = 0;
    let red = 0;
    for (let y = 0; y < height; y += 4) {
      for (let x = 0; x < width; x += 4) {
        const i = (y * width + x) * 4;
        const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
        colours.add(`${r >> 3},${g >> 3},${b >> 3}`);
        total++;
        if (Math.abs(r - bg[0]!) + Math.abs(g - bg[1]!) + Math.abs(b - bg[2]!) > 24) foreground++;
        if (r > 150 && g < 90 && b < 90) red++;
      }
    }
    return { width, height, colours: colours.size, foreground: foreground / total, red };
  });
}

describe.skipIf(!hasChromium)("viewer in headless Chromium", () => {
  it("plays an episode to its end: goal panel shows the final count, the canvas shows the house, the agent and its path", async () => {
    // the episode in which the oracle walked furthest: the most to see
    const walked = (t: TrajectoryRead) => t.steps.reduce((s, x) => s + x.distance, 0);
    const index = trajectories.reduce((best, t, i) => (walked(t) > walked(trajectories[best]!) ? i : best), 0);
    const t = trajectories[index]!;
    const last = t.steps.length;
    const { page, problems } = await open(`${server.url}#/episode/${index}`);

    await expect.poll(() => page.textContent("[data-testid=step-label]")).toBe(`step 0 / ${last}`);
    const initial = t.header.initiallySatisfied.length;
    expect(await page.textContent("[data-testid=goal-count]")).toBe(`${initial} / ${t.header.conditions.length}`);

    await page.click("[data-testid=forward]");
    expect(await page.textContent("[data-testid=step-label]")).toBe(`step 1 / ${last}`);
    expect(await page.textContent("[data-testid=action]")).toBe(formatLogged(t, 0));

    await page.click("[data-testid=last]");
    expect(await page.textContent("[data-testid=step-label]")).toBe(`step ${last} / ${last}`);
    const finalSatisfied = t.steps.at(-1)!.satisfied.length;
    expect(await page.textContent("[data-testid=goal-count]")).toBe(`${finalSatisfied} / ${t.header.conditions.length}`);
    expect(await page.locator("[data-testid=condition]").count()).toBe(t.header.conditions.length);
    expect(await page.locator("[data-testid=condition].holds").count()).toBe(finalSatisfied);
    expect(await page.textContent("[data-testid=action]")).toBe(formatLogged(t, last - 1));

    const pixels = await sampleCanvas(page);
    expect(pixels.width).toBeGreaterThan(400);
    expect(pixels.colours).toBeGreaterThan(20);
    expect(pixels.foreground).toBeGreaterThan(0.2);
    expect(pixels.red).toBeGreaterThan(20);

    const shot = path.join(SCREENSHOT_DIR, `episode-${t.header.episodeId}.png`);
    await page.screenshot({ path: shot });
    expect(readFileSync(shot).subarray(1, 4).toString()).toBe("PNG");
    console.info(`viewer screenshot: ${shot}`);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it("jumps to the first failed action, plays, and greys what the agent has not seen", async () => {
    const t = blunders.trajectory;
    const failed = t.steps.find((s) => !s.feedback.ok);
    expect(failed, "the scripted agent asks for an object that does not exist").toBeDefined();
    const { page, problems } = await open(blunders.server.url);
    const observedAtStart = await page.textContent("[data-testid=observed-count]");
    expect(observedAtStart).toMatch(new RegExp(`^${t.header.initiallyObserved.filter((id) => !id.startsWith("floor_")).length} of `));
    expect(await page.locator(".label.unobserved").count()).toBeGreaterThan(0);

    await page.click("[data-testid=first-failure]");
    expect(await page.textContent("[data-testid=step-label]")).toBe(`step ${failed!.t} / ${t.steps.length}`);
    expect(await page.getAttribute("[data-testid=feedback]", "class")).toContain("failed");
    expect(await page.textContent("[data-testid=feedback]")).toContain(failed!.feedback.message);

    await page.click("[data-testid=play]");
    await page.waitForFunction((n) => document.body.dataset.step === String(n), t.steps.length, { timeout: 60_000 });
    expect(await page.textContent("[data-testid=play]")).toBe("play");
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `episode-blunder-${t.header.episodeId}.png`) });
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it("lists the run's episodes in a sortable table whose rows open their episode", async () => {
    const { page, problems } = await open(server.url);
    const rows = page.locator("[data-testid=episode-table] tbody tr");
    expect(await rows.count()).toBe(trajectories.length);
    const ids = () => rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector("td")!.textContent));
    const sortedIds = trajectories.map((t) => t.header.episodeId).sort();
    expect(await ids()).toEqual(sortedIds);
    await page.click("th[data-key=id]");
    expect(await ids()).toEqual([...sortedIds].reverse());
    await page.click("th[data-key=steps]");
    const steps = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.children[5]!.textContent!.split(" ")[0])));
    expect(steps).toEqual([...steps].sort((a, b) => a - b));

    const target = trajectories[0]!.header.episodeId;
    await page.evaluate(() => delete document.body.dataset.ready);
    await page.click(`text=${target}`);
    await page.waitForSelector("body[data-ready='1']", { timeout: 90_000 });
    expect(await page.textContent("h1")).toContain(target);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it("shows a scene file's house", async () => {
    const scene = await startViewerServer(path.resolve("scenes/houses/cottage.scene.json"));
    try {
      const { page, problems } = await open(scene.url);
      const pixels = await sampleCanvas(page);
      expect(pixels.colours).toBeGreaterThan(20);
      expect(pixels.foreground).toBeGreaterThan(0.2);
      expect(await page.locator(".label").count()).toBeGreaterThan(10);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, "scene-cottage.png") });
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await scene.close();
    }
  }, 180_000);
});

/** The action text the viewer shows for the logged step at `i`. */
function formatLogged(t: TrajectoryRead, i: number): string {
  const a = t.steps[i]!.action;
  if (a.type === "invalid") return `invalid: ${JSON.stringify(a.raw)}`;
  const { type, ...rest } = a as Record<string, unknown>;
  if (type === "place") return `place(${rest.object}, ${rest.relation}, ${rest.target})`;
  return `${type}(${Object.values(rest).join(", ")})`;
}
