// The inspector's page and its script. Everything a session holds is rendered as text through Preact,
// which escapes it: a turn that contains <script> shows those characters and never runs.

/** The import map (inline, so the page's CSP allows it by its hash). */
export const INSPECT_IMPORT_MAP =
  '{"imports":{"preact":"/inspect/assets/preact.js","preact/hooks":"/inspect/assets/hooks.js","htm":"/inspect/assets/htm.js"}}';

export const INSPECT_PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Strata gateway inspector</title>
<script type="importmap">${INSPECT_IMPORT_MAP}</script>
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; display: flex; min-height: 100vh; color: #222; }
  nav { width: 260px; border-right: 1px solid #ddd; padding: 12px; background: #fafafa; }
  nav button { display: block; width: 100%; text-align: left; margin: 2px 0; padding: 6px; border: 1px solid #ddd; background: white; cursor: pointer; }
  nav button.selected { background: #e6f0ff; border-color: #7aa7ff; }
  main { flex: 1; padding: 12px 20px; overflow: auto; }
  .call { border: 1px solid #ddd; border-radius: 6px; padding: 10px; margin-bottom: 12px; }
  .bar { display: flex; height: 18px; background: #eee; border-radius: 3px; overflow: hidden; margin: 6px 0; }
  .bar span { display: block; height: 100%; }
  .layer-system { background: #7a8cff; } .layer-lessons { background: #c77dff; } .layer-summary { background: #4dc3ff; }
  .layer-state { background: #ffb84d; } .layer-window { background: #4dbb7a; }
  table.layers { border-collapse: collapse; margin: 6px 0; }
  table.layers th, table.layers td { border-bottom: 1px solid #eee; padding: 2px 10px 2px 0; text-align: right; }
  table.layers th:first-child, table.layers td:first-child { text-align: left; }
  .swatch { display: inline-block; width: 10px; height: 10px; margin-right: 6px; border-radius: 2px; }
  .layer-free { background: #eee; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f6f6f6; padding: 6px; margin: 4px 0; }
  .dropped { color: #a33; }
</style>
</head>
<body>
<div id="app"></div>
<script type="module" src="/inspect/app.js"></script>
</body>
</html>
`;

export const INSPECT_APP_JS = `import { h, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
const html = htm.bind(h);

async function getJson(path) {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(path + ': ' + response.status);
  return response.json();
}

function Bar({ call }) {
  return html\`<div class="bar" title=\${call.tokens + ' of ' + call.budget + ' tokens'}>
    \${call.layers.map((layer) => html\`<span class=\${'layer-' + layer.name} data-layer=\${layer.name} data-tokens=\${layer.tokens}
      style=\${'width:' + ((100 * layer.tokens) / call.budget).toFixed(2) + '%'}
      title=\${layer.name + ': ' + layer.tokens + ' tokens'}></span>\`)}
  </div>\`;
}

function share(tokens, budget) {
  return ((100 * tokens) / budget).toFixed(1) + '%';
}

// The bar's segments as rows (with each placed layer's own budget), and what the budget has left.
function LayerTable({ call }) {
  const rows = [...call.layers, { name: 'free', tokens: call.budget - call.tokens }];
  return html\`<table class="layers">
    <thead><tr><th>layer</th><th>tokens</th><th>of the budget</th><th>layer budget</th></tr></thead>
    <tbody>\${rows.map((layer) => html\`<tr data-layer=\${layer.name}>
      <td><span class=\${'swatch layer-' + layer.name}></span>\${layer.name}</td>
      <td class="layer-tokens">\${layer.tokens}</td>
      <td class="layer-share">\${share(layer.tokens, call.budget)}</td>
      <td class="layer-budget">\${layer.budget === undefined ? '' : layer.budget}</td>
    </tr>\`)}</tbody>
  </table>\`;
}

function Usage({ usage }) {
  if (!usage) return html\`<span>no usage reported</span>\`;
  const cached = usage.prompt_tokens_details ? usage.prompt_tokens_details.cached_tokens : undefined;
  return html\`<span class="usage">upstream usage: prompt \${usage.prompt_tokens}, cached \${cached ?? 0}, completion \${usage.completion_tokens}</span>\`;
}

function Call({ call }) {
  const dropped = [];
  if (call.turnsDropped > 0) dropped.push(call.turnsDropped + ' oldest turns dropped to fit the budget');
  if (call.stateTruncated) dropped.push(call.stateOmitted ? 'state omitted: it did not fit' : 'state truncated to fit');
  if (call.newestTurnTruncated) dropped.push('newest turn cut to fit');
  return html\`<section class="call" data-call=\${call.call + '.' + call.round}>
    <h3>call \${call.call}\${call.round > 1 ? ' round ' + call.round : ''} · \${call.model}\${call.stream ? ' · stream' : ''}</h3>
    <div><strong class="tokens">\${call.tokens}</strong> / <span class="budget">\${call.budget}</span> tokens · stable prefix <span class="stable">\${call.stablePrefixTokens}</span> tokens · <\${Usage} usage=\${call.usage} /></div>
    <\${Bar} call=\${call} />
    <\${LayerTable} call=\${call} />
    <ul class="dropped">\${dropped.length === 0 ? html\`<li>nothing dropped</li>\` : dropped.map((text) => html\`<li>\${text}</li>\`)}</ul>
    \${call.stateUpdates.length > 0 ? html\`<div class="state-updates">state updates: \${call.stateUpdates.map((update) => (update.ok ? 'applied' : 'rejected: ' + update.error)).join('; ')}</div>\` : null}
    <details><summary>\${call.messages.length} messages sent</summary>
      \${call.messages.map((message) => html\`<div class="message"><strong>\${message.role}</strong>\${message.tool_calls ? ' (tool calls: ' + message.tool_calls.map((tool) => tool.function.name).join(', ') + ')' : ''}<pre>\${message.content ?? ''}</pre></div>\`)}
    </details>
  </section>\`;
}

function App() {
  const [sessions, setSessions] = useState(undefined);
  const [tenant, setTenant] = useState('');
  const [selected, setSelected] = useState(undefined);
  const [calls, setCalls] = useState(undefined);
  const [error, setError] = useState(undefined);
  useEffect(() => {
    getJson('/inspect/api/sessions').then((body) => { setTenant(body.tenant); setSessions(body.sessions); }, (failure) => setError(String(failure)));
  }, []);
  useEffect(() => {
    if (selected === undefined) return;
    setCalls(undefined);
    getJson('/inspect/api/sessions/' + encodeURIComponent(selected) + '/calls').then((body) => setCalls(body.calls), (failure) => setError(String(failure)));
  }, [selected]);
  return html\`<nav>
      <h2>Sessions of \${tenant}</h2>
      \${sessions === undefined ? 'Loading…' : sessions.length === 0 ? 'No sessions yet.' : sessions.map((session) => html\`<button class=\${session.sessionKey === selected ? 'selected' : ''} data-session=\${session.sessionKey} onClick=\${() => setSelected(session.sessionKey)}>\${session.sessionKey} <small>(\${session.turns} turns)</small></button>\`)}
    </nav>
    <main>
      \${error ? html\`<p class="error">\${error}</p>\` : null}
      \${selected === undefined ? html\`<p>Choose a session.</p>\` : calls === undefined ? html\`<p>Loading calls…</p>\` : html\`<h2 class="session-title">\${selected}: \${calls.length} upstream calls</h2>\${calls.map((call) => html\`<\${Call} call=\${call} />\`)}\`}
    </main>\`;
}

render(html\`<\${App} />\`, document.getElementById('app'));
`;
