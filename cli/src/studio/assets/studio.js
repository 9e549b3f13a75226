// a2a-card studio: the page's behaviour. Plain JavaScript, no dependencies: every answer
// comes from the studio's own JSON API (/api/*), which runs the command-line tool's code.
'use strict';

const $ = (id) => document.getElementById(id);

// ---- API --------------------------------------------------------------------------------

/** POSTs `body` (a string of JSON, or an object) and returns {ok, status, data}. */
async function api(path, body) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: text,
    });
    const data = await response.json();
    return { ok: response.ok, status: response.status, data };
  } catch (error) {
    return { ok: false, status: 0, data: { error: { message: 'The studio did not answer: ' + error.message } } };
  }
}

// ---- Tabs (WAI-ARIA tabs pattern: arrow keys move between tabs) -------------------------

const tabs = Array.from(document.querySelectorAll('[role="tab"]'));

function selectTab(tab) {
  for (const other of tabs) {
    const selected = other === tab;
    other.setAttribute('aria-selected', String(selected));
    other.tabIndex = selected ? 0 : -1;
    $(other.getAttribute('aria-controls')).hidden = !selected;
  }
}

for (const tab of tabs) {
  tab.addEventListener('click', () => selectTab(tab));
  tab.addEventListener('keydown', (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
    selectTab(next);
    next.focus();
    event.preventDefault();
  });
}

// ---- Rendering a result -----------------------------------------------------------------

function element(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

function plural(n, word) {
  return n + ' ' + word + (n === 1 ? '' : 's');
}

/** Selects `span` in `textarea` and scrolls it into view, so the user sees the place. */
function highlight(textarea, span) {
  textarea.focus();
  textarea.setSelectionRange(span.start, span.end);
  const lineHeight = parseFloat(getComputedStyle(textarea).lineHeight) || 18;
  textarea.scrollTop = Math.max(0, (span.line - 3) * lineHeight);
}

/** Shows an API error (4xx JSON) in `container`. */
function renderError(container, data) {
  const error = (data && data.error) || { message: 'Unexpected answer' };
  container.replaceChildren(element('p', { class: 'summary invalid', role: 'alert' }, error.message));
  if (Array.isArray(error.diagnostics)) container.append(diagnosticList(error.diagnostics, null));
}

/** The summary line and the diagnostics of a report; pointers highlight in `source`. */
function renderReport(container, report, source) {
  const size = report.compactSize;
  const budget = report.registryMaxBytes;
  const what = report.kind === 'mcp-tools' ? 'MCP tool spec' : 'v' + (report.sourceVersion || '1.0') + ' card';
  const summary = element('p', { class: 'summary ' + (report.valid ? 'valid' : 'invalid') },
    (report.valid ? 'Valid ' : 'Invalid ') + what + ': ' + plural(report.errors, 'error') + ', ' +
    plural(report.warnings, 'warning'));
  const sizeLine = element('p', { class: 'size' + (size > budget ? ' over' : '') },
    size.toLocaleString('en') + ' of ' + budget.toLocaleString('en') +
    ' bytes (compact JSON; the registry limit)');
  const meter = element('progress', { max: String(budget), value: String(Math.min(size, budget)), 'aria-label': 'Size against the registry limit' });
  container.replaceChildren(summary, sizeLine, meter, diagnosticList(report.diagnostics, source));
}

function diagnosticList(diagnostics, source) {
  if (!diagnostics.length) return element('p', { class: 'hint' }, 'No findings.');
  const list = element('ul', { class: 'diagnostics' });
  for (const d of diagnostics) {
    const pointer = d.pointer === '' ? '(whole document)' : d.pointer;
    let where;
    if (source && d.span) {
      where = element('button', { type: 'button', class: 'pointer', 'data-pointer': d.pointer,
        title: 'Show line ' + d.span.line + ', column ' + d.span.column + ' in the document' }, pointer);
      where.addEventListener('click', () => highlight(source, d.span));
    } else {
      where = element('code', { class: 'pointer' }, pointer);
    }
    list.append(element('li', { class: d.severity },
      element('span', { class: 'badge' }, d.severity), ' ',
      element('code', { class: 'code' }, d.code), ' ', where,
      element('p', { class: 'message' }, d.message)));
  }
  return list;
}

// ---- Files: open and drop ---------------------------------------------------------------

function acceptDrops(textarea, then) {
  textarea.addEventListener('dragover', (event) => { event.preventDefault(); textarea.classList.add('dragging'); });
  textarea.addEventListener('dragleave', () => textarea.classList.remove('dragging'));
  textarea.addEventListener('drop', async (event) => {
    event.preventDefault();
    textarea.classList.remove('dragging');
    const file = event.dataTransfer.files[0];
    if (file) { textarea.value = await file.text(); then(); }
  });
}

function download(text, name) {
  const link = element('a', { href: URL.createObjectURL(new Blob([text + '\n'], { type: 'application/json' })), download: name });
  document.body.append(link);
  link.click();
  setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
}

async function copy(text, button) {
  const label = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    button.textContent = 'Copy failed: select the text and copy it';
  }
  setTimeout(() => { button.textContent = label; }, 2000);
}

