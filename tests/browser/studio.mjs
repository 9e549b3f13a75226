// Drives a2a-card studio in headless Chromium (see browserToLaunch), as a person would: paste a broken
// card and follow its diagnostics, migrate a v0.3 card, fill the generator and check its
// download with the real CLI, fetch a served card, fetch a host's AI Catalog and its cards. A
// screenshot of every state goes to SCREENSHOT_DIR for a person to look at.
//
// Usage: node studio.mjs STUDIO_URL CARD_SERVER_URL CATALOG_HOST_URL
// Environment: A2A_CARD_BIN (the a2a-card binary), SCREENSHOT_DIR, A2A_CHROMIUM (optional).
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';

const [studioUrl, cardServerUrl, catalogHostUrl] = process.argv.slice(2);
const binary = process.env.A2A_CARD_BIN;
const shots = process.env.SCREENSHOT_DIR || 'target/studio-screenshots';
if (!studioUrl || !cardServerUrl || !catalogHostUrl || !binary) {
  console.error('usage: A2A_CARD_BIN=... node studio.mjs STUDIO_URL CARD_SERVER_URL CATALOG_HOST_URL');
  process.exit(64);
}
mkdirSync(shots, { recursive: true });

const BROKEN_CARD = `{
  "name": "AI Assistant",
  "description": "Helps.",
  "supportedInterfaces": [
    {"url": "https://agent.example.com/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}
  ],
  "version": "1.0.0",
  "capabilities": {},
  "securitySchemes": {"apiKey": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}}},
  "securityRequirements": [{"schemes": {"oauth": {"list": ["read"]}}}],
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["text"],
  "skills": [
    {"id": "plan", "name": "Plan", "description": "Plans a route between places.", "examples": ["Lyon to Turin"]}
  ]
}`;

const V03_CARD = `{
  "protocolVersion": "0.3.0",
  "name": "Route Planner",
  "description": "Plans driving routes with live traffic and road closures.",
  "url": "https://routes.example.com/a2a",
  "preferredTransport": "JSONRPC",
  "provider": {"organization": "Example Maps", "url": "https://maps.example.com"},
  "version": "2.1.0",
  "capabilities": {"streaming": true, "stateTransitionHistory": true},
  "securitySchemes": {"key": {"type": "apiKey", "in": "header", "name": "X-API-Key"}},
  "security": [{"key": []}],
  "defaultInputModes": ["text/plain"],
  "defaultOutputModes": ["application/json"],
  "skills": [{"id": "route", "name": "Route", "description": "Plans a route from A to B.",
              "tags": ["maps"], "examples": ["Lyon to Turin"]}]
}`;

const results = [];
async function scenario(name, body) {
  try {
    await body();
    results.push([name, null]);
    console.log('ok - ' + name);
  } catch (error) {
    results.push([name, error]);
    console.log('not ok - ' + name + '\n' + (error.stack || error));
  }
}

// Flags for a closed network: no background fetches, no first-run work.
const quiet = ['--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run'];

/** The browser to drive: the one A2A_CHROMIUM names, else the system's Chromium, else the
 * headless Chromium that npm's @sparticuz/chromium carries in its package (unpacked under
 * the system's temporary directory on first use), so a fresh machine needs no browser
 * installed by hand. */
async function browserToLaunch() {
  const system = process.env.A2A_CHROMIUM || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null);
  if (system) {
    return { executablePath: system, args: ['--no-sandbox', '--headless', '--disable-gpu', ...quiet] };
  }
  const packaged = (await import('@sparticuz/chromium')).default;
  return { executablePath: await packaged.executablePath(), args: [...packaged.args, ...quiet] };
}

const launch = await browserToLaunch();
console.log('# browser: ' + launch.executablePath);
const browser = await chromium.launch(launch);
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
const page = await context.newPage();
const problems = [];
page.on('pageerror', (error) => problems.push('page error: ' + error.message));
page.on('console', (message) => { if (message.type() === 'error') problems.push('console: ' + message.text()); });
page.on('requestfailed', (request) => problems.push('request failed: ' + request.url()));
await page.goto(studioUrl);

const shot = (name) => page.screenshot({ path: join(shots, name), fullPage: true });
// What the person sees right now (no full-page stitching, which moves sticky elements).
const viewShot = (name) => page.screenshot({ path: join(shots, name) });

