/** What each agent is, in the words the report shows (the names are `--agent` values). */
export const AGENT_DESCRIPTIONS: Record<string, string> = {
  structured:
    "Strata's layered memory: the system prompt, game rules retrieved for the cards, relics and enemies in play, a summary of the run so far, lessons from earlier fights, the agent's own notes, this combat's last turns and the current state, each fitted to its own token budget under one total budget.",
  window:
    'Baseline: the game state as JSON plus the last N turns (a sliding window, --window-turns), with no budget.',
  naive:
    'Baseline: an append-only log of every state and action so far, the common anti-pattern; it grows with every decision (optionally cut from the front at --context-limit).',
};

/** The description of an agent by name (a generic line for names the report does not know). */
export function describeAgent(agent: string): string {
  return AGENT_DESCRIPTIONS[agent] ?? 'An agent this report does not know; its runs are shown as recorded.';
}

/** Why the numbers mean what they mean, given which policies played. */
export function policyExplanation(policies: readonly string[]): string {
  const heuristic = policies.includes('heuristic');
  const llm = policies.some((policy) => policy !== 'heuristic');
  const heuristicText =
    'With the heuristic policy the bot decides and ignores the prompt (the prompt is still assembled and measured at every decision, not sent to a model), so all agents play the identical trajectory of each seed. This report then compares prompt size, cost and cache reuse on the same game; wins are equal by construction and say nothing about decision quality. Play with --policy llm to compare decisions.';
  const llmText =
    'With the llm policy a model decides from the prompt, so the agents play different games and their win rates compare the memories (mind the intervals: tens of runs per agent are needed to tell two apart).';
  if (heuristic && llm) return `${heuristicText} Some runs used the llm policy: ${llmText}`;
  return heuristic ? heuristicText : llmText;
}