const checkedValue = (name) => document.querySelector('input[name="' + name + '"]:checked').value;

// ---- Validate ---------------------------------------------------------------------------

async function runValidate() {
  const input = $('validate-input');
  const result = $('validate-result');
  const convert = $('validate-convert');
  if (!input.value.trim()) {
    result.replaceChildren(element('p', { class: 'hint' }, 'The document is empty: paste a card first.'));
    convert.hidden = true;
    return;
  }
  const answer = await api('/api/validate?profile=' + checkedValue('validate-profile'), input.value);
  if (!answer.ok) { renderError(result, answer.data); convert.hidden = true; return; }
  renderReport(result, answer.data, input);
  convert.hidden = answer.data.sourceVersion !== '0.3';
}

$('validate-run').addEventListener('click', runValidate);
for (const radio of document.querySelectorAll('input[name="validate-profile"]')) radio.addEventListener('change', runValidate);
acceptDrops($('validate-input'), runValidate);
$('validate-file').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  if (file) { $('validate-input').value = await file.text(); runValidate(); }
});
$('validate-convert').addEventListener('click', () => {
  $('migrate-input').value = $('validate-input').value;
  selectTab($('tab-migrate'));
  $('tab-migrate').focus();
  runMigrate();
});

// ---- Migrate ----------------------------------------------------------------------------

async function runMigrate() {
  const input = $('migrate-input');
  const output = $('migrate-output');
  const result = $('migrate-result');
  const answer = await api('/api/migrate', input.value);
  const converted = answer.ok;
  $('migrate-copy').disabled = !converted;
  $('migrate-download').disabled = !converted;
  if (!converted) { output.value = ''; renderError(result, answer.data); return; }
  output.value = answer.data.card;
  const summary = element('p', { class: 'summary ' + (answer.data.valid ? 'valid' : 'invalid') },
    'Converted v' + answer.data.sourceVersion + ' to v' + answer.data.to + ': ' +
    plural(answer.data.errors, 'error') + ', ' + plural(answer.data.warnings, 'warning'));
  result.replaceChildren(summary, diagnosticList(answer.data.diagnostics, input));
}

$('migrate-run').addEventListener('click', runMigrate);
acceptDrops($('migrate-input'), runMigrate);
$('migrate-copy').addEventListener('click', (e) => copy($('migrate-output').value, e.target));
$('migrate-download').addEventListener('click', () => download($('migrate-output').value, 'agent-card.json'));

// ---- Generate ---------------------------------------------------------------------------

const list = (text, separator) => text.split(separator).map((s) => s.trim()).filter(Boolean);

function addRow(kind) {
  const container = $(kind === 'interface' ? 'interfaces' : kind + 's');
  const row = $(kind + '-row').content.firstElementChild.cloneNode(true);
  row.querySelector('.remove').addEventListener('click', () => {
    const next = row.nextElementSibling || row.previousElementSibling;
    row.remove();
    (next ? next.querySelector('input, select') : container.nextElementSibling).focus();
    scheduleGenerate();
  });
  const type = row.querySelector('[data-field="type"]');
  if (type) {
    const showType = () => {
      for (const group of row.querySelectorAll('[data-for]')) group.hidden = group.dataset.for !== type.value;
    };
    type.addEventListener('change', showType);
    showType();
  }
  container.append(row);
  return row;
}

for (const button of document.querySelectorAll('[data-add]')) {
  button.addEventListener('click', () => {
    addRow(button.dataset.add).querySelector('input, select').focus();
    scheduleGenerate();
  });
}

function rowValues(container) {
  return Array.from(container.children).map((row) => {
    const values = {};
    for (const field of row.querySelectorAll('[data-field]')) {
      const group = field.closest('[data-for]');
      if (group && group.hidden) continue;
      values[field.dataset.field] = field.type === 'checkbox' ? field.checked : field.value;
    }
    return values;
  });
}

