// Shared by the shell specs (responsive, dark mode, messages): axe on the shell, the
// overflow check, screenshots attached to the report, and the console's own message texts.
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** The WCAG 2.2 AA tags plus best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** axe on the shell only (the legacy UI in the frame is checked by its own specs). */
export async function expectNoShellAxeViolations(page: Page, label = ''): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude('iframe').analyze();
  const found = results.violations.map(
    (v) => `${label}${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found).toEqual([]);
}

/** axe on the whole page, the frame included, for WCAG 2.2 AA only (no best practices). */
export async function expectNoPageAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * axe on the legacy UI in the frame only (what the frame shows follows the shell's scheme). The
 * frame's title is translated: in another language, pass `main iframe`.
 */
export async function expectNoFrameAxeViolations(
  page: Page,
  label = '',
  frame = 'iframe[title="Legacy interface"]',
): Promise<void> {
  const results = await new AxeBuilder({ page }).include(frame).withTags(AXE_TAGS).analyze();
  const found = results.violations
    .map((v) => ({
      id: v.id,
      nodes: v.nodes.filter((n) => n.target.length > 1).map((n) => n.target.join(' ')),
    }))
    .filter((v) => v.nodes.length > 0)
    .map((v) => `${label}${v.id}: ${v.nodes.join(', ')}`);
  expect(found).toEqual([]);
}

/** Nothing wider than the window (the page never scrolls sideways). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(
    sizes.scroll,
    `scrollWidth ${sizes.scroll} > innerWidth ${sizes.inner}`,
  ).toBeLessThanOrEqual(sizes.inner);
}

/**
 * "At 1024 px nothing overflows": no element inside `root` is wider than its box
 * (content cut off, or scrolled sideways inside it — a top bar whose tabs scroll overflows too),
 * and none reaches past the window's edges. Text shortened with an ellipsis counts as cut off.
 */
export async function expectNothingOverflows(root: Locator, where = ''): Promise<void> {
  const found = await root.evaluate((top) => {
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        element.className && typeof element.className === 'string'
          ? `.${element.className.split(' ')[0]}`
          : ''
      } "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    const out: string[] = [];
    for (const element of [top, ...top.querySelectorAll('*')]) {
      if (!(element instanceof HTMLElement) || element.getClientRects().length === 0) continue;
      const box = element.getBoundingClientRect();
      // visually hidden text for screen readers (one pixel, clipped) is not shown
      if (box.width <= 1 && box.height <= 1) continue;
      if (element.scrollWidth > element.clientWidth + 1)
        out.push(`${name(element)}: scrollWidth ${element.scrollWidth} > ${element.clientWidth}`);
      if (box.right > window.innerWidth + 0.5 || box.left < -0.5)
        out.push(`${name(element)}: ${box.left}..${box.right} outside 0..${window.innerWidth}`);
    }
    return out;
  });
  expect(found, `overflow in ${where}`).toEqual([]);
}

/** A box fully inside the viewport (menus, dialogs, toasts "open on-screen"). */
export async function expectInViewport(
  page: Page,
  selector: ReturnType<Page['locator']>,
): Promise<void> {
  const box = await selector.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height + 0.5);
}

/** Attaches a screenshot of the page to the test report. */
export async function attachScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
): Promise<void> {
  const body = await page.screenshot({ animations: 'disabled' });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

function leaves(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object')
    for (const value of Object.values(node)) leaves(value, out);
  return out;
}

/** Every message of a console locale file (apps/console/src/i18n/locales/<language>.json). */
export function consoleMessages(language = 'en'): string[] {
  const file = fileURLToPath(
    new URL(`../../apps/console/src/i18n/locales/${language}.json`, import.meta.url),
  );
  return leaves(JSON.parse(readFileSync(file, 'utf8')));
}