/** Fails unless the whole of `selector` lies inside the viewport at the current scroll. */
async function assertInView(selector, when) {
  const box = await page.locator(selector).boundingBox();
  const view = page.viewportSize();
  assert.ok(box, `${selector} is not rendered ${when}`);
  assert.ok(box.y >= 0 && box.y + box.height <= view.height,
    `${selector} is out of view ${when}: top ${Math.round(box.y)}, bottom ${Math.round(box.y + box.height)}, viewport ${view.height}`);
}
const diagnostics = async (panel) => page.$$eval('#' + panel + ' ul.diagnostics li', (items) => items.map((li) => ({
  severity: li.className,
  code: li.querySelector('.code').textContent,
  pointer: li.querySelector('.pointer').textContent,
})));

await scenario('the page loads with every tool and nothing from the network', async () => {
  assert.equal(await page.title(), 'a2a-card studio');
  for (const tab of ['Validate', 'Migrate', 'Generate', 'Fetch']) {
    assert.ok(await page.getByRole('tab', { name: tab }).isVisible(), tab);
  }
  await shot('01-start.png');
});

await scenario('a broken card shows its diagnostics, and a pointer highlights its place', async () => {
  await page.locator('#validate-input').fill(BROKEN_CARD);
  await page.getByRole('button', { name: 'Validate', exact: true }).click();
  await page.waitForSelector('#validate-result ul.diagnostics li');
  const found = await diagnostics('validate-result');
  const has = (code, pointer) => found.some((d) => d.code === code && d.pointer === pointer);
  assert.ok(has('A2A-E010', '/skills/0/tags'), JSON.stringify(found));
  assert.ok(has('A2A-E031', '/securityRequirements/0/schemes/oauth'), JSON.stringify(found));
  // "text" is not a media type: a warning in the spec profile (the spec states no MUST),
  // naming text/plain; the registry profile makes it an error (A2A-E034), below.
  assert.ok(has('A2A-W019', '/defaultOutputModes/0'), JSON.stringify(found));
  assert.ok(has('A2A-W010', '/name'), JSON.stringify(found));
  assert.ok(has('A2A-W011', '/description'), JSON.stringify(found));
  const summary = await page.textContent('#validate-result .summary');
  assert.match(summary, /^Invalid v1\.0 card: 2 errors, \d+ warnings$/);
  assert.match(await page.textContent('#validate-result .size'), /of 10,000 bytes/);
  // Clicking a pointer selects exactly its value in the pasted text.
  await page.click('#validate-result button.pointer[data-pointer="/defaultOutputModes/0"]');
  const selected = await page.$eval('#validate-input', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
  assert.equal(selected, '"text"');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'validate-input');
  await shot('02-validate-diagnostics.png');
  await page.click('#validate-result button.pointer[data-pointer="/securityRequirements/0/schemes/oauth"]');
  const scheme = await page.$eval('#validate-input', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
  assert.equal(scheme, '{"list": ["read"]}');
  assert.ok(await page.locator('#validate-convert').isHidden(), 'a v1.0 card has nothing to convert');
});

await scenario('the registry profile adds its limits; keyboard reaches the pointers', async () => {
  await page.getByLabel('Registry (10 KB)').check();
  await page.waitForFunction(() => document.querySelector('#validate-result .summary'));
  await page.waitForFunction(() => [...document.querySelectorAll('#validate-result .code')]
    .some((code) => code.textContent === 'A2A-E034'));
  await page.focus('#validate-run');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => document.activeElement.className);
  assert.match(focused, /pointer|primary/);
  await page.getByLabel('Spec', { exact: true }).first().check();
});