/** The form as the generate API reads it. */
function generatorForm() {
  const form = $('generate-form');
  const value = (name) => form.elements[name].value;
  const checked = (name) => form.elements[name].checked;
  const schemes = rowValues($('schemes'));
  return {
    name: value('name'),
    description: value('description'),
    version: value('version'),
    documentationUrl: value('documentationUrl'),
    provider: { organization: value('provider.organization'), url: value('provider.url') },
    interfaces: rowValues($('interfaces')),
    capabilities: {
      streaming: checked('capabilities.streaming'),
      pushNotifications: checked('capabilities.pushNotifications'),
      extendedAgentCard: checked('capabilities.extendedAgentCard'),
    },
    defaultInputModes: list(value('defaultInputModes'), ','),
    defaultOutputModes: list(value('defaultOutputModes'), ','),
    skills: rowValues($('skills')).map((s) => ({ ...s, tags: list(s.tags, ','), examples: list(s.examples, '\n') })),
    securitySchemes: schemes.map(({ required, requiredScopes, scopes, ...scheme }) => {
      if (scheme.type === 'oauth2') {
        scheme.scopes = Object.fromEntries(list(scopes || '', '\n').map((line) => {
          const [name, ...description] = line.split('=');
          return [name.trim(), description.join('=').trim()];
        }));
      }
      return scheme;
    }),
    // Each required scheme is one alternative: any of them lets a caller in.
    securityRequirements: schemes.filter((s) => s.required)
      .map((s) => ({ [s.name.trim()]: list(s.requiredScopes || '', ',') })),
  };
}

let generateTimer;
let generateSeq = 0;
function scheduleGenerate() {
  clearTimeout(generateTimer);
  generateTimer = setTimeout(runGenerate, 250);
}

async function runGenerate() {
  const seq = ++generateSeq;
  const answer = await api('/api/generate', generatorForm());
  if (seq !== generateSeq) return; // a newer edit is on its way
  const output = $('generate-output');
  if (!answer.ok) { renderError($('generate-result'), answer.data); return; }
  output.value = answer.data.card;
  renderReport($('generate-result'), answer.data, output);
  $('generate-result').dataset.seq = String(seq);
}

$('generate-form').addEventListener('input', scheduleGenerate);
$('generate-form').addEventListener('change', scheduleGenerate);
$('generate-copy').addEventListener('click', (e) => copy($('generate-output').value, e.target));
$('generate-download').addEventListener('click', () => download($('generate-output').value, 'agent-card.json'));
addRow('interface');
addRow('skill');
runGenerate();

// ---- Fetch ------------------------------------------------------------------------------

function attemptsTable(attempts) {
  const table = element('table', { class: 'attempts' },
    element('caption', {}, 'What was fetched'),
    element('thead', {}, element('tr', {}, ...['URL', 'Status', 'Content-Type', 'Size', 'Note']
      .map((h) => element('th', { scope: 'col' }, h)))));
  const body = element('tbody');
  for (const a of attempts) {
    const note = a.error || (a.redirects.length ? 'redirected to ' + a.redirects.join(' → ') : '');
    body.append(element('tr', { class: a.error ? 'failed' : '' },
      element('td', {}, element('code', {}, a.url)),
      element('td', {}, a.status == null ? '—' : String(a.status)),
      element('td', {}, a.contentType || '—'),
      element('td', {}, a.size == null ? '—' : a.size.toLocaleString('en') + ' bytes'),
      element('td', {}, note)));
  }
  table.append(body);
  return table;
}

/** `Valid: 0 errors, 2 warnings` for a validated card, or why there is none. */
function cardSummary(card) {
  if (!card) return { text: '—', valid: null };
  if (card.error) return { text: card.error, valid: false };
  return { text: (card.valid ? 'Valid' : 'Invalid') + ': ' + plural(card.errors, 'error') + ', ' +
    plural(card.warnings, 'warning'), valid: card.valid };
}

/** Shows one listed card in the document and result panes, as a fetched card is shown. */
function showListedCard(entry, row) {
  const card = entry.card;
  const document_ = $('fetch-document');
  const result = $('fetch-result');
  for (const other of row.parentNode.children) other.removeAttribute('aria-current');
  row.setAttribute('aria-current', 'true');
  document_.value = card.document || '';
  const from = 'Validated ' + card.url + ' (catalog entry ' + entry.pointer + ', ' +
    (entry.identifier || 'no identifier') + ')';
  if (card.error) {
    result.replaceChildren(element('p', { class: 'summary invalid' }, 'From ' + card.url + ': ' + card.error));
  } else {
    renderReport(result, card, document_);
    result.prepend(element('p', { class: 'hint' }, from));
  }
  result.scrollIntoView({ block: 'nearest' });
}

