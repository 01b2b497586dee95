/**
 * Words a question uses to ask for an inference rather than a fact ("Would Ana be considered
 * religious?", "What might Ben do next?", "Is it likely that ..."): modal verbs the stopwords leave
 * out and hedges. The history rarely states the answer with them, so as query terms they only match
 * turns that hedge about something else. Left out of the question's terms, not out of the index.
 */
export const QUESTION_HEDGES: ReadonlySet<string> = new Set([
  'might',
  'must',
  'shall',
  'likely',
  'unlikely',
  'probably',
  'possibly',
  'perhaps',
  'consider',
  'considered',
]);