await scenario('a v0.3 card converts to v1.0 side by side, with what was lost', async () => {
  await page.locator('#validate-input').fill(V03_CARD);
  await page.getByRole('button', { name: 'Validate', exact: true }).click();
  await page.getByRole('button', { name: 'Convert to v1.0' }).first().click();
  await page.waitForFunction(() => document.getElementById('migrate-output').value.includes('supportedInterfaces'));
  const converted = JSON.parse(await page.inputValue('#migrate-output'));
  assert.equal(converted.supportedInterfaces[0].protocolVersion, '0.3');
  assert.equal(converted.securitySchemes.key.apiKeySecurityScheme.location, 'header');
  const found = await diagnostics('migrate-result');
  assert.ok(found.some((d) => d.code === 'A2A-W021' && d.pointer === '/capabilities/stateTransitionHistory'),
    JSON.stringify(found));
  assert.match(await page.textContent('#migrate-result .summary'), /^Converted v0\.3 to v1\.0: 0 errors/);
  await page.click('#migrate-result button.pointer[data-pointer="/capabilities/stateTransitionHistory"]');
  const selected = await page.$eval('#migrate-input', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
  assert.equal(selected, 'true');
  await shot('03-migrate.png');
});

await scenario('the generator builds a card that `a2a-card validate` accepts', async () => {
  await page.getByRole('tab', { name: 'Generate' }).click();
  const form = page.locator('#generate-form');
  await form.getByLabel('Name', { exact: true }).first().fill('Route Planner');
  await form.getByLabel('Description', { exact: true }).first().fill('Plans driving routes with live traffic and road closures.');
  await form.getByLabel('Version', { exact: true }).fill('1.0.0');
  // Filling the top of the form, the card and its report sit beside it.
  await page.waitForFunction(() => document.getElementById('generate-output').value.includes('Route Planner'),
    null, { timeout: 10000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await assertInView('#generate-output', 'while the top of the form is filled in');
  await assertInView('#generate-result', 'while the top of the form is filled in');
  await viewShot('04a-generate-top.png');
  await form.getByLabel('Organization').fill('Example Maps Inc.');
  await form.locator('input[name="provider.url"]').fill('https://maps.example.com');
  await form.locator('#interfaces [data-field="url"]').fill('https://routes.example.com/a2a/v1');
  await form.getByRole('button', { name: 'Add an interface' }).click();
  await form.locator('#interfaces .item').nth(1).locator('[data-field="url"]').fill('https://routes.example.com/a2a/rest');
  await form.locator('#interfaces .item').nth(1).locator('[data-field="protocolBinding"]').selectOption('HTTP+JSON');
  await form.getByLabel('Streaming').check();
  await form.locator('input[name="defaultOutputModes"]').fill('application/json, text/plain');
  const skill = form.locator('#skills .item').first();
  await skill.locator('[data-field="id"]').fill('plan-route');
  await skill.locator('[data-field="name"]').fill('Plan a route');
  await skill.locator('[data-field="description"]').fill('Computes the fastest route between places.');
  await skill.locator('[data-field="tags"]').fill('maps, routing');
  await skill.locator('[data-field="examples"]').fill('Drive from Lyon to Turin avoiding tolls');
  await form.getByRole('button', { name: 'Add a security scheme' }).click();
  const scheme = form.locator('#schemes .item').first();
  await scheme.locator('[data-field="name"]').fill('apiKey');
  await scheme.locator('[data-field="keyName"]').fill('X-API-Key');
  await page.waitForFunction(() => {
    const s = document.querySelector('#generate-result .summary');
    return s && s.textContent.startsWith('Valid v1.0 card: 0 errors, 0 warnings')
      && document.getElementById('generate-output').value.includes('X-API-Key');
  }, null, { timeout: 10000 });
  // At the bottom of the form the card and its report have followed the scroll.
  assert.ok(await page.evaluate(() => window.scrollY) > 0, 'the form is longer than the viewport');
  await assertInView('#generate-output', 'at the bottom of the form');
  await assertInView('#generate-result', 'at the bottom of the form');
  await viewShot('04b-generate-bottom.png');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download agent-card.json' }).click(),
  ]);
  // Beside the screenshots (cargo's target directory), not in the system's temporary one:
  // nothing of the test is left outside target/.
  const downloads = join(shots, 'downloads');
  mkdirSync(downloads, { recursive: true });
  const file = join(downloads, download.suggestedFilename());
  await download.saveAs(file);
  const card = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(card.supportedInterfaces[1].protocolBinding, 'HTTP+JSON');
  assert.deepEqual(card.securityRequirements, [{ schemes: { apiKey: {} } }]);
  // The CLI exits 0 only when the card has no errors; execFileSync throws otherwise.
  const verdict = execFileSync(binary, ['validate', file], { encoding: 'utf8' });
  assert.match(verdict, /valid v1\.0 card: 0 errors, 0 warnings/);
  // The full-page picture from the top, so the card shows beside the top of the form.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot('04-generate.png');
});

await scenario('fetch reports both well-known paths and validates the card', async () => {
  await page.getByRole('tab', { name: 'Fetch' }).click();
  await page.getByLabel(/^Agent base URL/).fill(cardServerUrl);
  await page.getByRole('button', { name: 'Fetch and validate' }).click();
  await page.waitForSelector('#fetch-attempts table');
  const rows = await page.$$eval('#fetch-attempts tbody tr', (trs) => trs.map((tr) => Array.from(tr.cells, (c) => c.textContent)));
  assert.equal(rows.length, 3);
  assert.ok(rows[0][0].endsWith('/.well-known/agent-card.json') && rows[0][1] === '200', JSON.stringify(rows));
  assert.match(rows[0][2], /application\/a2a\+json/);
  assert.ok(rows[1][0].endsWith('/.well-known/agent.json') && rows[1][1] === '200', JSON.stringify(rows));
  // One agent, no AI Catalog: asked for, and nothing shown for it.
  assert.ok(rows[2][0].endsWith('/.well-known/ai-catalog.json') && rows[2][1] === '404', JSON.stringify(rows));
  assert.ok(await page.isHidden('#fetch-catalog'));
  assert.match(await page.textContent('#fetch-result .summary'), /^Valid v1\.0 card/);
  assert.ok((await page.inputValue('#fetch-document')).includes('"supportedInterfaces"'));
  await shot('05-fetch.png');
});

await scenario('fetch shows a host\'s AI Catalog, its entries and each listed card', async () => {
  await page.getByLabel(/^Agent base URL/).fill(catalogHostUrl);
  await page.getByRole('button', { name: 'Fetch and validate' }).click();
  await page.waitForSelector('#fetch-catalog:not([hidden]) table.entries');
  const rows = await page.$$eval('#fetch-attempts tbody tr', (trs) => trs.map((tr) => Array.from(tr.cells, (c) => c.textContent)));
  assert.ok(rows[2][0].endsWith('/.well-known/ai-catalog.json') && rows[2][1] === '200', JSON.stringify(rows));
  assert.match(rows[2][2], /application\/ai-catalog\+json/);
  assert.match(await page.textContent('#fetch-catalog-summary .summary'),
    /^Valid AI Catalog: 0 errors, \d+ warnings?; 3 entries, 3 A2A cards$/);
  const entries = await page.$$eval('#fetch-catalog tbody tr', (trs) => trs.map((tr) => Array.from(tr.cells, (c) => c.textContent)));
  assert.equal(entries.length, 3, JSON.stringify(entries));
  assert.deepEqual(entries.map((e) => e[1]), ['Concierge', 'Food Finder', 'Travel Planner']);
  assert.ok(entries[0][0].includes('urn:example:agent') && entries[0][2] === catalogHostUrl + '/.well-known/agent-card.json',
    JSON.stringify(entries));
  assert.equal(entries[2][2], catalogHostUrl + '/travel/.well-known/agent-card.json');
  for (const entry of entries) assert.match(entry[3], /^Valid: 0 errors, \d+ warnings?/, JSON.stringify(entry));
  // The food agent's skill has no examples: its summary says so, and its card shows it.
  assert.match(entries[1][3], /^Valid: 0 errors, [1-9]\d* warnings?/);
  await page.getByRole('button', { name: 'Show the card of Food Finder' }).click();
  assert.match(await page.textContent('#fetch-result .hint'), /\/food\/\.well-known\/agent-card\.json \(catalog entry \/entries\/1, urn:example:agent:food\)/);
  assert.ok((await page.inputValue('#fetch-document')).includes('"Food Finder"'));
  const found = await diagnostics('fetch-result');
  assert.ok(found.some((d) => d.code === 'A2A-W017'), JSON.stringify(found));
  assert.equal(await page.getAttribute('#fetch-catalog tbody tr:nth-child(2)', 'aria-current'), 'true');
  await page.locator('#fetch-catalog').scrollIntoViewIfNeeded();
  await shot('05b-fetch-catalog.png');
});

await scenario('narrow screens get one column; focus is visible', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Validate' }).click();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'tab-migrate');
  const outline = await page.$eval('#tab-migrate', (b) => getComputedStyle(b).outlineStyle);
  assert.equal(outline, 'solid');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, 'the page scrolls sideways by ' + overflow + 'px');
  await shot('06-narrow-migrate.png');
  await page.keyboard.press('ArrowLeft');
  await shot('07-narrow-validate.png');
});

await scenario('nothing failed in the page', async () => {
  assert.deepEqual(problems, []);
});

await browser.close();
const failed = results.filter(([, error]) => error).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