/** The host's AI Catalog: its own validation, then its entries, each card's summary. */
function renderCatalog(catalog) {
  const section = $('fetch-catalog');
  const summary = $('fetch-catalog-summary');
  const entries = $('fetch-catalog-entries');
  if (!catalog) { section.hidden = true; summary.replaceChildren(); entries.replaceChildren(); return; }
  section.hidden = false;
  if (catalog.error) {
    summary.replaceChildren(element('p', { class: 'summary invalid' }, 'From ' + catalog.url + ': ' + catalog.error));
    entries.replaceChildren();
    return;
  }
  const cards = catalog.entries.filter((e) => e.isCard).length;
  summary.replaceChildren(
    element('p', { class: 'summary ' + (catalog.valid ? 'valid' : 'invalid') },
      (catalog.valid ? 'Valid' : 'Invalid') + ' AI Catalog: ' + plural(catalog.errors, 'error') + ', ' +
      plural(catalog.warnings, 'warning') + '; ' + catalog.entries.length + (catalog.entries.length === 1 ? ' entry' : ' entries') +
      ', ' + plural(cards, 'A2A card')),
    element('p', { class: 'hint' }, 'Read ' + catalog.url),
    diagnosticList(catalog.diagnostics, null));
  const table = element('table', { class: 'entries' },
    element('caption', {}, 'Entries'),
    element('thead', {}, element('tr', {}, ...['Entry', 'Name', 'Card', 'Validation', '']
      .map((h) => element('th', { scope: 'col' }, h)))));
  const body = element('tbody');
  for (const entry of catalog.entries) {
    const where = entry.url ? element('code', {}, entry.url) : (entry.inline ? 'inline (data)' : '—');
    const { text, valid } = entry.card ? cardSummary(entry.card) : { text: entry.note || '—', valid: null };
    const validation = element('span', { class: valid === null ? '' : (valid ? 'valid' : 'invalid') }, text);
    const cell = element('td', {}, validation);
    if (entry.entryErrors || entry.entryWarnings) {
      cell.append(element('p', { class: 'hint' }, 'the entry itself: ' + plural(entry.entryErrors, 'error') + ', ' +
        plural(entry.entryWarnings, 'warning')));
    }
    const row = element('tr', {},
      element('td', {}, element('code', {}, entry.pointer), ' ', entry.identifier || ''),
      element('td', {}, entry.displayName || ''),
      element('td', {}, where),
      cell,
      element('td', {}));
    if (entry.card && entry.card.document) {
      const button = element('button', { type: 'button', 'aria-label': 'Show the card of ' + (entry.displayName || entry.pointer) }, 'Show card');
      button.addEventListener('click', () => showListedCard(entry, row));
      row.lastChild.append(button);
    }
    body.append(row);
  }
  table.append(body);
  entries.replaceChildren(table);
}

$('fetch-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const button = $('fetch-run');
  button.disabled = true;
  button.textContent = 'Fetching…';
  const answer = await api('/api/fetch', { url: $('fetch-url').value, profile: checkedValue('fetch-profile') });
  button.disabled = false;
  button.textContent = 'Fetch and validate';
  const document_ = $('fetch-document');
  const result = $('fetch-result');
  if (!answer.ok) { $('fetch-attempts').replaceChildren(); document_.value = ''; renderCatalog(null); renderError(result, answer.data); return; }
  $('fetch-attempts').replaceChildren(attemptsTable(answer.data.attempts));
  renderCatalog(answer.data.catalog);
  const card = answer.data.card;
  if (!card) {
    document_.value = '';
    result.replaceChildren(element('p', { class: 'summary invalid' }, 'No card was found at either well-known path.' +
      (answer.data.catalog ? ' The host\'s AI Catalog is below.' : '')));
    return;
  }
  document_.value = card.document;
  if (card.error) { result.replaceChildren(element('p', { class: 'summary invalid' }, 'From ' + card.url + ': ' + card.error)); return; }
  renderReport(result, card, document_);
  result.prepend(element('p', { class: 'hint' }, 'Validated ' + card.url));
});
