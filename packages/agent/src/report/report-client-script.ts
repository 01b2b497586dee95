/**
 * The report page's own script (plain browser JavaScript, run after Chart.js). It reads the embedded
 * data, draws the charts, and exposes them as `window.strataCharts` (the browser test checks them).
 */
export const REPORT_CLIENT_SCRIPT = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('strata-data').textContent);
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
  function text(tag, content) { var element = document.createElement(tag); element.textContent = content; return element; }
  function money(value) { return value >= 1 ? '$' + value.toFixed(2) : '$' + value.toFixed(4); }
  Chart.defaults.animation = false;
  Chart.defaults.font.family = 'system-ui, sans-serif';
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

  // 1. Prompt tokens per call, every run.
  var tokenDatasets = data.runs.map(function (run, index) {
    return { label: label(run), data: points(run.promptTokens), borderColor: colorFor(run, index), backgroundColor: colorFor(run, index), borderWidth: 1.5 };
  });
  var budgets = data.runs.map(function (run) { return run.budget; }).filter(function (budget) { return budget !== null; });
  if (budgets.length > 0) {
    var budget = Math.max.apply(null, budgets);
    var longest = Math.max.apply(null, data.runs.map(function (run) { return run.promptTokens.length; }));
    tokenDatasets.push({ label: 'budget (' + budget + ')', data: [{ x: 1, y: budget }, { x: Math.max(longest, 2), y: budget }], borderColor: '#111827', borderDash: [6, 4], borderWidth: 1 });
  }
  charts.tokens = new Chart(document.getElementById('chart-tokens'), { type: 'line', data: { datasets: tokenDatasets },
    options: options({ scales: { x: { type: 'linear', title: { display: true, text: 'call' } }, y: { type: 'linear', title: { display: true, text: 'prompt tokens' } } } }, tokenDatasets.length) });
  document.getElementById('log-scale').addEventListener('change', function (event) {
    charts.tokens.options.scales.y.type = event.target.checked ? 'logarithmic' : 'linear';
    charts.tokens.update();
  });

  // 2. Per-layer stacked area for one run (structured first).
  var layerSelect = document.getElementById('layer-run');
  data.runs.forEach(function (run, index) {
    var option = text('option', label(run) + ' (' + run.runId + ')'); option.value = String(index); layerSelect.appendChild(option);
  });
  var firstStructured = data.runs.findIndex(function (run) { return run.agent === 'structured'; });
  layerSelect.value = String(firstStructured >= 0 ? firstStructured : 0);
  function layerDatasets(run) {
    return run.layerNames.map(function (name, index) {
      return { label: name, data: points(run.layers[name]), fill: index === 0 ? 'origin' : '-1', borderWidth: 1,
        borderColor: palette[index % palette.length], backgroundColor: palette[index % palette.length] + '99' };
    });
  }
  charts.layers = new Chart(document.getElementById('chart-layers'), { type: 'line',
    data: { datasets: data.runs.length > 0 ? layerDatasets(data.runs[Number(layerSelect.value)]) : [] },
    options: options({ scales: { x: { type: 'linear', title: { display: true, text: 'call' } }, y: { stacked: true, title: { display: true, text: 'tokens per layer' } } } }, 1) });
  layerSelect.addEventListener('change', function () {
    charts.layers.data.datasets = layerDatasets(data.runs[Number(layerSelect.value)]);
    charts.layers.update();
  });

  // 3. Cumulative prompt tokens.
  function cumulative(values) { var sum = 0; return values.map(function (value) { sum += value; return sum; }); }
  charts.cumulative = new Chart(document.getElementById('chart-cumulative'), { type: 'line',
    data: { datasets: data.runs.map(function (run, index) {
      return { label: label(run), data: points(cumulative(run.promptTokens)), borderColor: colorFor(run, index), backgroundColor: colorFor(run, index), borderWidth: 1.5 };
    }) },
    options: options({ scales: { x: { type: 'linear', title: { display: true, text: 'call' } }, y: { title: { display: true, text: 'cumulative prompt tokens' } } } }, data.runs.length) });

  // 4. Estimated cost, with and without prompt caching, for the chosen model.
  var modelSelect = document.getElementById('cost-model');
  Object.keys(data.pricing.models).forEach(function (name) { var option = text('option', name); option.value = name; modelSelect.appendChild(option); });
  modelSelect.value = data.pricing.defaultModel;
  function callCosts(run, price) {
    var minimum = price.minCacheableTokens || 0;
    var plain = [], cached = [];
    for (var i = 0; i < run.promptTokens.length; i += 1) {
      var prompt = run.promptTokens[i];
      var output = run.outputTokens[i] === null ? data.pricing.assumedOutputTokens : run.outputTokens[i];
      var stable = run.stablePrefixTokens[i] >= minimum ? Math.min(run.stablePrefixTokens[i], prompt) : 0;
      plain.push((prompt * price.input + output * price.output) / 1e6);
      cached.push((stable * price.cachedInput + (prompt - stable) * price.input + output * price.output) / 1e6);
    }
    return { plain: cumulative(plain), cached: cumulative(cached) };
  }
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
    data.runs.forEach(function (run, index) {
      var costs = callCosts(run, price);
      var plain = costs.plain.length ? costs.plain[costs.plain.length - 1] : 0;
      var cached = costs.cached.length ? costs.cached[costs.cached.length - 1] : 0;
      document.getElementById('cost-plain-' + index).textContent = money(plain);
      document.getElementById('cost-cached-' + index).textContent = money(cached);
    });
    document.getElementById('cost-model-name').textContent = model;
    var byAgent = {};
    data.runs.forEach(function (run) {
      var costs = callCosts(run, price);
      var entry = byAgent[run.agent] || (byAgent[run.agent] = { plain: 0, cached: 0 });
      entry.plain += costs.plain.length ? costs.plain[costs.plain.length - 1] : 0;
      entry.cached += costs.cached.length ? costs.cached[costs.cached.length - 1] : 0;
    });
    Object.keys(byAgent).forEach(function (agent) {
      var plainCell = document.getElementById('agent-cost-plain-' + agent);
      var cachedCell = document.getElementById('agent-cost-cached-' + agent);
      if (plainCell) plainCell.textContent = money(byAgent[agent].plain);
      if (cachedCell) cachedCell.textContent = money(byAgent[agent].cached);
    });
  }
  modelSelect.addEventListener('change', function () {
    charts.cost.data.datasets = costDatasets(modelSelect.value);
    charts.cost.update();
    fillCostCells(modelSelect.value);
  });
  fillCostCells(modelSelect.value);

  window.strataCharts = charts;
  document.body.setAttribute('data-charts-ready', 'true');
})();
`;
