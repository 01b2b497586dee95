/**
 * The report page's own script (plain browser JavaScript, run after Chart.js). It reads the embedded
 * data, draws the charts, shows a call's prompt when one is clicked, and exposes the charts as
 * `window.strataCharts` (the browser test checks them). Game text only ever reaches the page as
 * textContent, never as markup.
 */
export const REPORT_CLIENT_SCRIPT = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('strata-data').textContent);
  var prompts = JSON.parse(document.getElementById('strata-prompts').textContent);
  var numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  function count(value) { return numberFormat.format(Math.round(value)); }
  var palette = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#ca8a04', '#db2777',
    '#4b5563', '#65a30d', '#7c3aed', '#0d9488'];
  // Each agent keeps its own hue (structured blue, window green, naive red); its runs vary in shade.
  var families = { structured: ['#1d4ed8', '#3b82f6', '#60a5fa', '#1e3a8a', '#93c5fd'],
    window: ['#15803d', '#22c55e', '#4ade80', '#14532d', '#86efac'],
    naive: ['#b91c1c', '#ef4444', '#f87171', '#7f1d1d', '#fca5a5'] };
  var runColors = [];
  var seenPerAgent = {};
  data.runs.forEach(function (run, index) {
    var family = families[run.agent];
    var nth = seenPerAgent[run.agent] || 0;
    seenPerAgent[run.agent] = nth + 1;
    runColors.push(family ? family[nth % family.length] : palette[index % palette.length]);
  });
  function colorFor(run, index) { return runColors[index]; }
  var labelCounts = {};
  data.runs.forEach(function (run) { var key = run.agent + ' · seed ' + run.seed; labelCounts[key] = (labelCounts[key] || 0) + 1; });
  function label(run) { var key = run.agent + ' · seed ' + run.seed; return labelCounts[key] > 1 ? key + ' · ' + run.runId : key; }
  function element(tag, content, className) { var node = document.createElement(tag); if (content !== undefined) node.textContent = content; if (className) node.className = className; return node; }
  function money(value) { return value >= 1 ? '$' + value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '$' + value.toFixed(4); }
  Chart.defaults.animation = false;
  Chart.defaults.font.family = 'system-ui, sans-serif';
  Chart.defaults.locale = 'en-US';
  var common = { responsive: true, maintainAspectRatio: false, parsing: false, normalized: true,
    interaction: { mode: 'nearest', axis: 'x', intersect: false }, elements: { point: { radius: 0 } } };
  function options(extra, datasetCount) {
    var merged = JSON.parse(JSON.stringify(common));
    for (var key in extra) merged[key] = extra[key];
    // Many runs (a bench): a legend of dozens of entries would crowd out the chart; tooltips still name each line.
    merged.plugins = { legend: { display: (datasetCount || 0) <= 12 } };
    return merged;
  }
  function points(values) { return values.map(function (value, index) { return { x: index + 1, y: value }; }); }
  var charts = {};

  // 1. Prompt tokens per call, every run; click a call to see its prompt.
  var tokenDatasets = data.runs.map(function (run, index) {
    return { label: label(run), data: points(run.promptTokens), borderColor: colorFor(run, index), backgroundColor: colorFor(run, index), borderWidth: 1.5, runIndex: index };
  });
  var budgets = data.runs.map(function (run) { return run.budget; }).filter(function (budget) { return budget !== null; });
  if (budgets.length > 0) {
    var budget = Math.max.apply(null, budgets);
    var longest = Math.max.apply(null, data.runs.map(function (run) { return run.promptTokens.length; }));
    tokenDatasets.push({ label: 'budget (' + count(budget) + ')', data: [{ x: 1, y: budget }, { x: Math.max(longest, 2), y: budget }], borderColor: '#111827', borderDash: [6, 4], borderWidth: 1, runIndex: -1 });
  }
  var promptView = document.getElementById('prompt-view');
  function showPrompt(runIndex, callIndex) {
    var run = data.runs[runIndex];
    if (!run || callIndex < 0 || callIndex >= run.promptTokens.length) return;
    promptView.hidden = false;
    promptView.replaceChildren();
    promptView.setAttribute('data-run', String(runIndex));
    promptView.setAttribute('data-call', String(callIndex + 1));
    promptView.appendChild(element('h3', label(run) + ' · call ' + count(callIndex + 1) + ' (step ' + count(run.steps[callIndex]) + ', floor ' + count(run.floors[callIndex]) + ', ' + run.screens[callIndex] + '): ' + count(run.promptTokens[callIndex]) + ' prompt tokens'));
    var messages = prompts[runIndex + ':' + callIndex];
    if (messages) {
      messages.forEach(function (message) {
        promptView.appendChild(element('div', message.role, 'role'));
        promptView.appendChild(element('pre', message.content));
      });
    } else if (run.savedPrompts) {
      promptView.appendChild(element('p', 'This prompt is too large to embed in the report; its full text is the "messages" field of the line with "step": ' + run.steps[callIndex] + ' in ' + (run.trace || 'the run\\'s trace.jsonl') + '.', 'note'));
    } else {
      promptView.appendChild(element('p', 'This run was played without --save-prompts, so its trace has the numbers of each call but not the text. Play it again with --save-prompts to see prompts here.', 'note'));
    }
  }
  charts.tokens = new Chart(document.getElementById('chart-tokens'), { type: 'line', data: { datasets: tokenDatasets },
    options: options({
      onClick: function (event, elements, chart) {
        var hits = chart.getElementsAtEventForMode(event, 'nearest', { intersect: false, axis: 'xy' }, true);
        for (var i = 0; i < hits.length; i += 1) {
          var dataset = chart.data.datasets[hits[i].datasetIndex];
          if (dataset.runIndex >= 0) { showPrompt(dataset.runIndex, hits[i].index); return; }
        }
      },
      scales: { x: { type: 'linear', title: { display: true, text: 'call' } },
        y: { type: data.logScale ? 'logarithmic' : 'linear', title: { display: true, text: 'prompt tokens' } } } }, tokenDatasets.length) });
  document.getElementById('log-scale').addEventListener('change', function (event) {
    charts.tokens.options.scales.y.type = event.target.checked ? 'logarithmic' : 'linear';
    charts.tokens.update();
  });

  // 2. Per-layer stacked areas, one chart per agent for the same seed, one vertical scale, budget dashed.
  var seedSelect = document.getElementById('layer-seed');
  var seeds = [];
  data.runs.forEach(function (run) { if (seeds.indexOf(run.seed) < 0) seeds.push(run.seed); });
  seeds.forEach(function (seed) { var option = element('option', String(seed)); option.value = String(seed); seedSelect.appendChild(option); });
  // Default: the first seed every agent played.
  var complete = seeds.filter(function (seed) { return data.agents.every(function (agent) { return data.runs.some(function (run) { return run.agent === agent && run.seed === seed; }); }); });
  seedSelect.value = String(complete.length > 0 ? complete[0] : seeds[0]);
  function layerDatasets(run) {
    if (!run) return [];
    var datasets = run.layerNames.map(function (name, index) {
      return { label: name, data: points(run.layers[name]), fill: index === 0 ? 'origin' : '-1', borderWidth: 1,
        borderColor: palette[index % palette.length], backgroundColor: palette[index % palette.length] + '99' };
    });
    if (run.budget !== null) datasets.push({ label: 'budget (' + count(run.budget) + ')', data: [{ x: 1, y: run.budget }, { x: Math.max(run.promptTokens.length, 2), y: run.budget }], borderColor: '#111827', borderDash: [6, 4], borderWidth: 1, fill: false, stack: 'budget' });
    return datasets;
  }
  function runFor(agent, seed) { for (var i = 0; i < data.runs.length; i += 1) if (data.runs[i].agent === agent && data.runs[i].seed === seed) return data.runs[i]; return undefined; }
  charts.layers = {};
  var sameScale = document.getElementById('layer-same-scale');
  function drawLayers() {
    var seed = Number(seedSelect.value);
    var top = 0;
    data.agents.forEach(function (agent) { var run = runFor(agent, seed); if (run) { top = Math.max(top, Math.max.apply(null, run.promptTokens.concat([run.budget || 0]))); } });
    data.agents.forEach(function (agent, index) {
      var run = runFor(agent, seed);
      var datasets = layerDatasets(run);
      // One scale shows how much larger one agent is; own scales show each agent's layers.
      var yMax = sameScale.checked ? top : undefined;
      var existing = charts.layers[agent];
      if (existing) {
        existing.data.datasets = datasets;
        existing.options.scales.y.suggestedMax = yMax;
        existing.update();
        return;
      }
      charts.layers[agent] = new Chart(document.getElementById('chart-layers-' + index), { type: 'line', data: { datasets: datasets },
        options: options({ scales: { x: { type: 'linear', title: { display: true, text: 'call' } },
          y: { stacked: true, min: 0, suggestedMax: yMax, title: { display: true, text: 'tokens per layer' } } } }, 1) });
    });
  }
  drawLayers();
  seedSelect.addEventListener('change', drawLayers);
  sameScale.addEventListener('change', drawLayers);

  // 3. Cumulative prompt tokens.
  function cumulative(values) { var sum = 0; return values.map(function (value) { sum += value; return sum; }); }
  charts.cumulative = new Chart(document.getElementById('chart-cumulative'), { type: 'line',
    data: { datasets: data.runs.map(function (run, index) {
      return { label: label(run), data: points(cumulative(run.promptTokens)), borderColor: colorFor(run, index), backgroundColor: colorFor(run, index), borderWidth: 1.5 };
    }) },
    options: options({ scales: { x: { type: 'linear', title: { display: true, text: 'call' } }, y: { type: data.logScale ? 'logarithmic' : 'linear', title: { display: true, text: 'cumulative prompt tokens' } } } }, data.runs.length) });

  // 4. Cost, with and without prompt caching, for the chosen model: from provider usage where a model
  // answered, else estimated from the prompt and its stable prefix (as the CLI's statistics).
  var modelSelect = document.getElementById('cost-model');
  Object.keys(data.pricing.models).forEach(function (name) { var option = element('option', name); option.value = name; modelSelect.appendChild(option); });
  modelSelect.value = data.pricing.defaultModel;
  function callCosts(run, price) {
    var minimum = price.minCacheableTokens || 0;
    var plain = [], cached = [];
    for (var i = 0; i < run.promptTokens.length; i += 1) {
      if (run.inputTokens[i] !== null) {
        var input = run.inputTokens[i], cachedInput = Math.min(run.cachedInputTokens[i] || 0, input), out = run.outputTokens[i] || 0;
        plain.push((input * price.input + out * price.output) / 1e6);
        cached.push((cachedInput * price.cachedInput + (input - cachedInput) * price.input + out * price.output) / 1e6);
        continue;
      }
      var prompt = run.promptTokens[i];
      var output = run.outputTokens[i] === null ? data.pricing.assumedOutputTokens : run.outputTokens[i];
      var stable = run.stablePrefixTokens[i] >= minimum ? Math.min(run.stablePrefixTokens[i], prompt) : 0;
      plain.push((prompt * price.input + output * price.output) / 1e6);
      cached.push((stable * price.cachedInput + (prompt - stable) * price.input + output * price.output) / 1e6);
    }
    return { plain: cumulative(plain), cached: cumulative(cached) };
  }
  function last(values) { return values.length ? values[values.length - 1] : 0; }
  function costDatasets(model) {
    var price = data.pricing.models[model];
    var datasets = [];
    data.runs.forEach(function (run, index) {
      var costs = callCosts(run, price);
      var color = colorFor(run, index);
      datasets.push({ label: label(run) + ' · no caching', data: points(costs.plain), borderColor: color, backgroundColor: color, borderWidth: 1.5 });
      datasets.push({ label: label(run) + ' · with caching', data: points(costs.cached), borderColor: color, backgroundColor: color, borderDash: [5, 4], borderWidth: 1.5 });
    });
    return datasets;
  }
  charts.cost = new Chart(document.getElementById('chart-cost'), { type: 'line', data: { datasets: costDatasets(modelSelect.value) },
    options: options({ scales: { x: { type: 'linear', title: { display: true, text: 'call' } }, y: { title: { display: true, text: 'estimated USD (cumulative)' } } } }, data.runs.length * 2) });

  function fillCostCells(model) {
    var price = data.pricing.models[model];
    var byGroup = {};
    data.runs.forEach(function (run, index) {
      var costs = callCosts(run, price);
      document.getElementById('cost-plain-' + index).textContent = money(last(costs.plain));
      document.getElementById('cost-cached-' + index).textContent = money(last(costs.cached));
      if (!run.finished) return;
      var key = run.agent + '\\u0000' + run.model;
      var entry = byGroup[key] || (byGroup[key] = { plain: 0, cached: 0 });
      entry.plain += last(costs.plain);
      entry.cached += last(costs.cached);
    });
    document.getElementById('cost-model-name').textContent = model;
    data.groups.forEach(function (group) {
      var entry = byGroup[group.agent + '\\u0000' + group.model] || { plain: 0, cached: 0 };
      var plainCell = document.getElementById('group-cost-plain-' + group.id);
      var cachedCell = document.getElementById('group-cost-cached-' + group.id);
      if (plainCell) plainCell.textContent = money(entry.plain);
      if (cachedCell) cachedCell.textContent = money(entry.cached);
    });
  }
  modelSelect.addEventListener('change', function () {
    charts.cost.data.datasets = costDatasets(modelSelect.value);
    charts.cost.update();
    fillCostCells(modelSelect.value);
  });
  fillCostCells(modelSelect.value);

  window.strataCharts = charts;
  window.strataShowPrompt = showPrompt;
  document.body.setAttribute('data-charts-ready', 'true');
})();
`;
